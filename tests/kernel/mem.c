/* Fixed-block pool and TLSF heap: arguments, exhaustion, invalid frees (double free, foreign
 * and interior pointers), merging back to one block, data integrity under a random workload,
 * and bounded time: the cost of an allocate/free pair does not grow with fragmentation. */
#include "ktest.h"

static struct tk_thread ctl;
KT_STACK(s_ctl);

#define HEAP_BYTES 8192
static uint64_t heap_mem[HEAP_BYTES / 8];
static struct tk_heap heap;
#define POOL_BLOCK (3 * sizeof(uintptr_t))
static uintptr_t pool_mem[TK_POOL_BYTES(POOL_BLOCK, 8) / sizeof(uintptr_t)];
static struct tk_pool pool;

#define NPTR 48
static void *ptrs[NPTR];
static size_t sizes[NPTR];

static void fill(void *p, size_t n, uint8_t v)
{
    uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        b[i] = v;
}
static int check(const void *p, size_t n, uint8_t v)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != v)
            return 0;
    return 1;
}

static size_t heap_free(struct tk_heap *h)
{
    size_t n = 0;
    KT_EQ(tk_heap_free_bytes(h, &n), TK_OK);
    return n;
}

/* Average and maximum cycles of an alloc+free pair over 8 sizes in a random order. */
static void pair_cost(uintptr_t *avg, uintptr_t *max)
{
    static const size_t sz[8] = {8, 24, 40, 64, 100, 160, 256, 400};
    uintptr_t sum = 0, mx = 0;
    for (int round = 0; round < 32; round++) {
        size_t s = sz[kt_rand() & 7];
        void *p;
        uintptr_t t0 = board_cycles();
        int rc = tk_heap_alloc(&heap, s, &p);
        int rc2 = tk_heap_free(&heap, p);
        uintptr_t d = board_cycles() - t0;
        KT_EQ(rc, TK_OK);
        KT_EQ(rc2, TK_OK);
        sum += d;
        if (d > mx)
            mx = d;
    }
    *avg = sum / 32;
    *max = mx;
}

