/* Message queue: fixed-size messages copied in and out of a caller-owned ring (ring.h);
 * senders never block, receivers may. */
#include "ring.h"

int tk_msgq_init(struct tk_msgq *q, void *buf, size_t msg_bytes, size_t capacity)
{
    return tk__ringq_init(q, TK_MAGIC_MSGQ, buf, msg_bytes, capacity);
}

int tk_msgq_send(struct tk_msgq *q, const void *msg)
{
    return tk__ringq_send(q, TK_MAGIC_MSGQ, msg, TK_NOWAIT, 0);
}

int tk_msgq_send_from_isr(struct tk_msgq *q, const void *msg)
{
    return tk__ringq_send(q, TK_MAGIC_MSGQ, msg, TK_NOWAIT, 1);
}

int tk_msgq_recv(struct tk_msgq *q, void *msg, tk_tick_t timeout)
{
    return tk__ringq_recv(q, TK_MAGIC_MSGQ, msg, timeout);
}
