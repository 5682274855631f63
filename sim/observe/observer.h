/* One observer of a run, as the dispatcher (observe.h) sees it: a name, its hooks and their
 * context.  Every observer (the debugger, the timeline, the latency probes, --check, the
 * trace, the profile, coverage) fills one struct observer and is registered with
 * observe_register(); the machine keeps the list (machine.h) and the dispatcher calls the
 * hooks in the order of registration.  A NULL hook is an event the observer ignores.
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
    OBS_SWITCH,  /* the kernel made thread arg current (from: the one before; -1: none;
                    nested: from ran an interrupt handler) */
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
    bool nested;       /* OBS_IRQ, OBS_SWITCH */
};

/* One step of the reference loop, after it (observe_post()). */
struct observe_step {
    uint64_t pc;
    uint64_t c0;       /* the cycle the step began at, before the loop's look at devices and
                          interrupts (the trace line's cycle) */
    uint64_t issue;    /* the cycle the instruction issued at */
    const struct insn *d; /* NULL: pc could not be fetched (a fetch fault) */
    uint64_t ea;       /* a load's or store's address */
    bool retired;      /* it completed without a trap (an MRET included) */
    bool taken;        /* a conditional branch went to its target */
};

struct observer {
    const char *name;
    void *ctx;         /* handed to every hook */
    /* The observer must see every instruction in the reference loop (--check's
     * per-instruction checks): the fast engine does not run. */
    bool every_insn;
    /* The observer must see every instruction that issues inside the --trace-from/--trace-to
     * window (observe.h), and the window is all of the run without them (the trace). */
    bool every_insn_in_window;
    /* Its pre() may end the run or move the pc (the debugger): the fast engine leaves every
     * pc pre() may act on to the reference loop.  Without such an observer it calls
     * observe_pre() itself at the start of a block there (a kernel call's entry, a probe's,
     * fast_pc()). */
    bool pre_stops;
    /* The observer takes OBS_RUN: the fast engine leaves every instruction to the reference
     * loop from a thread switch until the thread made current runs its own code, which only
     * the reference loop's look before each instruction finds (observe_fast_view()). */
    bool run_events;
    /* Before the instruction at pc issues (cycle: the hart's count): false ends the run.
     * The hook may move m->hart.pc; the next observer sees where it went.  Without
     * pre_stops it changes nothing of observe_fast_view() but *fast_pc, which is all the
     * fast engine looks at again after it (observe_fast_pc()). */
    bool (*pre)(void *ctx, struct machine *m, uint64_t pc, uint64_t cycle);
    /* The instruction d at pc was fetched and is about to execute (ea: a load's or store's
     * address): false ends the run before it (a --check finding).  Only the reference loop
     * calls it: an observer with this hook sets every_insn, or keeps the shared state's
     * fast_watch (observe.h), which makes the fast engine leave it every instruction the
     * hook may act on. */
    bool (*exec)(void *ctx, struct machine *m, uint64_t pc, const struct insn *d, uint64_t ea);
    /* After the step (pre() and exec() let it run): what it did.  The shared state is up
     * to date: a thread switch the instruction made was an OBS_SWITCH before it. */
    void (*post)(void *ctx, struct machine *m, const struct observe_step *s);
    /* The fast engine's accounting of what it ran without the reference loop (fast.c, once
     * per instruction of a block's runs when it charges their statistics): `runs` runs of d
     * at pc took `cycles` cycles in all (up to the next instruction's issue), `taken` of
     * them a conditional branch that went to its target.  d NULL, runs 0: `cycles` of a look
     * at devices and interrupts before the instruction at pc. */
    void (*charge)(void *ctx, uint64_t pc, const struct insn *d, uint64_t runs, uint64_t cycles,
                   uint64_t taken);
    /* An event (observe.h); OBS_CALL, OBS_PROBE, OBS_IRQ_END and OBS_MRET change nothing
     * of observe_fast_view() but *fast_pc, as pre() */
    void (*event)(void *ctx, const struct observe_event *e);
    /* The fast engine goes on after the traced loop or a look at devices ran (which may
     * have changed what the observer watches: a thread switch, a thread made): bring the
     * shared state's fast_watch up to date (observe_fast_sync()).  What it sets may depend
     * on the threads' stacks, the current thread and the thread sp is in, no more: the
     * engine calls it again only when one of them may have changed (fast.c's sync_key). */
    void (*fast_sync)(void *ctx, struct machine *m);
    /* Where the observer keeps the one pc at which pre() may act beyond the flag map
     * (UINT64_MAX: none), so that the fast engine leaves that pc to the reference loop
     * (observe_fast_view(): a look at every boundary, so a variable, not a call). */
    const uint64_t *fast_pc;
    /* The cycle from which pre() must see every instruction (0: at once; UINT64_MAX: never),
     * until it moves it (the debugger: a single step, its next look for Ctrl-C); the fast
     * engine leaves what issues from then on to the reference loop (observe_fast_view()). */
    uint64_t (*fast_at)(const void *ctx);
    /* The addresses whose stores post() acts on, as one range [*lo, *hi) (empty: none; the
     * debugger's write watchpoints), so that the fast engine leaves those stores to the
     * reference loop (observe_fast_view()). */
    void (*fast_stores)(const void *ctx, uint64_t *lo, uint64_t *hi);
    /* --stats and --stats-json: the observer's own report (JSON: members of the top-level
     * object, each written after a comma). */
    void (*report)(const void *ctx, FILE *out);
    void (*report_json)(const void *ctx, FILE *f);
};

/* The registered observers (struct machine holds one list), and what any of them asks of
 * the execute engines (observe_register() keeps these). */
#define OBSERVERS_MAX 10
struct observers {
    struct observer list[OBSERVERS_MAX];
    int n;
    /* the indices of those with a fast_pc, fast_at or fast_stores hook, in order: the fast
     * engine looks at them at every boundary it syncs (observe_fast_view()) */
    uint8_t fast[OBSERVERS_MAX];
    int nfast;
    bool every_insn, every_insn_in_window, run_events, pre_stops; /* one sets it */
    bool exec, charge, stores;             /* one has the hook (stores: fast_stores) */
};
#endif
