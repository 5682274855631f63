/* The heap's first block (the top block, in no list) freed with a free listed block after it:
 * that block leaves its class list as the head with another block of its class behind it,
 * as the list's only block, and from behind another block.  Each case on a heap of its own:
 * four blocks of one size cut from the top, the rest of the top taken whole (the largest
 * request that succeeds), two of the four freed (listed, their neighbours in use), then the
 * top freed.  Asserts every result and the free bytes.  Written for `make coverage`: the
 * top block's merge inlines its own copy of the list unlink. */
#include "ktest.h"

#define HEAP_BYTES 1024
#define BLOCK 40 /* bytes asked for each of the four: one class for all four */

static struct tk_thread ctl;
KT_STACK(s_ctl);

static size_t free_bytes(struct tk_heap *h)
{
    size_t n = 0;
    KT_EQ(tk_heap_free_bytes(h, &n), TK_OK);
    return n;
}

/* Frees, in order, the blocks of p[] named by `first` and `second` (indices), then the top.
 * p[0] is cut first (highest address), p[3] last (just after the top block). */
static void top_case(int first, int second)
{
    static uint64_t mem[HEAP_BYTES / 8];
    struct tk_heap h;
    void *p[4], *top = NULL;
    KT_EQ(tk_heap_init(&h, mem, sizeof mem), TK_OK);
    size_t all = free_bytes(&h);
    for (int i = 0; i < 4; i++)
        KT_EQ(tk_heap_alloc(&h, BLOCK, &p[i]), TK_OK);
    size_t rest = free_bytes(&h);
    KT_CHECK(rest > 0 && rest < all);
    /* the whole top block: the largest request that fits (nothing is listed yet) */
    size_t n = rest;
    while (n > 0 && tk_heap_alloc(&h, n, &top) != TK_OK)
        n -= 1;
    KT_CHECK(n > 0);
    KT_EQ(free_bytes(&h), 0);
    KT_EQ(tk_heap_free(&h, p[first]), TK_OK);
    if (second >= 0)
        KT_EQ(tk_heap_free(&h, p[second]), TK_OK);
    size_t listed = free_bytes(&h);
    KT_CHECK(listed > 0);
    /* the top block merges with p[3] after it, which is free in every case */
    KT_EQ(tk_heap_free(&h, top), TK_OK);
    KT_CHECK(free_bytes(&h) > listed);
    for (int i = 0; i < 3; i++)
        if (i != first && i != second)
            KT_EQ(tk_heap_free(&h, p[i]), TK_OK);
    KT_EQ(free_bytes(&h), all); /* all merged back into one block */
    KT_EQ(tk_heap_alloc(&h, all - 2 * sizeof(void *), &top), TK_OK);
    KT_EQ(tk_heap_free(&h, top), TK_OK);
}

static void control(void *arg)
{
    (void)arg;
    top_case(1, 3); /* p[3] the head of its class, p[1] behind it */
    top_case(3, -1); /* p[3] alone in its class */
    top_case(3, 1); /* p[3] behind p[1] */
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 2, 0), TK_OK);
    tk_start();
    return 1;
}
