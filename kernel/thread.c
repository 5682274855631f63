/* Threads: creation, yield, sleeps, suspend/resume, priorities (with the priority
 * inheritance walk shared with mutex.c), time slices, exit. */
#include "kernel.h"

TK_INLINE int tk__is_thread(const struct tk_thread *t)
{
    return t && t->magic == TK_MAGIC_THREAD;
}

/* The thread a suspend, set_priority or set_slice call names: t, or the caller when t is
 * NULL; NULL when that is no thread the user may change (the idle thread is not). */
TK_INLINE struct tk_thread *tk__user_thread(struct tk_thread *t)
{
    if (!t && tk__initialised())
        t = tk_k.current;
    return tk__is_thread(t) && t != &tk_idle ? t : NULL;
}

/* Set up t to start entry(arg) on the stack [stack, stack + stack_bytes) at priority prio,
 * ready to be listed (state TK_STATE_READY, its magic word set): every field but the list of
 * every thread (interrupts locked).  Shared by tk_thread_create and tk_init (the idle
 * thread).  Returns t: its caller then keeps no copy across the call. */
struct tk_thread *tk__thread_setup(struct tk_thread *t, const char *name,
                                   void (*entry)(void *arg), void *arg, void *stack,
                                   size_t stack_bytes, uint8_t prio)
{
    uintptr_t lo = ((uintptr_t)stack + sizeof(uintptr_t) - 1) & ~(uintptr_t)(sizeof(uintptr_t) - 1);
    uintptr_t hi = ((uintptr_t)stack + stack_bytes) & ~(uintptr_t)15;
    /* Every field before all_next starts at zero: one loop instead of a store each. */
    tk__zero_words(t, offsetof(struct tk_thread, all_next));
    t->stack_guard = (uintptr_t *)lo;
    *t->stack_guard = (uintptr_t)t->stack_guard;
    t->sp = tk_port_stack_init(hi, entry, arg);
#if TK_CONFIG_TIMERS
    t->timeout.expire = tk__thread_timeout;
#endif
    tk__set_name(t, name);
    t->base_prio = prio;
    tk__set_prio(t, prio);
    t->state = TK_STATE_READY;
    t->magic = TK_MAGIC_THREAD;
    return t;
}

int tk_thread_create(struct tk_thread *t, const char *name, void (*entry)(void *arg), void *arg,
                     void *stack, size_t stack_bytes, unsigned prio, unsigned options)
{
    if (!t || !entry || !stack || stack_bytes < TK_STACK_MIN || stack_bytes > TK_STACK_MAX ||
        stack_bytes > UINTPTR_MAX - (uintptr_t)stack || /* the end must not wrap */
        prio > TK_PRIO_LOWEST || (options & ~TK_THREAD_SUSPENDED))
        return TK_EINVAL;
    if (!tk__initialised())
        return TK_ESTATE;
    unsigned long s = tk_port_irq_lock();
    if (t->magic == TK_MAGIC_THREAD) { /* never TK_STATE_UNUSED: set up with the magic word */
        /* A thread exited holding mutexes still owns them: the kernel tells an owner by its
         * control block, so no thread is made there while it does. */
        int rc = t->state != TK_STATE_EXITED ? TK_ESTATE : t->held ? TK_EBUSY : TK_OK;
        if (rc != TK_OK) {
            tk_port_irq_unlock(s);
            return rc;
        }
    } else { /* first creation: into the kernel's list */
        t->all_next = tk_k.threads;
        tk_k.threads = t;
    }
    t = tk__thread_setup(t, name, entry, arg, stack, stack_bytes, prio);
    if (options & TK_THREAD_SUSPENDED)
        t->state = TK_STATE_SUSPENDED;
    else
        tk__ready_insert(t);
    return tk__reschedule_return(s, TK_OK); /* suspended: the caller goes on (no switch) */
}

struct tk_thread *tk_thread_self(void)
{
    return tk__initialised() ? tk_k.current : NULL;
}

/* tk_yield: the policy.  The port's tk_yield (port/riscv/switch.S) does its common case,
 * a switch to the next thread of the caller's priority, as one straight line, and calls this
 * for the rest. */
int tk__yield_c(void)
{
    unsigned long s = tk_port_irq_lock();
    int rc = tk__can_block(s);
    if (TK_UNLIKELY(rc != TK_OK)) {
        tk_port_irq_unlock(s);
        return rc;
    }
    return tk__yield_end(s, tk_k.current);
}

#if !TK_PORT_FAST_PATHS
/* Without the port's fast path (port/riscv/port_defs.h: the size build) the C path is the call
 * itself: the same code under both names. */
int tk_yield(void) __attribute__((alias("tk__yield_c")));
#endif

