/* tempo-sim: one machine = one hart (registers, CSRs, clock), the bus with its memories and
 * devices (each owning its state: clint.h, uart.h, simctl.h, testdev.h, vga.h, ps2.h), the
 * timing model with its parameters (timing.h), run control, statistics (stats.h) and the
 * observers registered on it (observer.h).  Machine mode only. */
#ifndef TEMPO_MACHINE_H
#define TEMPO_MACHINE_H
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "bus.h"
#include "cache.h"
#include "clint.h"
#include "ps2.h"
#include "irqoff.h"
#include "observer.h"
#include "riscv/encoding.h"
#include "run.h"
#include "simctl.h"
#include "stats.h"
#include "testdev.h"
#include "timing.h"
#include "uart.h"
#include "vga.h"

/* The CSRs that hold state (csr.c); the others are computed when read. */
struct csr_file {
    bool mstatus_mie, mstatus_mpie;
    uint64_t mie, mtvec, mscratch, mepc, mcause, mtval;
    uint64_t mepc_old;  /* mepc before the last CSR write to it (timing_mret_stale_mepc) */
    uint64_t mepc_write_pc; /* the CSR instruction of that write, for the hazard's report */
    bool mcycle_write;  /* a CSR write to mcycle(h) takes effect after its instruction */
    uint64_t mcycle_new;
};

struct hart {
    uint64_t x[32];
    uint64_t pc;
    int xlen;
    struct clock clk;
    uint64_t instret; /* minstret */
    /* The loop calls cpu_event() when clk.cycle >= next_event.  volatile: the handler of
     * SIGINT/SIGTERM sets it to 0, and the loop must see that. */
    volatile uint64_t next_event;
    struct csr_file csr;
};

/* Synchronous exceptions, for the trap storm (trap.c) and the report of a fault that ends
 * the run (main.c). */
struct fault_watch {
    bool open;                  /* a fault (exception but ECALL) is being handled: no MRET since */
    uint64_t cause, epc, tval;  /* the first fault since the last MRET */
    uint64_t last_cause, last_epc; /* the last exception, ECALL included */
    uint64_t repeats;           /* times it was taken in a row with no MRET in between */
    bool unfetchable;           /* the storm is a handler that cannot be fetched */
};

struct sim_config {
    enum soc soc;
    uint64_t imem_size, dmem_size, ram_size;
    uint64_t max_cycles; /* 0: no limit */
    struct timing_params timing;
    bool reference;      /* --engine reference */
    bool threaded;       /* --engine threaded */
    struct cache_config cache; /* --icache, --dcache, --mem-* (all zero: none) */
    bool hazard_stop;    /* --hazards stop */
};

/* The modelled RTL behaviours that change what a program computes, not only when: the MRET
 * that returns to the old mepc (timing.h: timing_mret_stale_mepc) and the store the paper's
 * data port cannot make into instruction memory (bus.c).  Each is counted (--stats); the
 * first of each kind is said on stderr as it happens, or ends the run (--hazards stop). */
struct hazards {
    bool stop;             /* --hazards stop */
    uint64_t mret_stale;   /* MRETs that went to the old mepc, not the one just written */
    uint64_t ecall_back;   /* ECALLs that saved the pc before them (ecall_mepc_wait=1) */
    uint64_t store_lost;   /* stores into the paper SoC's instruction memory */
    char line[512];        /* the last first occurrence's line: the one that stopped the run */
};

struct symtab;
struct observe;
struct check;

struct machine {
    struct hart hart;
    struct bus bus;
    struct timing timing;
    struct caches caches; /* --icache, --dcache (cache.h) */
    struct stats stats;
    struct irqoff irqoff; /* interrupt-disabled windows (irqoff.h) */
    /* devices */
    struct clint clint;
    struct uart uart;
    struct simctl simctl;
    struct testdev test;
    struct vga vga;   /* paper only */
    struct ps2 kbd;   /* paper only */
    const struct device *irq_dev[IRQ_M_EXT + 1]; /* the device driving each interrupt line */
    /* run control */
    enum soc soc;
    struct run_state run; /* why it stops, the cycle limit (run.h) */
    struct fault_watch faults;
    struct hazards hazards;
    bool reference;       /* --engine reference: the reference loop only */
    bool threaded;        /* --engine threaded: the fast engine generates no code (fast.h) */
    /* observation: names for messages; the observers' shared state (observe.h: the flag
     * map, the trace's window, thread names, stack marks; NULL: none) and the observers
     * registered with observe_register() (observer.h: --gdb, --trace, --timeline,
     * --measure, --check, --profile, --coverage; none and no shared state: the loops call
     * no observer) */
    const struct symtab *symbols;
    struct observe *obs;
    struct observers observers;
    /* --check and the watchdog's looks (check.h): cpu_event() calls check_look() once the
     * cycle count reaches watch_at */
    struct check *check;
    uint64_t watch_at;
    /* The execute engine's statistics not charged yet (the fast engine charges its timed
     * runs' in bulk): settle(settle_ctx) charges them, for a reader before the run ends
     * (the debugger's monitor stats); NULL: nothing is pending. */
    void (*settle)(void *ctx);
    void *settle_ctx;
};

