/* The pipeline timing model of the 8-stage core (docs/timing.md), calibrated against the
 * paper's own RTL (tests/rtl/: the RTL cross-check; docs/timing-rtl.md: the evidence).
 *
 * CONTRACT between the execute loop (sim/core/cpu.c) and the timing model (sim/timing/timing.c):
 * the loop executes each instruction functionally and hands it to the model, which returns
 * how far mcycle advances.  mcycle after an instruction is the cycle the instruction entered
 * EXR.  A CSR instruction is handed over before it executes: the core reads a CSR in ID, and
 * the value it carries is the counter of its second-last ID cycle, timing_read_lag() cycles
 * before it enters EXR (cpu.c reads mcycle that many cycles back).
 *
 * THE MODEL is cycle by cycle, the control of the paper's RTL: the stages ID, EXR, EX, BR
 * (the RTL's EX2), MEM and WB hold an instruction or a bubble, and each cycle is
 *   - frozen (nothing moves) while the CSR file is busy (a CSR address in ID: csr_ready low
 *     for one cycle, and again every second cycle while the instruction stays in ID), a
 *     RAM store is in its first write cycle in MEM (write_done low), or the multiplier or
 *     divider is starting or busy in EX;
 *   - otherwise the front (IF..EXR) holds and a bubble enters EX while the instruction in
 *     EXR waits for an operand (an ALU/MUL/DIV result in EX, a load in EX or BR; store data
 *     included) or for an older CSR instruction in EX, MEM or WB;
 *   - otherwise everything moves one stage.
 * A jump or mispredicted branch in BR squashes the wrong-path instructions behind it and
 * sends fetch to the target; a predicted-taken branch redirects fetch from IO; the global
 * 2-bit counter is read in IO and updated every cycle a branch sits in BR.  ECALL and MRET
 * are detected in ID, the timer interrupt when its line rises; the trap controller's FSM
 * then empties the pipeline and the target enters ID a fixed number of cycles later.
 * Wrong-path instructions are bubbles except for their CSR-address freeze in ID (the RTL
 * decodes bits 31:20 of whatever reaches IO), for which the model reads the code memory.
 * Every number is a named parameter (sim/timing/timing.c: the table with names, defaults and the
 * RTL measurement or doc line each rests on), settable with --set name=value.
 *
 * WHAT AN EXECUTE ENGINE CALLS (sim/core/cpu.c and sim/core/trap.c are the reference):
 *  - timing_init(t, params), then timing_attach_code(t, code memory, base, size, xlen);
 *  - per instruction, timing_retire_pc(t, insn, flags, pc) (out of line: the cycle loop),
 *    flags = the decoder's static flags (TF_WORD, TF_DOUBLE, TF_CSR_ACCESS) | the outcome
 *    (TF_TAKEN, TF_MMIO, TF_DIV_EARLY, TF_CSR_WRITE); it returns the cycles to add to mcycle;
 *  - a CSR instruction: timing_retire_pc BEFORE its CSR access, which reads the counters
 *    timing_read_lag(t) cycles back; a CSR write of mepc calls timing_mepc_written(t);
 *  - MRET: the target is the old mepc when timing_mret_stale_mepc(t), then timing_mret(t);
 *  - ECALL: after timing_trap, mepc is the pc before it when timing_ecall_mepc_back(t);
 *  - a trap: timing_trap(t, kind) instead of timing_retire_pc; an interrupt:
 *    timing_interrupt(t, now, rise), looked for timing_irq_window(t) cycles ahead (it depends
 *    on what is in flight), waking up timing_irq_window_max(t) before a device event; a line
 *    a device store raised rises at timing_device_rise(t, now);
 *  - WFI: timing_idle(t, cycles); caches: timing_fetch_wait(t, n), timing_freeze_all(t, n).
 * Changed from the scoreboard model this replaced: the retire step is out of line and
 * cycle by cycle (struct timing holds the stages, not register ready times); CSR
 * instructions are timed before they execute; timing_irq_window takes the model and varies;
 * new: timing_attach_code, timing_read_lag, timing_mret_stale_mepc, timing_mepc_written,
 * timing_device_rise, timing_irq_window_max, timing_fetch_wait, timing_freeze_all,
 * TF_DOUBLE, TF_CSR_ACCESS, timing_csr_address; removed: timing_branch, timing_csr_raw,
 * timing_freeze. */
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

/* Outcome flags the loop passes for one executed instruction (the static ones come from
 * the decoder: TF_WORD, TF_DOUBLE, TF_CSR_ACCESS). */
