/* Variable-size allocator: two-level segregated fit (TLSF).  Free blocks sit in lists by
 * size class: first level = power of two, second level = TK_HEAP_SL linear steps inside it;
 * two bitmaps find the smallest non-empty class that is large enough with two find-first-set
 * operations, so allocation and free run in bounded time with no list walk.  Every block
 * has a two-word header (previous physical block, size | free flag); a size-0 used sentinel
 * ends the heap so merging never looks past it. */
#include "kernel.h"

struct tk_heap_block {
    struct tk_heap_block *prev_phys;
    size_t size;                         /* bytes, header included; bit 0 = free */
    struct tk_heap_block *next_free, *prev_free; /* free blocks only */
};

#define HEAP_FREE    ((size_t)1)
#define HEAP_ALIGN   8u                  /* payload alignment, both widths */
#define HEAP_HDR     (2 * sizeof(void *))
#define HEAP_MIN     (sizeof(struct tk_heap_block))
#define SL_LOG2      3u                  /* TK_HEAP_SL = 8 classes per power of two */
#define ALIGN_LOG2   3u
#define SMALL_BLOCK  (1u << (SL_LOG2 + ALIGN_LOG2)) /* below: one class per 8 bytes */
#define HEAP_MAX     ((size_t)1 << (TK_HEAP_FL + SL_LOG2 + ALIGN_LOG2 - 1))

_Static_assert(TK_HEAP_SL == 1u << SL_LOG2, "TK_HEAP_SL must be 1 << SL_LOG2");
_Static_assert(HEAP_MIN % HEAP_ALIGN == 0, "minimum block must keep the alignment");

/* Index of the highest set bit of x > 0 (no libgcc __clzsi2: smear, then de Bruijn). */
static const uint8_t tk_debruijn_fls[32] = {
    0, 9, 1, 10, 13, 21, 2, 29, 11, 14, 16, 18, 22, 25, 3, 30,
    8, 12, 20, 28, 15, 17, 24, 7, 19, 27, 23, 6, 26, 5, 4, 31,
};
TK_INLINE unsigned tk__fls32(uint32_t x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return tk_debruijn_fls[(x * 0x07C4ACDDu) >> 27];
}

TK_INLINE void heap_mapping(uint32_t size, unsigned *fl, unsigned *sl)
{
    if (size < SMALL_BLOCK) {
        *fl = 0;
        *sl = size >> ALIGN_LOG2;
    } else {
        unsigned f = tk__fls32(size);
        *fl = f - (SL_LOG2 + ALIGN_LOG2 - 1);
        *sl = (size >> (f - SL_LOG2)) & (TK_HEAP_SL - 1);
    }
}

TK_INLINE struct tk_heap_block *heap_next(struct tk_heap_block *b)
{
    return (struct tk_heap_block *)((uint8_t *)b + (b->size & ~HEAP_FREE));
}

TK_INLINE void heap_insert(struct tk_heap *h, struct tk_heap_block *b)
{
    unsigned fl, sl;
    heap_mapping((uint32_t)(b->size & ~HEAP_FREE), &fl, &sl);
    struct tk_heap_block *head = h->free[fl][sl];
    b->next_free = head;
    b->prev_free = NULL;
    if (head)
        head->prev_free = b;
    h->free[fl][sl] = b;
    h->fl_map |= 1u << fl;
    h->sl_map[fl] |= (uint8_t)(1u << sl);
}

TK_INLINE void heap_remove(struct tk_heap *h, struct tk_heap_block *b)
{
    unsigned fl, sl;
    heap_mapping((uint32_t)(b->size & ~HEAP_FREE), &fl, &sl);
    struct tk_heap_block *n = b->next_free, *p = b->prev_free;
    if (n)
        n->prev_free = p;
    if (p) {
        p->next_free = n;
    } else {
        h->free[fl][sl] = n;
        if (!n) {
            h->sl_map[fl] &= (uint8_t)~(1u << sl);
            if (!h->sl_map[fl])
                h->fl_map &= ~(1u << fl);
        }
    }
}

int tk_heap_init(struct tk_heap *h, void *mem, size_t bytes)
{
    if (!h || !mem || bytes < 64 || bytes >= HEAP_MAX)
        return TK_EINVAL;
    uintptr_t lo = ((uintptr_t)mem + HEAP_ALIGN - 1) & ~(uintptr_t)(HEAP_ALIGN - 1);
    uintptr_t hi = ((uintptr_t)mem + bytes) & ~(uintptr_t)(HEAP_ALIGN - 1);
    if (hi - lo < HEAP_MIN + HEAP_HDR)
        return TK_EINVAL;
    struct tk_heap_block *first = (struct tk_heap_block *)lo;
    struct tk_heap_block *sentinel = (struct tk_heap_block *)(hi - HEAP_HDR);
    h->fl_map = 0;
    for (unsigned f = 0; f < TK_HEAP_FL; f++) {
        h->sl_map[f] = 0;
        for (unsigned s = 0; s < TK_HEAP_SL; s++)
            h->free[f][s] = NULL;
    }
    first->prev_phys = NULL;
    first->size = (size_t)((uintptr_t)sentinel - lo);
    sentinel->prev_phys = first;
    sentinel->size = 0;
    heap_insert(h, first);
    first->size |= HEAP_FREE;
    h->start = (uint8_t *)lo;
    h->end = (uint8_t *)sentinel;
    h->free_bytes = (size_t)((uintptr_t)sentinel - lo);
    h->magic = TK_MAGIC_HEAP;
    return TK_OK;
}

