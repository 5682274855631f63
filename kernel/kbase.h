/* Kernel internals every object file shares: the build's helper attributes (TK_SIZE: the
 * size build shares the helpers the speed build inlines), the magic words, the kernel state
 * reached through tp, the fault entries, and small word helpers.  Hot helpers are
 * always_inline: docs/timing.md charges 6 cycles for every JAL/JALR, so every call and return
 * on the switch path costs 12. */
#ifndef TK_KBASE_H
#define TK_KBASE_H
#include <stddef.h>
#include <stdint.h>
#include "kconfig.h"
#include "tempo.h"
#include "port.h"
#include "port_defs.h"

#if TK_SIZE
#define TK_INLINE static inline
/* The helpers below that every kernel object uses (wake, block, the switch ends, the list
 * operations): built for size, one copy shared by every object instead of one inlined per
 * call site.  Each object file defines them weak in its own section; the linker keeps one
 * and --gc-sections drops the others. */
#define TK_SHARED __attribute__((weak, noinline))
#else
#define TK_INLINE static inline __attribute__((always_inline))
#define TK_SHARED TK_INLINE /* inlined: no call on the hot paths (6 cycles each way) */
#endif
/* The speed build's shortcuts, each beside a general path that does the same: 1 for speed;
 * built for size 0, the general path alone.  Tested in C (`if (TK_SHORTCUTS && ...)`), so
 * both builds compile both paths and the size build drops the shortcut. */
#define TK_SHORTCUTS (!TK_SIZE)
#define TK_MIE    TK_PORT_MSTATUS_MIE
#define TK_COLD   __attribute__((cold, noinline))
#define TK_LIKELY(c)   __builtin_expect(!!(c), 1)
#define TK_UNLIKELY(c) __builtin_expect(!!(c), 0)

/* Magic words marking initialised objects (argument validation); the low 12 bits are zero
 * so one lui builds each. */
#define TK_MAGIC_THREAD  0x54680000u
#define TK_MAGIC_SEM     0x53650000u
#define TK_MAGIC_MUTEX   0x4d750000u
#define TK_MAGIC_EVENT   0x45760000u
#define TK_MAGIC_FIFO    0x46690000u
#define TK_MAGIC_MSGQ    0x4d730000u
#define TK_MAGIC_BMQ     0x426d0000u
#define TK_MAGIC_POOL    0x506f0000u
#define TK_MAGIC_HEAP    0x48650000u
#define TK_MAGIC_ALARM   0x416c0000u
/* The lowest word of every thread stack holds its own address: checking it needs no
 * constant (tk__guard_ok). */

/* Longest the CLINT compare is left without an event, so the port's 32-bit arithmetic on
 * mtime deltas stays exact (65,536 ticks = 65.5 s). */
#define TK_TICK_MAX_SLEEP 65536u

/* Slots of the timer wheel (timer.c): timers due within this many ticks are armed and expire
 * in a constant number of steps; later ones wait in a sorted list. */
#define TK_WHEEL 32u

/* tk_thread.flags */
#define TK_TF_MAIL_FULL 1u /* the mailbox holds a word */
#define TK_TF_WAIT_MAIL 2u /* blocked in tk_mail_recv */

struct tk_kernel {
    struct tk_thread *current;
    uint32_t ready_map;                 /* bit p: ready[p] not empty */
    uint8_t sched_lock;                 /* nesting depth */
    uint8_t started;
    uint16_t slicers;                   /* threads with a time slice: periodic tick needed */
    tk_tick_t next_event;               /* tick the CLINT compare is programmed for */
    struct tk_thread *ready[TK_PRIO_COUNT]; /* circular lists; the running thread is head */
    struct tk_timer timers;             /* sentinel of the sorted timer list */
    uint8_t debruijn[32];               /* tk_debruijn32, copied here: reached through tp (the
                                         * speed build's; built for size, unused) */
    /* Timer wheel (timer.c): timers due from wheel_base to wheel_base + TK_WHEEL - 1, by
     * expiry % TK_WHEEL, and the map of its non-empty slots.  Zero at reset; empty until
     * tk_start() (timers armed before it wait in `timers`). */
    tk_tick_t wheel_base;
    uint32_t wheel_map;
    struct tk_timer *wheel[TK_WHEEL];
    /* The interrupt table the trap entry dispatches through (switch.S), by mcause code: the
     * core raises only software (3), timer (7) and external (11); the other entries are never
     * used.  One entry per code, not one per source: the entry's offset is the code shifted
     * once, which also drops mcause's interrupt bit.  Every entry always holds a handler, so
     * the entry jumps without a test (port.c: tk__irq_table_init). */
    struct tk_irq {
        void (*fn)(void *arg);
        void *arg;
#if TK_IRQ_NESTING
        uintptr_t mask;                 /* the mie bits masked while it runs (port.c) */
        uintptr_t unused;               /* an entry is a power of two words */
#endif
    } irq[TK_IRQ_CODES];
    struct tk_irq irq_sw;               /* the software-interrupt handler (tk_irq_attach) */
    struct tk_thread *threads;          /* every thread created, through all_next */
    uint8_t irq_prio[TK_IRQ_CODES];     /* tk_irq_set_priority, by cause code */
#if TK_IRQ_NESTING
    uintptr_t irq_enabled;              /* the mie bits the kernel enabled (port.c) */
    uint8_t irq_nest;                   /* handlers running (switch.S) */
#endif
#if TK_CONFIG_TIMERS && TK_CONFIG_TICK_EXPIRIES
    struct tk_timer carry;              /* sentinel: a tick's timers left for the next (timer.c) */
#endif
};
/* The kernel state is reached through tp, which tk_init() points at it for good: machine-
 * mode firmware without thread-local storage never uses tp, and a register base saves the
 * auipc+addi (2 cycles) every kernel call would spend forming the address.  Before tk_init()
 * tp is 0 (the start-up clears it), and that is how a call made too early is told apart:
 * calls allowed in main test tk_kp (tk__initialised), thread-only calls read the state only
 * after seeing interrupts enabled (they are off from reset until tk_start()). */