/* sim/soc/machine.c */
int machine_init(struct machine *m, const struct sim_config *cfg, int xlen);
void machine_free(struct machine *m);
/* A store of the core that ram[0]'s fast path did not take (bus.h: BUS_RAM, BUS_MMIO,
 * BUS_FAULT): a store into the paper's instruction memory is the lost-store hazard, a device
 * write makes the loop look at interrupts and events again. */
int machine_store(struct machine *m, uint64_t addr, unsigned size, uint64_t val);
uint64_t machine_mcycle(const struct machine *m);
/* bring every device up to the current cycle; the interrupt lines they drive (MIP bits) */
uint64_t machine_update_devices(struct machine *m);

/* An I$ or a D$ is configured: the reference execute loop runs its cached instances (cpu.c),
 * and the fast engine runs the blocks whose accesses hit (fast.c). */
static inline bool machine_cached(const struct machine *m) { return m->caches.on; }

/* The machine options only the reference execute loop honours: with any of them, cpu_run()
 * runs it instead of the fast engine (fast.h).  cpu.c adds the observers that see every
 * instruction (observer.h: every_insn; a
 * trace without a window); the other observers and the caches run on the fast engine,
 * which leaves to the reference loop the instructions it cannot vouch for (fast.h). */
static inline bool machine_reference_only(const struct machine *m)
{
    return m->reference;
}

/* sim/core/cpu.c: run until the machine stops (m->run.stop) */
void cpu_run(struct machine *m);
/* decode the word at code offset `off` into d, its predecoded record, and widen the range
 * of predecoded words that stores must invalidate (code->dec_lo, dec_hi) */
void cpu_predecode(struct ram *code, struct insn *d, uint64_t off, int xlen);
/* n instructions of the reference loop, the first without looking at device events (the
 * caller just did: c0 is the cycle before its look, where the first step began, as the
 * loop's own steps begin) and, when pre_done, without calling observe_pre() (the caller
 * did); 1 when the run must end */
int cpu_run_steps(struct machine *m, uint64_t n, uint64_t c0, bool pre_done);
/* Zicsr: instruction d on its CSR with rs1's value a, at the machine's pc and cycle (the
 * cycle the core reads the CSR: timing_read_lag()): the CSR's old value in *v and, when it
 * writes the CSR, TF_CSR_WRITE in *flags; -1, with nothing changed, for an illegal access */
int cpu_csr(struct machine *m, const struct insn *d, uint64_t a, uint64_t *v, unsigned *flags);

/* sim/core/trap.c: trap entry, interrupts, WFI, MRET and run control */
void trap_exception(struct machine *m, uint64_t cause, uint64_t tval);
void trap_fetch_fault(struct machine *m); /* pc lies outside code memory */
int cpu_event(struct machine *m); /* 1: the run must end */
void cpu_wfi(struct machine *m);
void cpu_mret(struct machine *m);
/* MRET's effect on the hart's CSRs and the fault watch (cpu_mret() and the fast engine's):
 * the pc it returns to, at the machine's pc and cycle before it, the model's instruction
 * count that of the instructions before it */
uint64_t trap_mret(struct machine *m);
/* ... and once its cycles are over (the machine's cycle): the irq-off window and the
 * observers' events; `was` is mstatus.MIE before it */
void trap_mret_end(struct machine *m, bool was, uint64_t mret_pc);
/* "load access fault", ... (privileged spec names); "interrupt N" for interrupts */
const char *trap_cause_name(uint64_t mcause, int xlen);
/* sim/observe/hazard.c: the MRET at pc goes to the old mepc; a store to addr is lost */
void hazard_mret(struct machine *m);
void hazard_store_lost(struct machine *m, uint64_t addr, unsigned size);
void hazard_ecall(struct machine *m);

/* sim/core/csr.c: 0 on success, -1 -> illegal instruction */
int csr_read(struct machine *m, unsigned csr, uint64_t *val);
int csr_write(struct machine *m, unsigned csr, uint64_t val);
uint64_t csr_mstatus(const struct machine *m);
uint64_t csr_mip(struct machine *m);
#endif