enum {
    TF_TAKEN = 1u << 0,      /* conditional branch was taken */
    TF_MMIO = 1u << 1,       /* the load/store went to a device, not to RAM */
    TF_DIV_EARLY = 1u << 2,  /* divide by zero or signed overflow: early finish */
    TF_WORD = 1u << 3,       /* 32-bit operation: XLEN=32, or an RV64 W form */
    TF_CSR_WRITE = 1u << 4,  /* CSR instruction that writes its CSR */
    TF_DOUBLE = 1u << 5,     /* 8-byte load or store (ld, sd): the what-if data_port=32 */
    TF_CSR_ACCESS = 1u << 6, /* bits 31:20 are a CSR address the RTL decodes, whatever the
                                opcode: the CSR file freezes the pipeline with it in ID */
};

/* What the model needs of one instruction (0 in rd/rs1/rs2 means "none"; for a store rs2
 * is the data register; for CSR immediate forms and LUI/AUIPC/JAL rs1 is 0). */
struct timing_insn {
    uint8_t cls, rd, rs1, rs2;
};

/* Kinds of control transfer charged through the trap controller FSM.
 * TRAP_ECALL: detected in ID.  TRAP_EXCEPTION: illegal instruction, EBREAK, misaligned or
 * faulting fetch target, raised exc_stage stages after ID.  TRAP_MEM_FAULT: misaligned or
 * faulting load or store, raised in MEM. */
enum trap_kind { TRAP_EXCEPTION, TRAP_ECALL, TRAP_INTERRUPT, TRAP_MEM_FAULT };

/* Stall causes reported by --stats; base cycles (one per timing_retire/timing_mret call)
 * plus the stall cycles equal mcycle.  ST_IDLE: cycles WFI waited (timing_idle). */
enum stall_cause {
    ST_ALU_USE, ST_LOAD_USE, ST_BRANCH, ST_MISPREDICT, ST_JUMP, ST_STORE, ST_MUL, ST_DIV,
    ST_CSR, ST_TRAP, ST_REFILL, ST_IDLE, ST_COUNT
};
extern const char *const stall_cause_name[ST_COUNT];

/* The model's numbers; sim/timing/timing.c holds the one table of names, defaults and citations. */
enum predictor_kind { BP_GLOBAL2BIT, BP_NOT_TAKEN, BP_TAKEN, BP_TABLE };
struct timing_params {
    uint32_t alu_use, load_use, store_data, branch_taken, mispredict, jal, jalr;
    uint32_t store_ram, store_mmio, mul, div32, div64, div_early, data_port;
    uint32_t csr, csr_raw, read_lag;
    uint32_t trap_detect, ecall_stage, exc_stage, mem_fault_stage;
    uint32_t fsm_ecall, fsm_exc, fsm_irq, fsm_mret, refill, irq_flush, mmio_effect;
    uint32_t mret_mepc_window, ecall_mepc_wait;
    uint32_t predictor, bp_entries, bp_init, bp_frozen;
};

#define TIMING_BP_MAX 4096 /* largest what-if predictor table (predictor=table) */

/* One pipeline stage's content; valid == 0 is a bubble.  X(type, name) per field: the
 * struct is declared from this list, and the fast engine copies a slot field by field
 * from it (sim/core/fast.c: its states must not hold padding bytes). */
#define TSLOT_FIELDS(X)                                                                     \
    X(uint8_t, valid)                                                                       \
    X(uint8_t, wrong)     /* fetched on a wrong path, squashed in BR at the latest */       \
    X(uint8_t, cls)                                                                         \
    X(uint8_t, rd)                                                                          \
    X(uint8_t, rs1)                                                                         \
    X(uint8_t, rs2)       /* ALU operand B; for stores, sdata is the data */                \
    X(uint8_t, sdata)                                                                       \
    X(uint8_t, csr_acc)                                                                     \
    X(uint8_t, csr_we)                                                                      \
    X(uint8_t, fwd)                                                                         \
    X(uint8_t, load)                                                                        \
    X(uint8_t, store_ram)                                                                   \
    X(uint8_t, beats)     /* extra write/read beats in MEM (data_port=32, 8-byte access) */ \
    X(uint8_t, branch)                                                                      \
    X(uint8_t, taken)                                                                       \
    X(uint8_t, redirect)  /* a jump or mispredicted branch: pen bubbles behind it */        \
    X(uint8_t, pen)                                                                         \
    X(uint16_t, busy)     /* MUL/DIV busy cycles after the start cycle */                   \
    X(uint16_t, bp_index)
