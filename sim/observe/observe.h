/* What the execute engines tell the observers, in two parts.
 *
 * The shared state (observe.c): the flag map of code words, the --trace-from/--trace-to
 * window, the kernel awareness of rtos.h (threads, stack marks) and whether an interrupt
 * handler runs.  Observers read it and set flags in it; they call nothing else here.
 *
 * The dispatcher (dispatch.c): the execute engines, trap.c and main() call it; it keeps the
 * shared state up to date and hands what it sees to the registered observers (observer.h:
 * the debugger, the trace, the timeline, the latency probes, --check, the profile,
 * coverage), in their order of registration.  The untraced loop never calls it: a run asks
 * for observers through an option (--gdb, --trace, --timeline, --measure, --check,
 * --profile, --coverage, --stats on a kernel image), and cpu.c then runs the traced
 * instance, or the fast engine, which hands the traced instance the instructions these act
 * on (fast.h; observe_fast_view() below) and charges the rest through
 * observe_charge().  Per instruction the traced loop calls observe_pre() before executing
 * it (a breakpoint, a probe or a kernel-call entry at its pc; the return of a kernel call),
 * observe_exec() once it is fetched (--check's per-instruction checks) and observe_post()
 * after (a store to the kernel's current-thread variable is a thread switch; a write of sp
 * moves the thread's stack mark; watchpoints and single steps; the trace line; the profile
 * and coverage).  Trap entries and MRET come from trap.c.  Cycles are the hart's cycle
 * count at the instruction's issue (what rdcycle reads there, before any CSR write of
 * mcycle). */
#ifndef TEMPO_OBSERVE_H
#define TEMPO_OBSERVE_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "elf.h"
#include "observer.h"
#include "rtos.h"

/* Flags per word of code memory: what happens when pc reaches it. */
enum {
    PCF_BREAK = 1,       /* a debugger breakpoint */
    PCF_CALL = 2,        /* the entry of a kernel's public call (timeline) */
    PCF_PROBE = 4,       /* an endpoint of a --measure probe */
    PCF_CREATE = 8,      /* the kernel's thread-create function (rtos_kernel.create_fn) */
    PCF_SWITCH_CODE = 16, /* inside the kernel's switch and trap-exit code */
    PCF_WINDOW = 32,     /* --trace-from / --trace-to symbol */
};

/* A window of the run, from --trace-from / --trace-to: a cycle count or the first time pc
 * reaches a symbol.  It bounds --trace and --timeline. */
struct window {
    uint64_t from_cycle, to_cycle;  /* known bounds; UINT64_MAX: not reached yet */
    uint64_t from_pc, to_pc;        /* UINT64_MAX: the bound is a cycle count (or none) */
    bool closed;                    /* the to-symbol was reached */
};

/* What an observer whose exec hook looks at loads, stores, jumps and moves of sp (--check)
 * asks of the fast engine instead of every instruction: the engine runs such an instruction
 * itself only when these say the hook cannot act on it, and leaves it to the traced loop
 * (whose exec hooks see it) otherwise.  A test that lets through more than it must costs
 * speed, never exactness: the traced loop decides.  The observer keeps it, in its fast_sync
 * hook (observer.h) for what changes in the traced loop; the engine reads it. */
struct fast_watch {
    bool on;                /* the engine looks at the rest */
    uint64_t low;           /* loads, stores and JALR targets below it leave the engine */
    uint8_t *written;       /* a bit per byte of ram[0] (NULL: none): the engine's stores set
                               theirs, and a load none of whose bytes has it leaves the engine */
    const uint8_t *stores;  /* a byte per doubleword of ram[0] (NULL: none): a store into one
                               that is not 0 leaves the engine, but where it is stores_own */
    unsigned stores_own[2]; /* (above 255: none) */
    /* a write of sp (ADDI; the engine leaves every other one to the traced loop) that moves
     * it out of (sp_lo, sp_hi], which holds it whenever the engine runs, or below sp_floor
     * leaves the engine */
    bool sp;
    uint64_t sp_lo, sp_hi, sp_floor;
};

