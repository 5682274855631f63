/* Non-blocking intrusive FIFO: singly-linked nodes owned by the caller. */
#include "kernel.h"

int tk_fifo_init(struct tk_fifo *f)
{
    if (!f)
        return TK_EINVAL;
    f->head = f->tail = NULL;
    f->magic = TK_MAGIC_FIFO;
    return TK_OK;
}

int tk_fifo_put(struct tk_fifo *f, struct tk_fifo_node *node)
{
    if (__builtin_expect(!f || f->magic != TK_MAGIC_FIFO, 0))
        return TK_EOBJ;
    if (__builtin_expect(!node, 0))
        return TK_EINVAL;
    node->next = NULL;
    unsigned long s = tk_port_irq_lock();
    if (f->head)
        f->tail->next = node;
    else
        f->head = node;
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
    unsigned long s = tk_port_irq_lock();
    struct tk_fifo_node *n = f->head;
    if (n)
        f->head = n->next;
    tk_port_irq_unlock(s);
    *node = n;
    return n ? TK_OK : TK_EAGAIN;
}
