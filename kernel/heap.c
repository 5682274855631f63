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
    /* free blocks only: the next block of the list, and the link that points at this one
     * (a list head slot in the heap or the previous block's `next`), so that removal needs
     * no size-to-class mapping */
    struct tk_heap_block *next;
    struct tk_heap_block **pprev;
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

/* Index of the highest set bit of x > 0 without libgcc (__clzsi2) and without branches: two
 * set-if-above steps narrow x to one byte, a 256-byte table does the rest (about half the
 * cycles of a smear + de Bruijn multiply on this core: spec/core-timing.md, ALU-use 1 bubble,
 * MUL 4 stall cycles). */
static const uint8_t tk_log2_byte[256] __attribute__((section(".sdata.tk_c"))) = {
    0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
};
/* Native-width integers throughout: on RV64 a uint32_t index costs zero-extensions. */
typedef uintptr_t hword;

TK_INLINE hword tk__fls(hword x) /* x < 2^32 */
{
    hword s16 = (hword)((x >> 16) != 0) << 4;
    x >>= s16;
    hword s8 = (hword)((x >> 8) != 0) << 3;
    x >>= s8;
    return s16 + s8 + tk_log2_byte[x];
}

/* Lowest set bit of a non-zero first-level map (de Bruijn, as kernel.h's tk__ctz32). */
TK_INLINE hword tk__ffs_map(hword m)
{
    return tk_debruijn32[(uint32_t)((uint32_t)(m & (0u - m)) * 0x077CB531u) >> 27] /
           sizeof(struct tk_thread *);
}

/* Class of a block of `size` bytes: a flat index fl * TK_HEAP_SL + sl. */
/* Top bit of a size >= SMALL_BLOCK: one table lookup below 16 KiB (the whole data memory of
 * the paper SoC is 32 KiB), the general two-step search above. */
TK_INLINE hword heap_fls(hword size)
{
    if (TK_LIKELY(size < ((hword)SMALL_BLOCK << 8)))
        return (hword)tk_log2_byte[size >> (SL_LOG2 + ALIGN_LOG2)] + SL_LOG2 + ALIGN_LOG2;
    return tk__fls(size);
}

TK_INLINE hword heap_class(hword size)
{
    if (TK_UNLIKELY(size < SMALL_BLOCK))
        return size >> ALIGN_LOG2;
    hword f = heap_fls(size);
    return ((f - (SL_LOG2 + ALIGN_LOG2 - 1)) << SL_LOG2) | ((size >> (f - SL_LOG2)) & (TK_HEAP_SL - 1));
}

/* Smallest size of class c (the inverse of heap_class). */
TK_INLINE hword heap_class_min(hword c)
{
    if (TK_UNLIKELY(c < TK_HEAP_SL))
        return c << ALIGN_LOG2;
    return (TK_HEAP_SL | (c & (TK_HEAP_SL - 1))) << ((c >> SL_LOG2) + ALIGN_LOG2 - 1);
}

/* Class of free block b: its list slot when it heads a list, else from its size. */
TK_INLINE hword heap_block_class(struct tk_heap *h, struct tk_heap_block *b, hword size)
{
    hword c = (hword)(b->pprev - &h->free[0][0]);
    if (TK_LIKELY(c < TK_HEAP_FL * TK_HEAP_SL))
        return c;
    return heap_class(size);
}

TK_INLINE struct tk_heap_block *heap_next(struct tk_heap_block *b)
{
    return (struct tk_heap_block *)((uint8_t *)b + (b->size & ~HEAP_FREE));
}

TK_INLINE void heap_insert(struct tk_heap *h, struct tk_heap_block *b, hword size)
{
    hword c = heap_class(size);
    struct tk_heap_block **slot = &h->free[0][0] + c;
    struct tk_heap_block *head = *slot;
    b->next = head;
    b->pprev = slot;
    if (TK_UNLIKELY(head != NULL))
        head->pprev = &b->next;
    *slot = b;
    h->fl_map |= (uint32_t)1 << (c >> SL_LOG2);
    h->sl_map[c >> SL_LOG2] |= (uint8_t)((hword)1 << (c & (TK_HEAP_SL - 1)));
}

