/* Tempo: a deterministic real-time kernel for RV32/RV64 machine mode.
 *
 * The public interface.  Every object is static: the caller owns the memory of every control
 * block, stack and buffer and passes it in; the kernel never allocates.  The structures below
 * are public only so that the caller can allocate them; their fields are private to the
 * kernel (do not read or write them).
 *
 * Calling contexts (stated on every call):
 *   thread  - only from a thread (may block, may switch);
 *   ISR     - only from an interrupt handler (never blocks; any switch it causes is done once,
 *             at interrupt exit);
 *   any     - thread, ISR, or before tk_start() (main).
 * A call that may block returns TK_EISR when called from an ISR (or with interrupts disabled)
 * and TK_ELOCKED with the scheduler locked, unless its timeout is TK_NOWAIT (then it is a
 * plain non-blocking try and works in any context).  Its timeout is TK_NOWAIT, 1 to
 * TK_TIMEOUT_MAX ticks or TK_FOREVER; a call that has to wait with any other timeout returns
 * TK_EINVAL.  Before tk_start() only creation and non-blocking calls are allowed: main is no
 * thread, and interrupts stay disabled until tk_start(); should main enable them, the
 * scheduler is locked until tk_start() all the same (a blocking call returns TK_ELOCKED, and
 * no call switches away from main).
 * Before tk_init() no call reaches the kernel state: object, memory and interrupt-mask calls
 * work, calls that need the kernel (tk_thread_create, tk_alarm_start, tk_irq_attach) return
 * TK_ESTATE, thread-only
 * calls TK_EISR, calls naming a thread TK_EOBJ (none exists yet); tk_thread_self() is NULL and
 * tk_tick_get() 0.  This relies on tp being 0 from reset to tk_init() (bsp/common/crt0.S
 * clears it).
 *
 * Errors are values: every call that can fail returns 0 (TK_OK) or a negative TK_E* code.
 * Priorities: 0 is the highest, TK_PRIO_LOWEST (31) the lowest user priority; 32 levels,
 * FIFO among equal priorities.  The idle thread runs below every level.
 * Time is counted in ticks of TK_TICK_HZ (1 kHz) derived from the CLINT `mtime`. */
#ifndef TEMPO_H
#define TEMPO_H
#include <stddef.h>
#include <stdint.h>

/* ---- Configuration (compile-time; the kernel library and the program that links it must be
 * built with the same values, e.g. -DTK_CONFIG_TIMERS=0 on both command lines) ----
 * The defaults are the whole kernel.  Calls a program does not make cost nothing already (the
 * kernel is built in function sections for --gc-sections); these options remove what every
 * program would otherwise keep, because the trap entry or the tick reaches it. */

/* 1: the fault report names the cause in words and lists, on a deadlock, every waiting
 * thread and what it waits for (1.4 KB of code and text at RV32 -Os).  0: one terse line of
 * numbers, "tempo: fatal R T C P V S" (reason, thread, mcause, pc, mtval, sp, in hex:
 * tk_fault_report); handlers, exit statuses and the rest of fault handling are the same. */
#ifndef TK_CONFIG_FAULT_TEXT
#define TK_CONFIG_FAULT_TEXT 1
#endif

/* 1: the kernel keeps time: timeouts, tk_delay / tk_delay_until, alarms, round-robin time
 * slices, all run by the CLINT timer interrupt (tickless).  0: no timer interrupt and none of
 * these: tk_delay, tk_delay_until, tk_thread_set_slice and the tk_alarm_* calls are not
 * defined (a program that calls them does not link), a blocking call waits with TK_NOWAIT or
 * TK_FOREVER only (any other timeout returns TK_EINVAL), and an idle kernel with a waiting
 * thread is a deadlock.  tk_tick_get() still counts ticks. */
#ifndef TK_CONFIG_TIMERS
#define TK_CONFIG_TIMERS 1
#endif

/* 1: the kernel takes interrupts (the trap entry's dispatch, tk_irq_attach, the switch at
 * interrupt exit).  0: it takes none, for a program of threads and kernel objects alone: the
 * trap vector handles exceptions only, tk_irq_attach, tk_irq_set_priority and
 * tk_irq_raise_software are not defined (a program that calls them does not link), no
 * interrupt is ever enabled, and the *_from_isr calls are plain calls of any context.  Needs
 * TK_CONFIG_TIMERS 0 (the tick is an interrupt) and TK_IRQ_NESTING 0.  tk_irq_lock and
 * tk_irq_unlock remain (the kernel's own critical sections are the same). */
#ifndef TK_CONFIG_IRQ
#define TK_CONFIG_IRQ 1
#endif
#if !TK_CONFIG_IRQ && TK_CONFIG_TIMERS
#error "TK_CONFIG_IRQ 0 needs TK_CONFIG_TIMERS 0: the tick is an interrupt"
#endif

/* Bounded work per tick: at most this many of the timers (timeouts, sleeps, alarms) due on a
 * tick expire in that tick's interrupt; the others expire at the start of the next tick's
 * interrupt, before that tick's own, whatever its budget.  So a timer expires at its tick or,
 * when more than this many are due by then, one tick later, never early, always in expiry
 * order (FIFO within a tick); a periodic alarm keeps its period from its due tick (no drift).
 * It bounds the time the tick holds interrupts off when many timers coincide (in the
 * benchmark's five alarms of 1/2/3/5/7 ticks, 2.2 are due on an average tick and all five
 * every 210th: docs/kernel.md).  0: no bound, every timer due expires in one interrupt. */
#ifndef TK_CONFIG_TICK_EXPIRIES
#define TK_CONFIG_TICK_EXPIRIES 3
#endif

