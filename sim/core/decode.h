/* Instruction decoding as data (in the manner of Spike): one table row per instruction
 * gives its operand format, its timing class and the widths it exists at; its encoding is
 * MATCH_<name>/MASK_<name> of include/riscv/encoding.h.  decode() turns a 32-bit word into
 * a predecoded record that the execute loop dispatches on; records are cached per
 * instruction word of code memory. */
#ifndef TEMPO_DECODE_H
#define TEMPO_DECODE_H
#include <stdint.h>
#include "riscv/encoding.h"
#include "timing.h"

/* X(name, timing class, operand format, xlen: 0 = both, 32 or 64 only) */
#define INSN_TABLE(X)                   \
    X(LUI,     TC_LUI,    U,  0)        \
    X(AUIPC,   TC_ALU,    U,  0)        \
    X(JAL,     TC_JAL,    J,  0)        \
    X(JALR,    TC_JALR,   I,  0)        \
    X(BEQ,     TC_BRANCH, B,  0)        \
    X(BNE,     TC_BRANCH, B,  0)        \
    X(BLT,     TC_BRANCH, B,  0)        \
    X(BGE,     TC_BRANCH, B,  0)        \
    X(BLTU,    TC_BRANCH, B,  0)        \
    X(BGEU,    TC_BRANCH, B,  0)        \
    X(LB,      TC_LOAD,   I,  0)        \
    X(LH,      TC_LOAD,   I,  0)        \
    X(LW,      TC_LOAD,   I,  0)        \
    X(LD,      TC_LOAD,   I,  64)       \
    X(LBU,     TC_LOAD,   I,  0)        \
    X(LHU,     TC_LOAD,   I,  0)        \
    X(LWU,     TC_LOAD,   I,  64)       \
    X(SB,      TC_STORE,  S,  0)        \
    X(SH,      TC_STORE,  S,  0)        \
    X(SW,      TC_STORE,  S,  0)        \
    X(SD,      TC_STORE,  S,  64)       \
    X(ADDI,    TC_ALU,    I,  0)        \
    X(SLTI,    TC_ALU,    I,  0)        \
    X(SLTIU,   TC_ALU,    I,  0)        \
    X(XORI,    TC_ALU,    I,  0)        \
    X(ORI,     TC_ALU,    I,  0)        \
    X(ANDI,    TC_ALU,    I,  0)        \
    X(SLLI,    TC_ALU,    SH, 0)        \
    X(SRLI,    TC_ALU,    SH, 0)        \
    X(SRAI,    TC_ALU,    SH, 0)        \
    X(ADD,     TC_ALU,    R,  0)        \
    X(SUB,     TC_ALU,    R,  0)        \
    X(SLL,     TC_ALU,    R,  0)        \
    X(SLT,     TC_ALU,    R,  0)        \
    X(SLTU,    TC_ALU,    R,  0)        \
    X(XOR,     TC_ALU,    R,  0)        \
    X(SRL,     TC_ALU,    R,  0)        \
    X(SRA,     TC_ALU,    R,  0)        \
    X(OR,      TC_ALU,    R,  0)        \
    X(AND,     TC_ALU,    R,  0)        \
    X(MUL,     TC_MUL,    R,  0)        \
    X(MULH,    TC_MUL,    R,  0)        \
    X(MULHSU,  TC_MUL,    R,  0)        \
    X(MULHU,   TC_MUL,    R,  0)        \
    X(DIV,     TC_DIV,    R,  0)        \
    X(DIVU,    TC_DIV,    R,  0)        \
    X(REM,     TC_DIV,    R,  0)        \
    X(REMU,    TC_DIV,    R,  0)        \
    X(ADDIW,   TC_ALU,    I,  64)       \
    X(SLLIW,   TC_ALU,    SH, 64)       \
    X(SRLIW,   TC_ALU,    SH, 64)       \
    X(SRAIW,   TC_ALU,    SH, 64)       \
    X(ADDW,    TC_ALU,    R,  64)       \
    X(SUBW,    TC_ALU,    R,  64)       \
    X(SLLW,    TC_ALU,    R,  64)       \
    X(SRLW,    TC_ALU,    R,  64)       \
    X(SRAW,    TC_ALU,    R,  64)       \
    X(MULW,    TC_MUL,    R,  64)       \
    X(DIVW,    TC_DIV,    R,  64)       \
    X(DIVUW,   TC_DIV,    R,  64)       \
    X(REMW,    TC_DIV,    R,  64)       \
    X(REMUW,   TC_DIV,    R,  64)       \
    X(FENCE,   TC_FENCE,  N,  0)        \
    X(FENCE_I, TC_FENCE,  N,  0)        \
    X(ECALL,   TC_SYSTEM, N,  0)        \
    X(EBREAK,  TC_SYSTEM, N,  0)        \
    X(MRET,    TC_SYSTEM, N,  0)        \
    X(WFI,     TC_SYSTEM, N,  0)        \
    X(CSRRW,   TC_CSR,    C,  0)        \
    X(CSRRS,   TC_CSR,    C,  0)        \
    X(CSRRC,   TC_CSR,    C,  0)        \
    X(CSRRWI,  TC_CSR,    CI, 0)        \
    X(CSRRSI,  TC_CSR,    CI, 0)        \
    X(CSRRCI,  TC_CSR,    CI, 0)

/* Operand formats: R, I, S, B, U, J as in the unprivileged spec; SH shift by an immediate;
 * N no operands (FENCE, ECALL, ...); C a CSR and a register; CI a CSR and an immediate. */
enum insn_fmt { FMT_R, FMT_I, FMT_S, FMT_B, FMT_U, FMT_J, FMT_SH, FMT_N, FMT_C, FMT_CI };

enum op {
    OP_UNDECODED = 0, /* record not decoded yet (or invalidated by a store) */
    OP_ILLEGAL,
#define X(name, cls, fmt, xlen) OP_##name,
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
