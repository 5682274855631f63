/* Per-thread one-word mailbox: a send hands the word straight to a waiting receiver. */
#include "kernel.h"

/* Deliver with interrupts locked: returns 1 when a waiting receiver was made ready. */
TK_INLINE int tk__mail_put(struct tk_thread *t, uintptr_t word, int *rc)
{
    if (TK_UNLIKELY(!t || t->magic != TK_MAGIC_THREAD)) {
        *rc = TK_EOBJ;
        return 0;
    }
    uint8_t flags = t->flags;
    if (TK_LIKELY(flags & TK_TF_WAIT_MAIL)) {
        /* the wake's loads before any store (tk__wake_unqueued): a store to a byte may alias
         * anything, so the flags are written after it */
        uintptr_t *buf = t->wait_buf;
        tk__wake_unqueued(t, TK_OK); /* a mailbox wait has no queue */
        t->flags = (uint8_t)(flags & ~TK_TF_WAIT_MAIL);
        *buf = word; /* straight into the receiver's variable */
        *rc = TK_OK;
        return 1;
    }
    if (flags & TK_TF_MAIL_FULL) {
        *rc = TK_EFULL;
        return 0;
    }
    t->mail = word;
    t->flags = (uint8_t)(flags | TK_TF_MAIL_FULL);
    *rc = TK_OK;
    return 0;
}

int tk_mail_send(struct tk_thread *t, uintptr_t word)
{
    unsigned long s = tk_port_irq_lock();
    int rc;
    if (tk__mail_put(t, word, &rc))
        return tk__preempt_return(t, s, rc);
    tk_port_irq_unlock(s);
    return rc;
}

int tk_mail_send_from_isr(struct tk_thread *t, uintptr_t word)
{
    unsigned long s = tk_port_irq_lock();
    int rc;
    (void)tk__mail_put(t, word, &rc);
    tk_port_irq_unlock(s);
    return rc;
}

int tk_mail_recv(uintptr_t *word, tk_tick_t timeout)
{
    if (!word)
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    struct tk_thread *cur;
    int rc;
    if (!tk__thread_ctx(s)) {
        rc = TK_EISR; /* the mailbox is the calling thread's (main has none, before tk_start) */
    } else if ((cur = tk_k.current)->flags & TK_TF_MAIL_FULL) {
        cur->flags &= (uint8_t)~TK_TF_MAIL_FULL;
        *word = cur->mail;
        rc = TK_OK;
    } else if (timeout == TK_NOWAIT) {
        rc = TK_EAGAIN;
    } else if ((rc = tk__can_block(s)) == TK_OK && (rc = tk__timeout_check(timeout)) == TK_OK) {
        /* marked as waiting only once the wait is sure to be accepted: the flag is the wait
         * (a mailbox wait has no queue), which a refused timeout must not leave behind */
        cur->flags |= TK_TF_WAIT_MAIL;
        cur->wait_buf = word; /* the sender stores the word there */
        return tk__block(cur, NULL, timeout);
    }
    tk_port_irq_unlock(s);
    return rc;
}
