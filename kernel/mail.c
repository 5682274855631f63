/* Per-thread one-word mailbox: a send hands the word straight to a waiting receiver. */
#include "kernel.h"

TK_INLINE int tk__mail_put(struct tk_thread *t, uintptr_t word)
{
    if (__builtin_expect(!t || t->magic != TK_MAGIC_THREAD, 0))
        return TK_EOBJ;
    if (t->flags & TK_TF_WAIT_MAIL) {
        t->flags &= (uint8_t)~TK_TF_WAIT_MAIL;
        t->wait_data = word;
        tk__wake(t, TK_OK);
        return TK_OK;
    }
    if (t->flags & TK_TF_MAIL_FULL)
        return TK_EFULL;
    t->mail = word;
    t->flags |= TK_TF_MAIL_FULL;
    return TK_OK;
}

int tk_mail_send(struct tk_thread *t, uintptr_t word)
{
    unsigned long s = tk_port_irq_lock();
    int rc = tk__mail_put(t, word);
    if (s & TK_MIE)
        tk__reschedule();
    tk_port_irq_unlock(s);
    return rc;
}

int tk_mail_send_from_isr(struct tk_thread *t, uintptr_t word)
{
    unsigned long s = tk_port_irq_lock();
    int rc = tk__mail_put(t, word);
    tk_port_irq_unlock(s);
    return rc;
}

int tk_mail_recv(uintptr_t *word, tk_tick_t timeout)
{
    if (!word)
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    struct tk_thread *cur = tk_k.current;
    int rc;
    if (!(s & TK_MIE)) {
        rc = TK_EISR; /* the mailbox is the calling thread's */
    } else if (cur->flags & TK_TF_MAIL_FULL) {
        cur->flags &= (uint8_t)~TK_TF_MAIL_FULL;
        *word = cur->mail;
        rc = TK_OK;
    } else if (timeout == TK_NOWAIT) {
        rc = TK_EAGAIN;
    } else if ((rc = tk__can_block(s)) == TK_OK) {
        cur->flags |= TK_TF_WAIT_MAIL;
        rc = tk__block(cur, NULL, timeout);
        if (rc == TK_OK)
            *word = cur->wait_data;
    }
    tk_port_irq_unlock(s);
    return rc;
}
