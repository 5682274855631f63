/* The decoder: a linear scan of INSN_TABLE, run once per instruction word (the execute
 * loop caches the result), so clarity wins over speed here. */
#include "decode.h"
#include <string.h>

struct opdef {
    uint32_t mask, match;
    uint8_t op, cls, fmt, xlen;
};

static const struct opdef table[] = {
#define X(name, cls, f, xlen) {MASK_##name, MATCH_##name, OP_##name, cls, FMT_##f, xlen},
    INSN_TABLE(X)
#undef X
};

static const char *const names[OP_COUNT] = {
    [OP_UNDECODED] = "undecoded",
    [OP_ILLEGAL] = "illegal",
#define X(name, cls, f, xlen) [OP_##name] = #name,
    INSN_TABLE(X)
#undef X
};

const char *op_name(unsigned op) { return op < OP_COUNT ? names[op] : "?"; }

void decode(struct insn *d, uint32_t raw, int xlen)
{
    memset(d, 0, sizeof *d);
    d->raw = raw;
    d->op = OP_ILLEGAL;
    d->retires = 1;
    const struct opdef *e = NULL;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if ((raw & table[i].mask) == table[i].match && (!table[i].xlen || table[i].xlen == xlen)) {
            e = &table[i];
            break;
        }
    }
    if (!e)
        return;
    uint8_t rd = INSN_RD(raw), rs1 = INSN_RS1(raw), rs2 = INSN_RS2(raw);
    switch (e->fmt) {
    case FMT_R: d->t.rd = rd; d->t.rs1 = rs1; d->t.rs2 = rs2; break;
    case FMT_I: d->t.rd = rd; d->t.rs1 = rs1; d->imm = insn_imm_i(raw); break;
    case FMT_S: d->t.rs1 = rs1; d->t.rs2 = rs2; d->imm = insn_imm_s(raw); break;
    case FMT_B: d->t.rs1 = rs1; d->t.rs2 = rs2; d->imm = insn_imm_b(raw); break;
    case FMT_U: d->t.rd = rd; d->imm = insn_imm_u(raw); break;
    case FMT_J: d->t.rd = rd; d->imm = insn_imm_j(raw); break;
    case FMT_SH:
        /* shamt[5] exists only at XLEN=64 (and never for the W forms, whose mask covers it) */
        if (xlen == 32 && (raw & (1u << 25)))
            return;
        d->t.rd = rd; d->t.rs1 = rs1; d->imm = (int32_t)(INSN_CSR(raw) & 0x3f); /* shamt */
        break;
    case FMT_N: break;
    case FMT_C: d->t.rd = rd; d->t.rs1 = rs1; d->imm = (int32_t)INSN_CSR(raw); break;
    case FMT_CI: d->t.rd = rd; d->uimm = rs1; d->imm = (int32_t)INSN_CSR(raw); break;
    }
    d->op = e->op;
    d->t.cls = e->cls;
    if ((e->cls == TC_MUL || e->cls == TC_DIV) && (xlen == 32 || INSN_OPCODE(raw) == OPCODE_OP_32))
        d->sflags |= TF_WORD;
    if ((e->cls == TC_LOAD || e->cls == TC_STORE) && INSN_FUNCT3(raw) == 3) /* ld, sd */
        d->sflags |= TF_DOUBLE;
    if (timing_csr_address(raw, (unsigned)xlen)) /* the RTL's CSR file freezes on these */
        d->sflags |= TF_CSR_ACCESS;
    if (raw == INSN_NOP) /* docs/timing.md: minstret does not count the canonical NOP */
        d->retires = 0;
}