/* ---- Error codes (negative; TK_OK = 0) ---- */
#define TK_OK        0   /* success */
#define TK_EINVAL   (-1) /* bad argument: NULL pointer, priority or size out of range, ... */
#define TK_EOBJ     (-2) /* object not initialised (its magic word is wrong) or destroyed */
#define TK_EISR     (-3) /* a blocking call (timeout != TK_NOWAIT) from an ISR or with
                            interrupts disabled, or a thread-only call from an ISR */
#define TK_ELOCKED  (-4) /* a blocking call (timeout != TK_NOWAIT) with the scheduler locked */
#define TK_ETIMEOUT (-5) /* the timeout expired before the wait was satisfied */
#define TK_EAGAIN   (-6) /* TK_NOWAIT and the call would have blocked (empty, taken, ...) */
#define TK_EFULL    (-7) /* no room: queue full, mailbox full, semaphore at its maximum */
#define TK_EPERM    (-8) /* not the owner (mutex unlock by another thread) */
#define TK_ESTATE   (-9) /* the thread is in the wrong state for the call (resume of a thread
                            that is not suspended, suspend of a blocked thread, ...), or the
                            kernel is: not initialised by tk_init() yet */
#define TK_ENOMEM   (-10) /* allocator or pool exhausted */
#define TK_ELATE    (-11) /* tk_delay_until: the wake-up time had already passed */
#define TK_EOVERFLOW (-12) /* a counter would overflow (mutex recursion, scheduler lock depth) */
#define TK_EBUSY    (-13) /* the object is in use: re-initialising an object that threads wait
                             on or a thread owns, an active alarm, a FIFO holding nodes or a
                             heap with blocks allocated; putting a FIFO node that is already
                             queued; creating a thread where one exited holding mutexes */
#define TK_EDEADLK  (-14) /* tk_mutex_lock: waiting would close a cycle of mutex owners (the
                             owner waits, directly or along a chain, for a mutex the caller
                             holds) */

/* The name and meaning of error code err, e.g. "TK_ETIMEOUT: timed out" for TK_ETIMEOUT,
 * "TK_OK: success" for 0, "unknown error code" for any other value: a constant string, for
 * logs.  Context: any (also before tk_init()). */
const char *tk_strerror(int err);

typedef uint32_t tk_tick_t;
#define TK_NOWAIT  ((tk_tick_t)0)          /* do not block: return TK_EAGAIN instead */
#define TK_FOREVER ((tk_tick_t)0xFFFFFFFFu) /* block without a timeout */
#define TK_TICK_HZ 1000u                   /* the tick: 1 kHz (1 ms) on every board */

/* The longest timeout, delay, period or alarm delay, in ticks: 2^30 - 1 (about 12.4 days at
 * 1 kHz).  Every tick argument is TK_NOWAIT (0) where allowed, 1..TK_TIMEOUT_MAX, or
 * TK_FOREVER where allowed; any other value returns TK_EINVAL.  A blocking call looks at its
 * timeout only when it has to wait (a call satisfied at once returns TK_OK whatever the
 * timeout).  Why the bound: deadlines are kept as 32-bit tick counts compared by their signed
 * difference, which stays exact while every deadline is within 2^31 ticks of the present; half
 * of that leaves the other half for a timer interrupt served late. */
#define TK_TIMEOUT_MAX ((tk_tick_t)0x3FFFFFFFu)

/* Nested interrupts: build the kernel and the program with -DTK_IRQ_NESTING=1 (both: this
 * header's declarations and the kernel's trap entry depend on it).  Then a handler runs with
 * interrupts enabled, and a source of a higher interrupt priority (tk_irq_set_priority)
 * preempts it; sources of its own priority or lower wait for its end.  The entry costs more
 * (docs/kernel.md: the latencies of both configurations).  Default 0: handlers run with
 * interrupts disabled, one at a time. */
#ifndef TK_IRQ_NESTING
#define TK_IRQ_NESTING 0
#endif
#if TK_IRQ_NESTING && !TK_CONFIG_IRQ
#error "TK_IRQ_NESTING needs interrupts (TK_CONFIG_IRQ 1)"
#endif

#define TK_PRIO_COUNT  32u  /* priorities 0 (highest) .. 31 (lowest) */
#define TK_PRIO_LOWEST 31u

/* Smallest stack a thread may be given, in bytes: 64 words (256 bytes at RV32, 512 at RV64),
 * the switch frame, one interrupt frame (interrupts run on the interrupted thread's stack)
 * and a little C. */
#define TK_STACK_MIN (64u * sizeof(uintptr_t))
/* The idle thread's stack.  Interrupt handlers run on the stack of the thread they
 * interrupt, the idle thread's too (it runs whenever no thread is ready, so most interrupts
 * of a waiting system land on it): it must hold the trap frame (18 words) and the deepest
 * handler's frames, nested ones included with TK_IRQ_NESTING.  TK_IDLE_STACK_BYTES by default;
 * a program whose handlers need more defines the idle thread's stack itself, once, at file
 * scope: TK_IDLE_STACK(bytes);  (bytes >= TK_STACK_MIN; the kernel then uses that array
 * instead of its own: no rebuild of the kernel).  An overflow is found as any thread's
 * (tk_set_fatal_handler), after the fact: the words below the stack are written first. */
#define TK_IDLE_STACK_BYTES (128u * sizeof(uintptr_t))
#define TK_IDLE_STACK(bytes)                                                                   \
    uintptr_t tk_idle_stack[((bytes) + sizeof(uintptr_t) - 1) / sizeof(uintptr_t)]            \
        __attribute__((aligned(16)));                                                          \
    size_t tk_idle_stack_bytes = sizeof tk_idle_stack
/* Largest stack a thread may be given (16 MiB): a larger size is taken for a mistake. */
#define TK_STACK_MAX ((size_t)1 << 24)
/* Longest round-robin time slice, in ticks. */
#define TK_SLICE_MAX 65535u

