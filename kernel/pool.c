/* Fixed-block pool: a free list threaded through the free blocks; O(1) alloc and free. */
#include "kernel.h"

int tk_pool_init(struct tk_pool *p, void *buf, size_t block_bytes, size_t count)
{
    const size_t a = sizeof(void *);
    if (!p || !buf || ((uintptr_t)buf & (a - 1)) || block_bytes == 0 || count == 0 ||
        block_bytes > 0xFFFFFFu || count > 0xFFFFFFu)
        return TK_EINVAL;
    size_t bs = (block_bytes + a - 1) & ~(a - 1);
    uint8_t *b = buf;
    for (size_t i = 0; i < count; i++)
        *(void **)(b + i * bs) = i + 1 < count ? b + (i + 1) * bs : NULL;
    p->free = b;
    p->start = b;
    p->end = b + count * bs;
    p->block_size = (uint32_t)bs;
    p->free_count = (uint32_t)count;
    p->magic = TK_MAGIC_POOL;
    return TK_OK;
}

int tk_pool_alloc(struct tk_pool *p, void **block)
{
    if (!p || p->magic != TK_MAGIC_POOL)
        return TK_EOBJ;
    if (!block)
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    void *b = p->free;
    if (b) {
        p->free = *(void **)b;
        p->free_count--;
    }
    tk_port_irq_unlock(s);
    *block = b;
    return b ? TK_OK : TK_ENOMEM;
}

int tk_pool_free(struct tk_pool *p, void *block)
{
    if (!p || p->magic != TK_MAGIC_POOL)
        return TK_EOBJ;
    uint8_t *b = block;
    if (b < p->start || b >= p->end || (uint32_t)(b - p->start) % p->block_size)
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    *(void **)b = p->free;
    p->free = b;
    p->free_count++;
    tk_port_irq_unlock(s);
    return TK_OK;
}
