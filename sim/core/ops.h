/* What each instruction does, written once for both execute engines (in the manner of
 * Spike's riscv/insns/ and QEMU's decodetree): the reference loop's execute() (cpu.c) and
 * the fast engine's handlers (fast.c) expand these lists, so that the two cannot disagree
 * on an instruction's result; sim/tests/engines-test.sh still compares them on every image.
 *
 * One list per kind; a row is X(name, width, ...): `name` is the decode.h OP_ name,
 * `width` BOTH (RV32 and RV64) or RV64 (RV64 only), then the behaviour in terms of
 *   a, b  the values of rs1 and rs2 (XLEN wide, zero-extended at RV32),
 *   imm   the sign-extended immediate (int64_t), pc the instruction's address,
 *   XLEN  32 or 64, the width of the engine's instance.
 * The rows of ALU, DIV, BRANCH, UPPER and JUMP become inline functions op_<name>() below,
 * which the engines call with their operands; the LOAD and STORE rows give the C type of
 * the access, whose size is its width in bytes and whose signedness extends a load.  The
 * M extension's arithmetic is in muldiv.h.
 *
 * Not here: the system instructions (CSRRW..CSRRCI, ECALL, EBREAK, MRET, WFI, FENCE,
 * FENCE.I), which only the reference loop executes (the fast engine hands them to it):
 * their behaviour is cpu.c's execute() with csr.c and trap.c. */
#ifndef TEMPO_OPS_H
#define TEMPO_OPS_H
#include "decode.h"
#include "muldiv.h"

/* Register-register and register-immediate operations: the value for rd. */
#define OPS_ALU(X)                                                                          \
    X(ADD,    BOTH, a + b)                                                                  \
    X(SUB,    BOTH, a - b)                                                                  \
    X(SLL,    BOTH, a << (b & (XLEN - 1)))                                                  \
    X(SLT,    BOTH, sx(XLEN, a) < sx(XLEN, b))                                              \
    X(SLTU,   BOTH, a < b)                                                                  \
    X(XOR,    BOTH, a ^ b)                                                                  \
    X(SRL,    BOTH, a >> (b & (XLEN - 1)))                                                  \
    X(SRA,    BOTH, (uint64_t)(sx(XLEN, a) >> (b & (XLEN - 1))))                            \
    X(OR,     BOTH, a | b)                                                                  \
    X(AND,    BOTH, a & b)                                                                  \
    X(MUL,    BOTH, a * b)                                                                  \
    X(MULH,   BOTH, mulh(XLEN, a, b))                                                       \
    X(MULHSU, BOTH, mulhsu(XLEN, a, b))                                                     \
    X(MULHU,  BOTH, mulhu(XLEN, a, b))                                                      \
    X(ADDI,   BOTH, a + (uint64_t)imm)                                                      \
    X(SLTI,   BOTH, sx(XLEN, a) < imm)                                                      \
    X(SLTIU,  BOTH, a < xl(XLEN, (uint64_t)imm))                                            \
    X(XORI,   BOTH, a ^ (uint64_t)imm)                                                      \
    X(ORI,    BOTH, a | (uint64_t)imm)                                                      \
    X(ANDI,   BOTH, a & (uint64_t)imm)                                                      \
    X(SLLI,   BOTH, a << imm)                                                               \
    X(SRLI,   BOTH, a >> imm)                                                               \
    X(SRAI,   BOTH, (uint64_t)(sx(XLEN, a) >> imm))                                         \
    X(ADDW,   RV64, w32(a + b))                                                             \
    X(SUBW,   RV64, w32(a - b))                                                             \
    X(SLLW,   RV64, w32((uint32_t)a << (b & 31)))                                           \
    X(SRLW,   RV64, w32((uint32_t)a >> (b & 31)))                                           \
    X(SRAW,   RV64, w32((int32_t)a >> (b & 31)))                                            \
    X(MULW,   RV64, w32((uint32_t)a * (uint32_t)b))                                         \
    X(ADDIW,  RV64, w32(a + (uint64_t)imm))                                                 \
    X(SLLIW,  RV64, w32((uint32_t)a << imm))                                                \
    X(SRLIW,  RV64, w32((uint32_t)a >> imm))                                                \
    X(SRAIW,  RV64, w32((int32_t)a >> imm))

