/* The few C library functions the FreeRTOS sources call (the cross toolchain has no libc).
 * Weak, so that an application linking its own copies wins without a clash. */
#include <stddef.h>
#include <stdint.h>
#include "string.h"

/* Keep gcc from turning these loops back into calls to themselves. */
#define FR_LIBC __attribute__((weak, optimize("no-tree-loop-distribute-patterns")))

FR_LIBC void *memcpy(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}

FR_LIBC void *memset(void *dst, int c, size_t n)
{
    uint8_t *d = dst;
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
