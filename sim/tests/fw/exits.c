/* Small programs for the exit-path tests, one per image exit_NAME.elf (built with -DEXIT_NAME):
 * spin: spin forever (--max-cycles); wfi_idle: WFI with nothing enabled; illegal: an illegal
 * instruction with mtvec unset (virt: the handler address is unmapped); exit300: exit code 300
 * (reported 119); tohost_pass / tohost_fail: tohost = 1 / (5 << 1) | 1 (riscv-tests
 * convention); irq_never / irq_late: WFI for an external interrupt at IRQ_AT = 2^64 - 16
 * (beyond the end of the cycle count) / 2^63 (reachable), then exit 0. */
#include "t.h"

volatile uint64_t tohost __attribute__((aligned(8)));

int main(void)
{
#if defined EXIT_spin
    for (;;)
        __asm__ volatile("");
#elif defined EXIT_wfi_idle
    write_csr(mie, 0);
    __asm__ volatile("wfi");
    return 3;
#elif defined EXIT_illegal
    __asm__ volatile(".word 0");
    return 3;
#elif defined EXIT_exit300
    return 300;
#elif defined EXIT_tohost_pass
    tohost = 1;
    return 3;
#elif defined EXIT_tohost_fail
    tohost = (5 << 1) | 1;
    return 3;
#elif defined EXIT_irq_never || defined EXIT_irq_late
#ifdef EXIT_irq_never
    uint64_t at = UINT64_MAX - 15;
#else
    uint64_t at = 1ull << 63;
#endif
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT + 4) = (uint32_t)(at >> 32);
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT) = (uint32_t)at;
    write_csr(mie, MIE_MEIE);
    __asm__ volatile("wfi");
    return 0;
#endif
}
