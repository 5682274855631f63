/* Small programs selected with -DPROG=n for the exit-path tests:
 * 1 spin forever (--max-cycles), 2 WFI with nothing enabled, 3 illegal instruction with
 * mtvec unset (virt: the handler address is unmapped), 4 exit code 300 (reported 119),
 * 5/6 tohost = 1 / (5 << 1) | 1 (riscv-tests convention), 7/8 WFI for an external interrupt
 * at IRQ_AT = 2^64 - 16 (beyond the end of the cycle count) / 2^63 (reachable), then exit 0. */
#include "t.h"

volatile uint64_t tohost __attribute__((aligned(8)));

int main(void)
{
#if PROG == 1
    for (;;)
        __asm__ volatile("");
#elif PROG == 2
    write_csr(mie, 0);
    __asm__ volatile("wfi");
    return 3;
#elif PROG == 3
    __asm__ volatile(".word 0");
    return 3;
#elif PROG == 4
    return 300;
#elif PROG == 5
    tohost = 1;
    return 3;
#elif PROG == 6
    tohost = (5 << 1) | 1;
    return 3;
#elif PROG == 7 || PROG == 8
    uint64_t at = PROG == 7 ? UINT64_MAX - 15 : 1ull << 63;
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT + 4) = (uint32_t)(at >> 32);
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT) = (uint32_t)at;
    write_csr(mie, MIE_MEIE);
    __asm__ volatile("wfi");
    return 0;
#endif
}
