/* Scheduling decisions and the switch: the stack check and the switch's C end
 * (tk__switch_return), the ends of the calls that may make a thread more urgent than the
 * caller ready (tk__reschedule_return, tk__preempt_return), the context test of a call that
 * would block, the yield's C path, priorities and the interrupt exit's policy. */
#ifndef TK_KSCHED_H
#define TK_KSCHED_H
#include "ready_q.h"

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
#if TK_PORT_OWN_FRAME
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
#if TK_SIZE /* the general end itself, without a call between */
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

/* End of a thread-context call that made at most one thread `w` ready (NULL: none): returns
 * rc to the caller, now or when it is resumed.  For speed, no test at all when none was made
 * ready; built for size, the general end decides (tk__preempt_return is that end): no test
 * of w. */
#if TK_SIZE
#define tk__woken_return(w, irq_state, rc) tk__preempt_return(w, irq_state, rc)
#else
TK_INLINE int tk__woken_return(struct tk_thread *w, unsigned long irq_state, int rc)
{
    if (w)
        return tk__preempt_return(w, irq_state, rc);
    tk_port_irq_unlock(irq_state);
    return rc;
}
#endif

/* The end of tk_yield's C path (thread.c), from the running thread cur that may yield
 * (interrupts locked with irq_state): nothing more urgent is ready (it would be running), so
 * the next thread of cur's priority, if any, runs, and cur goes to the tail of its ready list
 * with a fresh time slice.  For speed, the switch itself, or none when cur is alone; built
 * for size, the next thread becomes the head of cur's ready list (cur itself when alone), and
 * the general reschedule runs that head. */
TK_INLINE int tk__yield_end(unsigned long irq_state, struct tk_thread *cur)
{
    struct tk_thread *next = cur->next;
#if TK_SIZE
#if TK_CONFIG_TIMERS /* else no thread has a time slice */
    cur->slice_left = cur->slice;
#endif
    *cur->ready_slot = next;
    return tk__reschedule_return(irq_state, TK_OK);
#else
    cur->slice_left = cur->slice;
    cur->wait_result = TK_OK; /* beside slice_left: the port sets both with one store */
    if (next == cur) {
        tk_port_irq_unlock(irq_state);
        return TK_OK;
    }
    *cur->ready_slot = next;
    return tk__switch_return(next);
#endif
}

/* Context check for a call that would block: 0 or TK_EISR / TK_ELOCKED. */
TK_INLINE int tk__can_block(unsigned long irq_state)
{
    if (__builtin_expect(!tk__thread_ctx(irq_state), 0))
        return TK_EISR;
    if (__builtin_expect(tk_k.sched_lock != 0, 0))
        return TK_ELOCKED;
    return TK_OK;
}

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
#endif
