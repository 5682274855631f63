/* Time: the sorted timer list behind every timeout, sleep and alarm, and the CLINT timer
 * interrupt.  The kernel is tickless: the CLINT compare is programmed for the earliest timer
 * (or every tick while some thread has a round-robin slice), so no interrupt fires when no
 * event is due and the idle thread sleeps in WFI until the next one. */
#include "kernel.h"

/* Insert tm, due at tick `expiry`, after the timers due at the same tick or earlier (FIFO).
 * Cost: one step per earlier timer. */
void tk__timer_add(struct tk_timer *tm, tk_tick_t expiry)
{
    struct tk_timer *s = &tk_k.timers, *p = s->next;
    tm->expiry = expiry;
    while (p != s && (int32_t)(p->expiry - expiry) <= 0)
        p = p->next;
    tm->next = p;
    tm->prev = p->prev;
    p->prev->next = tm;
    p->prev = tm;
    if ((int32_t)(expiry - tk_k.next_event) < 0 && tk_k.started) {
        tk_k.next_event = expiry;
        tk_port_timer_set(expiry);
    }
}

/* Expiry of a thread's timeout: a sleep ends with TK_OK, a wait with TK_ETIMEOUT. */
void tk__thread_timeout(struct tk_timer *tm)
{
    struct tk_thread *t = (struct tk_thread *)((char *)tm - offsetof(struct tk_thread, timeout));
    if (t->state == TK_STATE_SLEEPING) {
        t->wait_result = TK_OK;
        tk__ready_insert(t);
        return;
    }
    struct tk_mutex *m = t->wait_mutex;
    t->flags &= (uint8_t)~TK_TF_WAIT_MAIL;
    tk__wake(t, TK_ETIMEOUT);
    if (m) {
        t->wait_mutex = NULL;
        tk__mutex_waiter_left(m);
    }
}

/* The CLINT timer interrupt: run every timer due, rotate a time slice, program the next. */
void tk__timer_isr(void)
{
    tk_tick_t now = tk_port_ticks();
    struct tk_timer *s = &tk_k.timers;
    struct tk_timer *tm;
    while ((tm = s->next) != s && (int32_t)(tm->expiry - now) <= 0) {
        tk__timer_remove(tm);
        tm->expire(tm);
    }
    tk_tick_t next = now + TK_TICK_MAX_SLEEP;
    if (tk_k.slicers) {
        struct tk_thread *cur = tk_k.current;
        if (cur->slice && cur->state == TK_STATE_READY && --cur->slice_left == 0) {
            cur->slice_left = cur->slice;
            if (tk_k.ready[cur->prio] == cur)
                tk_k.ready[cur->prio] = cur->next; /* behind its peers */
        }
        next = now + 1;
    }
    if ((tm = s->next) != s && (int32_t)(tm->expiry - next) < 0)
        next = tm->expiry;
    tk_k.next_event = next;
    tk_port_timer_set(next);
}