int tk_heap_alloc(struct tk_heap *h, size_t bytes, void **ptr)
{
    if (!h || h->magic != TK_MAGIC_HEAP)
        return TK_EOBJ;
    if (!ptr || bytes == 0)
        return TK_EINVAL;
    *ptr = NULL;
    if (bytes > HEAP_MAX / 2)
        return TK_ENOMEM;
    uint32_t size = (uint32_t)((bytes + HEAP_HDR + HEAP_ALIGN - 1) & ~(size_t)(HEAP_ALIGN - 1));
    if (size < HEAP_MIN)
        size = HEAP_MIN;
    /* Round the request up to the next class boundary: any block of the class found fits. */
    uint32_t search = size;
    if (search >= SMALL_BLOCK)
        search += (1u << (tk__fls32(search) - SL_LOG2)) - 1;
    unsigned fl, sl;
    heap_mapping(search, &fl, &sl);
    if (fl >= TK_HEAP_FL)
        return TK_ENOMEM;

    unsigned long s = tk_port_irq_lock();
    uint32_t slm = h->sl_map[fl] & (~0u << sl);
    if (!slm) {
        uint32_t flm = h->fl_map & (~0u << (fl + 1));
        if (!flm) {
            tk_port_irq_unlock(s);
            return TK_ENOMEM;
        }
        fl = tk__ctz32(flm);
        slm = h->sl_map[fl];
    }
    sl = tk__ctz32(slm);
    struct tk_heap_block *b = h->free[fl][sl];
    /* b is the head of its list: unlink it directly. */
    struct tk_heap_block *n = b->next_free;
    h->free[fl][sl] = n;
    if (n) {
        n->prev_free = NULL;
    } else {
        h->sl_map[fl] &= (uint8_t)~(1u << sl);
        if (!h->sl_map[fl])
            h->fl_map &= ~(1u << fl);
    }
    size_t bs = b->size & ~HEAP_FREE;
    if (bs - size >= HEAP_MIN) {
        /* Split: the tail goes back to the free lists. */
        struct tk_heap_block *r = (struct tk_heap_block *)((uint8_t *)b + size);
        r->prev_phys = b;
        r->size = bs - size;
        heap_next(r)->prev_phys = r;
        heap_insert(h, r);
        r->size |= HEAP_FREE;
        bs = size;
    }
    b->size = bs;
    h->free_bytes -= bs;
    tk_port_irq_unlock(s);
    *ptr = (uint8_t *)b + HEAP_HDR;
    return TK_OK;
}

int tk_heap_free(struct tk_heap *h, void *ptr)
{
    if (!h || h->magic != TK_MAGIC_HEAP)
        return TK_EOBJ;
    uint8_t *p = ptr;
    if (!p || ((uintptr_t)p & (HEAP_ALIGN - 1)) || p < h->start + HEAP_HDR || p >= h->end)
        return TK_EINVAL;
    struct tk_heap_block *b = (struct tk_heap_block *)(p - HEAP_HDR);
    unsigned long s = tk_port_irq_lock();
    size_t size = b->size;
    /* An allocated block: not free, and its physical neighbour points back at it. */
    if ((size & HEAP_FREE) || size < HEAP_MIN || size > (size_t)(h->end - (uint8_t *)b) ||
        heap_next(b)->prev_phys != b) {
        tk_port_irq_unlock(s);
        return TK_EINVAL;
    }
    h->free_bytes += size;
    struct tk_heap_block *prev = b->prev_phys;
    /* A header swallowed by a merge is marked free, so freeing its pointer again is
     * recognised as a double free. */
    if (prev && (prev->size & HEAP_FREE)) {
        heap_remove(h, prev);
        b->size = size | HEAP_FREE;
        size += prev->size & ~HEAP_FREE;
        b = prev;
    }
    struct tk_heap_block *next = (struct tk_heap_block *)((uint8_t *)b + size);
    if (next->size & HEAP_FREE) {
        heap_remove(h, next);
        size += next->size & ~HEAP_FREE;
        next->prev_phys = NULL;
    }
    b->size = size;
    heap_next(b)->prev_phys = b;
    heap_insert(h, b);
    b->size = size | HEAP_FREE;
    tk_port_irq_unlock(s);
    return TK_OK;
}

size_t tk_heap_free_bytes(struct tk_heap *h)
{
    if (!h || h->magic != TK_MAGIC_HEAP)
        return 0;
    return h->free_bytes;
}