/* Longest thread name kept, with its terminating NUL (longer names are cut). */
#define TK_NAME_MAX 16u

/* ---- Objects (fields private) ---- */
struct tk_thread;
struct tk_mutex;

/* Node of the kernel's sorted timer list (thread timeouts and alarms). */
struct tk_timer {
    struct tk_timer *next, *prev;
    void (*expire)(struct tk_timer *tm);
    tk_tick_t expiry;
};

/* The one wait-queue mechanism every blocking object uses: a circular list of waiting
 * threads ordered by priority, FIFO among equals. */
struct tk_waitq {
    struct tk_thread *head;
};

struct tk_thread {
    /* The first fields are read by the port's assembly (port/riscv/gen_offsets.c): keep order. */
    uintptr_t sp;                   /* saved stack pointer */
    struct tk_thread *next, *prev;  /* ready list or wait queue */
    uintptr_t *stack_guard;         /* lowest stack word: overflow detection */
    /* slice_left and wait_result share one aligned word: a yield reloads the one and sets
     * the other to TK_OK with one store (port/riscv/switch.S) */
    uint16_t slice_left;            /* ticks left of the current slice */
    int16_t wait_result;            /* what the thread's pending call returns when resumed */
    uint16_t slice;                 /* round-robin time slice in ticks, 0 = none */
    uint8_t prio, base_prio, state, flags;
    uint32_t prio_bit;              /* 1 << prio */
    uint32_t magic;
    uint32_t wait_bits;             /* event flags wanted */
    struct tk_thread **ready_slot;  /* the ready list of its priority */
    struct tk_waitq *waitq;         /* queue this thread waits on */
    struct tk_mutex *wait_mutex;    /* mutex this thread waits on (priority inheritance) */
    struct tk_mutex *held;          /* mutexes this thread owns */
    void *wait_buf;                 /* where a waker delivers: message, mail word, event bits */
    uintptr_t mail;                 /* the one-word mailbox */
    struct tk_timer timeout;
    struct tk_thread *all_next;     /* every thread ever created (the deadlock report) */
    char name[TK_NAME_MAX];         /* a copy: reports do not depend on the caller's string */
};

struct tk_sem {
    struct tk_waitq waiters;
    uint32_t count, max;
    uint32_t magic;
};

struct tk_mutex {
    struct tk_waitq waiters;
    struct tk_thread *owner;
    struct tk_mutex *next_held;     /* owner's list of held mutexes */
    uint32_t magic;
    uint32_t depth;                 /* recursion depth */
};

struct tk_event {
    struct tk_waitq waiters;
    uint32_t bits;
    uint32_t magic;
};

struct tk_fifo_node {
    struct tk_fifo_node *next;
};
struct tk_fifo {
    struct tk_fifo_node *head, *tail;
    uint32_t magic;
};

struct tk_ring {                    /* a msgq's or bmq's messages */
    uint32_t *buf;
    uint16_t words, capacity, count, head; /* message size in words; ring indices */
};

struct tk_msgq {                    /* only the receiver blocks */
    struct tk_waitq receivers;
    struct tk_ring ring;
    uint32_t magic;
};

struct tk_bmq {                     /* both sides block */
    struct tk_waitq receivers, senders;
    struct tk_ring ring;
    uint32_t magic;
};

struct tk_pool {
    void *free;                     /* first free block */
    uint8_t *start;                 /* block 0 */
    uintptr_t span;                 /* count * stride */
    uint32_t stride, recip;         /* bytes per block with its header; 2^32 / stride, up */
    uint32_t magic;
};

/* TLSF: first-level classes are powers of two, each split in TK_HEAP_SL linear classes. */
#define TK_HEAP_FL 20u
#define TK_HEAP_SL 8u
struct tk_heap_block;
struct tk_heap {
    uint32_t fl_map;
    uint8_t sl_map[TK_HEAP_FL];
    struct tk_heap_block *free[TK_HEAP_FL][TK_HEAP_SL];
    uint8_t *start, *end;
    uint32_t magic;
};

struct tk_alarm {
    struct tk_timer node;
    void (*fn)(struct tk_alarm *alarm, void *arg);
    void *arg;
    tk_tick_t period;
    uint32_t magic;
    uint8_t active;
};

/* ---- Kernel ---- */

/* Initialise the kernel (ready lists, timer list, idle thread) and install its trap vector
 * (faults in main are reported from here on).  Call once from main() before the calls that
 * need the kernel (see above).  Returns TK_OK, TK_ESTATE if called before (nothing changes).
 * Context: main, before tk_start(). */
int tk_init(void);

/* Start scheduling: starts the CLINT time base, enables interrupts and switches to the
 * highest-priority ready thread (the idle thread if none).  Calls tk_init() first if it was
 * not called.  Never returns; main's stack is abandoned.  Context: main. */
void tk_start(void) __attribute__((noreturn));

/* ---- Threads ---- */
#define TK_THREAD_SUSPENDED 1u /* tk_thread_create option: create suspended (tk_thread_resume) */

/* Create a thread in caller-owned memory, named `name` (copied, up to TK_NAME_MAX - 1
 * characters; NULL: no name).  `entry(arg)` runs on `stack` (stack_bytes, from
 * TK_STACK_MIN to TK_STACK_MAX, and stack + stack_bytes must not pass the end of the address
 * space; the lowest word becomes a guard word checked at every switch away from the thread).
 * Returning from entry is tk_thread_exit().  The new thread is ready (or suspended with
 * TK_THREAD_SUSPENDED); created from a thread, it preempts the caller when it has a higher
 * priority.  From its first creation on, t is in the kernel's list of threads (read by the
 * deadlock report): its memory must stay a thread's for the rest of the run (it may be created
 * again once exited, unless it exited holding mutexes: they stay locked and owned by it).
 * Returns TK_OK, TK_EINVAL (NULL t/entry/stack, stack size out of range or wrapping, prio >
 * TK_PRIO_LOWEST, unknown option), TK_ESTATE (t is a live thread), TK_EBUSY (t exited, or was
 * terminated, holding mutexes).
 * Context: thread or main. */
