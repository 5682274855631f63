/* tempo-sim: the machine state shared by the core (cpu.c, csr.c), the bus (bus.c) and the
 * devices (clint.c, uart.c, simctl.c).  One hart, machine mode only. */
#ifndef TEMPO_SIM_H
#define TEMPO_SIM_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "decode.h"
#include "timing.h"

/* Exit statuses (README "## tempo-sim"). Firmware codes >= 120 are reported as 119. */
enum {
    EXIT_FW_MAX = 119,
    EXIT_USAGE = 120,
    EXIT_ELF_UNREADABLE = 121,
    EXIT_ELF_MALFORMED = 122,
    EXIT_ELF_OUTSIDE = 123,
    EXIT_CYCLE_LIMIT = 124,
    EXIT_WFI_NO_WAKE = 125,
    EXIT_TRAP_LOOP = 126,
};

enum soc { SOC_PAPER, SOC_VIRT };
struct machine;

/* mcause values (RISC-V privileged spec, table "Machine cause register values") */
enum {
    CAUSE_FETCH_MISALIGNED = 0, CAUSE_FETCH_ACCESS = 1, CAUSE_ILLEGAL = 2, CAUSE_BREAKPOINT = 3,
    CAUSE_LOAD_MISALIGNED = 4, CAUSE_LOAD_ACCESS = 5, CAUSE_STORE_MISALIGNED = 6,
    CAUSE_STORE_ACCESS = 7, CAUSE_ECALL_M = 11,
    IRQ_MSI = 3, IRQ_MTI = 7, IRQ_MEI = 11,
};
#define MIP_MSIP (1u << IRQ_MSI)
#define MIP_MTIP (1u << IRQ_MTI)
#define MIP_MEIP (1u << IRQ_MEI)

/* A RAM region backed by host memory.  `dec` (code memory only) caches one predecoded
 * record per word; [dec_lo, dec_hi) bounds the offsets ever decoded so that stores far from
 * code skip the invalidation. */
struct ram {
    uint64_t base, size;
    uint8_t *mem;
    struct insn *dec;
    uint64_t dec_lo, dec_hi;
};

struct device {
    const char *name;
    uint64_t base, size;
    /* 0 on success, -1 for an access the device does not accept (-> access fault) */
    int (*read)(struct machine *m, uint64_t off, unsigned size, uint64_t *val);
    int (*write)(struct machine *m, uint64_t off, unsigned size, uint64_t val);
};

enum stop { STOP_NONE, STOP_EXIT, STOP_CYCLE_LIMIT, STOP_WFI, STOP_TRAP_LOOP };

struct sim_config {
    enum soc soc;
    uint64_t imem_size, dmem_size, ram_size;
    uint64_t max_cycles; /* 0: no limit */
    FILE *trace;         /* NULL: no trace */
    bool profile;
};

struct machine {
    /* hart */
    uint64_t x[32];
    uint64_t pc;
    int xlen;
    uint64_t cycle;      /* clock cycles since reset; mcycle = cycle + mcycle_adj */
    uint64_t next_event; /* the loop calls cpu_event() when cycle >= next_event */
    uint64_t mcycle_adj;
    uint64_t instret; /* minstret */
    /* CSRs */
    bool mstatus_mie, mstatus_mpie;
    uint64_t mie, mtvec, mscratch, mepc, mcause, mtval;
    uint64_t mepc_old;  /* mepc before the last CSR write to it (timing_mret_stale_mepc) */
    bool mcycle_write;  /* a CSR write to mcycle(h) takes effect after its instruction */
    uint64_t mcycle_new;
    /* memory and devices */
    struct ram ram[2];  /* ram[0]: checked first by loads/stores */
    struct ram *code;   /* the region instructions are fetched from */
    struct device dev[6];
    int ndev;
    uint64_t tohost, tohost_dw; /* tohost_dw = tohost >> 3, or ~0 when there is none */
    unsigned tohost_size;
    /* devices */
    enum soc soc;
    uint64_t cycles_per_tick, mtime_adj, mtimecmp;
    bool msip;
    bool irq_armed, irq_pending;
    uint64_t irq_at;   /* in mcycle units */
    uint32_t irq_at_hi; /* staged high word of IRQ_AT */
    uint8_t uart_lcr;
    /* run control */
    enum stop stop;
    int exit_code;      /* firmware exit code (already clamped) */
    uint64_t max_cycles; /* UINT64_MAX: none */
    FILE *trace;
    struct timing timing;
    /* statistics */
    uint64_t class_count[TC_COUNT];
    uint64_t issued;    /* timing_retire + timing_mret calls: the base cycles of --stats */
    uint64_t wfi_idle;  /* cycles skipped by WFI */
    uint64_t traps, interrupts;
    /* profile (only with --profile): function index per code word */
    uint32_t *prof_func;  /* per word of [prof_lo, prof_lo + 4 * prof_words) */
    uint64_t prof_lo, prof_words;
    uint32_t prof_unknown; /* index used for pcs outside every function */
    uint64_t *prof_cycles, *prof_insns;
};

/* sim/machine.c */
int machine_init(struct machine *m, const struct sim_config *cfg, int xlen);
void machine_free(struct machine *m);
void machine_exit(struct machine *m, uint64_t code); /* firmware asked to stop */
uint64_t machine_mcycle(const struct machine *m);

/* sim/cpu.c */
void cpu_run(struct machine *m);
void cpu_trap(struct machine *m, uint64_t cause, uint64_t tval);

/* sim/profile.c: profile and trace of one loop iteration (slow loop only) */
void sim_account(struct machine *m, uint64_t pc, uint64_t c0, const struct insn *d, bool retired);

/* sim/csr.c: 0 on success, -1 -> illegal instruction */
int csr_read(struct machine *m, unsigned csr, uint64_t *val);
int csr_write(struct machine *m, unsigned csr, uint64_t val);
uint64_t csr_mstatus(const struct machine *m);
uint64_t csr_mip(struct machine *m);

/* sim/bus.c: RAM outside ram[0] and devices. */
enum { BUS_RAM = 0, BUS_MMIO = 1, BUS_FAULT = -1 };
int bus_load(struct machine *m, uint64_t addr, unsigned size, uint64_t *val);
int bus_store(struct machine *m, uint64_t addr, unsigned size, uint64_t val);
void bus_tohost_check(struct machine *m);
void ram_invalidate(struct ram *r, uint64_t off, unsigned size);

/* devices: sim/clint.c, sim/uart.c, sim/simctl.c */
void clint_attach(struct machine *m);
uint64_t clint_mtime(const struct machine *m);
bool clint_mtip(const struct machine *m);
uint64_t clint_event_cycle(const struct machine *m); /* cycle MTIP rises, UINT64_MAX: never */
void uart_attach(struct machine *m);
void simctl_attach(struct machine *m);
bool simctl_meip(struct machine *m);
uint64_t simctl_event_cycle(const struct machine *m);
#endif
