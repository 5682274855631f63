/* Freestanding string.h for the FreeRTOS sources (the cross toolchain ships no libc):
 * the functions FreeRTOS calls, implemented in freertos/board/fr_libc.c. */
#ifndef FR_STRING_H
#define FR_STRING_H
#include <stddef.h>
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
#endif
