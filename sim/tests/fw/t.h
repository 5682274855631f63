/* Helpers for the simulator's device test firmware: MMIO, checks, a trap handler hook
 * (CSR access and bits: include/riscv/encoding.h).  A failed CHECK prints its line and exits with status 1. */
#ifndef SIM_TEST_FW_H
#define SIM_TEST_FW_H
#include <stdint.h>
#include "board.h"
#include "bsp.h"
#include "riscv/encoding.h" /* CSR access, mstatus/mie/mip bits, causes */

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))

#define CHECK(c)                                                                     \
    do {                                                                             \
        if (!(c)) {                                                                  \
            board_puts("FAIL " __FILE__ " line ");                                   \
            board_put_uint(__LINE__);                                                \
            board_putc('\n');                                                        \
            board_exit(1);                                                           \
        }                                                                            \
    } while (0)

/* 64-bit mtime/mtimecmp access at either width */
static inline uint64_t rd64(uintptr_t a)
{
    uint32_t hi, lo;
    do {
        hi = REG32(a + 4);
        lo = REG32(a);
    } while (hi != REG32(a + 4));
    return (uint64_t)hi << 32 | lo;
}
static inline void wr64(uintptr_t a, uint64_t v)
{
    REG32(a) = 0xffffffffu; /* never below the old and new values while half written */
    REG32(a + 4) = (uint32_t)(v >> 32);
    REG32(a) = (uint32_t)v;
}
static inline uint64_t mcycle64(void)
{
#if __riscv_xlen == 32
    uint32_t hi, lo;
    do {
        hi = read_csr(mcycleh);
        lo = read_csr(mcycle);
    } while (hi != read_csr(mcycleh));
    return (uint64_t)hi << 32 | lo;
#else
    return read_csr(mcycle);
#endif
}

/* Trap record filled by the handler in t_trap.c */
struct trap_rec {
    volatile uintptr_t mcause, mepc, mtval, count;
    volatile uint64_t at; /* mcycle at handler entry */
};
extern struct trap_rec last_trap;
/* when set, the next exception resumes there (and it is cleared) */
extern volatile uintptr_t resume_at;
/* install the handler; `skip` = 1: exceptions resume after the faulting instruction */
void trap_install(int skip);
/* called by the handler for interrupts; the test provides it (clear the source) */
void on_interrupt(uintptr_t cause);
#endif