int tk_thread_create(struct tk_thread *t, const char *name, void (*entry)(void *arg), void *arg,
                     void *stack, size_t stack_bytes, unsigned prio, unsigned options);

/* The calling thread (in an ISR: the interrupted thread; before tk_start(): the idle thread;
 * before tk_init(): NULL).  Context: any. */
struct tk_thread *tk_thread_self(void);

/* Move the calling thread behind the other ready threads of its priority; switch if there is
 * one.  Returns TK_OK, TK_EISR, TK_ELOCKED (scheduler locked: nothing happens).
 * Context: thread. */
int tk_yield(void);

/* Sleep for `ticks` ticks (wakes at the ticks-th tick boundary from now).  TK_NOWAIT returns
 * at once.  Returns TK_OK, TK_EINVAL (ticks > TK_TIMEOUT_MAX, TK_FOREVER included: use
 * tk_thread_suspend), TK_EISR, TK_ELOCKED.  Context: thread. */
int tk_delay(tk_tick_t ticks);

/* Periodic sleep: advance *last_wake by `period` and sleep until that tick.  Initialise
 * *last_wake with tk_tick_get().  Tick counts wrap at 2^32: the new wake time counts as
 * future when it is 1 to TK_TIMEOUT_MAX ticks ahead of now, as passed otherwise.  Returns
 * TK_OK, TK_ELATE (the new wake time has passed: *last_wake is advanced anyway, no sleep),
 * TK_EINVAL (NULL, period 0 or beyond TK_TIMEOUT_MAX), TK_EISR, TK_ELOCKED.
 * Context: thread. */
int tk_delay_until(tk_tick_t *last_wake, tk_tick_t period);

/* Suspend thread t (NULL = the caller) until tk_thread_resume.  A ready or running thread
 * only.  Returns TK_OK, TK_EOBJ, TK_ESTATE (already suspended, blocked or sleeping, exited),
 * TK_EISR / TK_ELOCKED (suspending the caller from an ISR / with the scheduler locked).
 * Context: thread (suspending another thread: any). */
int tk_thread_suspend(struct tk_thread *t);

/* Make a suspended thread ready; switch to it if it has a higher priority than the caller.
 * Returns TK_OK, TK_EOBJ (NULL or not a thread), TK_ESTATE (not suspended).  Context: thread
 * (from an ISR use tk_thread_resume_from_isr). */
int tk_thread_resume(struct tk_thread *t);

/* tk_thread_resume for interrupt handlers: the switch, if any, happens at interrupt exit.
 * Returns as tk_thread_resume.  Context: ISR. */
int tk_thread_resume_from_isr(struct tk_thread *t);

/* Set the base priority of t (NULL = caller).  The effective priority stays raised while t
 * holds a mutex a higher-priority thread waits for; the change is propagated along a chain
 * of mutex owners; may switch.  Returns TK_OK, TK_EOBJ, TK_EINVAL (prio > TK_PRIO_LOWEST),
 * TK_ESTATE (exited).  Context: thread. */
int tk_thread_set_priority(struct tk_thread *t, unsigned prio);

/* Effective (possibly inherited) priority of t (NULL = caller), or TK_EOBJ.  Context: any. */
int tk_thread_priority(struct tk_thread *t);

/* Round-robin time slice of t (NULL = caller): after `ticks` ticks of running it is moved
 * behind its equal-priority peers; 0 = no slicing (default).  While any live thread has a
 * slice the kernel ticks every tick.  Returns TK_OK, TK_EOBJ, TK_EINVAL (ticks >
 * TK_SLICE_MAX), TK_ESTATE (t has exited).  Context: any. */
int tk_thread_set_slice(struct tk_thread *t, tk_tick_t ticks);

/* Terminate the calling thread; never returns.  Mutexes it holds stay locked (a programming
 * error).  From main before tk_start() it is tk_start() (main's context ends either way).
 * Context: thread. */
void tk_thread_exit(void) __attribute__((noreturn));

/* Thread states, as returned by tk_thread_state(). */
enum tk_thread_state {
    TK_STATE_UNUSED = 0, TK_STATE_READY, TK_STATE_BLOCKED, TK_STATE_SLEEPING,
    TK_STATE_SUSPENDED, TK_STATE_EXITED
};
/* State of t (READY includes running), or TK_EOBJ.  Context: any. */
int tk_thread_state(struct tk_thread *t);

/* Lock / unlock the scheduler (nesting, depth up to 255): while locked the caller is not
 * switched out (interrupts still run; a switch they request happens at the last unlock).
 * Blocking calls return TK_ELOCKED.  lock returns TK_OK, TK_EISR, TK_EOVERFLOW; unlock
 * returns TK_OK, TK_EISR, TK_ESTATE (not locked).  Context: thread. */
int tk_sched_lock(void);
int tk_sched_unlock(void);

/* ---- Time ---- */

/* Ticks since tk_start() (wraps at 2^32; 0 before it).  Context: any. */
tk_tick_t tk_tick_get(void);

/* Initialise an alarm: fn(alarm, arg) runs in the timer interrupt (it may call *_from_isr
 * calls).  Returns TK_OK, TK_EINVAL (NULL a or fn), TK_EBUSY (a is an active alarm: stop it
 * first).  Context: any. */
int tk_alarm_init(struct tk_alarm *a, void (*fn)(struct tk_alarm *a, void *arg), void *arg);

