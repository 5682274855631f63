/* The wait queue: the one blocking mechanism every kernel object uses.  A queue is a
 * circular list of threads sorted by priority, FIFO among equal priorities; its head is the
 * thread to wake next.  Inserting walks from the tail (the common case, a waiter of the same
 * or a lower priority than those queued, costs no walk); removal is O(1).  Also the timed
 * form of a pend (wait_q.h: tk__pend_current). */
#include "kernel.h"

void tk__waitq_insert_sorted(struct tk_waitq *q, struct tk_thread *t)
{
    struct tk_thread *h = q->head;
    if (TK_WAITQ_INSERT_ANY && !h) { /* an empty queue: tlist.h */
        t->next = t->prev = t;
        q->head = t;
        return;
    }
    struct tk_thread *tail = h->prev, *p = tail;
    /* Find the last waiter whose priority is the same or higher (number <=). */
    while (p->prio > t->prio) { /* wcet: loop <= THREADS: one step per waiter */
        if (p == h) {
            /* Higher than every waiter: the new head, which goes after the tail. */
            q->head = t;
            p = tail;
            break;
        }
        p = p->prev;
    }
    t->prev = p;
    t->next = p->next;
    p->next->prev = t;
    p->next = t;
}

#if TK_CONFIG_TIMERS
int tk__pend_timed(struct tk_thread *cur, struct tk_waitq *q, tk_tick_t timeout, uint8_t state)
{
    if (timeout > TK_TIMEOUT_MAX)
        return TK_EINVAL;
    tk__pend_queue(cur, q, state);
    tk__timer_add(&cur->timeout, tk_port_ticks() + timeout);
    return TK_OK;
}
#endif