/* Divides: the value for rd; `fl` (unsigned *) collects TF_DIV_EARLY (muldiv.h), which
 * the timing model charges differently (the fast engine leaves such a divide to the
 * reference loop). */
#define OPS_DIV(X)                                                                          \
    X(DIV,   BOTH, divs(XLEN, a, b, fl))                                                    \
    X(DIVU,  BOTH, divu(a, b, fl))                                                          \
    X(REM,   BOTH, rems(XLEN, a, b, fl))                                                    \
    X(REMU,  BOTH, remu(a, b, fl))                                                          \
    X(DIVW,  RV64, divw(a, b, fl))                                                          \
    X(DIVUW, RV64, divuw(a, b, fl))                                                         \
    X(REMW,  RV64, remw(a, b, fl))                                                          \
    X(REMUW, RV64, remuw(a, b, fl))

/* Conditional branches: taken when true; the target is op_pc_rel(XLEN, pc, imm). */
#define OPS_BRANCH(X)                                                                       \
    X(BEQ,  BOTH, a == b)                                                                   \
    X(BNE,  BOTH, a != b)                                                                   \
    X(BLT,  BOTH, sx(XLEN, a) < sx(XLEN, b))                                                \
    X(BGE,  BOTH, sx(XLEN, a) >= sx(XLEN, b))                                               \
    X(BLTU, BOTH, a < b)                                                                    \
    X(BGEU, BOTH, a >= b)

/* Loads and stores at op_ea(XLEN, a, imm): the C type of the access (a store writes the
 * low bytes of b). */
#define OPS_LOAD(X)                                                                         \
    X(LB,  BOTH, int8_t)                                                                    \
    X(LH,  BOTH, int16_t)                                                                   \
    X(LW,  BOTH, int32_t)                                                                   \
    X(LBU, BOTH, uint8_t)                                                                   \
    X(LHU, BOTH, uint16_t)                                                                  \
    X(LD,  RV64, uint64_t)                                                                  \
    X(LWU, RV64, uint32_t)
#define OPS_STORE(X)                                                                        \
    X(SB, BOTH, uint8_t)                                                                    \
    X(SH, BOTH, uint16_t)                                                                   \
    X(SW, BOTH, uint32_t)                                                                   \
    X(SD, RV64, uint64_t)

/* LUI, AUIPC: the value for rd. */
#define OPS_UPPER(X)                                                                        \
    X(LUI,   BOTH, (uint64_t)imm)                                                           \
    X(AUIPC, BOTH, op_pc_rel(XLEN, pc, imm))

/* Jumps: the target; rd gets the address of the next instruction (pc + 4). */
#define OPS_JUMP(X)                                                                         \
    X(JAL,  BOTH, op_pc_rel(XLEN, pc, imm))                                                 \
    X(JALR, BOTH, op_ea(XLEN, a, imm) & ~1ull)

/* OPS_AT(xlen, width, ...): the tokens when an instruction of `width` exists at `xlen`
 * (an engine's instance for one XLEN expands only its rows). */
#define OPS_AT(xlen, width, ...) OPS_AT_(xlen, width, __VA_ARGS__)
#define OPS_AT_(xlen, width, ...) OPS_AT_##xlen##_##width(__VA_ARGS__)
#define OPS_AT_32_BOTH(...) __VA_ARGS__
#define OPS_AT_32_RV64(...)
#define OPS_AT_64_BOTH(...) __VA_ARGS__
#define OPS_AT_64_RV64(...) __VA_ARGS__

/* The address a load or store accesses, and a JALR's before its low bit is cleared. */
static ALWAYS_INLINE uint64_t op_ea(int xlen, uint64_t a, int64_t imm)
{
    return xl(xlen, a + (uint64_t)imm);
}
/* pc + imm: AUIPC's value, JAL's and a branch's target. */
static ALWAYS_INLINE uint64_t op_pc_rel(int xlen, uint64_t pc, int64_t imm)
{
    return xl(xlen, pc + (uint64_t)imm);
}
/* An access of n bytes at addr traps as misaligned (this core has no misaligned loads and
 * stores); n = 4 for a jump or taken branch target (IALIGN = 32: no C extension). */
static ALWAYS_INLINE bool op_misaligned(uint64_t addr, unsigned n) { return addr & (n - 1); }