#define TIMING_DECLARE(type, name, ...) type name;
struct tslot {
    TSLOT_FIELDS(TIMING_DECLARE)
};
enum { TS_ID, TS_EXR, TS_EX, TS_BR, TS_MEM, TS_WB, TS_N };

/* The model's pipeline state besides the stages (st[]) and the global counter (bp[0]):
 * X(type, name, form) per field.  The struct declares them from this list, and the fast
 * engine keeps states relative to the current cycle from it (sim/core/fast.c: capture,
 * restore), so a field added here is part of its states; a field that does not decide how
 * later instructions are timed (statistics, parameters) belongs outside the list.  form:
 *   VALUE     taken as it is;
 *   READY     a cycle, 0 for "no wait" and UINT64_MAX for "behind a redirect";
 *   WRONG     meaningful only while wrong_on (0 otherwise);
 *   WRONG_AT  a cycle, meaningful only while wrong_on. */
#define TIMING_STATE(X)                                                                     \
    X(uint64_t, id_ready, READY)  /* earliest cycle the next correct-path insn enters ID */ \
    X(uint8_t, id_cause, VALUE)   /* the stall cause of waiting for id_ready */             \
    X(uint8_t, wrong_on, VALUE)   /* wrong-path instructions fill ID while waiting for a    \
                                     redirect */                                            \
    X(uint64_t, wrong_pc, WRONG)  /* the next one, from ... */                              \
    X(uint64_t, wrong_at, WRONG_AT) /* ... this cycle */                                    \
    X(uint8_t, csr_proc, VALUE)   /* the CSR file's csr_processing flip-flop */             \
    X(uint8_t, write_phase, VALUE) /* the data memory's write_phase */                      \
    X(uint8_t, beat, VALUE)       /* extra beats done */                                    \
    X(uint16_t, md_busy, VALUE)   /* multiplier/divider busy cycles left */                 \
    X(uint8_t, md_inflight, VALUE) /* the ALU controller's inflight flag (restart when it   \
                                      clears) */                                            \
    X(uint8_t, bp_io, VALUE)      /* the global counter as IO saw it in the last cycle */

struct timing {
    struct timing_params p;     /* this machine's numbers (timing_init) */
    uint64_t stall[ST_COUNT];
    uint64_t cyc;               /* the current cycle: the one the next instruction may enter ID */
    struct tslot st[TS_N];
    TIMING_STATE(TIMING_DECLARE)
    uint8_t bp[TIMING_BP_MAX];  /* 2-bit counters; [0] is the global one */
    uint64_t branches, mispredicts;
    uint64_t irq_seen;          /* sim/core/cpu.c: assertions up to this cycle were looked at */
    uint64_t mmio_at;           /* cycle the last device store takes effect (timing_interrupt) */
    uint64_t seq, mepc_seq;     /* instructions handed over; the one that last wrote mepc */
    bool ecall_behind_wait;     /* the last ECALL saves the pc before it (timing_ecall_mepc_back) */
    uint32_t read_lag;          /* of the last instruction handed over (timing_read_lag) */
    uint64_t fetch_delay;       /* I$ miss cycles before the next instruction (timing_fetch_wait) */
    /* the code memory, for the CSR-address bits of wrong-path instructions */
    const uint8_t *code;
    uint64_t code_base, code_size;
    unsigned xlen;
};

/* The defaults of the parameter table (sim/timing/timing.c). */
void timing_params_default(struct timing_params *p);
/* `--set name=value` into `p`: 0 on success, -1 (with a message on stderr) for an unknown
 * name or a bad value (`p` unchanged). */
int timing_set_param(struct timing_params *p, const char *assignment);
/* The value of a parameter by name; -1 when there is none. */
long long timing_get_param(const struct timing_params *p, const char *name);
void timing_list_params(const struct timing_params *p, FILE *out);
/* A model at reset with the parameters `p` (copied: one machine, one set of numbers). */
void timing_init(struct timing *t, const struct timing_params *p);
/* The code memory and width (sim/soc/machine.c), for wrong-path instructions. */
void timing_attach_code(struct timing *t, const uint8_t *mem, uint64_t base, uint64_t size,
                        unsigned xlen);
/* bits 31:20 of `raw` are a CSR address the RTL's CSR file decodes (TF_CSR_ACCESS): RTL
 * IO_valid_csr_address compares them with the addresses the CSR file implements, whatever
 * the opcode */
static inline bool timing_csr_address(uint32_t raw, unsigned xlen)
{
    switch (raw >> 20) {
    case 0x300: case 0x301: case 0x304: case 0x305: case 0x340: case 0x341: case 0x342:
    case 0x344: case 0xb00: case 0xb02: case 0xf11: case 0xf12: case 0xf14:
        return true;
    case 0xb80: case 0xb82: /* mcycleh, minstreth: RV32 only */
        return xlen == 32;
    default:
        return false;
    }
}