/* sp inside w's window (sp_lo, sp_hi] */
static inline bool fast_watch_holds(const struct fast_watch *w, uint64_t sp)
{
    return sp - w->sp_lo - 1 < w->sp_hi - w->sp_lo;
}

struct machine;
struct insn;
struct symtab;

struct observe {
    struct machine *m;              /* the machine observed: its observers (machine.h) */
    uint8_t *pcf;                   /* PCF_* per code word of [pcf_lo, pcf_lo + 4 * words) */
    uint64_t pcf_lo, pcf_words;
    struct rtos rtos;               /* rtos.k NULL: no kernel known */
    bool kernel;                    /* kernel awareness is on (rtos.k set and wanted) */
    struct window win;
    bool in_isr;                    /* an interrupt handler runs (from its entry to its MRET or
                                       to a thread switch inside it) */
    int run_pending;                /* a thread made current that has not run yet; -1 none */
    uint64_t call_count;            /* kernel calls seen (the timeline's spans) */
    struct fast_watch watch;        /* what the exec hooks leave the fast engine to run */
};

/* ---- The shared state (observe.c) ---- */

/* Set up the observers' shared state for machine m and image img: the flag map, and the
 * kernel awareness when `kernel` (the caller wants threads).  0, or -1 when out of memory.
 * m->obs = o makes the loops call the dispatcher. */
int observe_init(struct observe *o, struct machine *m, const struct elf_image *img,
                 const struct symtab *syms, bool kernel);
void observe_free(struct observe *o);
/* Set or clear flag f on the code word at addr: 0, or -1 when addr is not in code memory.
 * The fast engine forgets what it made of that word (ram_invalidate()). */
int observe_flag(struct observe *o, uint64_t addr, unsigned f, bool on);
static inline unsigned observe_flags(const struct observe *o, uint64_t pc)
{
    uint64_t w = (pc - o->pcf_lo) >> 2;
    return w < o->pcf_words && !(pc & 3) ? o->pcf[w] : 0;
}
/* The address of symbol "name" or "name+offset", or a number ("0x..."): 0, or -1. */
int observe_symbol(const struct elf_image *img, const char *text, uint64_t *addr);
/* --trace-from / --trace-to: a cycle count or a symbol.  0, or -1 (unknown symbol). */
int observe_window(struct observe *o, const struct elf_image *img, const char *from, const char *to);
static inline bool observe_in_window(const struct observe *o, uint64_t cycle)
{
    return cycle >= o->win.from_cycle && cycle < o->win.to_cycle;
}

/* An instruction other than a store wrote sp: the stack mark of the thread whose stack
 * holds it (observe_post() does it for the traced loop; the fast engine calls it itself). */
void observe_sp(struct observe *o, uint64_t sp);
/* The name of thread index i ("main" for -1: before the scheduler starts). */
const char *observe_thread_name(const struct observe *o, int i);
/* The threads' stack marks for --stats / --stats-json (nothing without a kernel). */
void observe_threads_print(const struct observe *o, FILE *out);
void observe_threads_json(const struct observe *o, FILE *f);

/* ---- The dispatcher (dispatch.c) ---- */

/* Add observer `ob` (copied) to machine m: 0, or -1 when OBSERVERS_MAX are registered
 * already.  An observer with a pre() or fast_pc() hook, or events, needs the shared state
 * (m->obs set); the others (the profile, coverage) do without it. */
int observe_register(struct machine *m, const struct observer *ob);
/* The traced loop: before the instruction at pc (m->obs set; false: do not execute it, the
 * run ends), once it is fetched (observers with exec hooks: false ends the run before it),
 * and after the step (the post hooks, then a store to the kernel's current-thread variable
 * is a thread switch, a write of sp moves the thread's stack mark). */