/* Put r in b's place in b's free list (same class: the bitmaps do not change). */
TK_INLINE void heap_replace(struct tk_heap_block *b, struct tk_heap_block *r)
{
    struct tk_heap_block *n = b->next, **pp = b->pprev;
    r->next = n;
    r->pprev = pp;
    *pp = r;
    if (TK_UNLIKELY(n != NULL))
        n->pprev = &r->next;
}

TK_INLINE void heap_remove(struct tk_heap *h, struct tk_heap_block *b)
{
    struct tk_heap_block *n = b->next, **pp = b->pprev;
    *pp = n;
    if (TK_UNLIKELY(n != NULL)) {
        n->pprev = pp;
    } else {
        /* The last of its list when pp is a head slot: clear the class's bits. */
        hword c = (hword)(pp - &h->free[0][0]);
        if (TK_LIKELY(c < TK_HEAP_FL * TK_HEAP_SL)) {
            hword fl = c >> SL_LOG2;
            hword m = h->sl_map[fl] & ~((hword)1 << (c & (TK_HEAP_SL - 1)));
            h->sl_map[fl] = (uint8_t)m;
            if (TK_LIKELY(m == 0))
                h->fl_map &= ~((uint32_t)1 << fl);
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
    heap_insert(h, first, first->size);
    first->size |= HEAP_FREE;
    h->start = (uint8_t *)lo;
    h->end = (uint8_t *)sentinel;
    h->magic = TK_MAGIC_HEAP;
    return TK_OK;
}

static TK_COLD int tk_heap_alloc_error(struct tk_heap *h, size_t bytes, void **ptr)
{
    if (!h || h->magic != TK_MAGIC_HEAP)
        return TK_EOBJ;
    if (!ptr || bytes == 0)
        return TK_EINVAL;
    *ptr = NULL;
    return TK_ENOMEM;
}

int tk_heap_alloc(struct tk_heap *h, size_t bytes, void **ptr)
{
    /* Validation in two branches (spec/core-timing.md: each mispredicted one costs 6). */
    if (TK_UNLIKELY(!h))
        return TK_EOBJ;
    if (TK_UNLIKELY((h->magic ^ TK_MAGIC_HEAP) | (hword)(ptr == NULL) |
                    (hword)(bytes - 1 >= HEAP_MAX / 2)))
        return tk_heap_alloc_error(h, bytes, ptr);
    hword size = (bytes + HEAP_HDR + HEAP_ALIGN - 1) & ~(hword)(HEAP_ALIGN - 1);
    if (size < HEAP_MIN)
        size = HEAP_MIN;
    /* The first class whose every block fits: the class after the one holding size - 1. */
    hword c = heap_class(size - 1) + 1;
    if (TK_UNLIKELY(c >= TK_HEAP_FL * TK_HEAP_SL)) {
        *ptr = NULL;
        return TK_ENOMEM;
    }
    hword fl = c >> SL_LOG2, sl = c & (TK_HEAP_SL - 1);

    unsigned long s = tk_port_irq_lock();
    hword slm = h->sl_map[fl] & ((hword)0xFF << sl);
    if (TK_LIKELY(!slm)) { /* the usual case: a larger block from a higher first level */
        hword flm = h->fl_map & ((hword)0xFFFFFFFFu << (fl + 1));
        if (TK_UNLIKELY(!flm)) {
            tk_port_irq_unlock(s);
            *ptr = NULL;
            return TK_ENOMEM;
        }
        fl = tk__ffs_map(flm);
        slm = h->sl_map[fl];
    }
    sl = tk_log2_byte[slm & (0u - slm) & 0xFF]; /* lowest set bit of an 8-bit map */
    struct tk_heap_block *b = h->free[fl][sl];
    size_t bs = b->size & ~HEAP_FREE;
    if (TK_LIKELY(bs - size >= HEAP_MIN)) {
        /* Split: the tail goes back to the free lists; when it stays in b's class (a small
         * piece cut from a large block) it simply takes b's place in the list. */
        struct tk_heap_block *r = (struct tk_heap_block *)((uint8_t *)b + size);
        hword rs = bs - size;
        r->prev_phys = b;
        r->size = rs | HEAP_FREE;
        ((struct tk_heap_block *)((uint8_t *)b + bs))->prev_phys = r;
        if (rs >= heap_class_min((fl << SL_LOG2) | sl)) { /* rs < bs: same class */
            heap_replace(b, r);
        } else {
            heap_remove(h, b);
            heap_insert(h, r, rs);
        }
        bs = size;
    } else {
        heap_remove(h, b);
    }
    b->size = bs;
    tk_port_irq_unlock(s);
    *ptr = (uint8_t *)b + HEAP_HDR;
    return TK_OK;
}

int tk_heap_free(struct tk_heap *h, void *ptr)
{
    if (TK_UNLIKELY(!h || h->magic != TK_MAGIC_HEAP))
        return TK_EOBJ;
    /* Inside the heap (NULL wraps to a huge offset) and aligned: one unsigned comparison. */
    hword off = (hword)((uint8_t *)ptr - h->start) - HEAP_HDR;
    if (TK_UNLIKELY((off >= (hword)(h->end - h->start) - HEAP_HDR) |
                    ((hword)ptr & (HEAP_ALIGN - 1))))
        return TK_EINVAL;
    struct tk_heap_block *b = (struct tk_heap_block *)((uint8_t *)ptr - HEAP_HDR);
    unsigned long s = tk_port_irq_lock();
    hword size = b->size;
    /* An allocated block: not free, a size that stays inside the heap (below HEAP_MIN wraps),
     * and its physical neighbour points back at it. */
    if (TK_UNLIKELY((size & HEAP_FREE) |
                    (hword)(size - HEAP_MIN > (hword)(h->end - (uint8_t *)b) - HEAP_MIN)) ||
        TK_UNLIKELY(heap_next(b)->prev_phys != b)) {
        tk_port_irq_unlock(s);
        return TK_EINVAL;
    }
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
    size_t ns = next->size;
    if (TK_LIKELY(ns & HEAP_FREE)) {
        ns &= ~HEAP_FREE;
        hword cn = heap_block_class(h, next, ns);
        size += ns;
        b->size = size | HEAP_FREE;
        ((struct tk_heap_block *)((uint8_t *)b + size))->prev_phys = b;
        next->prev_phys = NULL;
        /* The merged block usually stays in next's class: it takes next's place. */
        if (size < heap_class_min(cn + 1)) {
            heap_replace(next, b);
        } else {
            heap_remove(h, next);
            heap_insert(h, b, size);
        }
    } else {
        b->size = size | HEAP_FREE;
        ((struct tk_heap_block *)((uint8_t *)b + size))->prev_phys = b;
        heap_insert(h, b, size);
    }
    tk_port_irq_unlock(s);
    return TK_OK;
}

/* A walk over the blocks (diagnostics; no counter is kept, so alloc and free stay short). */
size_t tk_heap_free_bytes(struct tk_heap *h)
{
    if (!h || h->magic != TK_MAGIC_HEAP)
        return 0;
    size_t n = 0;
    unsigned long s = tk_port_irq_lock();
    for (struct tk_heap_block *b = (struct tk_heap_block *)h->start;
         (uint8_t *)b < h->end; b = heap_next(b))
        if (b->size & HEAP_FREE)
            n += b->size & ~HEAP_FREE;
    tk_port_irq_unlock(s);
    return n;
}
