/* Tempo kernel internals shared by the object files: the scheduler state, ready lists,
 * the wait-queue mechanism and the timer list.  Hot helpers are always_inline:
 * docs/timing.md charges 6 cycles for every JAL/JALR, so every call and return on the
 * switch path costs 12. */
#ifndef TK_KERNEL_H
#define TK_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#include "tempo.h"
#include "port.h"
#include "offsets.h"

#ifdef __OPTIMIZE_SIZE__
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
 * sequence B(2,5); offsets.h, shared with the port's assembly). */
extern const uint8_t tk_debruijn32[32]; /* entries are bit numbers * sizeof(pointer) */
TK_INLINE unsigned tk__ctz32(uint32_t x)
{
    uint32_t index = ((x & (0u - x)) * (uint32_t)TK_DEBRUIJN32) >> TK_DEBRUIJN_SHIFT;
    return tk_debruijn32[index] / sizeof(struct tk_thread *);
}

/* ---- circular doubly-linked thread lists (ready lists and wait queues) ---- */
/* Append t to the list whose head slot is `head` and whose first thread is h (*head, loaded
 * by the caller: the wake-ups load it with their other loads, before any store). */
TK_INLINE void tk__list_append_to(struct tk_thread **head, struct tk_thread *h, struct tk_thread *t)
{
    if (__builtin_expect(!h, 1)) { /* alone at its level: the common real-time case */
        t->next = t;
        t->prev = t;
        *head = t;
    } else {
        struct tk_thread *tail = h->prev;
        t->next = h;
        t->prev = tail;
        tail->next = t;
        h->prev = t;
    }
}

TK_INLINE void tk__list_append(struct tk_thread **head, struct tk_thread *t)
{
    tk__list_append_to(head, *head, t);
}

TK_SHARED void tk__list_remove(struct tk_thread **head, struct tk_thread *t)
{
    struct tk_thread *n = t->next;
    if (__builtin_expect(n == t, 1)) {
        *head = NULL;
    } else {
        struct tk_thread *p = t->prev;
        p->next = n;
        n->prev = p;
        if (*head == t)
            *head = n;
    }
}

/* ---- ready lists ---- */
/* Set a thread's priority fields (it must not be queued anywhere). */
TK_INLINE void tk__set_prio(struct tk_thread *t, uint8_t p)
{
    t->prio = p;
    t->ready_slot = &tk_k.ready[p & (TK_PRIO_COUNT - 1)];
#ifndef __OPTIMIZE_SIZE__ /* built for size, no ready map (tk__highest) */
    t->prio_bit = 1u << (p & (TK_PRIO_COUNT - 1));
#endif
}

/* ---- wait queues (wait.c) ---- */
void tk__waitq_insert_sorted(struct tk_waitq *q, struct tk_thread *t);
#ifdef __OPTIMIZE_SIZE__
/* Built for size, the sorted insert takes an empty queue too: the same code. */
#define tk__waitq_insert tk__waitq_insert_sorted
#else
TK_SHARED void tk__waitq_insert(struct tk_waitq *q, struct tk_thread *t)
{
    if (__builtin_expect(q->head != NULL, 0))
        tk__waitq_insert_sorted(q, t);
    else {
        t->next = t;
        t->prev = t;
        q->head = t;
    }
}
#endif

TK_SHARED void tk__ready_insert(struct tk_thread *t)
{
    t->state = TK_STATE_READY;
#ifdef __OPTIMIZE_SIZE__
    /* Built for size, the wait queue's insertion (a tail call): a ready list is a queue of
     * one priority, which it appends to (the walk from the tail stops at once). */
    tk__waitq_insert((struct tk_waitq *)t->ready_slot, t);
#else
    tk__list_append(t->ready_slot, t);
    tk_k.ready_map |= t->prio_bit;
#endif
}

