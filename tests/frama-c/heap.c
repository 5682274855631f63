/* Eva harness: the TLSF heap (kernel/heap.c).
 * Preconditions: the heap's memory is 64, 1024, 4096 or 65536 bytes at HEAP_MEM, zeroed before
 * tk_heap_init (a static buffer in .bss) and owned by the heap alone (an absolute address,
 * as the paper SoC's data memory, lets Eva follow the integer arithmetic on block
 * addresses exactly); struct tk_heap is valid.
 * Sequences: every sequence of 4 steps on 2 slots that Eva enumerates, each step a
 * tk_heap_alloc of 8, 40, 250, 3000 or 20000 bytes into an empty slot or a tk_heap_free of a full
 * one (splits, exact fits, exhaustion, merges with either or both neighbours, class moves),
 * then a misuse: tk_heap_free of the last pointer freed (a double free, or a block reused
 * since) or of a wild pointer (NULL, before, at, inside and past the heap, misaligned);
 * then tk_heap_free_bytes.  Checked: no run-time error (out-of-bounds access, invalid
 * shift, overflow, undefined pointer arithmetic) anywhere on these paths, and the ACSL
 * contracts and assertions of kernel/heap.c (sizes, splits and merges, class indices). */
#include <string.h>
#include "common.h"
#include "../../kernel/heap.c"

#define HEAP_MEM 0x10000000u /* make frama-c: -absolute-valid-range below it to + 65535 */
/* The heap's control block at an absolute address too, just above its memory: the list links
 * the heap stores in free blocks (pprev) point into it, and a misuse step may read one as a
 * block size; at a known address Eva compares it with the heap's bounds as the hardware does
 * (a symbolic address would leave the bound check undecided). */
#define HEAP_OBJ 0x10010000u /* make frama-c: inside -absolute-valid-range */
#define heap (*(struct tk_heap *)(uintptr_t)HEAP_OBJ)
static const size_t heap_sizes[] = {64, 1024, 4096, 65536};
static const size_t req[] = {8, 40, 250, 3000, 20000};

int main(void)
{
    /* the table heap_class and tk__fls read (their contracts rely on it): entry i is the
     * index of i's highest set bit */
    //@ loop unroll 256;
    for (unsigned i = 1; i < 256; i++) {
        //@ assert log2_byte: (1 << tk_log2_byte[i]) <= i < (2 << tk_log2_byte[i]);
    }
    int hs = Frama_C_interval(0, 3);
    size_t n;
    //@ split hs;
    n = heap_sizes[hs];
    memset((void *)(uintptr_t)HEAP_MEM, 0, n); /* a static buffer: in .bss, zeroed */
    memset(&heap, 0, sizeof heap); /* a static control block too: never initialised before */
    if (tk_heap_init(&heap, (void *)(uintptr_t)HEAP_MEM, n) != TK_OK)
        return 1;
    void *p[2] = {0}, *stale = 0;
    //@ loop unroll 4;
    for (int i = 0; i < 4; i++) {
        int k = Frama_C_interval(0, 1), j = Frama_C_interval(0, 4);
        //@ split k;
        if (p[k]) {
            tk_heap_free(&heap, p[k]);
            stale = p[k];
            p[k] = 0;
        } else {
            //@ split j;
            if (tk_heap_alloc(&heap, req[j], &p[k]) != TK_OK)
                p[k] = 0;
        }
    }
    static const uintptr_t wild[] = {0, HEAP_MEM - 8, HEAP_MEM, HEAP_MEM + 8, HEAP_MEM + 12,
                                     HEAP_MEM + 40, HEAP_MEM + 4088, HEAP_MEM + 65528};
    int w = Frama_C_interval(0, 9);
    uintptr_t a;
    //@ split w;
    a = w < 8 ? wild[w] : w == 8 ? HEAP_MEM + n : (uintptr_t)stale;
    tk_heap_free(&heap, (void *)a);
    size_t free_bytes = 0;
    return tk_heap_free_bytes(&heap, &free_bytes) != TK_OK || free_bytes > n;
}