#if TK_CONFIG_TIMERS /* sleeps (tempo.h: TK_CONFIG_TIMERS) */
static int tk_sleep_until(unsigned long s, tk_tick_t wake)
{
    struct tk_thread *cur = tk_k.current;
    tk__ready_remove_running(cur);
    cur->state = TK_STATE_SLEEPING;
    tk__timer_add(&cur->timeout, wake);
    (void)s; /* interrupts come back on when this thread is resumed */
    return tk__switch_return(tk__highest());
}

int tk_delay(tk_tick_t ticks)
{
    if (ticks > TK_TIMEOUT_MAX)
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    int rc = tk__can_block(s);
    if (rc != TK_OK || ticks == TK_NOWAIT) {
        tk_port_irq_unlock(s);
        return rc;
    }
    return tk_sleep_until(s, tk_port_ticks() + ticks);
}

int tk_delay_until(tk_tick_t *last_wake, tk_tick_t period)
{
    if (!last_wake || period - 1 >= TK_TIMEOUT_MAX) /* period 0 wraps */
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    int rc = tk__can_block(s);
    if (rc != TK_OK) {
        tk_port_irq_unlock(s);
        return rc;
    }
    tk_tick_t wake = *last_wake + period;
    *last_wake = wake;
    /* A wake time not within the next TK_TIMEOUT_MAX ticks has passed (0 wraps). */
    if (wake - tk_port_ticks() - 1 >= TK_TIMEOUT_MAX) {
        tk_port_irq_unlock(s);
        return TK_ELATE;
    }
    return tk_sleep_until(s, wake);
}
#endif

static TK_COLD int tk_suspend_slow(struct tk_thread *t, unsigned long s)
{
    int rc = TK_OK;
    if (!(t = tk__user_thread(t))) {
        rc = TK_EOBJ; /* also before tk_init(): there is no thread yet */
    } else if (t->state != TK_STATE_READY) {
        rc = TK_ESTATE;
    } else if (t == tk_k.current && (rc = tk__can_block(s)) != TK_OK) {
        /* the caller cannot suspend itself here */
    } else {
        tk__ready_remove(t);
        t->state = TK_STATE_SUSPENDED;
        if (t == tk_k.current) { /* before tk_start the current thread is the idle thread */
            t->wait_result = TK_OK;
            return tk__switch_return(tk__highest());
        }
    }
    tk_port_irq_unlock(s);
    return rc;
}

int tk_thread_suspend(struct tk_thread *t)
{
    unsigned long s = tk_port_irq_lock();
    /* Shortcut: a running thread suspends itself by its pointer (NULL: the slow path).  The
     * kernel state is read only once interrupts are seen enabled (see tk_kp). */
    if (TK_SHORTCUTS && TK_LIKELY(tk__thread_ctx(s)) && TK_LIKELY(t == tk_k.current) &&
        TK_LIKELY(!tk_k.sched_lock)) {
        tk__ready_remove_running(t);
        t->state = TK_STATE_SUSPENDED;
        t->wait_result = TK_OK; /* returned when resumed */
        return tk__switch_return(tk__highest());
    }
    return tk_suspend_slow(t, s);
}

static TK_COLD int tk_resume_error(struct tk_thread *t, unsigned long s)
{
    tk_port_irq_unlock(s);
    return tk__is_thread(t) ? TK_ESTATE : TK_EOBJ;
}

int tk_thread_resume(struct tk_thread *t)
{
    unsigned long s = tk_port_irq_lock();
    if (TK_UNLIKELY(!t || t->magic != TK_MAGIC_THREAD || t->state != TK_STATE_SUSPENDED))
        return tk_resume_error(t, s);
    tk__ready_insert(t);
    return tk__preempt_return(t, s, TK_OK);
}

int tk_thread_resume_from_isr(struct tk_thread *t)
{
    unsigned long s = tk_port_irq_lock();
    if (TK_UNLIKELY(!t || t->magic != TK_MAGIC_THREAD || t->state != TK_STATE_SUSPENDED))
        return tk_resume_error(t, s);
    tk__ready_insert(t);
    tk_port_irq_unlock(s);
    return TK_OK;
}

/* Move a ready thread to priority p.  The running thread stays the head of its new ready
 * list (it keeps the processor until the reschedule decides otherwise). */
TK_INLINE void tk_ready_reprio(struct tk_thread *t, uint8_t p)
{
    tk__ready_remove(t);
    tk__set_prio(t, p);
    tk__ready_insert(t);
    if (t == tk_k.current)
        tk_k.ready[p] = t;
}

