/* Variable-size allocator: two-level segregated fit (TLSF).  Free blocks sit in lists by
 * size class: first level = power of two, second level = TK_HEAP_SL linear steps inside it;
 * two bitmaps find the smallest non-empty class that is large enough with two find-first-set
 * operations, so allocation and free run in bounded time with no list walk.  Every block
 * has a two-word header (previous physical block, size | free flag); a size-0 used sentinel
 * ends the heap and is also the first block's physical predecessor, so merging never looks
 * past either end and never tests for NULL.
 *
 * The first block of the heap (at h->start), while free, is the top block: it is in no list.
 * An allocation that finds no listed block large enough is cut from the top block, and a
 * block freed beside it merges into it, both without a class: no class lookup, no list or
 * bitmap update (the top block of dlmalloc, the wilderness of the TLSF papers).  A heap
 * starts as one top block, and whatever merges back to the first block becomes top again.
 *
 * Shaped by the cost model (docs/timing.md: every RAM store stalls 1 cycle, a
 * mispredicted branch costs 6): an allocation is cut from the END of the free block, so the
 * remainder keeps its header, its list links and usually its class (no list update at all);
 * a merge that leaves the surviving free block in its class only rewrites its size. */
#include "kernel.h"

struct tk_heap_block {
    struct tk_heap_block *prev_phys;
    uintptr_t size;                      /* bytes, header included; bit 0 = free */
    /* free blocks only: the next block of the list, and the link that points at this one
     * (a list head slot in the heap or the previous block's `next`), so that removal needs
     * no size-to-class mapping */
    struct tk_heap_block *next;
    struct tk_heap_block **pprev;
};

#define HEAP_FREE    ((uintptr_t)1)
#define HEAP_ALIGN   8u                  /* payload alignment, both widths */
#define HEAP_HDR     (2 * sizeof(void *))
#define HEAP_MIN     (sizeof(struct tk_heap_block))
#define SL_LOG2      3u                  /* TK_HEAP_SL = 8 classes per power of two */
#define ALIGN_LOG2   3u
#define SMALL_BLOCK  (1u << (SL_LOG2 + ALIGN_LOG2)) /* below: one class per 8 bytes */
#define HEAP_MAX     ((size_t)1 << (TK_HEAP_FL + SL_LOG2 + ALIGN_LOG2 - 1))
#define HEAP_CLASSES (TK_HEAP_FL * TK_HEAP_SL)
_Static_assert(HEAP_MAX / 2 == (size_t)1 << (TK_HEAP_FL + SL_LOG2 + ALIGN_LOG2 - 2),
               "the request bound is one shift");

_Static_assert(TK_HEAP_SL == 1u << SL_LOG2, "TK_HEAP_SL must be 1 << SL_LOG2");
_Static_assert(HEAP_MIN % HEAP_ALIGN == 0, "minimum block must keep the alignment");

/* The speed build's shortcuts (kbase.h TK_SHORTCUTS), each beside a general path that does
 * the same (the byte table's lowest first-level bit, heap_move's lone block, a merged block
 * keeping its next neighbour's list place): built for size, the general paths alone. */
#define HEAP_FAST TK_SHORTCUTS

/* Index of the highest set bit of x > 0 without libgcc (__clzsi2) and without branches: two
 * set-if-above steps narrow x to one byte, a 256-byte table does the rest (about half the
 * cycles of a smear + de Bruijn multiply on this core: docs/timing.md, ALU-use 1 bubble,
 * MUL 4 stall cycles). */
#if HEAP_FAST
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
#define HEAP_LOG2(lg, x) ((lg)[x])
#else
/* Built for size, a shift loop (at most 31 steps) in place of the table: 256 bytes less. */
#define tk_log2_byte ((const uint8_t *)0)
static uintptr_t heap_log2(uintptr_t x)
{
    uintptr_t n = 0;
    while (x >>= 1) /* wcet: loop <= 64: one step per bit */
        n++;
    return n;
}
#define HEAP_LOG2(lg, x) ((void)(lg), heap_log2(x))
#endif

