/* The pipeline timing model of the 8-stage core (docs/timing.md).
 *
 * CONTRACT between the execute loop (sim/cpu.c) and the timing model (sim/timing.c):
 * the loop executes each instruction functionally, then asks the model how many cycles
 * it cost; mcycle advances by that amount.  A CSR read of mcycle returns mcycle before the
 * reading instruction's own cost is added.
 *
 * THE MODEL.  Every instruction has a base cycle: the cycle it issues into EXR (the stage
 * where all forwarding lands).  Its cost is 1 + the bubbles it waits in EXR for an operand
 * (ALU-use, load-use) or a CSR write in flight + the cycles it freezes the whole pipeline
 * (CSR, RAM store, MUL, DIV) + the bubbles behind it when it redirects fetch (predicted-
 * taken branch, misprediction, JAL/JALR).  Hazards are found with a scoreboard in
 * "pipeline time" (`now`): time that does not advance while the whole pipeline is frozen,
 * because a frozen pipeline keeps every distance between instructions (a load frozen in BR
 * still has its data one stage later).  Traps and MRET go through the trap-controller FSM.
 * Every number is a field of struct timing_params (sim/timing.c: the table with names,
 * defaults and spec citations), settable with --set name=value.
 *
 * The parameters belong to one struct timing (one machine): main() fills a struct
 * timing_params from the defaults and --set, and timing_init() copies it in.
 * Interface: TRAP_MEM_FAULT (load/store faults are raised in MEM, one stage after ECALL),
 * ST_IDLE, timing_interrupt() (interrupt taken at a boundary, cost from the assertion
 * cycle), timing_irq_window(), timing_idle(), timing_retire_pc() (the pc feeds the what-if
 * predictor=table).
 * Not modelled: the operand bubbles of an instruction that traps (a faulting load whose
 * base register was just loaded); its trap is counted from its natural issue slot. */
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

/* Kinds of control transfer charged through the trap controller FSM.
 * TRAP_EXCEPTION: illegal instruction, EBREAK, misaligned/faulting fetch target: the
 * synchronous (ECALL) path, raised in BR.  TRAP_MEM_FAULT: misaligned or faulting load or
 * store, raised in MEM (the highest-priority source), one stage later. */
enum trap_kind { TRAP_EXCEPTION, TRAP_ECALL, TRAP_INTERRUPT, TRAP_MEM_FAULT };

/* Stall causes reported by --stats; base cycles (one per timing_retire/timing_mret call)
 * plus the stall cycles equal mcycle.  ST_IDLE: cycles WFI waited (timing_idle). */
enum stall_cause {
    ST_ALU_USE, ST_LOAD_USE, ST_BRANCH, ST_MISPREDICT, ST_JUMP, ST_STORE, ST_MUL, ST_DIV,
    ST_CSR, ST_TRAP, ST_REFILL, ST_IDLE, ST_COUNT
};
extern const char *const stall_cause_name[ST_COUNT];

/* The model's numbers; sim/timing.c holds the one table of names, defaults and citations. */
enum predictor_kind { BP_GLOBAL2BIT, BP_NOT_TAKEN, BP_TAKEN, BP_TABLE };
struct timing_params {
    uint32_t alu_use, load_use, branch_taken, mispredict, jal, jalr;
    uint32_t store_ram, store_mmio, mul, div32, div64, div_early;
    uint32_t csr, csr_raw;
    uint32_t trap_detect, ecall_stage, exc_stage, mem_fault_stage;
    uint32_t fsm_ecall, fsm_exc, fsm_irq, fsm_mret, refill, irq_flush;
    uint32_t predictor, bp_entries, bp_init;
};

#define TIMING_BP_FIFO 8 /* predictor updates in flight (at most 4 fit in the 5-cycle gap) */
#define TIMING_CSRW 4    /* CSR writes in flight EX..WB */
#define TIMING_BP_MAX 4096 /* largest what-if predictor table (predictor=table) */

struct timing {
    struct timing_params p;  /* this machine's numbers (timing_init) */
    uint64_t stall[ST_COUNT];
    uint64_t now;            /* pipeline time of the next instruction's natural issue */
    uint64_t ready[32];      /* pipeline time from which a consumer may be in EXR */
    uint8_t cause[32];       /* ST_ALU_USE or ST_LOAD_USE: who made ready[] late */
    uint64_t csrw[TIMING_CSRW]; /* issue times of the last CSR writes */
    unsigned csrw_n;
    uint64_t bp_at[TIMING_BP_FIFO]; /* pending updates: visible from this pipeline time */
    uint8_t bp_taken[TIMING_BP_FIFO];
    uint16_t bp_index[TIMING_BP_FIFO];
    uint8_t bp[TIMING_BP_MAX]; /* 2-bit counters as IO sees them; [0] is the global one */
    unsigned bp_head, bp_count;
    uint64_t branches, mispredicts;
    uint64_t irq_seen;       /* sim/cpu.c: assertions up to this cycle were looked at */
    uint8_t lat[TC_COUNT], lat_cause[TC_COUNT]; /* from p by timing_init */
};

/* The defaults of the parameter table (sim/timing.c). */
void timing_params_default(struct timing_params *p);
/* `--set name=value` into `p`: 0 on success, -1 (with a message on stderr) for an unknown
 * name or a bad value (`p` unchanged). */