static void ctl_main(void *arg)
{
    (void)arg;
    void *p, *q;
    kt_srand(12345);

    /* ---- pool ---- */
    struct tk_pool zp = {0};
    const size_t pb = sizeof pool_mem;
    KT_EQ(tk_pool_init(NULL, pool_mem, pb, POOL_BLOCK, 8), TK_EINVAL);
    KT_EQ(tk_pool_init(&pool, NULL, pb, POOL_BLOCK, 8), TK_EINVAL);
    KT_EQ(tk_pool_init(&pool, (char *)pool_mem + 1, pb - 1, POOL_BLOCK, 4), TK_EINVAL);
    KT_EQ(tk_pool_init(&pool, pool_mem, pb, 0, 8), TK_EINVAL);
    KT_EQ(tk_pool_init(&pool, pool_mem, pb, POOL_BLOCK, 0), TK_EINVAL);
    KT_EQ(tk_pool_init(&pool, pool_mem, pb - 1, POOL_BLOCK, 8), TK_EINVAL); /* too small */
    KT_EQ(tk_pool_init(&pool, pool_mem, pb, POOL_BLOCK + 1, 8), TK_EINVAL);
    KT_EQ(tk_pool_init(&pool, pool_mem, pb, POOL_BLOCK, 9), TK_EINVAL);
    KT_EQ(tk_pool_alloc(&zp, &p), TK_EOBJ);
    KT_EQ(tk_pool_free(&zp, pool_mem), TK_EOBJ);
    KT_EQ(tk_pool_init(&pool, pool_mem, pb, POOL_BLOCK, 8), TK_OK);
    KT_EQ(tk_pool_alloc(&pool, NULL), TK_EINVAL);
    void *blk[8];
    for (int i = 0; i < 8; i++) {
        KT_EQ(tk_pool_alloc(&pool, &blk[i]), TK_OK);
        KT_EQ((uintptr_t)blk[i] & (sizeof(void *) - 1), 0);
        fill(blk[i], POOL_BLOCK, (uint8_t)i);
    }
    KT_EQ(tk_pool_alloc(&pool, &p), TK_ENOMEM);
    KT_CHECK(p == NULL);
    for (int i = 0; i < 8; i++)
        KT_CHECK(check(blk[i], POOL_BLOCK, (uint8_t)i));
    KT_EQ(tk_pool_free(&pool, (char *)blk[2] + 4), TK_EINVAL);  /* interior */
    KT_EQ(tk_pool_free(&pool, (char *)blk[2] + POOL_BLOCK), TK_EINVAL); /* next's header */
    KT_EQ(tk_pool_free(&pool, (char *)blk[0] - sizeof(void *)), TK_EINVAL);
    KT_EQ(tk_pool_free(&pool, heap_mem), TK_EINVAL);            /* foreign */
    KT_EQ(tk_pool_free(&pool, NULL), TK_EINVAL);
    for (int i = 7; i >= 0; i--)
        KT_EQ(tk_pool_free(&pool, blk[i]), TK_OK);
    /* double free: refused, whatever the block holds; the free list stays whole */
    KT_EQ(tk_pool_free(&pool, blk[3]), TK_EINVAL);
    KT_EQ(tk_pool_free(&pool, blk[7]), TK_EINVAL);
    for (int i = 0; i < 8; i++)
        KT_EQ(tk_pool_alloc(&pool, &blk[i]), TK_OK);
    KT_EQ(tk_pool_alloc(&pool, &p), TK_ENOMEM); /* no block is handed out twice */
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < i; j++)
            KT_CHECK(blk[i] != blk[j]);
    KT_EQ(tk_pool_free(&pool, blk[5]), TK_OK);
    fill(blk[5], POOL_BLOCK, 0); /* a free block's contents do not matter */
    KT_EQ(tk_pool_free(&pool, blk[5]), TK_EINVAL);
    KT_EQ(tk_pool_alloc(&pool, &p), TK_OK);
    KT_CHECK(p == blk[5]);
    KT_EQ(tk_pool_alloc(&pool, &p), TK_ENOMEM);
    /* a block of another pool over the same buffer size is foreign; re-initialising makes
     * every earlier block free (so freeing one is a double free) */
    KT_EQ(tk_pool_init(&pool, pool_mem, pb, POOL_BLOCK, 8), TK_OK);
    KT_EQ(tk_pool_free(&pool, blk[0]), TK_EINVAL);
    for (int i = 0; i < 8; i++)
        KT_EQ(tk_pool_alloc(&pool, &blk[i]), TK_OK);
    KT_EQ(tk_pool_alloc(&pool, &p), TK_ENOMEM);

    /* ---- heap: arguments ---- */
    struct tk_heap zh = {0};
    KT_EQ(tk_heap_init(NULL, heap_mem, sizeof heap_mem), TK_EINVAL);
    KT_EQ(tk_heap_init(&heap, NULL, sizeof heap_mem), TK_EINVAL);
    KT_EQ(tk_heap_init(&heap, heap_mem, 16), TK_EINVAL);
    KT_EQ(tk_heap_alloc(&zh, 8, &p), TK_EOBJ);
    KT_EQ(tk_heap_free(&zh, heap_mem), TK_EOBJ);
    size_t nfree;
    KT_EQ(tk_heap_free_bytes(&zh, &nfree), TK_EOBJ); /* used to read as "0 bytes free" */
    KT_EQ(tk_heap_free_bytes(NULL, &nfree), TK_EOBJ);
    KT_EQ(tk_heap_init(&heap, heap_mem, sizeof heap_mem), TK_OK);
    KT_EQ(tk_heap_free_bytes(&heap, NULL), TK_EINVAL);
    size_t all = heap_free(&heap);
    KT_CHECK(all > HEAP_BYTES - 64 && all <= HEAP_BYTES);
    KT_EQ(tk_heap_alloc(&heap, 0, &p), TK_EINVAL);
    KT_EQ(tk_heap_alloc(&heap, 8, NULL), TK_EINVAL);
    KT_EQ(tk_heap_alloc(&heap, HEAP_BYTES, &p), TK_ENOMEM);
    KT_CHECK(p == NULL);
    KT_EQ(tk_heap_alloc(&heap, (size_t)1 << 30, &p), TK_ENOMEM);

    /* ---- invalid frees ---- */
    KT_EQ(tk_heap_alloc(&heap, 40, &p), TK_OK);
    KT_EQ((uintptr_t)p & 7, 0);
    KT_EQ(tk_heap_alloc(&heap, 40, &q), TK_OK);
    KT_EQ(tk_heap_free(&heap, NULL), TK_EINVAL);
    KT_EQ(tk_heap_free(&heap, pool_mem), TK_EINVAL);          /* foreign */
    KT_EQ(tk_heap_free(&heap, (char *)p + 8), TK_EINVAL);     /* interior */
    KT_EQ(tk_heap_free(&heap, (char *)p + 1), TK_EINVAL);     /* misaligned */
    KT_EQ(tk_heap_free(&heap, p), TK_OK);
    KT_EQ(tk_heap_free(&heap, p), TK_EINVAL);                 /* double free */
    KT_EQ(tk_heap_free(&heap, q), TK_OK);                     /* merges with p's block */
    KT_EQ(tk_heap_free(&heap, q), TK_EINVAL);
    KT_EQ(heap_free(&heap), all);

    /* ---- exhaustion with small blocks, random-order free, merge back to one block ---- */
    int n = 0;
    while (n < NPTR && tk_heap_alloc(&heap, 200, &ptrs[n]) == TK_OK) {
        fill(ptrs[n], 200, (uint8_t)n);
        n++;
    }
    KT_CHECK(n > 20);
    KT_CHECK(n < NPTR); /* it did run out */
    for (int i = 0; i < n; i++)
        KT_CHECK(check(ptrs[i], 200, (uint8_t)i));
    for (int i = n - 1; i > 0; i--) { /* shuffle */
        int j = (int)(kt_rand() % (uint32_t)(i + 1));
        void *t = ptrs[i];
        ptrs[i] = ptrs[j];
        ptrs[j] = t;
    }
    for (int i = 0; i < n; i++)
        KT_EQ(tk_heap_free(&heap, ptrs[i]), TK_OK);
    KT_EQ(heap_free(&heap), all);
    /* one block again: all merged (a TLSF search rounds a request up to its class, so ask
     * for three quarters of the heap) */
    KT_EQ(tk_heap_alloc(&heap, all / 2 + all / 4, &p), TK_OK);
    KT_EQ(tk_heap_free(&heap, p), TK_OK);

    /* ---- random workload: no overlap, every byte intact ---- */
    for (int i = 0; i < NPTR; i++)
        ptrs[i] = NULL;
    for (int step = 0; step < 2000; step++) {
        int i = (int)(kt_rand() % NPTR);
        if (ptrs[i]) {
            KT_CHECK(check(ptrs[i], sizes[i], (uint8_t)i));
            KT_EQ(tk_heap_free(&heap, ptrs[i]), TK_OK);
            ptrs[i] = NULL;
        } else {
            size_t s = 1 + kt_rand() % 300;
            if (tk_heap_alloc(&heap, s, &ptrs[i]) == TK_OK) {
                sizes[i] = s;
                fill(ptrs[i], s, (uint8_t)i);
            } else {
                KT_CHECK(ptrs[i] == NULL);
            }
        }
    }
    for (int i = 0; i < NPTR; i++)
        if (ptrs[i]) {
            KT_CHECK(check(ptrs[i], sizes[i], (uint8_t)i));
            KT_EQ(tk_heap_free(&heap, ptrs[i]), TK_OK);
        }
    KT_EQ(heap_free(&heap), all);

    /* ---- bounded time: the pair costs the same with few and with many free blocks ---- */
    /* A fresh heap is one top block (kernel/heap.c): the pair cuts from it and merges back,
     * without a class or a list. */
    uintptr_t fresh_avg, fresh_max, few_avg, few_max, many_avg, many_max;
    pair_cost(&fresh_avg, &fresh_max);
    /* fragment: free blocks of six classes, separated by live ones; first one block per
     * class, then four times as many in the same classes */
    n = 0;
    for (int i = 0; i < NPTR; i++) {
        ptrs[i] = NULL;
        if (tk_heap_alloc(&heap, 8 + (size_t)(i % 12) * 24, &ptrs[i]) == TK_OK)
            n++;
    }
    KT_CHECK(n == NPTR);
    for (int i = 0; i < 12; i += 2) {
        KT_EQ(tk_heap_free(&heap, ptrs[i]), TK_OK);
        ptrs[i] = NULL;
    }
    pair_cost(&few_avg, &few_max);
    for (int i = 12; i < NPTR; i += 2) {
        KT_EQ(tk_heap_free(&heap, ptrs[i]), TK_OK);
        ptrs[i] = NULL;
    }
    pair_cost(&many_avg, &many_max);
    kt_log_num("heap pair fresh avg cycles: ", fresh_avg);
    kt_log_num("heap pair fresh max cycles: ", fresh_max);
    kt_log_num("heap pair fragmented (6 free blocks) avg cycles: ", few_avg);
    kt_log_num("heap pair fragmented (6 free blocks) max cycles: ", few_max);
    kt_log_num("heap pair fragmented (24 free blocks) avg cycles: ", many_avg);
    kt_log_num("heap pair fragmented (24 free blocks) max cycles: ", many_max);
    if (!kt_on_qemu()) {
        /* no walk over free blocks: four times the blocks, not more cycles (within 1.5x) */
        KT_CHECK(many_max * 2 <= few_max * 3);
        KT_CHECK(many_avg * 2 <= few_avg * 3);
        KT_CHECK(fresh_max <= many_max); /* the lists cost more than the top block */
        KT_CHECK(fresh_max * 2 <= fresh_avg * 3);
        KT_CHECK(few_max * 2 <= few_avg * 3);
        KT_CHECK(many_max * 2 <= many_avg * 3);
    }
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