/* Native-width integers throughout: on RV64 a uint32_t index costs zero-extensions. */
typedef uintptr_t hword;
typedef struct tk_heap_block blk;

/* The end of every free list, and an empty list's head: a pseudo-block whose one field ever
 * used, pprev, is class 0's list head, a class no block takes (every block has at least
 * HEAP_MIN bytes); its other fields are never read or written.  A list's last block links to
 * it like to any other, so a back link to a block's list successor may be stored without
 * testing that the successor exists (heap_move, on the slowest frees).  Found from the
 * heap's address, one addition. */
_Static_assert((HEAP_MIN >> ALIGN_LOG2) > 0, "class 0 (blocks below 8 bytes) stays unused");
TK_INLINE struct tk_heap_block *heap_nil(struct tk_heap *h)
{
    return (struct tk_heap_block *)((uint8_t *)&h->free[0][0] -
                                    offsetof(struct tk_heap_block, pprev));
}

/* ACSL contracts: comments to the compiler.  make frama-c checks every contract and
 * assertion here with Eva on the paths its harness enumerates (tests/frama-c/heap.c, which
 * also checks tk_log2_byte entry by entry: the tk__fls and heap_class contracts rest on it);
 * a precondition at every call, a postcondition at every return. */
/*@ // a block size: header included, a multiple of the alignment, at least the minimum
    predicate block_size(integer n) = n >= HEAP_MIN && n % HEAP_ALIGN == 0;
*/

/*@ assigns \nothing;
    ensures (uint8_t *)\result == (uint8_t *)base + off; */
TK_INLINE blk *blk_at(void *base, hword off)
{
    return (blk *)((uint8_t *)base + off);
}

/* The table's address, computed once per call: GCC would otherwise rebuild it (auipc + addi,
 * 2 cycles) at every use, as the linker cannot relax a pc-relative pair this far from gp. */
TK_INLINE const uint8_t *heap_lg(void)
{
    const uint8_t *lg = tk_log2_byte;
#ifndef __FRAMAC__ /* a barrier for GCC only: the value is unchanged (make frama-c) */
    __asm__("" : "+r"(lg));
#endif
    return lg;
}

/*@ requires lg == tk_log2_byte;
    requires 0 < x < 0x100000000;
    assigns \nothing;
    ensures 0 <= \result <= 31 && (1 << \result) <= x < (2 << \result); */
TK_INLINE hword tk__fls(const uint8_t *lg, hword x) /* x < 2^32 */
{
    hword s16 = (hword)((x >> 16) != 0) << 4;
    x >>= s16;
    hword s8 = (hword)((x >> 8) != 0) << 3;
    x >>= s8;
    return s16 + s8 + lg[x];
}

/* Lowest set bit of a non-zero first-level map (de Bruijn, as kbase.h's tk__ctz32). */
TK_INLINE hword tk__ffs_map(hword m)
{
    return tk_debruijn32[(uint32_t)((uint32_t)(m & (0u - m)) * 0x077CB531u) >> 27] /
           sizeof(struct tk_thread *);
}

/* Class of a block of `size` bytes: a flat index fl * TK_HEAP_SL + sl.  With L = the top
 * bit of size minus 6 (0 below 128 bytes), the class is 8 L + (size >> (L + 3)): below 64
 * bytes that is size / 8 (one class per 8 bytes), above it the first level L + 1 and the
 * three bits under the top bit.  One table lookup and no branch below 16 KiB (the whole
 * data memory of the paper SoC is 32 KiB), the general two-step search above. */
/*@ requires lg == tk_log2_byte;
    requires 0 < size < HEAP_MAX;
    assigns \nothing;
    ensures \result < HEAP_CLASSES; */
TK_INLINE hword heap_class(const uint8_t *lg, hword size)
{
    hword l;
    if (!HEAP_FAST || TK_LIKELY(size < ((hword)SMALL_BLOCK << 8)))
        l = HEAP_LOG2(lg, size >> (SL_LOG2 + ALIGN_LOG2));
    else
        l = tk__fls(lg, size) - (SL_LOG2 + ALIGN_LOG2);
    return (l << SL_LOG2) + (size >> (l + ALIGN_LOG2));
}

