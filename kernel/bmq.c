/* Bounded blocking queue: a msgq (ring.h) whose senders also block, when it is full.
 * Hand-offs are direct: a send to a waiting receiver copies into its buffer; a receive
 * from a full queue moves the first blocked sender's message in. */
#include "ring.h"

int tk_bmq_init(struct tk_bmq *q, void *buf, size_t msg_bytes, size_t capacity)
{
    if (!q || !tk__ring_args_ok(buf, msg_bytes, capacity))
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    if (q->magic == TK_MAGIC_BMQ && (q->receivers.head || q->senders.head)) {
        tk_port_irq_unlock(s);
        return TK_EBUSY;
    }
    tk__ring_init(&q->ring, buf, msg_bytes, capacity);
    q->receivers.head = q->senders.head = NULL;
    q->magic = TK_MAGIC_BMQ;
    tk_port_irq_unlock(s);
    return TK_OK;
}

/* Send without blocking: TK_OK, TK_EOBJ, TK_EINVAL or TK_EFULL; *woken receives the
 * receiver made ready, if any. */
TK_INLINE int tk__bmq_put(struct tk_bmq *q, const void *msg, struct tk_thread **woken)
{
    if (TK_UNLIKELY(!q || q->magic != TK_MAGIC_BMQ))
        return TK_EOBJ;
    return tk__ring_put(&q->ring, &q->receivers, msg, woken);
}

int tk_bmq_send(struct tk_bmq *q, const void *msg, tk_tick_t timeout)
{
    unsigned long s = tk_port_irq_lock();
    int rc;
    struct tk_thread *w = NULL;
    if (timeout != TK_NOWAIT && (rc = tk__can_block(s)) != TK_OK) {
        /* context error */
    } else if ((rc = tk__bmq_put(q, msg, &w)) == TK_OK) {
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
    unsigned long s = tk_port_irq_lock();
    struct tk_thread *w;
    int rc = tk__bmq_put(q, msg, &w);
    tk_port_irq_unlock(s);
    return rc;
}

int tk_bmq_recv(struct tk_bmq *q, void *msg, tk_tick_t timeout)
{
    unsigned long s = tk_port_irq_lock();
    if (!q || q->magic != TK_MAGIC_BMQ) {
        tk_port_irq_unlock(s);
        return TK_EOBJ;
    }
    return tk__ring_recv(&q->ring, &q->receivers, &q->senders, msg, timeout, s);
}