/* Start (or restart) an alarm: first call after `delay` ticks (1..TK_TIMEOUT_MAX), then every
 * `period` ticks (1..TK_TIMEOUT_MAX; 0 = one-shot).  Each expiry costs a constant number of
 * steps (a period of 32 ticks or more adds one sorted insertion: a step per timer due earlier
 * beyond the wheel).  Returns TK_OK, TK_EOBJ, TK_EINVAL (delay 0 or beyond TK_TIMEOUT_MAX,
 * period beyond TK_TIMEOUT_MAX).
 * Context: any. */
int tk_alarm_start(struct tk_alarm *a, tk_tick_t delay, tk_tick_t period);

/* Stop an alarm (no effect if not active).  Returns TK_OK, TK_EOBJ.  Context: any. */
int tk_alarm_stop(struct tk_alarm *a);

/* ---- Counting semaphore ---- */

/* Initialise (or re-initialise) with `count` (<= max) and maximum `max` (>= 1).  Returns
 * TK_OK, TK_EINVAL, TK_EBUSY (threads wait on s).  Context: any. */
int tk_sem_init(struct tk_sem *s, uint32_t count, uint32_t max);

/* Post: wake the highest-priority waiter (FIFO among equals) or increment the count.  May
 * switch.  Returns TK_OK, TK_EOBJ, TK_EFULL (count at max).  Context: thread. */
int tk_sem_post(struct tk_sem *s);

/* Post from an interrupt handler.  Returns as tk_sem_post.  Context: ISR. */
int tk_sem_post_from_isr(struct tk_sem *s);

/* Take one unit, waiting up to `timeout` ticks.  Returns TK_OK, TK_EOBJ, TK_ETIMEOUT,
 * TK_EAGAIN (TK_NOWAIT and count 0), TK_EINVAL (has to wait, timeout beyond TK_TIMEOUT_MAX),
 * TK_EISR, TK_ELOCKED.  Context: thread (TK_NOWAIT: any). */
int tk_sem_pend(struct tk_sem *s, tk_tick_t timeout);

/* Take one unit if available: tk_sem_pend(s, TK_NOWAIT).  Context: any. */
int tk_sem_try(struct tk_sem *s);

/* The current count into *count (0 to the maximum, which may be 2^32 - 1).  Returns TK_OK,
 * TK_EOBJ, TK_EINVAL (count NULL).  Context: any. */
int tk_sem_count(struct tk_sem *s, uint32_t *count);

/* ---- Mutex (recursive, priority inheritance) ---- */

/* Initialise (or re-initialise) unlocked.  Returns TK_OK, TK_EINVAL, TK_EBUSY (m is locked
 * or threads wait on it).  Context: any. */
int tk_mutex_init(struct tk_mutex *m);

/* Lock, waiting up to `timeout` ticks.  Recursive: the owner locking again nests (depth up to
 * 2^32-1).  While a thread waits, the owner (and transitively the owner of the mutex that
 * owner waits on, ...) runs at least at the waiter's priority.  A wait that would close a
 * cycle of owners (a deadlock) is refused.  Returns TK_OK, TK_EOBJ, TK_ETIMEOUT, TK_EAGAIN
 * (TK_NOWAIT and owned by another), TK_EDEADLK, TK_EINVAL (has to wait, timeout beyond
 * TK_TIMEOUT_MAX), TK_EOVERFLOW, TK_EISR, TK_ELOCKED.  Context: thread. */
int tk_mutex_lock(struct tk_mutex *m, tk_tick_t timeout);

/* tk_mutex_lock(m, TK_NOWAIT).  Context: thread. */
int tk_mutex_trylock(struct tk_mutex *m);

/* Unlock one level; at depth 0 the mutex passes to the highest-priority waiter and the
 * caller's inherited priority is recomputed (from the mutexes it still holds).  May switch.
 * Returns TK_OK, TK_EOBJ, TK_EPERM (caller is not the owner), TK_EISR.  Context: thread. */
int tk_mutex_unlock(struct tk_mutex *m);

/* ---- Event flags (32 bits) ---- */
#define TK_EVENT_ANY   0u /* tk_event_wait: any bit of the set suffices */
#define TK_EVENT_ALL   1u /* tk_event_wait: all bits of the set are needed */
#define TK_EVENT_CLEAR 2u /* tk_event_wait: clear the bits that satisfied the wait */

/* Initialise (or re-initialise) with `bits`.  Returns TK_OK, TK_EINVAL, TK_EBUSY (threads
 * wait on e).  Context: any. */
int tk_event_init(struct tk_event *e, uint32_t bits);

/* OR `bits` in; wake every waiter now satisfied (in priority order).  May switch.  Returns
 * TK_OK, TK_EOBJ.  Context: thread. */
int tk_event_set(struct tk_event *e, uint32_t bits);

/* tk_event_set from an interrupt handler.  Context: ISR. */
int tk_event_set_from_isr(struct tk_event *e, uint32_t bits);

/* Clear `bits`.  Returns TK_OK, TK_EOBJ.  Context: any. */
int tk_event_clear(struct tk_event *e, uint32_t bits);

/* The current bits into *bits.  Returns TK_OK, TK_EOBJ, TK_EINVAL (bits NULL).
 * Context: any. */
int tk_event_get(struct tk_event *e, uint32_t *bits);

/* Wait until any/all (`options`) of `bits` are set, up to `timeout` ticks; *got (if not NULL)
 * receives the flags that satisfied the wait.  Returns TK_OK, TK_EOBJ, TK_EINVAL (bits 0,
 * unknown option), TK_ETIMEOUT, TK_EAGAIN, TK_EISR, TK_ELOCKED.  Context: thread
 * (TK_NOWAIT: any). */
int tk_event_wait(struct tk_event *e, uint32_t bits, unsigned options, uint32_t *got,
                  tk_tick_t timeout);

/* ---- Per-thread one-word mailbox ---- */

