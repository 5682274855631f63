/* Event flags: 32 bits; waiters wait for any or all of a set, optionally clearing it. */
#include "kernel.h"

#define TK_EVENT_OPTIONS (TK_EVENT_ALL | TK_EVENT_CLEAR)

int tk_event_init(struct tk_event *e, uint32_t bits)
{
    if (!e)
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    if (e->magic == TK_MAGIC_EVENT && e->waiters.head) {
        tk_port_irq_unlock(s);
        return TK_EBUSY;
    }
    e->waiters.head = NULL;
    e->bits = bits;
    e->magic = TK_MAGIC_EVENT;
    tk_port_irq_unlock(s);
    return TK_OK;
}

/* The bits of `have` that satisfy a wait for `want` with `opt`, or 0. */
TK_INLINE uint32_t tk__event_match(uint32_t have, uint32_t want, unsigned opt)
{
    uint32_t m = have & want;
    if (opt & TK_EVENT_ALL)
        return m == want ? m : 0;
    return m;
}

/* OR bits in and wake every satisfied waiter, in queue (priority) order.  Bits consumed by
 * TK_EVENT_CLEAR waiters are cleared after the walk, so every waiter sees the same set. */
static int tk_event_post(struct tk_event *e, uint32_t bits)
{
    if (!e || e->magic != TK_MAGIC_EVENT)
        return TK_EOBJ;
    e->bits |= bits;
    struct tk_thread *t = e->waiters.head;
    if (!t)
        return TK_OK;
    uint32_t clear = 0;
    struct tk_thread *tail = t->prev;
    for (;;) { /* wcet: loop <= THREADS: one step per waiter */
        struct tk_thread *next = t->next;
        int last = t == tail;
        uint32_t got = tk__event_match(e->bits, t->wait_bits, t->flags >> 4);
        if (got) {
            if (t->wait_buf)
                *(uint32_t *)t->wait_buf = got; /* the waiter's *got */
            if ((t->flags >> 4) & TK_EVENT_CLEAR)
                clear |= got;
            tk__wake_queued(&e->waiters, t, TK_OK);
        }
        if (last)
            break;
        t = next;
    }
    e->bits &= ~clear;
    return TK_OK;
}

int tk_event_set(struct tk_event *e, uint32_t bits)
{
    unsigned long s = tk_port_irq_lock();
    int rc = tk_event_post(e, bits);
    return tk__reschedule_return(s, rc);
}

int tk_event_set_from_isr(struct tk_event *e, uint32_t bits)
{
    unsigned long s = tk_port_irq_lock();
    int rc = tk_event_post(e, bits);
    tk_port_irq_unlock(s);
    return rc;
}

int tk_event_clear(struct tk_event *e, uint32_t bits)
{
    if (!e || e->magic != TK_MAGIC_EVENT)
        return TK_EOBJ;
    unsigned long s = tk_port_irq_lock();
    e->bits &= ~bits;
    tk_port_irq_unlock(s);
    return TK_OK;
}

int tk_event_get(struct tk_event *e, uint32_t *bits)
{
    if (!e || e->magic != TK_MAGIC_EVENT)
        return TK_EOBJ;
    if (!bits)
        return TK_EINVAL;
    *bits = e->bits;
    return TK_OK;
}

int tk_event_wait(struct tk_event *e, uint32_t bits, unsigned options, uint32_t *got,
                  tk_tick_t timeout)
{
    if (bits == 0 || (options & ~TK_EVENT_OPTIONS))
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    int rc;
    uint32_t m;
    if (!e || e->magic != TK_MAGIC_EVENT) {
        rc = TK_EOBJ;
    } else if (timeout != TK_NOWAIT && (rc = tk__can_block(s)) != TK_OK) {
        /* context error */
    } else if ((m = tk__event_match(e->bits, bits, options)) != 0) {
        if (options & TK_EVENT_CLEAR)
            e->bits &= ~m;
        if (got)
            *got = m;
        rc = TK_OK;
    } else if (timeout == TK_NOWAIT) {
        rc = TK_EAGAIN;
    } else {
        struct tk_thread *cur = tk_k.current;
        cur->wait_bits = bits;
        cur->wait_buf = got;
        cur->flags = (uint8_t)((cur->flags & 0x0Fu) | (options << 4));
        return tk__block(cur, &e->waiters, timeout);
    }
    tk_port_irq_unlock(s);
    return rc;
}