/* Cycles one (non-trapping) instruction at `pc` adds to mcycle: until it enters EXR. */
uint32_t timing_retire_pc(struct timing *t, struct timing_insn in, unsigned flags, uint64_t pc);
static inline uint32_t timing_retire(struct timing *t, struct timing_insn in, unsigned flags)
{
    return timing_retire_pc(t, in, flags, 0);
}
/* The last instruction handed over (a CSR instruction) read counters this many cycles before
 * it entered EXR: read_lag once it stayed read_lag cycles in ID (the CSR freeze), else 1. */
static inline uint32_t timing_read_lag(const struct timing *t) { return t->read_lag; }
/* The counter (bp[]) a conditional branch at pc is predicted by and updates */
static inline unsigned timing_bp_index(const struct timing *t, uint64_t pc)
{
    return t->p.predictor == BP_TABLE ? (unsigned)(pc >> 2) & (t->p.bp_entries - 1) : 0;
}

/* The trapping instruction (at `pc`, handed over instead of timing_retire) to the cycle
 * before the handler's first instruction may enter ID; TRAP_INTERRUPT: see
 * timing_interrupt. */
uint32_t timing_trap(struct timing *t, enum trap_kind kind);
/* MRET (handed over instead of timing_retire) to the cycle before its target may enter ID. */
uint32_t timing_mret(struct timing *t);
/* MRET reads mepc as it was before a CSR write to it this close (instructions) before the
 * MRET: the RTL's trap controller reads mepc before the write reaches WB. */
static inline bool timing_mret_stale_mepc(const struct timing *t)
{
    return t->mepc_seq && t->seq - t->mepc_seq < t->p.mret_mepc_window;
}
/* The ECALL just handed over (timing_trap) saves as mepc the pc of the instruction before
 * it, not its own, with ecall_mepc_wait: the RV64 netlist's trap controller writes mepc
 * from EXR four cycles after it starts, and that instruction is still held there waiting
 * for an operand.  A handler that steps mepc by 4 then runs the ECALL a second time. */
static inline bool timing_ecall_mepc_back(const struct timing *t) { return t->ecall_behind_wait; }
/* A CSR instruction (already handed over: timing.h contract) writes mepc. */
static inline void timing_mepc_written(struct timing *t) { t->mepc_seq = t->seq; }
/* An interrupt taken at the boundary where mcycle == mcycle_now, its line having risen at
 * mcycle `asserted_at` (<= mcycle_now + timing_irq_window()).  Returns the cycles to add: to
 * the cycle the handler may enter ID, trap_detect + fsm_irq + refill after the rise. */
uint32_t timing_interrupt(struct timing *t, uint64_t mcycle_now, uint64_t asserted_at);
/* Instructions that enter EXR up to irq_flush cycles before an interrupt's line rises still
 * complete; the next one is where the trap controller cuts (it becomes mepc).  Seen from the
 * boundary before the next instruction (mcycle = the last one's EXR cycle), the window also
 * covers the bubbles the next one will wait behind a redirect (timing.c). */
uint64_t timing_irq_window(const struct timing *t);
/* The largest window: the execute loop looks at interrupt lines this early. */
uint64_t timing_irq_window_max(const struct timing *t);
/* A line that a device store raised rises when the store reaches the device: the cycle to
 * use instead of `now` for a line found up at the boundary `now`. */
static inline uint64_t timing_device_rise(const struct timing *t, uint64_t now)
{
    return t->mmio_at > now && t->mmio_at <= now + t->p.irq_flush + t->p.mmio_effect
               ? t->mmio_at : now;
}
/* Caches (sim/timing/cache.h; cpu.c's cached loop instances).  An instruction-cache miss: the next
 * instruction handed over enters ID `cycles` after it would have (the fetch starts when the
 * front end would have taken it: after a redirect, for a jump target), while the older
 * instructions drain (operand bubbles the wait covers disappear); the cost the model returns
 * for that instruction includes them.  A data-cache miss: the whole pipeline freezes `cycles`
 * cycles, charged before the load or store is handed over; the caller adds `cycles` to
 * mcycle.  Neither charges a stall cause: the caches count their own stall cycles. */
void timing_fetch_wait(struct timing *t, uint64_t cycles);
void timing_freeze_all(struct timing *t, uint64_t cycles);
/* WFI waited `cycles` with nothing in flight. */
void timing_idle(struct timing *t, uint64_t cycles);
#endif