int timing_set_param(struct timing_params *p, const char *assignment);
/* The value of a parameter by name; -1 when there is none. */
long long timing_get_param(const struct timing_params *p, const char *name);
void timing_list_params(const struct timing_params *p, FILE *out);
/* A model at reset with the parameters `p`. */
void timing_init(struct timing *t, const struct timing_params *p);
/* Out-of-line parts (sim/timing.c). */
uint32_t timing_branch(struct timing *t, uint64_t x0, uint64_t x, unsigned flags, uint64_t pc);
uint32_t timing_csr_raw(struct timing *t, uint64_t x, unsigned flags);

static inline uint32_t timing_freeze(struct timing *t, enum stall_cause c, uint32_t n)
{
    t->stall[c] += n;
    return n;
}

/* Cycles one executed (non-trapping) instruction at `pc` adds to mcycle (the pc only
 * matters to the what-if predictor=table). */
static inline __attribute__((always_inline)) uint32_t
timing_retire_pc(struct timing *t, struct timing_insn in, unsigned flags, uint64_t pc)
{
    const struct timing_params *p = &t->p;
    uint64_t x0 = t->now, x = x0;
    uint32_t cost = 1;
    /* Operands: forwarding lands in EXR only; store data (rs2) is forwarded from EX, BR,
     * MEM and WB without a stall (spec: Data hazards).  NOTE: the published RTL
     * (Hazard_Unit.v) stalls store data like any operand; we follow the spec. */
    uint64_t r1 = t->ready[in.rs1], r2 = t->ready[in.rs2];
    if (in.cls == TC_STORE)
        r2 = 0;
    uint64_t r = r1 > r2 ? r1 : r2;
    if (__builtin_expect(r > x, 0)) {
        enum stall_cause c = r1 >= r2 ? t->cause[in.rs1] : t->cause[in.rs2];
        t->stall[c] += r - x;
        cost += (uint32_t)(r - x);
        x = r;
    }
    t->now = x + 1;
    /* the result can be forwarded into EXR from x + lat: ALU/MUL/DIV 1 + alu_use (from
     * BR), loads 1 + load_use (from MEM), LUI, links and CSR values 1 (from EX) */
    t->ready[in.rd] = x + t->lat[in.cls];
    t->cause[in.rd] = t->lat_cause[in.cls];
    t->ready[0] = 0;
    if (__builtin_expect(in.cls <= TC_LOAD, 1)) /* TC_ALU, TC_LUI, TC_LOAD */
        return cost;
    switch (in.cls) {
    case TC_STORE:
        cost += timing_freeze(t, ST_STORE, flags & TF_MMIO ? p->store_mmio : p->store_ram);
        break;
    case TC_BRANCH:
        cost += timing_branch(t, x0, x, flags, pc);
        break;
    case TC_JAL:
        t->now += p->jal;
        cost += timing_freeze(t, ST_JUMP, p->jal);
        break;
    case TC_JALR:
        t->now += p->jalr;
        cost += timing_freeze(t, ST_JUMP, p->jalr);
        break;
    case TC_MUL:
        cost += timing_freeze(t, ST_MUL, p->mul);
        break;
    case TC_DIV:
        cost += timing_freeze(t, ST_DIV, flags & TF_DIV_EARLY ? p->div_early
                                         : flags & TF_WORD   ? p->div32
                                                             : p->div64);
        break;
    case TC_CSR:
        cost += timing_csr_raw(t, x, flags);
        break;
    default: /* TC_FENCE, TC_SYSTEM (WFI): one cycle, nothing in flight */
        break;
    }
    return cost;
}

static inline __attribute__((always_inline)) uint32_t
timing_retire(struct timing *t, struct timing_insn in, unsigned flags)
{
    return timing_retire_pc(t, in, flags, 0);
}

/* Cycles from the trapping instruction's issue to the first handler instruction issuing
 * (TRAP_INTERRUPT: from the assertion cycle; see timing_interrupt). */
uint32_t timing_trap(struct timing *t, enum trap_kind kind);
/* Cycles from MRET's issue to the first instruction after it issuing. */
uint32_t timing_mret(struct timing *t);
/* An interrupt taken at the boundary where mcycle == mcycle_now, the interrupt having been
 * asserted (line raised and enabled) at mcycle `asserted_at` (<= mcycle_now +
 * timing_irq_window()).  Returns the cycles to add so that the first handler instruction
 * issues exactly timing_trap(TRAP_INTERRUPT) cycles after the assertion.  Instructions
 * issued within timing_irq_window() cycles before the assertion are still in flight when
 * the FSM freezes the pipeline: the loop must take the interrupt before them (they become
 * mepc, spec: "mepc is the oldest in-flight instruction that has not completed"). */
uint32_t timing_interrupt(struct timing *t, uint64_t mcycle_now, uint64_t asserted_at);
static inline uint32_t timing_irq_window(const struct timing *t) { return t->p.irq_flush; }
/* WFI waited `cycles` with nothing in flight. */
static inline void timing_idle(struct timing *t, uint64_t cycles)
{
    t->now += cycles;
    t->stall[ST_IDLE] += cycles;
}
#endif
