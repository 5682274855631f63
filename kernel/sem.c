/* Counting semaphore. */
#include "kernel.h"

int tk_sem_init(struct tk_sem *s, uint32_t count, uint32_t max)
{
    if (!s || max == 0 || count > max)
        return TK_EINVAL;
    unsigned long st = tk_port_irq_lock();
    int rc = TK_EBUSY;
    if (s->magic != TK_MAGIC_SEM || !s->waiters.head) {
        s->waiters.head = NULL;
        s->count = count;
        s->max = max;
        s->magic = TK_MAGIC_SEM;
        rc = TK_OK;
    }
    tk_port_irq_unlock(st);
    return rc;
}

/* Post with interrupts locked: *woken receives the waiter made ready, if any. */
static inline __attribute__((always_inline)) int tk__sem_give(struct tk_sem *s, struct tk_thread **woken)
{
    if (TK_UNLIKELY(!s || s->magic != TK_MAGIC_SEM))
        return TK_EOBJ;
    struct tk_thread *w = s->waiters.head;
    if (TK_LIKELY(w != NULL)) {
        tk__wake_first(&s->waiters, w, TK_OK);
        *woken = w;
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
    struct tk_thread *w = NULL;
    int rc = tk__sem_give(s, &w);
    return tk__woken_return(w, st, rc);
}

int tk_sem_post_from_isr(struct tk_sem *s)
{
    struct tk_thread *w;
#if TK_IRQ_NESTING
    unsigned long st = tk_port_irq_lock(); /* handlers run with interrupts enabled */
    int rc = tk__sem_give(s, &w);
    tk_port_irq_unlock(st);
    return rc;
#else
    return tk__sem_give(s, &w); /* handlers run with interrupts disabled (Context: ISR) */
#endif
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
        return tk__block(tk_k.current, &s->waiters, timeout);
    }
    tk_port_irq_unlock(st);
    return rc;
}

int tk_sem_try(struct tk_sem *s)
{
    return tk_sem_pend(s, TK_NOWAIT);
}

int tk_sem_count(struct tk_sem *s, uint32_t *count)
{
    if (!s || s->magic != TK_MAGIC_SEM)
        return TK_EOBJ;
    if (!count)
        return TK_EINVAL;
    *count = s->count;
    return TK_OK;
}