/*@ requires \valid(h);
    requires c < HEAP_CLASSES;
    assigns h->sl_map[c / TK_HEAP_SL], h->fl_map; */
TK_INLINE void heap_set_bit(struct tk_heap *h, hword c)
{
    hword fl = c >> SL_LOG2;
    h->sl_map[fl] |= (uint8_t)((hword)1 << (c & (TK_HEAP_SL - 1)));
    h->fl_map |= (uint32_t)1 << fl;
}

/*@ requires \valid(h);
    requires c < HEAP_CLASSES;
    assigns h->sl_map[c / TK_HEAP_SL], h->fl_map; */
TK_INLINE void heap_clear_bit(struct tk_heap *h, hword c)
{
    hword fl = c >> SL_LOG2;
    hword m = h->sl_map[fl] & ~((hword)1 << (c & (TK_HEAP_SL - 1)));
    h->sl_map[fl] = (uint8_t)m;
    h->fl_map &= ~((uint32_t)(m == 0) << fl);
}

/* The back link of n, a listed block or heap_nil, to the link pp that points at it.  The
 * speed build tests for heap_nil first, as a branch not taken costs a cycle less than the
 * store (heap_move, on the slowest frees, stores anyway); built for size, the store alone. */
TK_INLINE void heap_link_back(struct tk_heap *h, blk *n, blk **pp)
{
    if (!HEAP_FAST || TK_UNLIKELY(n != heap_nil(h)))
        n->pprev = pp;
}

/* Put free block b at the head of class c's list. */
/*@ requires c < HEAP_CLASSES; */
TK_INLINE void heap_insert(struct tk_heap *h, blk *b, hword c)
{
    blk **slot = &h->free[0][0] + c;
    blk *head = *slot;
    b->next = head;
    b->pprev = slot;
    *slot = b;
    heap_link_back(h, head, &b->next);
    if (TK_LIKELY(head == heap_nil(h)))
        heap_set_bit(h, c);
}

/* Take b off its list: `pp` and `n` are its links. */
TK_INLINE void heap_unlink(struct tk_heap *h, blk **pp, blk *n)
{
    *pp = n;
    heap_link_back(h, n, pp);
    if (TK_LIKELY(n == heap_nil(h))) {
        /* The last of its list when pp is a head slot: clear the class's bits.  pp may
         * point into a block instead (a `next` field): compared as addresses, since a
         * pointer difference across two objects is undefined (Frama-C Eva). */
        hword c = ((uintptr_t)pp - (uintptr_t)&h->free[0][0]) / sizeof(blk *);
        if (TK_LIKELY(c < HEAP_CLASSES))
            heap_clear_bit(h, c);
    }
}

TK_INLINE void heap_remove(struct tk_heap *h, blk *b)
{
    heap_unlink(h, b->pprev, b->next);
}

/* Put r in b's place in b's free list (same class: the bitmaps do not change). */
TK_INLINE void heap_replace(struct tk_heap *h, blk *b, blk *r)
{
    blk *n = b->next, **pp = b->pprev;
    r->next = n;
    r->pprev = pp;
    *pp = r;
    heap_link_back(h, n, &r->next);
}

/* Move free block b (links pp, n) from class c to class d != c, every case on one line: the
 * bitmaps without a branch, whether c's list empties (b was alone in it) or not, and the back
 * links to the block after b in c's list and to the block already in d's list stored whether
 * those blocks exist or not (heap_nil takes the store when not).  The slowest frees end here
 * (a merge on both sides, then a move): with a branch per back link, a move with one cost a
 * misprediction, the store and the jump back, 10 to 18 cycles above the usual move
 * (docs/timing.md), which now costs 5 cycles more (two stores for two branches not taken,
 * heap_nil's address).  The other list operations keep their branch: their rare back links
 * are not on the slowest paths, and a store costs a cycle more than a branch not taken.
 * Built for size (HEAP_FAST 0), the general unlink and insert. */