/* Put `word` in t's mailbox (one word deep) and wake t if it waits in tk_mail_recv; may
 * switch.  Returns TK_OK, TK_EOBJ, TK_EFULL (mailbox already holds a word).  Context: thread. */
int tk_mail_send(struct tk_thread *t, uintptr_t word);

/* tk_mail_send from an interrupt handler.  Context: ISR. */
int tk_mail_send_from_isr(struct tk_thread *t, uintptr_t word);

/* Take the word from the caller's mailbox, waiting up to `timeout` ticks.  Returns TK_OK,
 * TK_EINVAL (word NULL), TK_ETIMEOUT, TK_EAGAIN, TK_EISR, TK_ELOCKED.  Context: thread. */
int tk_mail_recv(uintptr_t *word, tk_tick_t timeout);

/* ---- Non-blocking intrusive FIFO ---- */

/* Initialise empty.  Returns TK_OK, TK_EINVAL, TK_EBUSY (an initialised FIFO that still holds
 * nodes: get them first).  Context: any. */
int tk_fifo_init(struct tk_fifo *f);
/* Append `node` (caller-owned).  A node that is not queued holds zero (static storage, or
 * `= {0}`, before its first put; tk_fifo_get zeroes it again), which is how a node already
 * queued, in this FIFO or another, is refused.  Returns TK_OK, TK_EOBJ, TK_EINVAL (node
 * NULL), TK_EBUSY (node already queued, or never zeroed).  Context: any (thread and ISR). */
int tk_fifo_put(struct tk_fifo *f, struct tk_fifo_node *node);
/* Remove the oldest node into *node (NULL when empty) and zero it.  Returns TK_OK, TK_EOBJ,
 * TK_EINVAL, TK_EAGAIN (empty).  Context: any. */
int tk_fifo_get(struct tk_fifo *f, struct tk_fifo_node **node);

/* ---- Message queue: fixed-size copied messages, only the receiver blocks ---- */
/* Messages are copied a word at a time: every message pointer (msg of the sends and
 * receives of both queues) must be 4-byte aligned, like the buffer; a NULL or misaligned one
 * returns TK_EINVAL, before anything is copied or waited for. */

/* Initialise (or re-initialise, emptied) over `buf` (4-byte aligned, capacity * msg_bytes
 * bytes).  msg_bytes: a multiple of 4, 4..1024; capacity 1..65535.  Returns TK_OK, TK_EINVAL,
 * TK_EBUSY (threads wait to receive).  Context: any. */
int tk_msgq_init(struct tk_msgq *q, void *buf, size_t msg_bytes, size_t capacity);
/* Copy a message in (straight to a waiting receiver if there is one); never blocks; may
 * switch.  Returns TK_OK, TK_EOBJ, TK_EINVAL (msg NULL), TK_EFULL.  Context: thread. */
int tk_msgq_send(struct tk_msgq *q, const void *msg);
/* tk_msgq_send from an interrupt handler.  Context: ISR. */
int tk_msgq_send_from_isr(struct tk_msgq *q, const void *msg);
/* Copy the oldest message out, waiting up to `timeout` ticks.  Returns TK_OK, TK_EOBJ,
 * TK_EINVAL, TK_ETIMEOUT, TK_EAGAIN, TK_EISR, TK_ELOCKED.  Context: thread (TK_NOWAIT: any). */
int tk_msgq_recv(struct tk_msgq *q, void *msg, tk_tick_t timeout);

/* ---- Bounded blocking queue: both sides block ---- */

/* As tk_msgq_init (TK_EBUSY: threads wait to send or receive).  Context: any. */
int tk_bmq_init(struct tk_bmq *q, void *buf, size_t msg_bytes, size_t capacity);
/* Copy a message in, waiting up to `timeout` ticks for room.  Returns TK_OK, TK_EOBJ,
 * TK_EINVAL, TK_ETIMEOUT, TK_EAGAIN (TK_NOWAIT and full), TK_EISR, TK_ELOCKED.
 * Context: thread (TK_NOWAIT: any). */
int tk_bmq_send(struct tk_bmq *q, const void *msg, tk_tick_t timeout);
/* Non-blocking send from an interrupt handler.  Returns TK_OK, TK_EOBJ, TK_EINVAL, TK_EFULL.
 * Context: ISR. */
int tk_bmq_send_from_isr(struct tk_bmq *q, const void *msg);
/* Copy the oldest message out (waking a blocked sender), waiting up to `timeout` ticks.
 * Returns TK_OK, TK_EOBJ, TK_EINVAL, TK_ETIMEOUT, TK_EAGAIN, TK_EISR, TK_ELOCKED.
 * Context: thread (TK_NOWAIT: any). */
int tk_bmq_recv(struct tk_bmq *q, void *msg, tk_tick_t timeout);

/* ---- Fixed-block pool (O(1)) ---- */

/* Each block is preceded by one word the kernel keeps (the free-list link of a free block,
 * a mark on an allocated one), so that a double free is always detected: a pool of `count`
 * blocks of `block_bytes` needs a buffer of TK_POOL_BYTES(block_bytes, count) bytes. */
#define TK_POOL_BLOCK_MAX 0xFFFFFFu /* largest block_bytes */
#define TK_POOL_COUNT_MAX 0xFFFFFFu /* largest count */
#define TK_POOL_STRIDE(block_bytes) \
    ((((size_t)(block_bytes) + sizeof(void *) - 1) & ~(sizeof(void *) - 1)) + sizeof(void *))
#define TK_POOL_BYTES(block_bytes, count) ((size_t)(count) * TK_POOL_STRIDE(block_bytes))

/* Initialise `count` blocks (1..TK_POOL_COUNT_MAX) of `block_bytes` (1..TK_POOL_BLOCK_MAX,
 * rounded up to a multiple of sizeof(void *); blocks are pointer-aligned) over `buf`
 * (pointer-aligned, buf_bytes long: at least TK_POOL_BYTES(block_bytes, count), which must be
 * below 2 GiB).  Returns TK_OK, TK_EINVAL.  Context: any. */
