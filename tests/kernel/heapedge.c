/* The heap trusts no pointer it is handed: tk_heap_init refuses a range that wraps the
 * address space (as tk_pool_init and tk_thread_create do) and the re-initialisation of a heap
 * with blocks allocated (TK_EBUSY: a block from before could be freed into the new heap and
 * overlap its blocks); tk_heap_free refuses an interior pointer even when the payload around
 * it looks like a block header (a size that fits, a neighbour that points back), without
 * writing through the header's pointer to its predecessor.  After each refusal the heap is
 * whole: every block handed out is distinct and the bytes free add up. */
#include "ktest.h"

#define HEAP_BYTES 1024
static uint64_t mem[HEAP_BYTES / 8];
static struct tk_heap heap;
static volatile uintptr_t victim[4]; /* what a wild write through a forged pointer would hit */

static size_t free_bytes(void)
{
    size_t n = 0;
    KT_EQ(tk_heap_free_bytes(&heap, &n), TK_OK);
    return n;
}

/* two blocks of `n` bytes each that do not overlap */
static void distinct(size_t n)
{
    void *a, *b;
    KT_EQ(tk_heap_alloc(&heap, n, &a), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, n, &b), TK_OK);
    KT_CHECK((uint8_t *)a + n <= (uint8_t *)b || (uint8_t *)b + n <= (uint8_t *)a);
    KT_EQ(tk_heap_free(&heap, a), TK_OK);
    KT_EQ(tk_heap_free(&heap, b), TK_OK);
}

static void ctl_main(void *arg)
{
    (void)arg;
    void *p, *q;
    /* ---- ranges that wrap the address space ---- */
    struct tk_heap w;
    KT_EQ(tk_heap_init(&w, (void *)(UINTPTR_MAX - 63), 128), TK_EINVAL);
    KT_EQ(tk_heap_init(&w, (void *)(UINTPTR_MAX - 200), 256), TK_EINVAL);

    /* ---- re-initialisation ---- */
    KT_EQ(tk_heap_init(&heap, mem, sizeof mem), TK_OK);
    size_t all = free_bytes();
    KT_EQ(tk_heap_alloc(&heap, 100, &p), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, 100, &q), TK_OK);
    KT_EQ(tk_heap_init(&heap, mem, sizeof mem), TK_EBUSY);      /* blocks allocated */
    KT_EQ(tk_heap_init(&heap, mem, sizeof mem / 2), TK_EBUSY);  /* whatever the new range */
    KT_EQ(tk_heap_free(&heap, p), TK_OK);                       /* the heap as it was */
    KT_EQ(tk_heap_init(&heap, mem, sizeof mem), TK_EBUSY);
    KT_EQ(tk_heap_free(&heap, q), TK_OK);
    KT_EQ(free_bytes(), all);
    KT_EQ(tk_heap_init(&heap, mem, sizeof mem), TK_OK);         /* all free: allowed */
    KT_EQ(tk_heap_free(&heap, q), TK_EINVAL);                   /* a block from before */
    KT_EQ(tk_heap_free(&heap, p), TK_EINVAL);
    KT_EQ(free_bytes(), all);
    distinct(300);

    /* ---- an interior pointer whose payload looks like a header ---- */
    KT_EQ(tk_heap_alloc(&heap, 200, &p), TK_OK);
    uintptr_t *w0 = p;
    /* at p + 8 words a forged header: predecessor `victim` (outside the heap), size 32, and
     * 32 bytes on, a word pointing back at it (the successor's predecessor link) */
    uintptr_t *fake = w0 + 8;
    fake[0] = (uintptr_t)victim;
    fake[1] = 32;
    fake[32 / sizeof(uintptr_t)] = (uintptr_t)fake;
    victim[0] = victim[1] = victim[2] = victim[3] = 0x5a5a;
    KT_EQ(tk_heap_free(&heap, fake + 2), TK_EINVAL);
    KT_EQ(victim[1], 0x5a5a);
    /* the same with a predecessor inside the heap that does not end at it */
    fake[0] = (uintptr_t)(w0 - 2);
    KT_EQ(tk_heap_free(&heap, fake + 2), TK_EINVAL);
    /* and one that does, a forged one too: the predecessor's size is checked to end there */
    KT_EQ(tk_heap_free(&heap, p), TK_OK);
    KT_EQ(free_bytes(), all);
    distinct(200);
    kt_pass();
}

static struct tk_thread ctl;
KT_STACK(s_ctl);

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 3, 0), TK_OK);
    tk_start();
}
