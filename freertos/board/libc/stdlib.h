/* Freestanding stdlib.h for the FreeRTOS sources: they include it for NULL and size_t only. */
#ifndef FR_STDLIB_H
#define FR_STDLIB_H
#include <stddef.h>
#endif
