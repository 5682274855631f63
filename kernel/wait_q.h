/* Waiting: the current thread queued on a wait queue (with a timeout), blocked, and a
 * waiter made ready again by a post, a send or its timeout.  Every blocking object uses
 * these. */
#ifndef TK_WAIT_Q_H
#define TK_WAIT_Q_H
#include "ksched.h"
#include "timeout_q.h"

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
#if TK_SIZE /* built for size: the shared ready insert */
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
#if TK_SIZE
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

/* Make w, a waiter queued on q anywhere (not only first), ready with `result`: it leaves q.
 * For speed, the list removal and tk__wake_unqueued inline; built for size, the shared wake
 * (tk__wake_first takes any waiter of q: its removal is the general one). */
TK_INLINE void tk__wake_queued(struct tk_waitq *q, struct tk_thread *w, int result)
{
#if TK_SIZE
    tk__wake_first(q, w, result);
#else
    tk__list_remove(&q->head, w);
    w->waitq = NULL;
    tk__wake_unqueued(w, result);
#endif
}
#endif
