/* The message ring shared by msgq.c and bmq.c: fixed-size messages copied in and out of a
 * caller-owned buffer, with direct hand-off to a waiting receiver.  Each object keeps its
 * own magic check; a bmq adds its blocked senders (the senders queue), a msgq passes NULL. */
#ifndef TK_RING_H
#define TK_RING_H
#include "kernel.h"

/* The arguments of a ring (documented at tk_msgq_init). */
TK_SHARED int tk__ring_args_ok(const void *buf, size_t msg_bytes, size_t capacity)
{
    return buf && !((uintptr_t)buf & 3u) && msg_bytes >= 4 && msg_bytes <= 1024 &&
           !(msg_bytes & 3u) && capacity != 0 && capacity <= 0xFFFFu;
}

/* An empty ring over buf (arguments checked).  Context: any. */
TK_SHARED void tk__ring_init(struct tk_ring *r, void *buf, size_t msg_bytes, size_t capacity)
{
    r->buf = buf;
    r->words = (uint16_t)(msg_bytes / 4);
    r->capacity = (uint16_t)capacity;
    r->count = r->head = 0;
}

/* Send without blocking, interrupts locked: TK_OK, TK_EINVAL or TK_EFULL; *woken receives
 * the receiver made ready, if any.  A waiting receiver means an empty ring: the message is
 * copied straight into its buffer. */
TK_SHARED int tk__ring_put(struct tk_ring *r, struct tk_waitq *receivers, const void *msg,
                           struct tk_thread **woken)
{
    if (TK_UNLIKELY(!msg))
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

/* Receive, interrupts locked (irq_state from tk_port_irq_lock), the object's magic already
 * checked; unlocks.  senders is the bmq's blocked senders or NULL (msgq).  From a full bmq
 * the freed slot (the old head) takes the first blocked sender's message, which becomes
 * the newest, and that sender is made ready. */
TK_SHARED int tk__ring_recv(struct tk_ring *r, struct tk_waitq *receivers,
                            struct tk_waitq *senders, void *msg, tk_tick_t timeout,
                            unsigned long s)
{
    int rc;
    if (!msg) {
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
#endif