bool observe_pre(struct machine *m, uint64_t pc);
bool observe_exec(struct machine *m, uint64_t pc, const struct insn *d, uint64_t ea);
void observe_post(struct machine *m, const struct observe_step *s);
/* observe_post()'s part for a store of n bytes at ea that issued at `issue`, on a kernel
 * image (o->kernel): into the current-thread variable (or its started flag), a switch.
 * The fast engine's, for a store it runs itself with no other observer acting on it. */
void observe_kernel_store(struct machine *m, uint64_t ea, unsigned n, uint64_t issue);
/* The fast engine's accounting of the instructions it ran itself (the charge hooks). */
void observe_charge(struct machine *m, uint64_t pc, const struct insn *d, uint64_t runs,
                    uint64_t cycles, uint64_t taken);
/* What the fast engine (fast.c) must leave to the traced loop, which calls the two above
 * (observe_fast_view(), in one pass over the observers): `pc` is the one pc (UINT64_MAX:
 * none) whose instruction observe_pre() may act on beyond the flags of observe_flags()
 * (PCF_FAST_STOP); `all` is true while every instruction must go through observe_pre()
 * (observers' fast_pc hooks naming two pcs); `run` while a thread made current has not run
 * yet, when an observer takes that event (OBS_RUN), which observe_pre() emits before the
 * first instruction at whose flags and sp observe_run_due() holds; `at` is the cycle from
 * which it must again (the observers' fast_at hooks; UINT64_MAX: none); [lo, hi) (empty:
 * lo >= hi) holds every address whose stores observe_post() acts on (the kernel's
 * current-thread variable, the observers' fast_stores hooks).  All change only in the
 * traced loop and in trap.c; a flag changed while the run goes on (observe_flag()) reaches
 * the engine as a store into that code word does (ram_invalidate()). */
#define PCF_FAST_STOP (PCF_BREAK | PCF_CALL | PCF_PROBE | PCF_CREATE | PCF_WINDOW)
/* Of those, the flags observe_pre() acts on by emitting events only (nothing the engine
 * watches changes): without a pre_stops observer the engine calls it at the start of a
 * block there itself (observer.h). */
#define PCF_FAST_PRE (PCF_CALL | PCF_PROBE)
struct observe_fast {
    uint64_t pc, at, lo, hi;
    bool all, run;
};
void observe_fast_view(const struct observe *o, struct observe_fast *v);
/* Its `pc` and `all` alone: all that an observer's pre() (with no pre_stops observer) and
 * its OBS_CALL, OBS_PROBE, OBS_IRQ_END and OBS_MRET events may change (observer.h) */
uint64_t observe_fast_pc(const struct observe *o, bool *all);
bool observe_run_due(const struct observe *o, unsigned flags, uint64_t sp);
/* observe_fast_pc()'s usual case, one observer with a fast_pc hook and no other with a
 * fast_pc, fast_at or fast_stores hook (the timeline): where it keeps its pc, for the engine
 * to read at every way out of generated code (NULL: not the case) */
const uint64_t *observe_one_pc(const struct machine *m);
/* The fast engine goes on after the traced loop or a look at devices ran: the observers'
 * fast_sync hooks bring o->watch up to date. */
void observe_fast_sync(struct machine *m);
/* trap.c: a trap was entered (cycle: its handler's first instruction; asserted: for an
 * interrupt, the cycle its line rose); an MRET completed. */
void observe_trap(struct machine *m, bool irq, uint64_t cause, uint64_t asserted);
void observe_mret(struct machine *m);
/* The end of the run: close what is open. */
void observe_end(struct machine *m);
/* --stats / --stats-json: the threads' stack marks, then each observer's report. */
void observe_stats_print(const struct machine *m, FILE *out);
void observe_stats_json(const struct machine *m, FILE *f);
#endif
