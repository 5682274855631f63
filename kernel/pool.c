/* Fixed-block pool: O(1) alloc and free.  Every block is preceded by a header word, outside
 * what the user may write: a free block's header links it into the free list, an allocated
 * block's holds TK_POOL_USED.  A free therefore checks, in constant time and without trusting
 * the block's contents, that the pointer is a block of this pool (range, then a multiply
 * instead of a remainder: docs/timing.md, DIV/REM stall about 35 cycles, MUL 4) and that
 * the block is allocated (a double free is refused). */
#include "kernel.h"

#define TK_POOL_USED ((uintptr_t)1) /* odd: never a free-list link */

TK_INLINE uintptr_t *pool_header(void *block)
{
    return (uintptr_t *)block - 1;
}

int tk_pool_init(struct tk_pool *p, void *buf, size_t buf_bytes, size_t block_bytes,
                 size_t count)
{
    const size_t a = sizeof(void *);
    if (!p || !buf || ((uintptr_t)buf & (a - 1)) || block_bytes == 0 ||
        block_bytes > TK_POOL_BLOCK_MAX || count == 0 || count > TK_POOL_COUNT_MAX)
        return TK_EINVAL;
    size_t stride = TK_POOL_STRIDE(block_bytes);
    uint64_t span = (uint64_t)count * stride;
    /* Below 2 GiB: the index check of tk_pool_free stays exact (see there). */
    if (span > buf_bytes || span >= ((uint64_t)1 << 31) ||
        buf_bytes > UINTPTR_MAX - (uintptr_t)buf)
        return TK_EINVAL;
    uint8_t *start = (uint8_t *)buf + a, *next = NULL;
    for (uint8_t *b = start + span; b != start;) { /* linked from the last block back */
        b -= stride;
        *pool_header(b) = (uintptr_t)next;
        next = b;
    }
    p->free = start;
    p->start = start;
    p->span = (uintptr_t)span;
    p->stride = (uint32_t)stride;
    p->recip = (uint32_t)(0xFFFFFFFFu / stride + 1);
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
        uintptr_t *h = pool_header(b);
        p->free = (void *)*h;
        *h = TK_POOL_USED;
    }
    tk_port_irq_unlock(s);
    *block = b;
    return b ? TK_OK : TK_ENOMEM;
}

int tk_pool_free(struct tk_pool *p, void *block)
{
    if (!p || p->magic != TK_MAGIC_POOL)
        return TK_EOBJ;
    /* Inside the pool (NULL and foreign pointers give a large offset), then at a block start:
     * i = floor(off * recip / 2^32) is off / stride exactly when off is a multiple of stride,
     * as i * (recip * stride - 2^32) < span < 2^32; any other offset fails i * stride == off. */
    uintptr_t off = (uintptr_t)((uint8_t *)block - p->start);
    if (off >= p->span)
        return TK_EINVAL;
    uintptr_t i = (uintptr_t)(((uint64_t)off * p->recip) >> 32);
    if (i * p->stride != off)
        return TK_EINVAL;
    uintptr_t *h = pool_header(block);
    unsigned long s = tk_port_irq_lock();
    if (*h != TK_POOL_USED) { /* free already */
        tk_port_irq_unlock(s);
        return TK_EINVAL;
    }
    *h = (uintptr_t)p->free;
    p->free = block;
    tk_port_irq_unlock(s);
    return TK_OK;
}