int tk_pool_init(struct tk_pool *p, void *buf, size_t buf_bytes, size_t block_bytes,
                 size_t count);
/* Take a block into *block (NULL when none is left).  Returns TK_OK, TK_EOBJ, TK_EINVAL
 * (block NULL), TK_ENOMEM.  Context: any. */
int tk_pool_alloc(struct tk_pool *p, void **block);
/* Return a block.  Returns TK_OK, TK_EOBJ, TK_EINVAL (not an allocated block of this pool:
 * foreign, interior, NULL, or already free).  Context: any. */
int tk_pool_free(struct tk_pool *p, void *block);

/* ---- Variable-size allocator: two-level segregated fit (bounded time) ---- */

/* Initialise over `mem` (bytes, at least 64, at most 2^(TK_HEAP_FL+5) - 1; mem + bytes must
 * not pass the end of the address space).  An initialised heap may be initialised again only
 * when every block is free: a block from before would otherwise overlap the new heap's.
 * Returns TK_OK, TK_EINVAL, TK_EBUSY (h is an initialised heap with blocks allocated: free
 * them first).  Context: any. */
int tk_heap_init(struct tk_heap *h, void *mem, size_t bytes);
/* Allocate `bytes` (8-byte aligned) into *ptr in bounded time (no list walks).  Returns
 * TK_OK, TK_EOBJ, TK_EINVAL (bytes 0, ptr NULL), TK_ENOMEM.  Context: any. */
int tk_heap_alloc(struct tk_heap *h, size_t bytes, void **ptr);
/* Free a block from tk_heap_alloc, merging with free neighbours.  The pointer is checked
 * before anything is written: inside the heap, aligned, a block in use whose size stays
 * inside the heap and whose both physical neighbours link to it (an interior pointer, a
 * double free, a block of a heap since re-initialised are refused).  Returns TK_OK, TK_EOBJ,
 * TK_EINVAL (not an allocated block of this heap).  Context: any. */
int tk_heap_free(struct tk_heap *h, void *ptr);
/* Bytes currently free (headers included) into *bytes, by a walk over the blocks: a
 * diagnostic whose time grows with the number of blocks (alloc and free keep no counter).
 * Returns TK_OK, TK_EOBJ, TK_EINVAL (bytes NULL).  Context: any. */
int tk_heap_free_bytes(struct tk_heap *h, size_t *bytes);

/* ---- Interrupts ---- */
#define TK_IRQ_SOFTWARE 3u  /* machine software interrupt (msip) */
#define TK_IRQ_TIMER    7u  /* machine timer interrupt (the kernel's tick; no user handler) */
#define TK_IRQ_EXTERNAL 11u /* machine external interrupt */
#define TK_IRQ_PRIO_MAX 7u  /* interrupt priorities: 0 (the default, lowest) .. 7 */

/* Attach handler fn(arg) to interrupt `irq` (TK_IRQ_SOFTWARE or TK_IRQ_EXTERNAL) and enable
 * it; fn == NULL detaches and disables.  Handlers run with interrupts disabled (with
 * TK_IRQ_NESTING: see tk_irq_set_priority) on the interrupted thread's stack and may call *_from_isr and "any" calls.  The kernel clears
 * msip before calling a software-interrupt handler; an external handler must acknowledge its
 * device.  An external interrupt goes straight from the trap entry to its handler.  Returns
 * TK_OK, TK_EINVAL (unknown irq), TK_ESTATE (before tk_init()).  Context: any. */
int tk_irq_attach(unsigned irq, void (*fn)(void *arg), void *arg);

/* Raise the machine software interrupt (msip; taken when interrupts are enabled).
 * Context: any. */
void tk_irq_raise_software(void);

/* Set the interrupt priority of a source (TK_IRQ_SOFTWARE, TK_IRQ_TIMER, TK_IRQ_EXTERNAL) to
 * prio, 0 .. TK_IRQ_PRIO_MAX (higher is more urgent; all start at 0).  With TK_IRQ_NESTING, a
 * source preempts the handler of a source of a lower priority: the trap entry masks (in mie)
 * the sources of the running handler's priority and below, then enables interrupts.  Nested
 * handlers may make every ISR and "any" call, and a thread-only one returns TK_EISR as from
 * any handler (the assembly fast paths of tk_yield, tk_thread_suspend and tk_thread_resume
 * look at the depth as well as the interrupt-enable bit); a switch they cause happens once,
 * when the outermost handler ends.  The
 * kernel's tick work runs with interrupts disabled whatever the timer's priority.  Without
 * TK_IRQ_NESTING the priority is recorded but every handler runs to its end before the next.
 * Returns TK_OK, TK_EINVAL (unknown source, prio above TK_IRQ_PRIO_MAX), TK_ESTATE (before
 * tk_init()).  Context: any. */
int tk_irq_set_priority(unsigned irq, unsigned prio);

#if TK_IRQ_NESTING
/* How many interrupt handlers are running, the current one included: 0 in a thread (or
 * before tk_start()), 1 in a handler, 2 in a handler that preempted another, ...
 * Context: any. */
unsigned tk_irq_nesting(void);
#endif

