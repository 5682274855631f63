/* Run control: why a run stops, the firmware's exit request, the cycle limit, and the
 * exit statuses they become (docs/simulator.md).  Devices that end a run (the simulator-
 * control EXIT, the virt test device), the bus's tohost watch, the trap logic, --check and
 * the debugger record their reason here; the first reason recorded wins.  Nothing here
 * knows the machine: the hart's next_event is reached through a pointer, so that a request
 * is looked at before the next instruction. */
#ifndef TEMPO_RUN_H
#define TEMPO_RUN_H
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

/* Exit statuses (docs/simulator.md). Firmware codes >= 120 are reported as 119. */
enum {
    EXIT_FW_MAX = 119,
    EXIT_USAGE = 120,
    EXIT_ELF_UNREADABLE = 121,
    EXIT_ELF_MALFORMED = 122,
    EXIT_ELF_OUTSIDE = 123,
    EXIT_CYCLE_LIMIT = 124,
    EXIT_NO_WAKE = 125,
    EXIT_TRAP_STORM = 126,
    EXIT_OUTPUT_LOST = 127,
    EXIT_CHECK = 128,       /* a --check finding, or --hazards stop (signals start above it) */
    EXIT_SIGNAL_BASE = 128, /* + the signal number: 130 SIGINT, 143 SIGTERM */
    EXIT_KILLED = 137,      /* GDB's kill (as SIGKILL would) */
};

/* How a run ends. */
enum stop {
    STOP_NONE, STOP_EXIT, STOP_CYCLE_LIMIT, STOP_END_OF_TIME, STOP_WFI, STOP_TRAP_STORM,
    STOP_SIGNAL, STOP_KILLED, /* STOP_KILLED: GDB's kill */
    STOP_CHECK,               /* a --check finding (check.h) */
    STOP_HAZARD,              /* --hazards stop (machine.h: struct hazards) */
};

/* The last cycle a run may reach: the 64-bit cycle count minus room for one instruction's
 * cost, so that no addition to it wraps (a WFI waiting for a far IRQ_AT gets here). */
#define MACHINE_END_OF_TIME (UINT64_MAX - (1ull << 32))

struct run_state {
    enum stop stop;
    int exit_code;        /* STOP_EXIT: the firmware's code, clamped to EXIT_FW_MAX */
    uint64_t max_cycles;  /* --max-cycles, or the end of time (MACHINE_END_OF_TIME) */
    bool cycle_limit;     /* --max-cycles was given */
    volatile uint64_t *next_event; /* the hart's: 0 makes the loop look at the run at once */
};

/* max_cycles 0: no limit (the end of time); next_event: the hart's (machine.h). */
void run_init(struct run_state *r, uint64_t max_cycles, volatile uint64_t *next_event);
/* Record why the run stops, unless a reason is recorded already; the loop looks at once. */
void run_stop(struct run_state *r, enum stop why);
/* The firmware asked to stop with `code`. */
void run_exit(struct run_state *r, uint64_t code);

/* Set by main()'s SIGINT/SIGTERM handler (the signal number); cpu_event() stops the run. */
extern volatile sig_atomic_t machine_signal;
#endif
