/* Message queue: fixed-size messages copied in and out of a caller-owned ring; senders
 * never block, receivers may.  A send to a waiting receiver copies straight into the
 * receiver's buffer (the ring is empty then). */
#include "kernel.h"

/* Shared with bmq.c through the same ring layout. */
int tk__ring_check(void *buf, size_t msg_bytes, size_t capacity)
{
    if (!buf || ((uintptr_t)buf & 3u) || msg_bytes < 4 || msg_bytes > 1024 || (msg_bytes & 3u) ||
        capacity == 0 || capacity > 0xFFFFu)
        return TK_EINVAL;
    return TK_OK;
}

int tk_msgq_init(struct tk_msgq *q, void *buf, size_t msg_bytes, size_t capacity)
{
    if (!q || tk__ring_check(buf, msg_bytes, capacity) != TK_OK)
        return TK_EINVAL;
    q->receivers.head = NULL;
    q->buf = buf;
    q->words = (uint16_t)(msg_bytes / 4);
    q->capacity = (uint16_t)capacity;
    q->count = q->head = 0;
    q->magic = TK_MAGIC_MSGQ;
    return TK_OK;
}

/* Send with interrupts locked: *woken receives the receiver made ready, if any. */
TK_INLINE int tk__msgq_put(struct tk_msgq *q, const void *msg, struct tk_thread **woken)
{
    if (TK_UNLIKELY(!q || q->magic != TK_MAGIC_MSGQ))
        return TK_EOBJ;
    if (TK_UNLIKELY(!msg))
        return TK_EINVAL;
    struct tk_thread *r = q->receivers.head;
    if (TK_LIKELY(r != NULL)) {
        tk__copy_words(r->wait_buf, msg, q->words);
        tk__wake(r, TK_OK);
        *woken = r;
        return TK_OK;
    }
    unsigned n = q->count;
    if (n == q->capacity)
        return TK_EFULL;
    unsigned slot = q->head + n;
    if (slot >= q->capacity)
        slot -= q->capacity;
    tk__copy_words(q->buf + slot * q->words, msg, q->words);
    q->count = (uint16_t)(n + 1);
    return TK_OK;
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
    int rc;
    if (!q || q->magic != TK_MAGIC_MSGQ) {
        rc = TK_EOBJ;
    } else if (!msg) {
        rc = TK_EINVAL;
    } else if (timeout != TK_NOWAIT && (rc = tk__can_block(s)) != TK_OK) {
        /* context error */
    } else if (q->count) {
        unsigned h = q->head;
        tk__copy_words(msg, q->buf + h * q->words, q->words);
        if (++h == q->capacity)
            h = 0;
        q->head = (uint16_t)h;
        q->count--;
        rc = TK_OK;
    } else if (timeout == TK_NOWAIT) {
        rc = TK_EAGAIN;
    } else {
        struct tk_thread *cur = tk_k.current;
        cur->wait_buf = msg;
        return tk__block(cur, &q->receivers, timeout);
    }
    tk_port_irq_unlock(s);
    return rc;
}
