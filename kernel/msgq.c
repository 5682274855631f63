/* Message queue: fixed-size messages copied in and out of a caller-owned ring (ring.h);
 * senders never block, receivers may. */
#include "ring.h"

int tk_msgq_init(struct tk_msgq *q, void *buf, size_t msg_bytes, size_t capacity)
{
    if (!q || !tk__ring_args_ok(buf, msg_bytes, capacity))
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    if (q->magic == TK_MAGIC_MSGQ && q->receivers.head) {
        tk_port_irq_unlock(s);
        return TK_EBUSY;
    }
    tk__ring_init(&q->ring, buf, msg_bytes, capacity);
    q->receivers.head = NULL;
    q->magic = TK_MAGIC_MSGQ;
    tk_port_irq_unlock(s);
    return TK_OK;
}

/* Send with interrupts locked: *woken receives the receiver made ready, if any. */
TK_INLINE int tk__msgq_put(struct tk_msgq *q, const void *msg, struct tk_thread **woken)
{
    if (TK_UNLIKELY(!q || q->magic != TK_MAGIC_MSGQ))
        return TK_EOBJ;
    return tk__ring_put(&q->ring, &q->receivers, msg, woken);
}

int tk_msgq_send(struct tk_msgq *q, const void *msg)
{
    unsigned long s = tk_port_irq_lock();
    struct tk_thread *w = NULL;
    int rc = tk__msgq_put(q, msg, &w);
    if (w)
        return tk__preempt_return(w, s, rc);
    tk_port_irq_unlock(s);
    return rc;
}

int tk_msgq_send_from_isr(struct tk_msgq *q, const void *msg)
{
    unsigned long s = tk_port_irq_lock();
    struct tk_thread *w;
    int rc = tk__msgq_put(q, msg, &w);
    tk_port_irq_unlock(s);
    return rc;
}

int tk_msgq_recv(struct tk_msgq *q, void *msg, tk_tick_t timeout)
{
    unsigned long s = tk_port_irq_lock();
    if (!q || q->magic != TK_MAGIC_MSGQ) {
        tk_port_irq_unlock(s);
        return TK_EOBJ;
    }
    return tk__ring_recv(&q->ring, &q->receivers, NULL, msg, timeout, s);
}
