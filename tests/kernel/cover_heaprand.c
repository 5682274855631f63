/* The heap under seeded random allocations and frees (sizes from 1 byte to half the heap,
 * most small, some above 16 KiB and, on virt, above 64 KiB), so that every merge (before,
 * after, both sides) meets blocks of every size range and free blocks anywhere in their class
 * lists.  Checked: each block is filled with its own pattern when allocated and found intact
 * when freed (no two blocks overlap, the heap's headers stay outside them), the free bytes
 * never exceed the heap, and after everything is freed the heap is whole again (every
 * neighbour merged).  Written for `make coverage`. */
#include "ktest.h"

#ifdef BOARD_VIRT
#define BIG (256u * 1024)
#else
#define BIG (20u * 1024)
#endif
#define SLOTS 24
#define ROUNDS 3000

static uint64_t mem[BIG / 8];
static struct tk_heap heap;
static struct tk_thread ctl;
KT_STACK(s_ctl);
static uint8_t *ptr[SLOTS];
static size_t len[SLOTS];

static size_t free_bytes(void)
{
    size_t n = 0;
    KT_EQ(tk_heap_free_bytes(&heap, &n), TK_OK);
    return n;
}

/* A request size: mostly small, sometimes large (the general class search above 16 KiB). */
static size_t pick_size(void)
{
    uint32_t r = kt_rand();
    switch (r & 7) {
    case 0:
        return 16 * 1024 + (kt_rand() % (BIG / 2 - 16 * 1024));
    case 1:
        return 1 + kt_rand() % 4096;
    default:
        return 1 + kt_rand() % 200;
    }
}

static void check_free(int i)
{
    uint8_t v = (uint8_t)i;
    for (size_t k = 0; k < len[i]; k += 97)
        KT_EQ(ptr[i][k], (uint8_t)(v + k));
    KT_EQ(ptr[i][len[i] - 1], (uint8_t)(v + len[i] - 1));
    KT_EQ(tk_heap_free(&heap, ptr[i]), TK_OK);
    ptr[i] = NULL;
}

static void control(void *arg)
{
    (void)arg;
    kt_srand(12345);
    KT_EQ(tk_heap_init(&heap, mem, sizeof mem), TK_OK);
    size_t all = free_bytes();
    for (int round = 0; round < ROUNDS; round++) {
        int i = (int)(kt_rand() % SLOTS);
        if (ptr[i]) {
            check_free(i);
        } else {
            void *p = NULL;
            size_t n = pick_size();
            int rc = tk_heap_alloc(&heap, n, &p);
            if (rc == TK_ENOMEM) {
                KT_CHECK(p == NULL);
                continue;
            }
            KT_EQ(rc, TK_OK);
            KT_CHECK((uintptr_t)p % 8 == 0);
            KT_CHECK((uint8_t *)p >= (uint8_t *)mem && (uint8_t *)p + n <= (uint8_t *)mem + BIG);
            ptr[i] = p;
            len[i] = n;
            for (size_t k = 0; k < n; k += 97)
                ptr[i][k] = (uint8_t)(i + k);
            ptr[i][n - 1] = (uint8_t)(i + n - 1);
        }
        if (round % 64 == 0)
            KT_CHECK(free_bytes() <= all);
    }
    for (int i = 0; i < SLOTS; i++)
        if (ptr[i])
            check_free(i);
    KT_EQ(free_bytes(), all);
    void *p = NULL;
    KT_EQ(tk_heap_alloc(&heap, all / 4 * 3, &p), TK_OK); /* whole again: one large block */
    KT_EQ(tk_heap_free(&heap, p), TK_OK);
    /* a block swallowing its free successor, which has another block of its class behind it
     * in the list, without leaving the class: it takes the successor's list place.
     * Allocations are cut from the end of the free block: each lies below the previous one. */
    void *g1, *f2, *g2, *f1, *b, *g3;
    KT_EQ(tk_heap_alloc(&heap, 8, &g1), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, 770, &f2), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, 8, &g2), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, 770, &f1), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, 8, &b), TK_OK);
    KT_EQ(tk_heap_alloc(&heap, 8, &g3), TK_OK);
    KT_CHECK((uint8_t *)g3 < (uint8_t *)b && (uint8_t *)b < (uint8_t *)f1);
    KT_EQ(tk_heap_free(&heap, f2), TK_OK);
    KT_EQ(tk_heap_free(&heap, f1), TK_OK); /* its class list: f1, f2 */
    KT_EQ(tk_heap_free(&heap, b), TK_OK);  /* b takes f1's place, before f2 */
    void *rest[] = {g1, g2, g3};
    for (int i = 0; i < 3; i++)
        KT_EQ(tk_heap_free(&heap, rest[i]), TK_OK);
    KT_EQ(free_bytes(), all);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 2, 0), TK_OK);
    tk_start();
    return 1;
}
