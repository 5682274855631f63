/* Bounded blocking queue: a msgq (ring.h) whose senders also block, when it is full.
 * Hand-offs are direct: a send to a waiting receiver copies into its buffer; a receive
 * from a full queue moves the first blocked sender's message in. */
#include "ring.h"

int tk_bmq_init(struct tk_bmq *q, void *buf, size_t msg_bytes, size_t capacity)
{
    return tk__ringq_init(q, TK_MAGIC_BMQ, buf, msg_bytes, capacity);
}

int tk_bmq_send(struct tk_bmq *q, const void *msg, tk_tick_t timeout)
{
    return tk__ringq_send(q, TK_MAGIC_BMQ, msg, timeout, 0);
}

int tk_bmq_send_from_isr(struct tk_bmq *q, const void *msg)
{
    return tk__ringq_send(q, TK_MAGIC_BMQ, msg, TK_NOWAIT, 1);
}

int tk_bmq_recv(struct tk_bmq *q, void *msg, tk_tick_t timeout)
{
    return tk__ringq_recv(q, TK_MAGIC_BMQ, msg, timeout);
}
