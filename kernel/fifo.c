/* Non-blocking intrusive FIFO: singly-linked nodes owned by the caller.
 *
 * A node that is not queued holds NULL; a queued one never does: the last node's link is the
 * FIFO's own address (the end marker, also an empty FIFO's head).  So a node already queued,
 * in this FIFO or another, is refused by one load, and a get zeroes the node it returns.
 * The FIFO itself stands in for the node before the first (its head is at a node's link
 * offset): `tail` is that pseudo-node when the FIFO is empty, so a put appends with no
 * branch on the FIFO's state. */
#include "kernel.h"

_Static_assert(offsetof(struct tk_fifo, head) == offsetof(struct tk_fifo_node, next),
               "the FIFO is its own first node");

TK_INLINE struct tk_fifo_node *fifo_end(struct tk_fifo *f)
{
    return (struct tk_fifo_node *)f;
}

int tk_fifo_init(struct tk_fifo *f)
{
    if (!f)
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    if (f->magic == TK_MAGIC_FIFO && f->head != fifo_end(f)) {
        tk_port_irq_unlock(s); /* its nodes would stay marked as queued */
        return TK_EBUSY;
    }
    f->head = f->tail = fifo_end(f);
    f->magic = TK_MAGIC_FIFO;
    tk_port_irq_unlock(s);
    return TK_OK;
}

int tk_fifo_put(struct tk_fifo *f, struct tk_fifo_node *node)
{
    if (__builtin_expect(!f || f->magic != TK_MAGIC_FIFO, 0))
        return TK_EOBJ;
    if (__builtin_expect(!node, 0))
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    struct tk_fifo_node *tail = f->tail;
    if (__builtin_expect(node->next != NULL, 0)) {
        tk_port_irq_unlock(s);
        return TK_EBUSY;
    }
    node->next = fifo_end(f);
    tail->next = node;
    f->tail = node;
    tk_port_irq_unlock(s);
    return TK_OK;
}

int tk_fifo_get(struct tk_fifo *f, struct tk_fifo_node **node)
{
    if (__builtin_expect(!f || f->magic != TK_MAGIC_FIFO, 0))
        return TK_EOBJ;
    if (__builtin_expect(!node, 0))
        return TK_EINVAL;
    struct tk_fifo_node *end = fifo_end(f);
    unsigned long s = tk_port_irq_lock();
    struct tk_fifo_node *n = f->head;
    if (n != end) {
        struct tk_fifo_node *next = n->next;
        f->head = next;
        if (__builtin_expect(next == end, 1)) /* now empty (usual: one node in flight) */
            f->tail = end;
        n->next = NULL;
    }
    tk_port_irq_unlock(s);
    if (n == end) {
        *node = NULL;
        return TK_EAGAIN;
    }
    *node = n;
    return TK_OK;
}
