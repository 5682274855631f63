/* The CLINT's 64-bit timer registers (bsp/common/board.h BOARD_MTIME, BOARD_MTIMECMP) at
 * either width, for a kernel's board layer (rmp/board/; the Tempo kernel's port has its own). */
#ifndef TEMPO_CLINT_H
#define TEMPO_CLINT_H
#include <stdint.h>
#include "board.h"

/* mtime; at RV32 its two words are read until the high one is stable. */
static inline uint64_t clint_mtime(void)
{
#if __riscv_xlen == 64
    return *(volatile uint64_t *)(uintptr_t)BOARD_MTIME;
#else
    volatile uint32_t *t = (volatile uint32_t *)(uintptr_t)BOARD_MTIME;
    uint32_t hi, lo;
    do {
        hi = t[1];
        lo = t[0];
    } while (hi != t[1]);
    return ((uint64_t)hi << 32) | lo;
#endif
}

/* mtimecmp = v; at RV32 the low word is first set to all ones, so that the compare never
 * passes through a value below both old and new (the CLINT idiom). */
static inline void clint_mtimecmp_set(uint64_t v)
{
#if __riscv_xlen == 64
    *(volatile uint64_t *)(uintptr_t)BOARD_MTIMECMP = v;
#else
    volatile uint32_t *c = (volatile uint32_t *)(uintptr_t)BOARD_MTIMECMP;
    c[0] = 0xFFFFFFFFu;
    c[1] = (uint32_t)(v >> 32);
    c[0] = (uint32_t)v;
#endif
}
#endif