#ifdef __OPTIMIZE_SIZE__ /* built for size, the shared list removal (no ready map) */
static inline __attribute__((always_inline)) void tk__ready_remove(struct tk_thread *t)
{
    tk__list_remove(t->ready_slot, t);
}
#else
TK_SHARED void tk__ready_remove(struct tk_thread *t)
{
    struct tk_thread *n = t->next;
    if (TK_LIKELY(n == t)) {
        *t->ready_slot = NULL;
        tk_k.ready_map &= ~t->prio_bit;
    } else {
        struct tk_thread *p = t->prev;
        p->next = n;
        n->prev = p;
        if (*t->ready_slot == t)
            *t->ready_slot = n;
    }
}
#endif

/* tk__ready_remove for the running thread when it blocks, sleeps or suspends itself: it is
 * the head of its ready list then (a switch runs the head; a time slice moves the head only
 * with the scheduler locked, when no thread may block, and the unlock switches), so the head
 * simply moves on. */
TK_INLINE void tk__ready_remove_running(struct tk_thread *t)
{
#ifdef __OPTIMIZE_SIZE__ /* built for size, the general removal does the same */
    tk__ready_remove(t);
#else
    struct tk_thread *n = t->next;
    if (TK_LIKELY(n == t)) {
        *t->ready_slot = NULL;
        tk_k.ready_map &= ~t->prio_bit;
    } else {
        struct tk_thread *p = t->prev;
        p->next = n;
        n->prev = p;
        *t->ready_slot = n;
    }
#endif
}

#ifdef __OPTIMIZE_SIZE__
/* Built for size, the ready lists are searched in priority order (at most TK_PRIO_COUNT
 * steps) rather than kept in a map of the non-empty ones, whose upkeep on every insert and
 * removal, and the de Bruijn search, cost more code. */
TK_SHARED struct tk_thread *tk__highest(void)
{
    struct tk_thread **l = tk_k.ready;
    do { /* wcet: loop <= 32: one step per priority (TK_PRIO_COUNT) */
        if (*l)
            return *l;
    } while (++l < tk_k.ready + TK_PRIO_COUNT);
    return &tk_idle;
}
#else
TK_SHARED struct tk_thread *tk__highest(void)
{
    uint32_t m = tk_k.ready_map;
    if (__builtin_expect(m == 0, 0))
        return &tk_idle;
    uint32_t index = ((m & (0u - m)) * (uint32_t)TK_DEBRUIJN32) >> TK_DEBRUIJN_SHIFT;
    uintptr_t off = tk_k.debruijn[index];
    return *(struct tk_thread **)((char *)tk_k.ready + off);
}
#endif

