/* Mutex: ownership, recursion, transitive priority inheritance (tk__prio_propagate in
 * thread.c), undone on unlock.  Ownership passes directly to the best waiter on unlock. */
#include "kernel.h"

int tk_mutex_init(struct tk_mutex *m)
{
    if (!m)
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    if (m->magic == TK_MAGIC_MUTEX && m->owner) {
        /* re-initialised, it would stay on its owner's held list: a later unlock walks it (a
         * mutex has waiters only while it has an owner) */
        tk_port_irq_unlock(s);
        return TK_EBUSY;
    }
    m->waiters.head = NULL;
    m->owner = NULL;
    m->next_held = NULL;
    m->depth = 0;
    m->magic = TK_MAGIC_MUTEX;
    tk_port_irq_unlock(s);
    return TK_OK;
}

TK_INLINE void tk__mutex_take(struct tk_mutex *m, struct tk_thread *t)
{
    m->owner = t;
    m->depth = 1;
    m->next_held = t->held;
    t->held = m;
}

/* What lock and unlock both need: a mutex, and a thread to own it (not an ISR). */
TK_INLINE int tk__mutex_check(const struct tk_mutex *m, unsigned long irq_state)
{
    if (!m || m->magic != TK_MAGIC_MUTEX)
        return TK_EOBJ;
    if (!tk__thread_ctx(irq_state))
        return TK_EISR;
    return TK_OK;
}

/* Would the current thread close a cycle of owners by waiting for a mutex whose owner waits
 * for `w`?  Follows the chain the priority inheritance follows: w's owner, the owner of the
 * mutex that one waits for, ... (no cycle exists yet: every lock that would close one is
 * refused, so the walk ends).  Out of line: the usual owner waits for nothing. */
static TK_COLD int tk_closes_cycle(const struct tk_mutex *w, const struct tk_thread *cur)
{
    for (; w; w = w->owner->wait_mutex) /* wcet: loop <= THREADS: one step per owner */
        if (w->owner == cur)
            return 1;
    return 0;
}

/* A waiter left m's queue without getting it (timeout): the owner may drop priority. */
void tk__mutex_waiter_left(struct tk_mutex *m)
{
    if (m->owner)
        tk__prio_propagate(m->owner);
}

int tk_mutex_lock(struct tk_mutex *m, tk_tick_t timeout)
{
    unsigned long s = tk_port_irq_lock();
    int rc = tk__mutex_check(m, s);
    if (rc != TK_OK) {
        tk_port_irq_unlock(s);
        return rc;
    }
    struct tk_thread *cur = tk_k.current; /* read from a thread only (tp is 0 before tk_init) */
    if (!m->owner) {
        tk__mutex_take(m, cur);
    } else if (m->owner == cur) {
        if (m->depth == 0xFFFFFFFFu)
            rc = TK_EOVERFLOW;
        else
            m->depth++;
    } else {
        /* Owned by another thread: wait, unless waiting would close a cycle of owners. */
        const struct tk_mutex *chain = m->owner->wait_mutex; /* loaded early: usually NULL */
        if (timeout == TK_NOWAIT) {
            rc = TK_EAGAIN;
        } else if ((rc = tk__can_block(s)) != TK_OK) {
            /* not from here */
        } else if (TK_UNLIKELY(chain != NULL) && tk_closes_cycle(chain, cur)) {
            rc = TK_EDEADLK;
        } else if ((rc = tk__pend_current(cur, &m->waiters, timeout, TK_STATE_BLOCKED)) ==
                   TK_OK) {
            cur->wait_mutex = m;
            tk__prio_propagate(m->owner); /* the owner (and its chain) inherits cur's priority */
            return tk__switch_return(tk__highest());
        }
    }
    tk_port_irq_unlock(s);
    return rc;
}

int tk_mutex_trylock(struct tk_mutex *m)
{
    return tk_mutex_lock(m, TK_NOWAIT);
}

int tk_mutex_unlock(struct tk_mutex *m)
{
    unsigned long s = tk_port_irq_lock();
    int rc = tk__mutex_check(m, s);
    if (rc != TK_OK) {
        tk_port_irq_unlock(s);
        return rc;
    }
    struct tk_thread *cur = tk_k.current; /* read from a thread only (tp is 0 before tk_init) */
    if (m->owner != cur) {
        rc = TK_EPERM;
    } else if (--m->depth == 0) {
        /* Off the owner's held list (usually its head: locks nest). */
        struct tk_mutex **pp = &cur->held;
        while (*pp != m) /* wcet: loop <= MUTEXES: one step per mutex it holds */
            pp = &(*pp)->next_held;
        *pp = m->next_held;
        struct tk_thread *w = m->waiters.head;
        if (w) {
            tk__wake_first(&m->waiters, w, TK_OK);
            w->wait_mutex = NULL;
            tk__mutex_take(m, w);
            tk__prio_propagate(w); /* w inherits from the waiters still queued */
        } else {
            m->owner = NULL;
        }
        tk__prio_propagate(cur); /* inheritance through m is undone */
        return tk__reschedule_return(s, TK_OK);
    }
    tk_port_irq_unlock(s);
    return rc;
}
