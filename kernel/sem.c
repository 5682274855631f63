/* Counting semaphore. */
#include "kernel.h"

int tk_sem_init(struct tk_sem *s, uint32_t count, uint32_t max)
{
    if (!s || max == 0 || count > max)
        return TK_EINVAL;
    s->waiters.head = NULL;
    s->count = count;
    s->max = max;
    s->magic = TK_MAGIC_SEM;
    return TK_OK;
}

/* Post with interrupts locked; returns TK_OK when a waiter was made ready. */
TK_INLINE int tk__sem_give(struct tk_sem *s)
{
    if (__builtin_expect(!s || s->magic != TK_MAGIC_SEM, 0))
        return TK_EOBJ;
    struct tk_thread *w = s->waiters.head;
    if (w) {
        tk__wake(w, TK_OK);
        return TK_OK;
    }
    if (s->count == s->max)
        return TK_EFULL;
    s->count++;
    return TK_OK;
}

int tk_sem_post(struct tk_sem *s)
{
    unsigned long st = tk_port_irq_lock();
    int rc = tk__sem_give(s);
    if (st & TK_MIE)
        tk__reschedule();
    tk_port_irq_unlock(st);
    return rc;
}

int tk_sem_post_from_isr(struct tk_sem *s)
{
    unsigned long st = tk_port_irq_lock();
    int rc = tk__sem_give(s);
    tk_port_irq_unlock(st);
    return rc;
}

int tk_sem_pend(struct tk_sem *s, tk_tick_t timeout)
{
    unsigned long st = tk_port_irq_lock();
    int rc;
    if (__builtin_expect(!s || s->magic != TK_MAGIC_SEM, 0)) {
        rc = TK_EOBJ;
    } else if (timeout != TK_NOWAIT && (rc = tk__can_block(st)) != TK_OK) {
        /* context error */
    } else if (s->count) {
        s->count--;
        rc = TK_OK;
    } else if (timeout == TK_NOWAIT) {
        rc = TK_EAGAIN;
    } else {
        rc = tk__block(tk_k.current, &s->waiters, timeout);
    }
    tk_port_irq_unlock(st);
    return rc;
}

int tk_sem_try(struct tk_sem *s)
{
    return tk_sem_pend(s, TK_NOWAIT);
}

int32_t tk_sem_count(struct tk_sem *s)
{
    if (!s || s->magic != TK_MAGIC_SEM)
        return TK_EOBJ;
    return (int32_t)s->count;
}
