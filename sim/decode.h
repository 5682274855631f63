/* Instruction decoding as data (in the manner of Spike's encoding.h): one table row per
 * instruction gives its mask/match, its operand format, its timing class and the widths
 * it exists at.  decode() turns a 32-bit word into a predecoded record that the execute
 * loop dispatches on; records are cached per instruction word of code memory. */
#ifndef TEMPO_DECODE_H
#define TEMPO_DECODE_H
#include <stdint.h>
#include "timing.h"

/* X(name, mask, match, timing class, operand format, xlen: 0 = both, 32 or 64 only) */
#define INSN_TABLE(X)                                                  \
    X(LUI,    0x0000007f, 0x00000037, TC_LUI,    U,  0)                \
    X(AUIPC,  0x0000007f, 0x00000017, TC_ALU,    U,  0)                \
    X(JAL,    0x0000007f, 0x0000006f, TC_JAL,    J,  0)                \
    X(JALR,   0x0000707f, 0x00000067, TC_JALR,   I,  0)                \
    X(BEQ,    0x0000707f, 0x00000063, TC_BRANCH, B,  0)                \
    X(BNE,    0x0000707f, 0x00001063, TC_BRANCH, B,  0)                \
    X(BLT,    0x0000707f, 0x00004063, TC_BRANCH, B,  0)                \
    X(BGE,    0x0000707f, 0x00005063, TC_BRANCH, B,  0)                \
    X(BLTU,   0x0000707f, 0x00006063, TC_BRANCH, B,  0)                \
    X(BGEU,   0x0000707f, 0x00007063, TC_BRANCH, B,  0)                \
    X(LB,     0x0000707f, 0x00000003, TC_LOAD,   I,  0)                \
    X(LH,     0x0000707f, 0x00001003, TC_LOAD,   I,  0)                \
    X(LW,     0x0000707f, 0x00002003, TC_LOAD,   I,  0)                \
    X(LD,     0x0000707f, 0x00003003, TC_LOAD,   I,  64)               \
    X(LBU,    0x0000707f, 0x00004003, TC_LOAD,   I,  0)                \
    X(LHU,    0x0000707f, 0x00005003, TC_LOAD,   I,  0)                \
    X(LWU,    0x0000707f, 0x00006003, TC_LOAD,   I,  64)               \
    X(SB,     0x0000707f, 0x00000023, TC_STORE,  S,  0)                \
    X(SH,     0x0000707f, 0x00001023, TC_STORE,  S,  0)                \
    X(SW,     0x0000707f, 0x00002023, TC_STORE,  S,  0)                \
    X(SD,     0x0000707f, 0x00003023, TC_STORE,  S,  64)               \
    X(ADDI,   0x0000707f, 0x00000013, TC_ALU,    I,  0)                \
    X(SLTI,   0x0000707f, 0x00002013, TC_ALU,    I,  0)                \
    X(SLTIU,  0x0000707f, 0x00003013, TC_ALU,    I,  0)                \
    X(XORI,   0x0000707f, 0x00004013, TC_ALU,    I,  0)                \
    X(ORI,    0x0000707f, 0x00006013, TC_ALU,    I,  0)                \
    X(ANDI,   0x0000707f, 0x00007013, TC_ALU,    I,  0)                \
    X(SLLI,   0xfc00707f, 0x00001013, TC_ALU,    SH, 0)                \
    X(SRLI,   0xfc00707f, 0x00005013, TC_ALU,    SH, 0)                \
    X(SRAI,   0xfc00707f, 0x40005013, TC_ALU,    SH, 0)                \
    X(ADD,    0xfe00707f, 0x00000033, TC_ALU,    R,  0)                \
    X(SUB,    0xfe00707f, 0x40000033, TC_ALU,    R,  0)                \
    X(SLL,    0xfe00707f, 0x00001033, TC_ALU,    R,  0)                \
    X(SLT,    0xfe00707f, 0x00002033, TC_ALU,    R,  0)                \
    X(SLTU,   0xfe00707f, 0x00003033, TC_ALU,    R,  0)                \
    X(XOR,    0xfe00707f, 0x00004033, TC_ALU,    R,  0)                \
    X(SRL,    0xfe00707f, 0x00005033, TC_ALU,    R,  0)                \
    X(SRA,    0xfe00707f, 0x40005033, TC_ALU,    R,  0)                \
    X(OR,     0xfe00707f, 0x00006033, TC_ALU,    R,  0)                \
    X(AND,    0xfe00707f, 0x00007033, TC_ALU,    R,  0)                \
    X(MUL,    0xfe00707f, 0x02000033, TC_MUL,    R,  0)                \
    X(MULH,   0xfe00707f, 0x02001033, TC_MUL,    R,  0)                \
    X(MULHSU, 0xfe00707f, 0x02002033, TC_MUL,    R,  0)                \
    X(MULHU,  0xfe00707f, 0x02003033, TC_MUL,    R,  0)                \
    X(DIV,    0xfe00707f, 0x02004033, TC_DIV,    R,  0)                \
    X(DIVU,   0xfe00707f, 0x02005033, TC_DIV,    R,  0)                \
    X(REM,    0xfe00707f, 0x02006033, TC_DIV,    R,  0)                \
    X(REMU,   0xfe00707f, 0x02007033, TC_DIV,    R,  0)                \
    X(ADDIW,  0x0000707f, 0x0000001b, TC_ALU,    I,  64)               \
    X(SLLIW,  0xfe00707f, 0x0000101b, TC_ALU,    SH, 64)               \
    X(SRLIW,  0xfe00707f, 0x0000501b, TC_ALU,    SH, 64)               \
    X(SRAIW,  0xfe00707f, 0x4000501b, TC_ALU,    SH, 64)               \
    X(ADDW,   0xfe00707f, 0x0000003b, TC_ALU,    R,  64)               \
    X(SUBW,   0xfe00707f, 0x4000003b, TC_ALU,    R,  64)               \
    X(SLLW,   0xfe00707f, 0x0000103b, TC_ALU,    R,  64)               \
    X(SRLW,   0xfe00707f, 0x0000503b, TC_ALU,    R,  64)               \
    X(SRAW,   0xfe00707f, 0x4000503b, TC_ALU,    R,  64)               \
    X(MULW,   0xfe00707f, 0x0200003b, TC_MUL,    R,  64)               \
    X(DIVW,   0xfe00707f, 0x0200403b, TC_DIV,    R,  64)               \
    X(DIVUW,  0xfe00707f, 0x0200503b, TC_DIV,    R,  64)               \
    X(REMW,   0xfe00707f, 0x0200603b, TC_DIV,    R,  64)               \
    X(REMUW,  0xfe00707f, 0x0200703b, TC_DIV,    R,  64)               \
    X(FENCE,  0x0000707f, 0x0000000f, TC_FENCE,  N,  0)                \
    X(FENCE_I,0x0000707f, 0x0000100f, TC_FENCE,  N,  0)                \
    X(ECALL,  0xffffffff, 0x00000073, TC_SYSTEM, N,  0)                \
    X(EBREAK, 0xffffffff, 0x00100073, TC_SYSTEM, N,  0)                \
    X(MRET,   0xffffffff, 0x30200073, TC_SYSTEM, N,  0)                \
    X(WFI,    0xffffffff, 0x10500073, TC_SYSTEM, N,  0)                \
    X(CSRRW,  0x0000707f, 0x00001073, TC_CSR,    C,  0)                \
    X(CSRRS,  0x0000707f, 0x00002073, TC_CSR,    C,  0)                \
    X(CSRRC,  0x0000707f, 0x00003073, TC_CSR,    C,  0)                \
    X(CSRRWI, 0x0000707f, 0x00005073, TC_CSR,    CI, 0)                \
    X(CSRRSI, 0x0000707f, 0x00006073, TC_CSR,    CI, 0)                \
    X(CSRRCI, 0x0000707f, 0x00007073, TC_CSR,    CI, 0)

enum op {
    OP_UNDECODED = 0, /* record not decoded yet (or invalidated by a store) */
    OP_ILLEGAL,
#define X(name, mask, match, cls, fmt, xlen) OP_##name,
    INSN_TABLE(X)
#undef X
    OP_COUNT
};

/* One predecoded instruction: 16 bytes.  `t` is what the timing model sees (registers
 * that are not used by the format are 0); the execute loop uses t.rd/t.rs1/t.rs2 as
 * register numbers too (x0 reads as zero, writes to x0 are discarded). */
struct insn {
    struct timing_insn t;
    uint8_t op;      /* enum op */
    uint8_t sflags;  /* static timing flags (TF_WORD, TF_DOUBLE, TF_CSR_ACCESS) */
    uint8_t retires; /* 1, or 0 for the canonical NOP (spec: minstret skips it) */
    uint8_t uimm;    /* CSR*I: the 5-bit immediate */
    int32_t imm;     /* sign-extended immediate; shift amount; CSR number */
    uint32_t raw;
};

/* Decode `raw` for XLEN `xlen` (32 or 64) into `*d`. Unknown encodings give OP_ILLEGAL. */
void decode(struct insn *d, uint32_t raw, int xlen);
const char *op_name(unsigned op);
#endif