/*@ requires c < HEAP_CLASSES && d < HEAP_CLASSES && c != d; */
TK_INLINE void heap_move(struct tk_heap *h, blk *b, blk **pp, blk *n, hword c, hword d)
{
    blk **from = &h->free[0][0] + c, **to = &h->free[0][0] + d;
    blk *head = *to;
    if (!HEAP_FAST) { /* built for size: the general unlink and insert */
        heap_unlink(h, pp, n);
        heap_insert(h, b, d);
        return;
    }
    /* c's list empties: b was its only block */
    hword gone = (hword)((n == heap_nil(h)) & (pp == from));
    hword fc = c >> SL_LOG2, fd = d >> SL_LOG2;
    hword bc = gone << (c & (TK_HEAP_SL - 1)), bd = (hword)1 << (d & (TK_HEAP_SL - 1));
    hword mc = h->sl_map[fc] & ~bc;
    uint32_t fl = h->fl_map;
    *pp = n;
    b->next = head;
    b->pprev = to;
    *to = b;
    /* when c and d share a first level, the second store sets d's bit in the byte just
     * written, and fl_map keeps fc = fd */
    h->sl_map[fc] = (uint8_t)mc;
    h->sl_map[fd] |= (uint8_t)bd;
    h->fl_map = (fl & ~((uint32_t)(mc == 0) << fc)) | ((uint32_t)1 << fd);
    n->pprev = pp;
    head->pprev = &b->next;
}