/* Move a thread that is not ready to priority p (a blocked one keeps its wait queue's order). */
static void tk_waiting_reprio(struct tk_thread *t, uint8_t p)
{
    if (t->state == TK_STATE_BLOCKED && t->waitq) {
        tk__list_remove(&t->waitq->head, t);
        tk__set_prio(t, p);
        tk__waitq_insert(t->waitq, t);
    } else {
        tk__set_prio(t, p);
    }
}

/* Effective priority: the base priority raised to the best waiter of every held mutex. */
TK_INLINE uint8_t tk_inherited_prio(const struct tk_thread *t)
{
    uint8_t p = t->base_prio;
    for (const struct tk_mutex *m = t->held; m; m = m->next_held) /* wcet: loop <= MUTEXES */
        if (m->waiters.head && m->waiters.head->prio < p)
            p = m->waiters.head->prio;
    return p;
}

/* The rest of a propagation that reached a thread t that is not ready, with its new priority
 * p: while the thread changed waits for a mutex, that mutex's owner is next.  Stops at the
 * first thread whose priority does not change. */
static TK_COLD void tk_propagate_chain(struct tk_thread *t, uint8_t p)
{
    for (;;) { /* wcet: loop <= THREADS: one step per owner of the chain */
        if (t->state == TK_STATE_READY) {
            tk_ready_reprio(t, p);
            return;
        }
        tk_waiting_reprio(t, p);
        if (t->state != TK_STATE_BLOCKED || !t->wait_mutex || !(t = t->wait_mutex->owner))
            return;
        p = tk_inherited_prio(t);
        if (p == t->prio)
            return;
    }
}

/* Recompute t's effective priority and follow the chain of mutex owners (t waits on a mutex
 * whose owner may now need a higher or lower priority, and so on).  The usual case, a ready
 * owner, is a leaf: no stack frame.  Never reaches the idle thread (it owns no mutex and
 * waits for none). */
void tk__prio_propagate(struct tk_thread *t)
{
    uint8_t p = tk_inherited_prio(t);
    if (p == t->prio)
        return;
    if (TK_SHORTCUTS && TK_LIKELY(t->state == TK_STATE_READY)) { /* the chain's first step */
        tk_ready_reprio(t, p);
        return;
    }
    tk_propagate_chain(t, p);
}

int tk_thread_set_priority(struct tk_thread *t, unsigned prio)
{
    if (prio > TK_PRIO_LOWEST)
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    int rc = TK_OK;
    if (!(t = tk__user_thread(t))) {
        rc = TK_EOBJ;
    } else if (t->state == TK_STATE_EXITED) { /* never TK_STATE_UNUSED: set up with the magic word */
        rc = TK_ESTATE;
    } else {
        t->base_prio = (uint8_t)prio;
        tk__prio_propagate(t);
        return tk__reschedule_return(s, TK_OK);
    }
    tk_port_irq_unlock(s);
    return rc;
}

int tk_thread_priority(struct tk_thread *t)
{
    if (!t && tk__initialised())
        t = tk_k.current;
    if (!tk__is_thread(t))
        return TK_EOBJ;
    return t->prio;
}

#if TK_CONFIG_TIMERS /* time slices need the tick */
int tk_thread_set_slice(struct tk_thread *t, tk_tick_t ticks)
{
    if (ticks > TK_SLICE_MAX)
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    int rc = TK_OK;
    if (!(t = tk__user_thread(t))) {
        rc = TK_EOBJ;
    } else if (t->state == TK_STATE_EXITED) { /* never TK_STATE_UNUSED: set up with the magic word */
        rc = TK_ESTATE; /* slicers counts live threads: exit has already taken t's slice off */
    } else {
        if (!t->slice && ticks) {
            if (tk_k.slicers++ == 0 && tk_k.started) {
                /* Periodic tick from now on. */
                tk_k.next_event = tk_port_ticks() + 1;
                tk_port_timer_set(tk_k.next_event);
            }
        } else if (t->slice && !ticks) {
            tk_k.slicers--;
        }
        t->slice = t->slice_left = (uint16_t)ticks;
    }
    tk_port_irq_unlock(s);
    return rc;
}
#endif

int tk_thread_state(struct tk_thread *t)
{
    if (!tk__is_thread(t))
        return TK_EOBJ;
    return t->state;
}

void tk_thread_exit(void)
{
    if (!tk__initialised() || !tk_k.started)
        tk_start(); /* from main before tk_start(): main's context ends either way */
    (void)tk_port_irq_lock();
    struct tk_thread *cur = tk_k.current;
    tk__ready_remove(cur);
    cur->state = TK_STATE_EXITED;
#if TK_CONFIG_TIMERS /* else no thread has a time slice */
    if (cur->slice)
        tk_k.slicers--;
#endif
    tk_k.sched_lock = 0;
    struct tk_thread *next = tk__highest();
    tk_k.current = next;
    tk_port_start(next);
}