#ifdef XLEN
#error "ops.h defines its functions with XLEN as their xlen parameter"
#endif
#define XLEN xlen
#define OPS_FN_ALU(name, width, ...)                                                        \
    static ALWAYS_INLINE uint64_t op_##name(const int xlen, uint64_t a, uint64_t b,         \
                                            int64_t imm)                                    \
    {                                                                                       \
        (void)xlen, (void)a, (void)b, (void)imm;                                            \
        return (uint64_t)(__VA_ARGS__);                                                     \
    }
#define OPS_FN_DIV(name, width, ...)                                                        \
    static ALWAYS_INLINE uint64_t op_##name(const int xlen, uint64_t a, uint64_t b,         \
                                            unsigned *fl)                                   \
    {                                                                                       \
        (void)xlen;                                                                         \
        return __VA_ARGS__;                                                                 \
    }
#define OPS_FN_BRANCH(name, width, ...)                                                     \
    static ALWAYS_INLINE bool op_##name(const int xlen, uint64_t a, uint64_t b)             \
    {                                                                                       \
        (void)xlen;                                                                         \
        return __VA_ARGS__;                                                                 \
    }
#define OPS_FN_UPPER(name, width, ...)                                                      \
    static ALWAYS_INLINE uint64_t op_##name(const int xlen, uint64_t pc, int64_t imm)       \
    {                                                                                       \
        (void)xlen, (void)pc;                                                               \
        return __VA_ARGS__;                                                                 \
    }
#define OPS_FN_JUMP(name, width, ...)                                                       \
    static ALWAYS_INLINE uint64_t op_##name(const int xlen, uint64_t a, int64_t imm,        \
                                            uint64_t pc)                                    \
    {                                                                                       \
        (void)a, (void)pc;                                                                  \
        return __VA_ARGS__;                                                                 \
    }
OPS_ALU(OPS_FN_ALU)
OPS_DIV(OPS_FN_DIV)
OPS_BRANCH(OPS_FN_BRANCH)
OPS_UPPER(OPS_FN_UPPER)
OPS_JUMP(OPS_FN_JUMP)
/* The bytes a load or store accesses (0: another instruction) */
static inline unsigned op_size(unsigned op)
{
    switch (op) {
#define OPS_SIZE(name, width, type) case OP_##name: return sizeof(type);
    OPS_LOAD(OPS_SIZE) OPS_STORE(OPS_SIZE)
#undef OPS_SIZE
    default: return 0;
    }
}
#undef OPS_FN_ALU
#undef OPS_FN_DIV
#undef OPS_FN_BRANCH
#undef OPS_FN_UPPER
#undef OPS_FN_JUMP
#undef XLEN

/* Every row is an instruction of the decoder's table (decode.h) at the same widths, and
 * every instruction of that table that is not a system one has its row. */
enum {
#define OPS_DECODED_XLEN(name, cls, fmt, xlen) OPS_XLEN_##name = xlen,
    INSN_TABLE(OPS_DECODED_XLEN)
#undef OPS_DECODED_XLEN
    OPS_XLEN_BOTH = 0, OPS_XLEN_RV64 = 64,
};
#define OPS_SAME_WIDTH(name, width, ...)                                                    \
    _Static_assert(OPS_XLEN_##name == OPS_XLEN_##width, #name ": ops.h and decode.h widths");
OPS_ALU(OPS_SAME_WIDTH) OPS_DIV(OPS_SAME_WIDTH) OPS_BRANCH(OPS_SAME_WIDTH)
OPS_LOAD(OPS_SAME_WIDTH) OPS_STORE(OPS_SAME_WIDTH) OPS_UPPER(OPS_SAME_WIDTH)
OPS_JUMP(OPS_SAME_WIDTH)
#undef OPS_SAME_WIDTH
#define OPS_ONE(...) +1
#define OPS_NOT_SYSTEM(name, cls, fmt, xlen) +((cls) != TC_CSR && (cls) != TC_SYSTEM && (cls) != TC_FENCE)
_Static_assert(0 OPS_ALU(OPS_ONE) OPS_DIV(OPS_ONE) OPS_BRANCH(OPS_ONE) OPS_LOAD(OPS_ONE)
                   OPS_STORE(OPS_ONE) OPS_UPPER(OPS_ONE) OPS_JUMP(OPS_ONE) ==
                   0 INSN_TABLE(OPS_NOT_SYSTEM),
               "every instruction but the system ones has its row in ops.h");
#undef OPS_ONE
#undef OPS_NOT_SYSTEM
#endif
