/* The fast engine's operations (fast.c), shared with its code generator (jit.c): one
 * operation per instruction, of a kind that says what runs it (a handler of run_blocks(), or
 * the generated code of the same kind). */
#ifndef TEMPO_FOP_H
#define TEMPO_FOP_H
#include <stdint.h>
#include "ops.h"

/* The operations the engine runs with handlers of their own kind: ops.h's rows of these
 * kinds (what each computes is there, shared with the reference loop). */
#define ENGINE_OPS(A, D, L, S, B) OPS_ALU(A) OPS_DIV(D) OPS_LOAD(L) OPS_STORE(S) OPS_BRANCH(B)
/* M(xlen, ...) for each XLEN an instruction of `width` exists at */
#define WIDTHS(width, M, ...) OPS_AT(32, width, M(32, __VA_ARGS__)) M(64, __VA_ARGS__)
/* Every variant of those kinds as EACH(xlen, kind name): plain, loads into x0 (the value
 * dropped), conditional branches inside a block (side exits, _SX), and the loads and
 * stores through the D$ and watched for the observers (checked_of: _C, _X0_C).  EACH is
 * defined where the list is expanded. */
#define V_PLAIN(name, width, ...) WIDTHS(width, EACH, name)
#define V_X0(name, width, ...) WIDTHS(width, EACH, name##_X0)
#define V_SX(name, width, ...) WIDTHS(width, EACH, name##_SX)
#define V_C(name, width, ...) WIDTHS(width, EACH, name##_C)
#define V_X0_C(name, width, ...) WIDTHS(width, EACH, name##_X0_C)
#define KIND_VARIANTS                                                                      \
    ENGINE_OPS(V_PLAIN, V_PLAIN, V_PLAIN, V_PLAIN, V_PLAIN) OPS_LOAD(V_X0) OPS_BRANCH(V_SX) \
    OPS_LOAD(V_C) OPS_STORE(V_C) OPS_LOAD(V_X0_C)
/* MAP(xlen, from, to): a table row from one variant's kind to another's */
#define MAP(w, from, to) [K_##from##_##w] = K_##to##_##w,

/* Operation kinds: one per operation and width (the translator picks the machine's). */
enum kind {
    K_NONE, /* not run by the engine */
#define EACH(w, name) K_##name##_##w,
    KIND_VARIANTS
#undef EACH
    K_JALR_32, K_JALR_64,
    K_JAL,           /* to the block's target; the link is the pc after the block */
    K_LI_32, K_LI_64, /* LUI, AUIPC: imm is the value */
    K_LI_POOL,       /* the same with a value beyond 32 bits: imm indexes the block's pool */
    K_NOP,           /* a result to x0 that can neither trap nor take dynamic time */
    K_MV,            /* ADDI rd, rs1, 0 */
    K_SEXT_W,        /* ADDIW rd, rs1, 0 */
    K_END,           /* the block falls through to the next pc */
    K_ADDI_SP_32, K_ADDI_SP_64, /* ADDI to sp with the threads' stack marks (observe_sp) */
    K_LOAD_SP_32, K_LOAD_SP_64, /* LW (RV32), LD (RV64) into sp, the same */
    K_CSR,           /* a CSR instruction, the block's last (cpu_csr) */
    K_MRET,          /* MRET, the block's last (trap_mret) */
    K_KSTORE,        /* a store into the kernel's current-thread variable, the block's last */
    K_COUNT
};
_Static_assert(K_COUNT <= 256, "struct fop keeps the kind in a byte");

/* One operation, one per instruction: 16 bytes.  `h` is its handler in run_blocks(). */
struct fop {
    const void *h;
    int32_t imm;
    uint8_t kind, rd, rs1, rs2;
};
#endif
