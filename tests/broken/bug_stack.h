/* The frame too large for its stack of tk_stack.c and fr_stack.c (1,200 or 2,400 bytes of
 * locals; both stacks are 256 words). */
#ifndef BUG_STACK_H
#define BUG_STACK_H
#include <stdint.h>

static uintptr_t __attribute__((noinline)) fill(volatile uintptr_t *seed)
{ /* bug */
    volatile uintptr_t big[300];
    for (unsigned i = 0; i < 300; i++)
        big[i] = *seed + i;
    return big[7];
}
#endif