/* Direct interrupt handler: build the kernel and the program with
 * -DTK_IRQ_DIRECT_EXTERNAL=<name> (both, like TK_IRQ_NESTING), <name> being a global function
 * defined with TK_IRQ_DIRECT(name).  Then the trap vector jumps straight to it for the
 * external interrupt, with nothing saved: the compiler saves the registers the handler uses
 * (all caller-saved ones if it calls a function), and it returns with mret.  Its first
 * statement runs 34 cycles after the raise on the paper SoC, against 66 for a handler
 * attached with tk_irq_attach (docs/kernel.md).  It runs with interrupts disabled and must
 * leave them so; it may make every ISR and "any" call (the kernel tells an ISR by mstatus.MIE
 * = 0), and it acknowledges its device itself.  If its calls may make a thread ready, its last
 * statement is tk_irq_direct_end(): a more urgent thread then runs at once, before the
 * interrupted one continues (the interrupt exit's policy, the switch done from inside the
 * handler, which ends when the interrupted thread is resumed).  The software interrupt is not
 * involved and stays the program's.  With TK_IRQ_NESTING the direct handler is never
 * preempted; tk_irq_set_priority(TK_IRQ_EXTERNAL, ...) still decides which handlers it
 * preempts, and a switch it causes there happens when the outermost of them ends.  The timer
 * and software interrupts take the kernel's entry as before. */
#ifdef TK_IRQ_DIRECT_EXTERNAL
#if !TK_CONFIG_IRQ
#error "TK_IRQ_DIRECT_EXTERNAL needs interrupts (TK_CONFIG_IRQ 1)"
#endif
#define TK_IRQ_DIRECT(name) __attribute__((interrupt("machine"))) void name(void)
/* Enable (on != 0) or disable the external interrupt, whose handler is the direct one
 * (tk_irq_attach(TK_IRQ_EXTERNAL, ...) returns TK_EINVAL in this build).  Returns TK_OK,
 * TK_ESTATE (before tk_init()).  Context: any. */
int tk_irq_direct_enable(int on);
/* The last statement of a direct handler whose calls may have made a thread ready: switches
 * to the highest ready thread if it is more urgent than the interrupted one (and the
 * scheduler is not locked); returns when the interrupted thread runs again, or at once.
 * Context: direct handler (from a thread, with interrupts enabled, it does nothing). */
void tk_irq_direct_end(void);
#endif

/* Disable interrupts; returns the previous state for tk_irq_unlock.  Inside the section the
 * kernel takes the caller for an interrupt handler: calls that may block return TK_EISR
 * (unless TK_NOWAIT), and a thread the section's calls make ready runs at its end.
 * Context: any. */
unsigned long tk_irq_lock(void);
/* Restore the state returned by tk_irq_lock.  From a thread, the unlock that enables
 * interrupts again switches to the highest ready thread if it is more urgent than the caller
 * (a post, resume, send or event set inside the section woke it), unless the scheduler is
 * locked (then tk_sched_unlock does); an inner unlock, which leaves them disabled, does not.
 * Context: any. */
void tk_irq_unlock(unsigned long state);

/* ---- Faults ---- */
#define TK_FATAL_STACK     1 /* a thread overflowed its stack */
#define TK_FATAL_EXCEPTION 2 /* a synchronous exception (illegal instruction, access fault, ...) */
#define TK_FATAL_IRQ       3 /* an interrupt with no handler attached */
#define TK_FATAL_DEADLOCK  4 /* every thread waits for good: nothing can ever run again.  The
                                idle thread finds it: no thread ready, no timer armed (sleep,
                                timeout, alarm), no interrupt enabled but the timer's, and at
                                least one thread blocked or suspended (not all exited) */

/* Size of the kernel's exception stack, on which every fault is handled (the faulting
 * thread's stack may be the fault): the fatal handler runs on it. */
#define TK_FAULT_STACK_BYTES (128u * sizeof(uintptr_t))

/* What the fault handler is told. */
struct tk_fault {
    int reason;               /* TK_FATAL_* */
    struct tk_thread *thread; /* the thread that was running; NULL: main before tk_start(), or
                                 no single thread (TK_FATAL_DEADLOCK) */
    uintptr_t cause;          /* mcause of the exception or interrupt; 0 for an overflow found
                                 at a switch and for a deadlock */
    uintptr_t pc;             /* mepc: the instruction that trapped (0: found at a switch) */
    uintptr_t tval;           /* mtval: the faulting address or instruction; for an overflow
                                 found at a switch, the stack's lowest address (its guard) */
    uintptr_t sp;             /* the thread's stack pointer at the fault */
};

/* Install the fault handler fn(f), called on the exception stack.  Stack overflow is found at
 * the thread's next switch or trap (the guard word at the stack's lowest address must hold
 * its own address, the stack pointer must stay above it), an exception when it happens.  For
 * TK_FATAL_STACK the handler may return: the thread is then terminated (mutexes it holds stay
 * locked, a scheduler lock it holds is released) and scheduling continues.  A wait it was in
 * ends for good: it leaves the wait queue, its timeout is cancelled, the owner of a mutex it
 * waited for stops inheriting its priority, and mail sent to it later stays in its mailbox
 * (tk_mail_send returns TK_OK, then TK_EFULL) without waking it; created again, the thread
 * starts with an empty mailbox.  For the other reasons a returning handler ends the run
 * with board_exit(100 + reason), as does the default handler (NULL restores it) for every
 * reason, after printing tk_fault_report().  A fault inside the handler ends the run at once
 * with board_exit(100 + TK_FATAL_EXCEPTION).  Exit statuses: 101 stack overflow, 102
 * exception, 103 unhandled interrupt, 104 deadlock.  Context: any (also before tk_init()). */
void tk_set_fatal_handler(void (*fn)(const struct tk_fault *f));

/* Print the default report of f on the console: one line naming the cause in words ("load
 * access fault", "stack overflow", ...), the thread, pc and mtval in hex; for a deadlock, one
 * line per thread and what it waits for.  With TK_CONFIG_FAULT_TEXT 0, one line of numbers
 * instead: "tempo: fatal R T C P V S" (the fields of f in hex, in their order above).  For a
 * handler that logs and lets the run go on.  Context: any. */
void tk_fault_report(const struct tk_fault *f);

#endif
