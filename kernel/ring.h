/* The message ring shared by msgq.c and bmq.c: fixed-size messages copied in and out of a
 * caller-owned buffer, with direct hand-off to a waiting receiver.  Every call of either is
 * one function here (tk__ringq_*), told which object it has by the magic word it expects: a
 * bmq (TK_MAGIC_BMQ) also blocks its senders, on its senders queue.  For speed each call
 * inlines it with its constant, the code of a call written for one object (but tk_bmq_send,
 * bmq.c); built for size, the objects share one copy. */
#ifndef TK_RING_H
#define TK_RING_H
#include "kernel.h"

/* The receivers are both objects' first member: the object's address is theirs. */
_Static_assert(offsetof(struct tk_msgq, receivers) == 0, "receivers first");
_Static_assert(offsetof(struct tk_bmq, receivers) == 0, "receivers first");

TK_INLINE struct tk_ring *rq_ring(void *q, uint32_t magic)
{
    return magic == TK_MAGIC_BMQ ? &((struct tk_bmq *)q)->ring : &((struct tk_msgq *)q)->ring;
}

TK_INLINE uint32_t *rq_magic(void *q, uint32_t magic)
{
    return magic == TK_MAGIC_BMQ ? &((struct tk_bmq *)q)->magic : &((struct tk_msgq *)q)->magic;
}

/* A bmq's blocked senders; NULL for a msgq. */
TK_INLINE struct tk_waitq *rq_senders(void *q, uint32_t magic)
{
    return magic == TK_MAGIC_BMQ ? &((struct tk_bmq *)q)->senders : NULL;
}

/* The arguments of a ring (documented at tk_msgq_init). */
TK_INLINE int tk__ring_args_ok(const void *buf, size_t msg_bytes, size_t capacity)
{
    return buf && !((uintptr_t)buf & 3u) && msg_bytes >= 4 && msg_bytes <= 1024 &&
           !(msg_bytes & 3u) && capacity != 0 && capacity <= 0xFFFFu;
}

/* A message pointer: not NULL and 4-byte aligned (the ring copies words), one branch. */
TK_INLINE int tk__msg_bad(const void *msg)
{
    return (msg == NULL) | (int)((uintptr_t)msg & 3u);
}

/* tk_msgq_init and tk_bmq_init: an empty ring over buf.  Context: any. */
TK_SHARED int tk__ringq_init(void *q, uint32_t magic, void *buf, size_t msg_bytes,
                             size_t capacity)
{
    if (!q || !tk__ring_args_ok(buf, msg_bytes, capacity))
        return TK_EINVAL;
    /* A msgq's senders: its receivers again (no test of NULL: each appears once built for
     * speed, where the compiler merges them, and once built for size). */
    struct tk_waitq *receivers = q, *senders = magic == TK_MAGIC_BMQ ? rq_senders(q, magic) : q;
    struct tk_ring *r = rq_ring(q, magic);
    unsigned long s = tk_port_irq_lock();
    if (*rq_magic(q, magic) == magic && (receivers->head || senders->head)) {
        tk_port_irq_unlock(s);
        return TK_EBUSY;
    }
    r->buf = buf;
    r->words = (uint16_t)(msg_bytes / 4);
    r->capacity = (uint16_t)capacity;
    r->count = r->head = 0;
    receivers->head = senders->head = NULL;
    *rq_magic(q, magic) = magic;
    tk_port_irq_unlock(s);
    return TK_OK;
}

/* Send without blocking, interrupts locked: TK_OK, TK_EINVAL or TK_EFULL; *woken receives
 * the receiver made ready, if any.  A waiting receiver means an empty ring: the message is
 * copied straight into its buffer. */
TK_INLINE int tk__ring_put(struct tk_ring *r, struct tk_waitq *receivers, const void *msg,
                           struct tk_thread **woken)
{
    if (TK_UNLIKELY(tk__msg_bad(msg)))
        return TK_EINVAL;
    struct tk_thread *t = receivers->head;
    if (TK_LIKELY(t != NULL)) {
        tk__copy_words(t->wait_buf, msg, r->words);
        tk__wake_first(receivers, t, TK_OK);
        *woken = t;
        return TK_OK;
    }
    unsigned n = r->count;
    if (n == r->capacity)
        return TK_EFULL;
    unsigned slot = r->head + n;
    if (slot >= r->capacity)
        slot -= r->capacity;
    tk__copy_words(r->buf + slot * r->words, msg, r->words);
    r->count = (uint16_t)(n + 1);
    return TK_OK;
}

