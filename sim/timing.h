/* The pipeline timing model of the 8-stage core (spec/core-timing.md).
 *
 * CONTRACT between the execute loop (sim/cpu.c) and the timing model (sim/timing.c):
 * the loop executes each instruction functionally, then asks the model how many cycles
 * it cost; mcycle advances by that amount.  The model keeps the hazard state (recent
 * producers, the global 2-bit predictor, CSR write in flight) and stall counters by cause.
 *
 * STATUS: this is the interface with a placeholder model (1 cycle per instruction);
 * the timing issue replaces the bodies, not the interface. */
#ifndef TEMPO_TIMING_H
#define TEMPO_TIMING_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Instruction classes the model distinguishes; the decoder stores one per instruction. */
enum tclass {
    TC_ALU,    /* OP, OP-IMM, AUIPC (and their W forms) */
    TC_LUI,    /* forwarded from EX without a bubble */
    TC_LOAD,
    TC_STORE,
    TC_BRANCH, /* conditional branches */
    TC_JAL,
    TC_JALR,
    TC_MUL,    /* MUL, MULH*, MULW */
    TC_DIV,    /* DIV*, REM*, and W forms */
    TC_CSR,    /* CSRRW/S/C and immediate forms */
    TC_FENCE,  /* FENCE, FENCE.I */
    TC_SYSTEM, /* ECALL, EBREAK, MRET, WFI: their cost comes from timing_trap/timing_mret */
    TC_COUNT
};

/* Outcome flags the loop passes for one executed instruction. */
enum {
    TF_TAKEN = 1u << 0,     /* conditional branch was taken */
    TF_MMIO = 1u << 1,      /* the load/store went to a device, not to RAM */
    TF_DIV_EARLY = 1u << 2, /* divide by zero or signed overflow: early finish */
    TF_WORD = 1u << 3,      /* 32-bit operation: XLEN=32, or an RV64 W form */
    TF_CSR_WRITE = 1u << 4, /* CSR instruction that writes its CSR */
};

/* What the model needs of one instruction (0 in rd/rs1/rs2 means "none"). */
struct timing_insn {
    uint8_t cls, rd, rs1, rs2;
};

/* Kinds of control transfer charged through the trap controller FSM. */
enum trap_kind { TRAP_EXCEPTION, TRAP_ECALL, TRAP_INTERRUPT };

/* Stall causes reported by --stats; base cycles (one per issued instruction) plus the
 * stall cycles equal mcycle. */
enum stall_cause {
    ST_ALU_USE, ST_LOAD_USE, ST_BRANCH, ST_MISPREDICT, ST_JUMP, ST_STORE, ST_MUL, ST_DIV,
    ST_CSR, ST_TRAP, ST_REFILL, ST_COUNT
};
extern const char *const stall_cause_name[ST_COUNT];

struct timing {
    uint64_t stall[ST_COUNT];
};

void timing_init(struct timing *t);
/* `--set name=value`: 0 on success, -1 (with a message on stderr) for an unknown name or
 * a bad value. */
int timing_set_param(const char *assignment);
void timing_list_params(FILE *out);

/* Cycles one executed (non-trapping) instruction adds to mcycle. */
static inline uint32_t timing_retire(struct timing *t, struct timing_insn in, unsigned flags)
{
    (void)t; (void)in; (void)flags;
    return 1;
}
/* Cycles from the trap being raised to the first handler instruction issuing. */
static inline uint32_t timing_trap(struct timing *t, enum trap_kind kind)
{
    (void)t; (void)kind;
    return 1;
}
/* Cycles from MRET to the first instruction after it issuing. */
static inline uint32_t timing_mret(struct timing *t)
{
    (void)t;
    return 1;
}
#endif
