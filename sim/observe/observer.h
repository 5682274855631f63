/* One observer of a run, as the dispatcher (observe.h) sees it: a name, its hooks and their
 * context.  Every observer that the traced loop feeds (the debugger, the timeline, the
 * latency probes, --check's progress count) fills one struct observer and is registered
 * with observe_register(); the machine keeps the list (machine.h) and the dispatcher calls
 * the hooks in the order of registration.  A NULL hook is an event the observer ignores.
 * An observer reads the shared state of observe.h (the flag map, the window, the kernel's
 * threads) and never calls back into the dispatcher.
 *
 * How to add one: docs in sim/observe/README.md. */
#ifndef TEMPO_OBSERVER_H
#define TEMPO_OBSERVER_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct machine;
struct insn;

/* What the dispatcher derives from the run (the kernel awareness, the flag map, the traps). */
enum observe_kind {
    OBS_CALL,    /* pc reached a word flagged PCF_CALL (a kernel call's entry): arg = pc,
                    ra and sp as the caller left them */
    OBS_PROBE,   /* pc reached a word flagged PCF_PROBE: arg = pc */
    OBS_SWITCH,  /* the kernel made thread arg current (from: the one before; -1: none) */
    OBS_RUN,     /* thread arg runs its own code for the first time since it was made current */
    OBS_IRQ,     /* an interrupt was taken: arg = its cause, asserted = the cycle its line
                    rose; nested: a handler was running already */
    OBS_TRAP,    /* any trap was taken (after OBS_IRQ for an interrupt): arg = its cause */
    OBS_IRQ_END, /* the MRET that ends an interrupt handler (before OBS_MRET) */
    OBS_MRET,    /* an MRET completed */
    OBS_END,     /* the run ended */
};

struct observe_event {
    enum observe_kind kind;
    uint64_t cycle;    /* the hart's cycle count: at the instruction's issue (CALL, PROBE,
                          SWITCH, RUN), at the handler's first instruction (IRQ, TRAP), after
                          the MRET (IRQ_END, MRET), at the end (END) */
    uint64_t arg;      /* see each kind; a thread index is an int stored as int64_t */
    int from;          /* OBS_SWITCH */
    uint64_t ra, sp;   /* OBS_CALL */
    uint64_t asserted; /* OBS_IRQ */
    bool nested;       /* OBS_IRQ */
};

struct observer {
    const char *name;
    void *ctx;         /* handed to every hook */
    /* The observer must see every instruction in the reference loop (the debugger): the
     * fast engine does not run. */
    bool every_insn;
    /* Before the instruction at pc issues (cycle: the hart's count): false ends the run.
     * The hook may move m->hart.pc; the next observer sees where it went. */
    bool (*pre)(void *ctx, struct machine *m, uint64_t pc, uint64_t cycle);
    /* After it (ea: a load's or store's address; retired: it completed without a trap). */
    void (*post)(void *ctx, struct machine *m, uint64_t pc, const struct insn *d, uint64_t ea,
                 bool retired);
    void (*event)(void *ctx, const struct observe_event *e);
    /* The one pc at which pre() may act beyond the flag map (UINT64_MAX: none), so that the
     * fast engine leaves that pc to the reference loop (observe_fast_pc()). */
    uint64_t (*fast_pc)(const void *ctx);
    /* --stats and --stats-json: the observer's own report (JSON: members of the top-level
     * object, each written after a comma). */
    void (*report)(const void *ctx, FILE *out);
    void (*report_json)(const void *ctx, FILE *f);
};

/* The registered observers (struct machine holds one list). */
#define OBSERVERS_MAX 8
struct observers {
    struct observer list[OBSERVERS_MAX];
    int n;
};
#endif
