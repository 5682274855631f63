/* The stray store into code of tk_code.c and fr_code.c: a function's first instruction
 * patched through a pointer. */
#ifndef BUG_CODE_H
#define BUG_CODE_H
#include <stdint.h>

static int __attribute__((noinline)) answer(void) { return 42; }

static void __attribute__((noinline)) patch(volatile uint32_t *where)
{
    *where = 0x00000013; /* bug */
}
#endif
