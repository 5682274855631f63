/* Bounded blocking queue: a msgq (ring.h) whose senders also block, when it is full.
 * Hand-offs are direct: a send to a waiting receiver copies into its buffer; a receive
 * from a full queue moves the first blocked sender's message in. */
#include "ring.h"

int tk_bmq_init(struct tk_bmq *q, void *buf, size_t msg_bytes, size_t capacity)
{
    return tk__ringq_init(q, TK_MAGIC_BMQ, buf, msg_bytes, capacity);
}

/* Built for size, ring.h's send; for speed (kbase.h TK_SHORTCUTS), the same written out
 * here: inlined from there, its blocks are laid out otherwise and the hand-off to a waiting
 * receiver takes a cycle more (make bench: Bmq). */
int tk_bmq_send(struct tk_bmq *q, const void *msg, tk_tick_t timeout)
{
    if (!TK_SHORTCUTS)
        return tk__ringq_send(q, TK_MAGIC_BMQ, msg, timeout, 0);
    unsigned long s = tk_port_irq_lock();
    int rc;
    struct tk_thread *w = NULL;
    if (timeout != TK_NOWAIT && (rc = tk__can_block(s)) != TK_OK) {
        /* context error */
    } else if ((rc = tk__ringq_put(q, TK_MAGIC_BMQ, msg, &w)) == TK_OK) {
        if (w)
            return tk__preempt_return(w, s, rc);
    } else if (rc == TK_EFULL) {
        if (timeout == TK_NOWAIT) {
            rc = TK_EAGAIN;
        } else {
            struct tk_thread *cur = tk_k.current;
            cur->wait_buf = (void *)(uintptr_t)msg;
            return tk__block(cur, &q->senders, timeout);
        }
    }
    tk_port_irq_unlock(s);
    return rc;
}

int tk_bmq_send_from_isr(struct tk_bmq *q, const void *msg)
{
    return tk__ringq_send(q, TK_MAGIC_BMQ, msg, TK_NOWAIT, 1);
}

int tk_bmq_recv(struct tk_bmq *q, void *msg, tk_tick_t timeout)
{
    return tk__ringq_recv(q, TK_MAGIC_BMQ, msg, timeout);
}