extern struct tk_kernel tk_kernel_state;
register struct tk_kernel *tk_kp __asm__("tp");
#define tk_k (*tk_kp)
extern struct tk_thread tk_idle; /* priority TK_PRIO_COUNT: below every thread */

TK_INLINE int tk__initialised(void)
{
    return TK_LIKELY(tk_kp != NULL);
}

/* Thread context, from the interrupt state a call's lock returned: interrupts were enabled,
 * and (TK_IRQ_NESTING) no handler is running, as nested handlers run with them enabled.  The
 * kernel state is read only once interrupts are seen enabled (tk_kp). */
TK_INLINE int tk__thread_ctx(unsigned long irq_state)
{
#if TK_IRQ_NESTING
    return (irq_state & TK_MIE) && !tk_k.irq_nest;
#else
    return (irq_state & TK_MIE) != 0;
#endif
}

/* Copy a thread's name into its control block (cut to TK_NAME_MAX - 1 characters).  Inline
 * also built for size: its two callers then make no call before their end (tk_port_stack_init
 * likewise). */
static inline __attribute__((always_inline)) void tk__set_name(struct tk_thread *t, const char *name)
{
    char *d = t->name;
    if (name)
        while (*name) { /* wcet: loop <= 15: TK_NAME_MAX - 1 characters */
            *d++ = *name++;
            if (d == t->name + TK_NAME_MAX - 1)
                break;
        }
    *d = '\0';
}

/* ---- find first set without libgcc (no Zbb): de Bruijn multiply, one MUL + one load ----
 * Index = (isolated bit * TK_DEBRUIJN32) >> TK_DEBRUIJN_SHIFT -> bit number (de Bruijn
 * sequence B(2,5); port_defs.h, shared with the port's assembly). */
extern const uint8_t tk_debruijn32[32]; /* entries are bit numbers * sizeof(pointer) */
TK_INLINE unsigned tk__ctz32(uint32_t x)
{
    uint32_t index = ((x & (0u - x)) * (uint32_t)TK_DEBRUIJN32) >> TK_DEBRUIJN_SHIFT;
    return tk_debruijn32[index] / sizeof(struct tk_thread *);
}


/* ---- faults (fault.c) ---- */
/* The port's fault entries (switch.S), each on the exception stack: a stack overflow of t,
 * the current thread, found as it is switched away from; a deadlock (from the idle thread). */
void tk_port_stack_fault(struct tk_thread *t) __attribute__((noreturn));
void tk_port_deadlock(void) __attribute__((noreturn));
/* Every fault, with the fields of its struct tk_fault (tempo.h): the port's entries (also the
 * exception's, switch.S tk_port_exception, and tk_port_irq_fault's) come here. */
void tk__fault(struct tk_thread *t, uintptr_t cause, uintptr_t pc, uintptr_t tval, uintptr_t sp,
               int reason) __attribute__((noreturn));
/* An interrupt without a handler (its mcause and the pc it interrupted, port.c), on the
 * exception stack (switch.S).  Does not return (not declared so: its callers end in a jump). */
void tk_port_irq_fault(uintptr_t cause, uintptr_t pc);
/* The program's fault handler (fatal.c: it reports the fault when none is installed; else
 * fault.c's weak alias of the report), and the flag of a fault being handled. */
void tk__fatal_handler(const struct tk_fault *f);
extern volatile int tk__in_fatal;

/* Zero `bytes` (a whole number of words, at least one) at p: a thread's control block before
 * it is set up.  The empty asm keeps the compiler from making the loop a call of memset
 * (there is no C library).  Inline also built for size: its loop is smaller than a call, and
 * thread set-up then calls nothing. */
static inline __attribute__((always_inline)) void tk__zero_words(void *p, size_t bytes)
{
    uintptr_t *w = p, *end = (uintptr_t *)((char *)p + bytes);
    do { /* wcet: loop <= words(tk_idle): a thread's control block, its one use */
        __asm__("" : : "r"(w));
        *w = 0;
    } while (++w < end);
}

/* Word copy for messages (sizes are multiples of 4 bytes). */
TK_SHARED void tk__copy_words(uint32_t *dst, const uint32_t *src, unsigned words)
{
    do { /* wcet: loop <= MSG_WORDS: the largest message of the application */
        *dst++ = *src++;
    } while (--words);
}
#endif