int tk_heap_init(struct tk_heap *h, void *mem, size_t bytes)
{
    if (!h || !mem || bytes < 64 || bytes >= HEAP_MAX ||
        bytes > UINTPTR_MAX - (uintptr_t)mem) /* the end must not wrap */
        return TK_EINVAL;
    /* An initialised heap with blocks allocated is not re-initialised: a block from before
     * would still pass tk_heap_free's checks (its header and its neighbour's link are
     * intact) and overlap the new heap's blocks.  All free, a heap is its top block alone,
     * spanning it whole (free neighbours always merge). */
    if (h->magic == TK_MAGIC_HEAP &&
        ((blk *)h->start)->size != (hword)((h->end - h->start) | HEAP_FREE))
        return TK_EBUSY;
    uintptr_t lo = ((uintptr_t)mem + HEAP_ALIGN - 1) & ~(uintptr_t)(HEAP_ALIGN - 1);
    uintptr_t hi = ((uintptr_t)mem + bytes) & ~(uintptr_t)(HEAP_ALIGN - 1);
    if (hi - lo < HEAP_MIN + HEAP_HDR)
        return TK_EINVAL;
    blk *first = (blk *)lo;
    blk *sentinel = (blk *)(hi - HEAP_HDR);
    h->fl_map = 0;
    for (unsigned f = 0; f < TK_HEAP_FL; f++) {
        h->sl_map[f] = 0;
        for (unsigned s = 0; s < TK_HEAP_SL; s++)
            h->free[f][s] = heap_nil(h);
    }
    hword size = (hword)((uintptr_t)sentinel - lo);
    first->prev_phys = sentinel; /* a used block of size 0: never merged */
    first->size = size | HEAP_FREE;
    sentinel->prev_phys = first;
    sentinel->size = 0; /* first is the top block: in no list */
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

/* The block size a request of `bytes` takes: header added, aligned, at least HEAP_MIN. */
static inline __attribute__((always_inline)) hword heap_request(size_t bytes)
{
    hword size = (bytes + HEAP_HDR + HEAP_ALIGN - 1) & ~(hword)(HEAP_ALIGN - 1);
    /* RV64 only (24 < 32): the speed build without a branch (taken, 1 in 250 of the
     * benchmark's requests, it cost a misprediction and a jump back: 21 cycles): bytes <= 8
     * is exactly size == 24, which the addition makes 32 */
    if (HEAP_HDR + HEAP_ALIGN < HEAP_MIN && HEAP_FAST)
        size += (hword)(bytes <= HEAP_MIN - HEAP_HDR - HEAP_ALIGN) *
                (HEAP_MIN - HEAP_HDR - HEAP_ALIGN);
    else if (HEAP_HDR + HEAP_ALIGN < HEAP_MIN && size < HEAP_MIN)
        size = HEAP_MIN;
    return size;
}

/* Cut a used block of size bytes from the tail of the free block b (bs bytes), which keeps
 * the first rest bytes: the allocation, its neighbours' back links set. */
static inline __attribute__((always_inline)) blk *heap_cut_tail(blk *b, hword bs, hword rest,
                                                                hword size)
{
    blk *a = blk_at(b, rest);
    a->prev_phys = b;
    a->size = size;
    blk_at(b, bs)->prev_phys = a;
    b->size = rest | HEAP_FREE;
    return a;
}

/* The first class (of the listed free blocks, fl_map not 0) whose every block holds size:
 * its slot, or NULL when no listed block is large enough (the top block's turn). */
static inline __attribute__((always_inline)) blk **heap_fit_slot(struct tk_heap *h,
                                                                 const uint8_t *lg, hword size,
                                                                 hword *class)
{
    /* The class after the one holding size - 1 (bytes < HEAP_MAX / 2 keeps it below
     * HEAP_CLASSES). */
    hword c = heap_class(lg, size - 1) + 1;
    hword fl = c >> SL_LOG2, sl = c & (TK_HEAP_SL - 1);
    hword slm = h->sl_map[fl] & ((hword)0xFF << sl);
    if (TK_LIKELY(!slm)) { /* a larger block from a higher first level */
        hword flm = h->fl_map & ((hword)0xFFFFFFFFu << (fl + 1));
        if (!flm) /* no listed block large enough */
            return NULL;
        /* lowest set bit: a byte table for the first eight levels (blocks below 8 KiB),
         * else a de Bruijn multiply */
        hword low = flm & (0u - flm);
        if (HEAP_FAST && TK_LIKELY(low < 0x100))
            fl = HEAP_LOG2(lg, low);
        else
            fl = tk__ffs_map(flm);
        slm = h->sl_map[fl];
    }
    /* lowest set bit of an 8-bit map */
    sl = HEAP_FAST ? HEAP_LOG2(lg, slm & (0u - slm) & 0xFF) : tk__ffs_map(slm);
    c = (fl << SL_LOG2) | sl;
    *class = c;
    return &h->free[0][0] + c;
}

/* Allocate size bytes from the first block of the listed class at slot (class c): the tail
 * of a split, or the whole block. */
static inline __attribute__((always_inline)) blk *heap_take_listed(struct tk_heap *h,
                                                                   const uint8_t *lg,
                                                                   blk **slot, hword c,
                                                                   hword size)
{
    blk *a, *b = *slot;
    hword bs = b->size - HEAP_FREE;
    hword rest = bs - size;
    /*@ assert class_fits: block_size(bs) && bs >= size; */
    if (TK_LIKELY(rest >= HEAP_MIN)) {
        /* Split: the allocation is the tail, b keeps its place unless it left its
         * class. */
        /*@ assert split: block_size(rest) && rest + size == bs &&
                          (uint8_t *)b + bs <= h->end; */
        a = heap_cut_tail(b, bs, rest, size);
        hword rc = heap_class(lg, rest);
        if (rc != c)
            heap_move(h, b, slot, b->next, c, rc);
    } else {
        /*@ assert whole: bs - size < HEAP_MIN; */
        a = b;
        heap_unlink(h, slot, b->next);
        b->size = bs;
    }
    return a;
}

/* Allocate size bytes from the top block (the never-listed rest of the heap): its tail, the
 * whole of it, or NULL when it is too small. */
static inline __attribute__((always_inline)) blk *heap_take_top(struct tk_heap *h, hword size)
{
    blk *a, *b = (blk *)h->start;
    hword ts = b->size;
    /* free (flag set) and at least HEAP_MIN bytes left after the cut, in one branch */
    if (TK_LIKELY(ts & (hword)(ts > size + HEAP_MIN))) {
        hword bs = ts - HEAP_FREE, rest = bs - size;
        /*@ assert top_split: block_size(rest) && rest + size == bs &&
                              (uint8_t *)b + bs <= h->end; */
        a = heap_cut_tail(b, bs, rest, size);
    } else if ((ts & HEAP_FREE) && ts > size) { /* the whole top block */
        /*@ assert top_whole: block_size(ts - HEAP_FREE) && ts - HEAP_FREE >= size; */
        a = b;
        b->size = ts - HEAP_FREE;
    } else {
        a = NULL;
    }
    return a;
}

int tk_heap_alloc(struct tk_heap *h, size_t bytes, void **ptr)
{
    /* Validation in two branches (docs/timing.md: each mispredicted one costs 6). */
    if (TK_UNLIKELY(!h))
        return TK_EOBJ;
    /* The magic word's flags sign-extended (no zero-extension on RV64, as lw loads them), the
     * size bound one shift */
    if (TK_UNLIKELY((hword)(int32_t)((h->magic ^ TK_MAGIC_HEAP) | (uint32_t)(ptr == NULL)) |
                    ((bytes - 1) >> (TK_HEAP_FL + SL_LOG2 + ALIGN_LOG2 - 2))))
        return tk_heap_alloc_error(h, bytes, ptr);
    const uint8_t *lg = heap_lg();
    hword size = heap_request(bytes), c;
    blk *a, **slot;
    unsigned long s = tk_port_irq_lock();
    /* No listed free block at all (an unfragmented heap): the top block, without a class. */
    if (TK_LIKELY(h->fl_map == 0) || !(slot = heap_fit_slot(h, lg, size, &c))) {
        a = heap_take_top(h, size);
        if (TK_UNLIKELY(!a)) {
            tk_port_irq_unlock(s);
            *ptr = NULL;
            return TK_ENOMEM;
        }
    } else {
        a = heap_take_listed(h, lg, slot, c, size);
    }
    tk_port_irq_unlock(s);
    *ptr = (uint8_t *)a + HEAP_HDR;
    return TK_OK;
}

int tk_heap_free(struct tk_heap *h, void *ptr)
{
    if (TK_UNLIKELY(!h))
        return TK_EOBJ;
    /* A pointer inside this heap (NULL wraps to a huge offset) and aligned, in one branch. */
    hword off = (hword)((uint8_t *)ptr - h->start) - HEAP_HDR;
    hword lim = (hword)(h->end - h->start) - HEAP_HDR;
    if (TK_UNLIKELY((h->magic ^ TK_MAGIC_HEAP) | (uint32_t)(off >= lim) |
                    ((uint32_t)(uintptr_t)ptr & (HEAP_ALIGN - 1))))
        return h->magic != TK_MAGIC_HEAP ? TK_EOBJ : TK_EINVAL;
    blk *b = (blk *)((uint8_t *)ptr - HEAP_HDR);
    unsigned long s = tk_port_irq_lock();
    /* An allocated block, in one branch: not free, a size that stays inside the heap (below
     * HEAP_MIN wraps; a bad size reads b's own first word instead of a wild address) and
     * its physical neighbour points back at it (no block is its own predecessor). */
    hword size = b->size;
    hword bad = (size & HEAP_FREE) | (hword)(size - HEAP_MIN > lim + HEAP_HDR - off - HEAP_MIN);
    blk *next = blk_at(b, size & (bad - 1));
    if (TK_UNLIKELY(((hword)next->prev_phys ^ (hword)b) | bad)) {
        tk_port_irq_unlock(s);
        return TK_EINVAL;
    }
    /* And its physical predecessor, a pointer the merge below writes through: the sentinel
     * for the first block, else a block that lies before b (checked before it is read) and
     * ends at b.  Interior pointers whose payload looks like a header stop here. */
    blk *prev = b->prev_phys;
    hword d = (hword)((uint8_t *)b - (uint8_t *)prev), ps, pbad;
    /* 8 <= d <= off and aligned, in one test: the shift puts d's low bits on top */
    if (TK_LIKELY(((d - HEAP_ALIGN) | (d << (sizeof(hword) * 8 - ALIGN_LOG2))) < off)) {
        ps = prev->size;
        pbad = (ps & ~HEAP_FREE) ^ d;
    } else { /* the sentinel, at the heap's end, is the first block's (a used block) */
        ps = 0;
        pbad = off | (d + lim + HEAP_HDR);
    }
    if (TK_UNLIKELY(pbad)) {
        tk_port_irq_unlock(s);
        return TK_EINVAL;
    }
    /*@ assert freed: block_size(size) && (uint8_t *)b + size <= h->end; */
    const uint8_t *lg = heap_lg();
    hword ns = next->size;
    /* A header swallowed by a merge must fail the checks above if freed again: one that was
     * free keeps its free flag; b is flagged here (when it survives, its size is rewritten
     * below; flagging only where needed measured no faster). */
    b->size = size | HEAP_FREE;
    /* By the free neighbours: prev free (the top block or a listed one) takes b and a free
     * next; else b is the top block, or takes a free next, or goes to a list alone. */
    hword m;
    if (ps & HEAP_FREE) {
        m = ps + size; /* flag included */
        if (TK_LIKELY(ns & HEAP_FREE)) { /* the hint: the faster layout, measured (make bench) */
            heap_remove(h, next);
            m += ns - HEAP_FREE;
        }
        prev->size = m;
        m -= HEAP_FREE;
        /*@ assert merge_prev: block_size(m) && (uint8_t *)prev + m <= h->end; */
        blk_at(prev, m)->prev_phys = prev;
        hword pc = heap_class(lg, ps - HEAP_FREE);
        hword mc = heap_class(lg, m);
        /* grown out of its class, and listed (the top block is in no list); the classes are
         * looked up for the top block too: one branch here measured faster on the slowest
         * merges than a taken branch before the lookups */
        if ((mc != pc) & ((uint8_t *)prev != h->start))
            heap_move(h, prev, prev->pprev, prev->next, pc, mc);
    } else if (off == 0) { /* b is the first block: the top block, in no list */
        if (ns & HEAP_FREE) {
            heap_remove(h, next);
            m = size + ns; /* flag included */
            b->size = m;
            m -= HEAP_FREE;
            /*@ assert merge_top: block_size(m) && (uint8_t *)b + m <= h->end; */
            blk_at(b, m)->prev_phys = b;
        }
    } else if (ns & HEAP_FREE) {
        /* b swallows next: b takes next's list place when the class stays */
        hword nc = heap_class(lg, ns - HEAP_FREE);
        m = size + ns; /* flag included */
        b->size = m;
        m -= HEAP_FREE;
        /*@ assert merge_next: block_size(m) && (uint8_t *)b + m <= h->end; */
        blk_at(b, m)->prev_phys = b;
        hword mc = heap_class(lg, m);
        if (HEAP_FAST && mc == nc) {
            heap_replace(h, next, b);
        } else {
            heap_remove(h, next);
            heap_insert(h, b, mc);
        }
    } else {
        heap_insert(h, b, heap_class(lg, size));
    }
    tk_port_irq_unlock(s);
    return TK_OK;
}

/* A walk over the blocks (diagnostics; no counter is kept, so alloc and free stay short). */
int tk_heap_free_bytes(struct tk_heap *h, size_t *bytes)
{
    if (!h || h->magic != TK_MAGIC_HEAP)
        return TK_EOBJ;
    if (!bytes)
        return TK_EINVAL;
    size_t n = 0;
    unsigned long s = tk_port_irq_lock();
    for (blk *b = (blk *)h->start; (uint8_t *)b < h->end; b = blk_at(b, b->size & ~HEAP_FREE))
        if (b->size & HEAP_FREE)
            n += b->size & ~HEAP_FREE;
    tk_port_irq_unlock(s);
    *bytes = n;
    return TK_OK;
}
