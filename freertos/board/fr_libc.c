/* The few C library functions the FreeRTOS sources call (the cross toolchain has no libc).
 * FreeRTOS's queues copy every message with memcpy, so these copy a word at a time when both
 * pointers are aligned, as newlib's RISC-V memcpy would on a real FreeRTOS system: a byte loop
 * would charge the Msgq/Bmq figures for a library the kernel does not choose.  Strong
 * definitions: they replace the byte-loop weak ones of bench/common/bench.c. */
#include <stddef.h>
#include <stdint.h>
#include "string.h"

/* Keep gcc from turning these loops back into calls to themselves. */
#define FR_LIBC __attribute__((optimize("no-tree-loop-distribute-patterns")))
typedef uintptr_t __attribute__((may_alias)) fr_word;
#define FR_WORD_MASK (sizeof(fr_word) - 1)

FR_LIBC void *memcpy(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    if ((((uintptr_t)d | (uintptr_t)s) & FR_WORD_MASK) == 0) {
        for (; n >= sizeof(fr_word); n -= sizeof(fr_word)) {
            *(fr_word *)d = *(const fr_word *)s;
            d += sizeof(fr_word);
            s += sizeof(fr_word);
        }
    }
    while (n--)
        *d++ = *s++;
    return dst;
}

FR_LIBC void *memset(void *dst, int c, size_t n)
{
    uint8_t *d = dst;
    if (((uintptr_t)d & FR_WORD_MASK) == 0) {
        fr_word w = (uint8_t)c;
        w |= w << 8;
        w |= w << 16;
#if __riscv_xlen == 64
        w |= w << 32;
#endif
        for (; n >= sizeof(fr_word); n -= sizeof(fr_word)) {
            *(fr_word *)d = w;
            d += sizeof(fr_word);
        }
    }
    while (n--)
        *d++ = (uint8_t)c;
    return dst;
}

FR_LIBC int memcmp(const void *a, const void *b, size_t n)
{
    const uint8_t *x = a, *y = b;
    for (; n; n--, x++, y++)
        if (*x != *y)
            return *x < *y ? -1 : 1;
    return 0;
}

FR_LIBC size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}
