/* The heap with large blocks: a heap of 20 KiB (paper SoC, 32 KiB of data memory) or 256 KiB
 * (virt), blocks of 16 KiB and more (the class search's general path above the byte table,
 * and above 64 KiB on virt), merges with a free neighbour before, after and on both sides,
 * two free blocks of one class with the later-listed one merged away, the free-byte walk
 * over several blocks, and the top block taken whole and merged back.  Asserts every result
 * and the free bytes (which alloc and free do not count: tk_heap_free_bytes walks the
 * blocks) against the heap's size.  Written for
 * `make coverage`: the directions that only blocks above 16 KiB take. */
#include "ktest.h"

#ifdef BOARD_VIRT
#define BIG (256u * 1024)
#else
#define BIG (20u * 1024)
#endif
static uint64_t mem[BIG / 8];
static struct tk_heap heap;
static struct tk_thread ctl;
/* control() keeps arrays of block pointers in its frame (1.4 KiB at RV32, twice that at RV64):
 * more than KT_STACK gives, within the paper SoC's 32 KiB beside the heap. */
static uintptr_t s_ctl[640] __attribute__((aligned(16)));

static size_t free_bytes(void)
{
    size_t n = 0;
    KT_EQ(tk_heap_free_bytes(&heap, &n), TK_OK);
    return n;
}

static void control(void *arg)
{
    (void)arg;
    void *a, *b, *c, *d, *x, *y;
    KT_EQ(tk_heap_init(&heap, mem, sizeof mem), TK_OK);
    size_t all = free_bytes();
    KT_CHECK(all > BIG - 64 && all <= BIG);
    /* a block above 16 KiB, and on virt above 64 KiB */
    size_t big = BIG > 64 * 1024 ? 100000 : 17000;
    KT_EQ(tk_heap_alloc(&heap, big, &a), TK_OK);
    KT_CHECK(free_bytes() <= all - big);
    KT_EQ(tk_heap_alloc(&heap, BIG, &b), TK_ENOMEM);
    KT_EQ(tk_heap_free(&heap, a), TK_OK);
    KT_EQ(free_bytes(), all);
    /* four blocks of 4 KiB (virt: 48 KiB) with the rest of the heap after them */
    size_t q = BIG / 5 > 48 * 1024 ? 48 * 1024 : 4096;
    KT_EQ(tk_heap_alloc(&heap, q, &a), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, q, &b), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, q, &c), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, q, &d), TK_OK);
    KT_EQ(tk_heap_free(&heap, b), TK_OK);  /* alone: neighbours in use */
    KT_EQ(tk_heap_free(&heap, d), TK_OK);  /* merges with the rest after it */
    KT_EQ(tk_heap_free(&heap, a), TK_OK);  /* merges with b after it */
    KT_EQ(tk_heap_free(&heap, c), TK_OK);  /* merges on both sides */
    KT_EQ(free_bytes(), all);
    /* two free blocks of one class; the earlier-freed (listed last) merges away */
    KT_EQ(tk_heap_alloc(&heap, 24, &x), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, 40, &a), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, 24, &y), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, 40, &b), TK_OK);
    KT_EQ(tk_heap_free(&heap, x), TK_OK);
    KT_EQ(tk_heap_free(&heap, y), TK_OK);  /* its class list: y, x */
    KT_EQ(tk_heap_free(&heap, a), TK_OK);  /* x's successor: takes x off after y */
    KT_EQ(tk_heap_alloc(&heap, 24, &x), TK_OK);
    KT_EQ(tk_heap_free(&heap, x), TK_OK);
    KT_EQ(tk_heap_free(&heap, y), TK_EINVAL); /* already free, or merged away */
    KT_EQ(tk_heap_free(&heap, b), TK_OK);
    KT_EQ(free_bytes(), all);
    /* the top block (the first block, in no list): taken whole, then freed beside a listed
     * block that it takes back; the searches that end at a top block in use */
    static uint64_t tmem[1024 / 8];
    struct tk_heap h3;
    size_t t_all, t_rest;
    KT_EQ(tk_heap_init(&h3, tmem, sizeof tmem), TK_OK);
    KT_EQ(tk_heap_free_bytes(&h3, &t_all), TK_OK);
    KT_EQ(tk_heap_alloc(&h3, 100, &x), TK_OK); /* cut from the top block's end */
    KT_EQ(tk_heap_free_bytes(&h3, &t_rest), TK_OK);
    KT_EQ(tk_heap_alloc(&h3, t_rest - 2 * sizeof(void *), &y), TK_OK); /* all of it */
    KT_CHECK((uint8_t *)y < (uint8_t *)x);
    KT_EQ(tk_heap_free_bytes(&h3, &t_rest), TK_OK);
    KT_EQ(t_rest, 0);
    KT_EQ(tk_heap_alloc(&h3, 8, &a), TK_ENOMEM);   /* no list, the top block in use */
    KT_EQ(tk_heap_free(&h3, x), TK_OK);            /* listed: its predecessor is in use */
    KT_EQ(tk_heap_alloc(&h3, 200, &a), TK_ENOMEM); /* the listed block too small */
    KT_EQ(tk_heap_free(&h3, y), TK_OK);            /* the top block again, with x's */
    KT_EQ(tk_heap_free_bytes(&h3, &t_rest), TK_OK);
    KT_EQ(t_rest, t_all);
    KT_EQ(tk_heap_alloc(&h3, t_all - 2 * sizeof(void *), &y), TK_OK); /* one block again */
    KT_EQ(tk_heap_free(&h3, y), TK_OK);
    /* a heap just at the minimum size, misaligned */
    static uint64_t small[10];
    struct tk_heap h2;
    KT_EQ(tk_heap_init(&h2, (uint8_t *)small + 4, 64), TK_OK);
    KT_EQ(tk_heap_alloc(&h2, 8, &x), TK_OK);
    KT_EQ(tk_heap_free(&h2, x), TK_OK);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_irq_attach(TK_IRQ_SOFTWARE, NULL, NULL), TK_ESTATE); /* before tk_init */
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 2, 0), TK_OK);
    tk_start();
    return 1;
}