/* tk__ring_put, the object checked first: TK_EOBJ. */
TK_INLINE int tk__ringq_put(void *q, uint32_t magic, const void *msg, struct tk_thread **woken)
{
    if (TK_UNLIKELY(!q || *rq_magic(q, magic) != magic))
        return TK_EOBJ;
    return tk__ring_put(rq_ring(q, magic), q, msg, woken);
}

/* The sends: tk_msgq_send (timeout TK_NOWAIT), tk_bmq_send, and from_isr, both (TK_NOWAIT,
 * and no switch to the receiver it wakes: the interrupt exit's).  A full msgq, or a full bmq
 * from an ISR, returns TK_EFULL; tk_bmq_send waits for room, or returns TK_EAGAIN. */
TK_SHARED int tk__ringq_send(void *q, uint32_t magic, const void *msg, tk_tick_t timeout,
                             int from_isr)
{
    unsigned long s = tk_port_irq_lock();
    struct tk_thread *w = NULL;
    int rc;
    if (timeout != TK_NOWAIT && (rc = tk__can_block(s)) != TK_OK) {
        /* context error */
    } else if ((rc = tk__ringq_put(q, magic, msg, &w)) == TK_OK) {
        if (w && !from_isr)
            return tk__preempt_return(w, s, rc);
    } else if (rc == TK_EFULL && magic == TK_MAGIC_BMQ && !from_isr) {
        if (timeout == TK_NOWAIT) {
            rc = TK_EAGAIN;
        } else {
            struct tk_thread *cur = tk_k.current;
            cur->wait_buf = (void *)(uintptr_t)msg;
            return tk__block(cur, rq_senders(q, magic), timeout);
        }
    }
    tk_port_irq_unlock(s);
    return rc;
}

/* Receive, interrupts locked (irq_state from tk_port_irq_lock), the object's magic already
 * checked; unlocks.  senders is the bmq's blocked senders or NULL (msgq).  From a full bmq
 * the freed slot (the old head) takes the first blocked sender's message, which becomes
 * the newest, and that sender is made ready. */
TK_INLINE int tk__ring_recv(struct tk_ring *r, struct tk_waitq *receivers,
                            struct tk_waitq *senders, void *msg, tk_tick_t timeout,
                            unsigned long s)
{
    int rc;
    if (TK_UNLIKELY(tk__msg_bad(msg))) {
        rc = TK_EINVAL;
    } else if (timeout != TK_NOWAIT && (rc = tk__can_block(s)) != TK_OK) {
        /* context error */
    } else if (r->count) {
        unsigned h = r->head, w = r->words;
        tk__copy_words(msg, r->buf + h * w, w);
        struct tk_thread *snd = senders ? senders->head : NULL;
        if (snd) {
            tk__copy_words(r->buf + h * w, snd->wait_buf, w);
            tk__wake_first(senders, snd, TK_OK);
        } else {
            r->count--;
        }
        if (++h == r->capacity)
            h = 0;
        r->head = (uint16_t)h;
        rc = TK_OK;
        if (snd)
            return tk__preempt_return(snd, s, rc);
    } else if (timeout == TK_NOWAIT) {
        rc = TK_EAGAIN;
    } else {
        struct tk_thread *cur = tk_k.current;
        cur->wait_buf = msg;
        return tk__block(cur, receivers, timeout);
    }
    tk_port_irq_unlock(s);
    return rc;
}

/* tk_msgq_recv and tk_bmq_recv. */
TK_SHARED int tk__ringq_recv(void *q, uint32_t magic, void *msg, tk_tick_t timeout)
{
    unsigned long s = tk_port_irq_lock();
    if (!q || *rq_magic(q, magic) != magic) {
        tk_port_irq_unlock(s);
        return TK_EOBJ;
    }
    return tk__ring_recv(rq_ring(q, magic), q, rq_senders(q, magic), msg, timeout, s);
}
#endif
