/* Disassembler (disasm.h): the operand format of each instruction comes from INSN_TABLE, the
 * mnemonic from its name; only the spelling of each format is written here. */
#include "disasm.h"
#include <ctype.h>
#include <stdio.h>

static const uint8_t format[OP_COUNT] = {
#define X(name, cls, f, xlen) [OP_##name] = FMT_##f,
    INSN_TABLE(X)
#undef X
};

static const char *const reg_name[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
    "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

const char *disasm_reg(unsigned r) { return reg_name[r & 31]; }

/* The CSRs of this core and the other machine-mode ones a program may name (encoding.h). */
static const struct {
    uint16_t csr;
    const char *name;
} csr_names[] = {
    {CSR_FCSR, "fcsr"}, {CSR_SSTATUS, "sstatus"}, {CSR_STVEC, "stvec"}, {CSR_SATP, "satp"},
    {CSR_MSTATUS, "mstatus"}, {CSR_MISA, "misa"}, {CSR_MEDELEG, "medeleg"},
    {CSR_MIDELEG, "mideleg"}, {CSR_MIE, "mie"}, {CSR_MTVEC, "mtvec"},
    {CSR_MCOUNTEREN, "mcounteren"}, {CSR_MENVCFG, "menvcfg"}, {CSR_MSTATUSH, "mstatush"},
    {CSR_MCOUNTINHIBIT, "mcountinhibit"}, {CSR_MSCRATCH, "mscratch"}, {CSR_MEPC, "mepc"},
    {CSR_MCAUSE, "mcause"}, {CSR_MTVAL, "mtval"}, {CSR_MIP, "mip"}, {CSR_MTVAL2, "mtval2"},
    {CSR_MHPMEVENT3, "mhpmevent3"}, {CSR_PMPCFG0, "pmpcfg0"}, {CSR_PMPADDR0, "pmpaddr0"},
    {CSR_MHPMCOUNTER3, "mhpmcounter3"}, {CSR_HPMCOUNTER3, "hpmcounter3"},
    {CSR_TSELECT, "tselect"}, {CSR_DCSR, "dcsr"}, {CSR_MCYCLE, "mcycle"},
    {CSR_MINSTRET, "minstret"}, {CSR_MCYCLEH, "mcycleh"}, {CSR_MINSTRETH, "minstreth"},
    {CSR_CYCLE, "cycle"}, {CSR_TIME, "time"}, {CSR_INSTRET, "instret"}, {CSR_CYCLEH, "cycleh"},
    {CSR_TIMEH, "timeh"}, {CSR_INSTRETH, "instreth"}, {CSR_MVENDORID, "mvendorid"},
    {CSR_MARCHID, "marchid"}, {CSR_MIMPID, "mimpid"}, {CSR_MHARTID, "mhartid"},
    {CSR_MCONFIGPTR, "mconfigptr"},
};

const char *disasm_csr(unsigned csr)
{
    for (size_t i = 0; i < sizeof csr_names / sizeof csr_names[0]; i++)
        if (csr_names[i].csr == csr)
            return csr_names[i].name;
    return NULL;
}

/* "iorw" for a FENCE predecessor or successor set (unprivileged spec, "Memory Ordering") */
static void fence_set(char *s, unsigned bits)
{
    static const char letter[4] = {'i', 'o', 'r', 'w'};
    int n = 0;
    for (int b = 0; b < 4; b++)
        if (bits & (8u >> b))
            s[n++] = letter[b];
    if (!n)
        s[n++] = '0';
    s[n] = 0;
}

int disasm(char *buf, const struct insn *d, uint64_t pc, int xlen)
{
    const size_t n = DISASM_MAX;
    if (d->op == OP_ILLEGAL || d->op == OP_UNDECODED || d->op >= OP_COUNT)
        return snprintf(buf, n, ".word 0x%08x", d->raw);
    char mn[16];
    const char *name = op_name(d->op);
    size_t k = 0;
    for (; name[k] && k < sizeof mn - 1; k++)
        mn[k] = name[k] == '_' ? '.' : (char)tolower((unsigned char)name[k]);
    mn[k] = 0;
    const char *rd = reg_name[d->t.rd], *rs1 = reg_name[d->t.rs1], *rs2 = reg_name[d->t.rs2];
    uint64_t mask = xlen == 32 ? 0xffffffffull : ~0ull;
    unsigned long long target = (pc + (uint64_t)(int64_t)d->imm) & mask;
    switch ((enum insn_fmt)format[d->op]) {
    case FMT_R: return snprintf(buf, n, "%s %s,%s,%s", mn, rd, rs1, rs2);
    case FMT_I:
        if (d->t.cls == TC_LOAD || d->op == OP_JALR)
            return snprintf(buf, n, "%s %s,%d(%s)", mn, rd, d->imm, rs1);
        return snprintf(buf, n, "%s %s,%s,%d", mn, rd, rs1, d->imm);
    case FMT_S: return snprintf(buf, n, "%s %s,%d(%s)", mn, rs2, d->imm, rs1);
    case FMT_B: return snprintf(buf, n, "%s %s,%s,%llx", mn, rs1, rs2, target);
    case FMT_U: return snprintf(buf, n, "%s %s,0x%x", mn, rd, (unsigned)d->imm >> 12);
    case FMT_J: return snprintf(buf, n, "%s %s,%llx", mn, rd, target);
    case FMT_SH: return snprintf(buf, n, "%s %s,%s,0x%x", mn, rd, rs1, (unsigned)d->imm);
    case FMT_C:
    case FMT_CI: {
        char num[8];
        const char *csr = disasm_csr((unsigned)d->imm);
        if (!csr) {
            snprintf(num, sizeof num, "0x%x", (unsigned)d->imm);
            csr = num;
        }
        if (format[d->op] == FMT_C)
            return snprintf(buf, n, "%s %s,%s,%s", mn, rd, csr, rs1);
        return snprintf(buf, n, "%s %s,%s,%u", mn, rd, csr, d->uimm);
    }
    case FMT_N:
        if (d->op == OP_FENCE) {
            char pred[5], succ[5];
            if ((d->raw >> 28) == 8)
                return snprintf(buf, n, "fence.tso");
            fence_set(pred, d->raw >> 24 & 15);
            fence_set(succ, d->raw >> 20 & 15);
            return snprintf(buf, n, "fence %s,%s", pred, succ);
        }
        return snprintf(buf, n, "%s", mn);
    }
    return snprintf(buf, n, ".word 0x%08x", d->raw);
}
