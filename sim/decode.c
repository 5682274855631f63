/* The decoder: a linear scan of INSN_TABLE, run once per instruction word (the execute
 * loop caches the result), so clarity wins over speed here. */
#include "decode.h"
#include <string.h>

enum fmt { FMT_R, FMT_I, FMT_S, FMT_B, FMT_U, FMT_J, FMT_SH, FMT_N, FMT_C, FMT_CI };

struct opdef {
    uint32_t mask, match;
    uint8_t op, cls, fmt, xlen;
};

static const struct opdef table[] = {
#define X(name, mask, match, cls, f, xlen) {mask, match, OP_##name, cls, FMT_##f, xlen},
    INSN_TABLE(X)
#undef X
};

static const char *const names[OP_COUNT] = {
    [OP_UNDECODED] = "undecoded",
    [OP_ILLEGAL] = "illegal",
#define X(name, mask, match, cls, f, xlen) [OP_##name] = #name,
    INSN_TABLE(X)
#undef X
};

const char *op_name(unsigned op) { return op < OP_COUNT ? names[op] : "?"; }

static int32_t imm_i(uint32_t r) { return (int32_t)r >> 20; }
static int32_t imm_s(uint32_t r) { return (int32_t)(r & 0xfe000000) >> 20 | (int32_t)(r >> 7 & 0x1f); }
static int32_t imm_b(uint32_t r)
{
    return (int32_t)(r & 0x80000000) >> 19 | (int32_t)((r & 0x80) << 4) |
           (int32_t)(r >> 20 & 0x7e0) | (int32_t)(r >> 7 & 0x1e);
}
static int32_t imm_u(uint32_t r) { return (int32_t)(r & 0xfffff000); }
static int32_t imm_j(uint32_t r)
{
    return (int32_t)(r & 0x80000000) >> 11 | (int32_t)(r & 0xff000) |
           (int32_t)(r >> 9 & 0x800) | (int32_t)(r >> 20 & 0x7fe);
}

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
    uint8_t rd = raw >> 7 & 31, rs1 = raw >> 15 & 31, rs2 = raw >> 20 & 31;
    switch (e->fmt) {
    case FMT_R: d->t.rd = rd; d->t.rs1 = rs1; d->t.rs2 = rs2; break;
    case FMT_I: d->t.rd = rd; d->t.rs1 = rs1; d->imm = imm_i(raw); break;
    case FMT_S: d->t.rs1 = rs1; d->t.rs2 = rs2; d->imm = imm_s(raw); break;
    case FMT_B: d->t.rs1 = rs1; d->t.rs2 = rs2; d->imm = imm_b(raw); break;
    case FMT_U: d->t.rd = rd; d->imm = imm_u(raw); break;
    case FMT_J: d->t.rd = rd; d->imm = imm_j(raw); break;
    case FMT_SH:
        /* shamt[5] exists only at XLEN=64 (and never for the W forms, whose mask covers it) */
        if (xlen == 32 && (raw & (1u << 25)))
            return;
        d->t.rd = rd; d->t.rs1 = rs1; d->imm = (int32_t)(raw >> 20 & 0x3f);
        break;
    case FMT_N: break;
    case FMT_C: d->t.rd = rd; d->t.rs1 = rs1; d->imm = (int32_t)(raw >> 20); break;
    case FMT_CI: d->t.rd = rd; d->uimm = rs1; d->imm = (int32_t)(raw >> 20); break;
    }
    d->op = e->op;
    d->t.cls = e->cls;
    if ((e->cls == TC_MUL || e->cls == TC_DIV) && (xlen == 32 || (raw & 0x7f) == 0x3b))
        d->sflags |= TF_WORD;
    if ((e->cls == TC_LOAD || e->cls == TC_STORE) && (raw >> 12 & 7) == 3) /* ld, sd */
        d->sflags |= TF_DOUBLE;
    if (timing_csr_address(raw, (unsigned)xlen)) /* the RTL's CSR file freezes on these */
        d->sflags |= TF_CSR_ACCESS;
    if (raw == 0x00000013) /* spec/core-timing.md: minstret does not count the canonical NOP */
        d->retires = 0;
}
