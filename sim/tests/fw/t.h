/* Helpers for the simulator's device test firmware: CSR access, MMIO, checks, a trap
 * handler hook.  A failed CHECK prints its line and exits with status 1. */
#ifndef SIM_TEST_FW_H
#define SIM_TEST_FW_H
#include <stdint.h>
#include "board.h"
#include "bsp.h"

#define CSR_READ(name) ({ uintptr_t v_; __asm__ volatile("csrr %0, " #name : "=r"(v_)); v_; })
#define CSR_WRITE(name, v) __asm__ volatile("csrw " #name ", %0" ::"r"((uintptr_t)(v)))
#define CSR_SET(name, v) __asm__ volatile("csrs " #name ", %0" ::"r"((uintptr_t)(v)))
#define CSR_CLEAR(name, v) __asm__ volatile("csrc " #name ", %0" ::"r"((uintptr_t)(v)))
#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))
#define MIE_MSIE (1u << 3)
#define MIE_MTIE (1u << 7)
#define MIE_MEIE (1u << 11)
#define MSTATUS_MIE (1u << 3)
#define MCAUSE_INT ((uintptr_t)1 << (__riscv_xlen - 1))

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
        hi = CSR_READ(mcycleh);
        lo = CSR_READ(mcycle);
    } while (hi != CSR_READ(mcycleh));
    return (uint64_t)hi << 32 | lo;
#else
    return CSR_READ(mcycle);
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