/* Is any thread ready (the idle thread does not count)? */
TK_INLINE int tk__any_ready(void)
{
#ifdef __OPTIMIZE_SIZE__
    return tk__highest() != &tk_idle;
#else
    return tk_k.ready_map != 0;
#endif
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

/* Stack overflow detection at switch time: the outgoing thread's guard word (the lowest word
 * of its stack holds its own address) must be intact, and its stack pointer, with the frame
 * about to be pushed, must still be above it (a frame can skip over the guard word). */
TK_INLINE int tk__stack_ok(struct tk_thread *t)
{
    uintptr_t *g = t->stack_guard, sp;
    __asm__ volatile("mv %0, sp" : "=r"(sp));
    return TK_LIKELY(*g == (uintptr_t)g) & TK_LIKELY(sp - TK_SWITCH_FRAME > (uintptr_t)g);
}

/* Switch from the current thread to `next` (thread context, interrupts disabled, next !=
 * current) and return, when the current thread is resumed, its wait_result.  Always used as
 * `return tk__switch_return(...)`: the compiler makes it a tail call, so a thread resumes
 * directly in its caller (docs/timing.md: every call and return costs 6 cycles).  The
 * current thread's wait_result must hold the value to return: set by its waker for a blocking
 * call, by the caller itself otherwise. */
#if TK_PORT_FAST_PATHS
TK_SHARED int tk__switch_return(struct tk_thread *next)
{
    struct tk_thread *cur = tk_k.current;
    if (TK_UNLIKELY(!tk__stack_ok(cur)))
        tk_port_stack_fault(cur);
    tk_k.current = next;
    return tk_port_switch(cur, next);
}
#else /* built for size, the port's (switch.S): the same steps, as the switch's own entry */
int tk__switch_return(struct tk_thread *next);
#endif

/* End of a call that may have made several threads ready (or changed priorities): run the
 * highest now when called from a thread.  Returns rc, now or when the caller is resumed. */
TK_SHARED int tk__reschedule_return(unsigned long irq_state, int rc)
{
    if (tk__thread_ctx(irq_state)) { /* a thread: the kernel state is read only now (tk_kp) */
        struct tk_thread *cur = tk_k.current, *next = tk__highest();
        if (next != cur && !tk_k.sched_lock) { /* locked until tk_start() (sched.c) */
            cur->wait_result = rc;
            return tk__switch_return(next);
        }
    }
    tk_port_irq_unlock(irq_state);
    return rc;
}

/* End of a thread-context call that made one thread `w` ready: the caller was the highest
 * ready thread, so only w can now be higher (no bitmap search).  Returns rc to the caller,
 * now or when it is resumed.  Built for size, tk__reschedule_return decides the same: the
 * highest ready thread is w when w is higher than the caller, else the caller (the head of
 * its ready list), and before tk_start() the scheduler is locked (sched.c: tk_init). */
#ifdef __OPTIMIZE_SIZE__ /* the general end itself, without a call between */
#define tk__preempt_return(w, irq_state, rc) ((void)(w), tk__reschedule_return(irq_state, rc))
#else
TK_SHARED int tk__preempt_return(struct tk_thread *w, unsigned long irq_state, int rc)
{
    /* tk__switch_return inline, with the loads of the test and of the stack check first: a
     * load whose use follows at once stalls the core 2 cycles (docs/timing.md).  The kernel
     * state is read before the context test: the caller made w ready through it, and current
     * is never NULL (the idle thread before tk_start); the guard word only on a switch. */
    struct tk_thread *cur = tk_k.current;
    uint8_t lock = tk_k.sched_lock;
    uintptr_t *g = cur->stack_guard, sp;
    if (TK_LIKELY(tk__thread_ctx(irq_state)) && TK_LIKELY(w->prio < cur->prio) &&
        TK_LIKELY(!lock)) {
        uintptr_t gw = *g;
        __asm__ volatile("mv %0, sp" : "=r"(sp));
        cur->wait_result = rc;
        if (TK_UNLIKELY(gw != (uintptr_t)g) || TK_UNLIKELY(sp - TK_SWITCH_FRAME <= (uintptr_t)g))
            tk_port_stack_fault(cur);
        tk_k.current = w;
        return tk_port_switch(cur, w);
    }
    tk_port_irq_unlock(irq_state);
    return rc;
}
#endif

/* Context check for a call that would block: 0 or TK_EISR / TK_ELOCKED. */
TK_INLINE int tk__can_block(unsigned long irq_state)
{
    if (__builtin_expect(!tk__thread_ctx(irq_state), 0))
        return TK_EISR;
    if (__builtin_expect(tk_k.sched_lock != 0, 0))
        return TK_ELOCKED;
    return TK_OK;
}

/* ---- timers (timer.c) ---- */
void tk__timer_add(struct tk_timer *tm, tk_tick_t expiry);
/* Disarm an armed timer (tm->next != NULL; NULL after).  Inline: the wake paths that call it
 * stay free of calls (a call would make every such caller save registers). */
TK_SHARED void tk__timer_remove(struct tk_timer *tm)
{
    struct tk_timer *n = tm->next, *p = tm->prev;
    p->next = n;
    n->prev = p;
    tm->next = NULL;
#ifndef __OPTIMIZE_SIZE__ /* built for size, the wheel stays empty (timer.c) */
    /* The head of a wheel slot (a sorted-list timer never is one) */
    struct tk_timer **slot = &tk_k.wheel[tm->expiry & (TK_WHEEL - 1)];
    if (*slot == tm) {
        *slot = n == tm ? NULL : n;
        if (n == tm)
            tk_k.wheel_map &= ~((uint32_t)1 << (tm->expiry & (TK_WHEEL - 1)));
    }
#endif
}
void tk__timer_interrupt(void *unused); /* the timer interrupt (its slot of tk_k.irq) */
#if TK_CONFIG_TIMERS
/* Is any timer armed?  Wherever it is: the wheel, the sorted list, or the carry list (the
 * timers of a tick beyond its expiry budget, which the next tick expires: timer.c).  Every
 * question "can a timer still wake something" asks this, not one of the three. */
TK_INLINE int tk__timers_armed(void)
{
    return tk_k.wheel_map || tk_k.timers.next != &tk_k.timers
#if TK_CONFIG_TICK_EXPIRIES
           || tk_k.carry.next != &tk_k.carry
#endif
        ;
}
#endif
void tk__thread_timeout(struct tk_timer *tm);

/* Take the current thread off the ready list and queue it on q (NULL: a sleep or a mailbox
 * wait). */
TK_SHARED void tk__pend_queue(struct tk_thread *cur, struct tk_waitq *q, uint8_t state)
{
    tk__ready_remove_running(cur);
    cur->state = state;
    cur->waitq = q;
    if (__builtin_expect(q != NULL, 1))
        tk__waitq_insert(q, cur);
}

/* tk__pend_current with a timeout (wait.c, out of line: the untimed path stays free of calls,
 * so its callers need no stack frame). */
int tk__pend_timed(struct tk_thread *cur, struct tk_waitq *q, tk_tick_t timeout, uint8_t state);

/* The timeout a call that has to wait may wait with: TK_OK, or TK_EINVAL (tk__pend_current's
 * own test, for a call that records its wait before it pends). */
TK_INLINE int tk__timeout_check(tk_tick_t timeout)
{
#if TK_CONFIG_TIMERS
    return timeout > TK_TIMEOUT_MAX && timeout != TK_FOREVER ? TK_EINVAL : TK_OK;
#else
    return timeout != TK_FOREVER ? TK_EINVAL : TK_OK; /* no timeouts (tempo.h) */
#endif
}

/* Queue the current thread on q (tk__pend_queue) with a timeout; the caller then switches with
 * tk__switch_return().  Returns TK_OK, or TK_EINVAL for a timeout beyond TK_TIMEOUT_MAX
 * (nothing done): the range is checked on the timed path only. */
TK_INLINE int tk__pend_current(struct tk_thread *cur, struct tk_waitq *q, tk_tick_t timeout,
                               uint8_t state)
{
    if (__builtin_expect(timeout != TK_FOREVER, 0))
#if TK_CONFIG_TIMERS
        return tk__pend_timed(cur, q, timeout, state);
#else
        return TK_EINVAL; /* no timeouts in this configuration (tempo.h) */
#endif
    tk__pend_queue(cur, q, state);
    return TK_OK;
}

/* Block the current thread on q until woken or timed out; returns (tail call) the wake
 * result, with interrupts enabled (they were: tk__can_block). */
TK_SHARED int tk__block(struct tk_thread *cur, struct tk_waitq *q, tk_tick_t timeout)
{
    if (__builtin_expect(tk__pend_current(cur, q, timeout, TK_STATE_BLOCKED) != TK_OK, 0)) {
        tk_port_irq_unlock(TK_MIE);
        return TK_EINVAL;
    }
    return tk__switch_return(tk__highest());
}

/* Make a blocked thread that is on no wait queue (any more) ready with `result`: its timeout
 * is cancelled.  No switch: the caller reschedules (thread) or interrupt exit does (ISR).
 * Alone for a mailbox wait (it has no queue); after leaving the queue for the others.  For
 * speed, every load first, as in tk__wake_first below. */
TK_SHARED void tk__wake_unqueued(struct tk_thread *t, int result)
{
#ifdef __OPTIMIZE_SIZE__ /* built for size: the shared ready insert */
#if TK_CONFIG_TIMERS
    if (__builtin_expect(t->timeout.next != NULL, 0))
        tk__timer_remove(&t->timeout);
#endif
    t->wait_result = (int16_t)result;
    tk__ready_insert(t);
#else
    struct tk_thread **slot = t->ready_slot, *h = *slot;
    uint32_t map = tk_k.ready_map | t->prio_bit;
#if TK_CONFIG_TIMERS
    if (__builtin_expect(t->timeout.next != NULL, 0))
        tk__timer_remove(&t->timeout);
#endif
    t->wait_result = (int16_t)result;
    tk__list_append_to(slot, h, t);
    tk_k.ready_map = map;
    t->state = TK_STATE_READY;
#endif
}

/* Make the first waiter w of q ready with `result` (a post or a send waking its best
 * waiter): it leaves q, whose head moves to the next waiter.  Built for size, the two shared
 * steps; for speed, tk__wake_unqueued's work with every load first: a store freezes the core
 * (docs/timing.md), and the compiler may not move a load above a store it cannot tell apart
 * (the ready list's head, the bitmap). */
#ifdef __OPTIMIZE_SIZE__
TK_SHARED void tk__wake_first(struct tk_waitq *q, struct tk_thread *w, int result)
{
    tk__list_remove(&q->head, w);
    w->waitq = NULL;
    tk__wake_unqueued(w, result);
}
#else
TK_SHARED void tk__wake_first(struct tk_waitq *q, struct tk_thread *w, int result)
{
    struct tk_thread *n = w->next, **slot = w->ready_slot, *h = *slot;
    uint32_t map = tk_k.ready_map | w->prio_bit;
#if TK_CONFIG_TIMERS
    struct tk_timer *timed = w->timeout.next;
#endif
    if (__builtin_expect(n == w, 1)) {
        q->head = NULL;
    } else {
        struct tk_thread *p = w->prev;
        p->next = n;
        n->prev = p;
        q->head = n;
    }
    w->waitq = NULL;
#if TK_CONFIG_TIMERS
    if (__builtin_expect(timed != NULL, 0))
        tk__timer_remove(&w->timeout);
#endif
    w->wait_result = (int16_t)result;
    tk__list_append_to(slot, h, w);
    tk_k.ready_map = map;
    w->state = TK_STATE_READY;
}
#endif

/* ---- the C path of the port's yield (thread.c) ----
 * The port may implement tk_yield as an assembly fast path for its common case that calls
 * this for everything else (port/riscv/switch.S, where the yield budget needs it:
 * docs/kernel.md); this is the whole policy, and tests/kernel/policy.c checks on random
 * kernel states that the fast path does exactly what it does. */
int tk__yield_c(void);

/* Thread set-up (thread.c): the fields of a thread about to start (ready, magic word set),
 * for tk_thread_create and the idle thread. */
struct tk_thread *tk__thread_setup(struct tk_thread *t, const char *name,
                                   void (*entry)(void *arg), void *arg, void *stack,
                                   size_t stack_bytes, uint8_t prio);

/* ---- priorities (thread.c) ---- */
void tk__prio_propagate(struct tk_thread *t);
/* A waiter left m on a timeout (timer.c).  Weak: a program without mutexes never has a
 * thread waiting on one, and then links no mutex code (mutex.c, priority inheritance). */
void tk__mutex_waiter_left(struct tk_mutex *m) __attribute__((weak));

/* ---- interrupts: the exit (sched.c), the table (port.c) ---- */
/* The interrupt exit's policy: the thread to switch to, NULL for none (the current thread is
 * the highest ready one, or the scheduler is locked). */
TK_INLINE struct tk_thread *tk__isr_next(void)
{
    struct tk_thread *next = tk__highest();
    return next != tk_k.current && !tk_k.sched_lock ? next : NULL;
}
struct tk_thread *tk__isr_exit(void);
void tk__irq_table_init(void);

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
