/* Host unit test of the decoder table (sim/core/decode.c): every row decodes its own match value
 * at the widths it exists at and is illegal at the other; immediates of every format;
 * registers unused by a format read as 0; known illegal encodings. */
#include <stdio.h>
#include <string.h>
#include "decode.h"

static int fails;
#define CHECK(c, ...)                                        \
    do {                                                     \
        if (!(c)) {                                          \
            printf("FAIL line %d: ", __LINE__);              \
            printf(__VA_ARGS__);                             \
            printf("\n");                                    \
            fails++;                                         \
        }                                                    \
    } while (0)

struct row { const char *name; uint32_t mask, match; unsigned op; int xlen; };
static const struct row rows[] = {
#define X(name, cls, fmt, xlen) {#name, MASK_##name, MATCH_##name, OP_##name, xlen},
    INSN_TABLE(X)
#undef X
};

static struct insn dec(uint32_t raw, int xlen)
{
    struct insn d;
    decode(&d, raw, xlen);
    return d;
}

int main(void)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        for (int xlen = 32; xlen <= 64; xlen += 32) {
            struct insn d = dec(rows[i].match, xlen);
            unsigned want = !rows[i].xlen || rows[i].xlen == xlen ? rows[i].op : OP_ILLEGAL;
            CHECK(d.op == want, "%s at RV%d decodes as %s", rows[i].name, xlen, op_name(d.op));
        }
    }
    struct insn d;
    d = dec(0xffdff0ef, 32); /* jal ra, -4 */
    CHECK(d.op == OP_JAL && d.imm == -4 && d.t.rd == 1 && d.t.rs1 == 0 && d.t.rs2 == 0, "jal");
    d = dec(0x80000063, 32); /* beq x0, x0, -4096 */
    CHECK(d.op == OP_BEQ && d.imm == -4096 && d.t.rd == 0, "beq imm %d", d.imm);
    d = dec(0x7e20dfe3, 32); /* bge x1, x2, 4094 */
    CHECK(d.op == OP_BGE && d.imm == 4094 && d.t.rs1 == 1 && d.t.rs2 == 2, "bge imm %d", d.imm);
    d = dec(0xfe112c23, 32); /* sw x1, -8(x2) */
    CHECK(d.op == OP_SW && d.imm == -8 && d.t.rs1 == 2 && d.t.rs2 == 1 && d.t.rd == 0, "sw");
    d = dec(0x800002b7, 32); /* lui t0, 0x80000 */
    CHECK(d.op == OP_LUI && d.imm == (int32_t)0x80000000 && d.t.rd == 5 && d.t.cls == TC_LUI, "lui");
    d = dec(0x80012083, 32); /* lw ra, -2048(sp) */
    CHECK(d.op == OP_LW && d.imm == -2048 && d.t.rd == 1 && d.t.rs1 == 2 && d.t.rs2 == 0, "lw");
    d = dec(0x03f51513, 64); /* slli a0, a0, 63 */
    CHECK(d.op == OP_SLLI && d.imm == 63, "slli 63 at RV64");
    CHECK(dec(0x03f51513, 32).op == OP_ILLEGAL, "slli 63 at RV32 must be illegal");
    CHECK(dec(0x01f51513, 32).op == OP_SLLI, "slli 31 at RV32");
    CHECK(dec(0x0205151b, 64).op == OP_ILLEGAL, "slliw with shamt[5] must be illegal");
    d = dec(0x34015073, 32); /* csrrwi x0, mscratch, 2 */
    CHECK(d.op == OP_CSRRWI && d.imm == 0x340 && d.uimm == 2 && d.t.rs1 == 0, "csrrwi");
    d = dec(0xc00025f3, 32); /* rdcycle a1 */
    CHECK(d.op == OP_CSRRS && d.imm == 0xc00 && d.t.rd == 11 && d.t.rs1 == 0, "rdcycle");
    d = dec(0x02c5c533, 32); /* div a0, a1, a2 */
    CHECK(d.op == OP_DIV && d.sflags == TF_WORD, "div at RV32 is a word op");
    CHECK(dec(0x02c5c533, 64).sflags == 0, "div at RV64 is not a word op");
    CHECK(dec(0x02c5c53b, 64).sflags == TF_WORD, "divw is a word op");
    CHECK(dec(0x00000013, 32).retires == 0, "the canonical NOP does not count in minstret");
    CHECK(dec(0x00100013, 32).retires == 1, "addi x0, x0, 1 counts");
    uint32_t illegal[] = {
        0x00000000, 0xffffffff, 0x00004501 /* c.li */, 0x10200073 /* sret */,
        0x12000073 /* sfence.vma */, 0x00002067 /* jalr funct3 2 */, 0x0000200f /* fence funct3 2 */,
        0x40001033 /* sll with funct7 0x20 */, 0x00007003 /* load funct3 7 */,
        0x00004023 /* store funct3 4 */, 0x00002063 /* branch funct3 2 */,
    };
    for (size_t i = 0; i < sizeof illegal / sizeof illegal[0]; i++)
        for (int xlen = 32; xlen <= 64; xlen += 32)
            CHECK(dec(illegal[i], xlen).op == OP_ILLEGAL, "0x%08x at RV%d decodes as %s", illegal[i],
                  xlen, op_name(dec(illegal[i], xlen).op));
    if (fails)
        return 1;
    printf("decoder: %zu table rows and the encoding checks pass\n", sizeof rows / sizeof rows[0]);
    return 0;
}
