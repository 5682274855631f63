/* Bounded blocking queue: fixed-size copied messages; receivers block when it is empty,
 * senders when it is full.  Hand-offs are direct: a send to a waiting receiver copies into
 * its buffer; a receive from a full queue moves the first blocked sender's message in. */
#include "kernel.h"

int tk__ring_check(void *buf, size_t msg_bytes, size_t capacity);

int tk_bmq_init(struct tk_bmq *q, void *buf, size_t msg_bytes, size_t capacity)
{
    if (!q || tk__ring_check(buf, msg_bytes, capacity) != TK_OK)
        return TK_EINVAL;
    q->receivers.head = q->senders.head = NULL;
    q->buf = buf;
    q->words = (uint16_t)(msg_bytes / 4);
    q->capacity = (uint16_t)capacity;
    q->count = q->head = 0;
    q->magic = TK_MAGIC_BMQ;
    return TK_OK;
}

/* Send without blocking: TK_OK, TK_EOBJ, TK_EINVAL or TK_EFULL; *woken receives the
 * receiver made ready, if any. */
TK_INLINE int tk__bmq_put(struct tk_bmq *q, const void *msg, struct tk_thread **woken)
{
    if (TK_UNLIKELY(!q || q->magic != TK_MAGIC_BMQ))
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
    int rc;
    if (!q || q->magic != TK_MAGIC_BMQ) {
        rc = TK_EOBJ;
    } else if (!msg) {
        rc = TK_EINVAL;
    } else if (timeout != TK_NOWAIT && (rc = tk__can_block(s)) != TK_OK) {
        /* context error */
    } else if (q->count) {
        unsigned h = q->head, w = q->words;
        tk__copy_words(msg, q->buf + h * w, w);
        struct tk_thread *snd = q->senders.head;
        if (snd) {
            /* The queue was full: the freed slot (the old head) takes the sender's message,
             * which becomes the newest. */
            tk__copy_words(q->buf + h * w, snd->wait_buf, w);
            tk__wake(snd, TK_OK);
        } else {
            q->count--;
        }
        if (++h == q->capacity)
            h = 0;
        q->head = (uint16_t)h;
        rc = TK_OK;
        if (snd)
            return tk__preempt_return(snd, s, rc);
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
