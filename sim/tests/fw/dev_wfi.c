/* WFI skips simulated time to the next event: a timer far in the future (2 * 10^8 cycles)
 * wakes the core at the right mcycle without executing anything in between (the test
 * script checks the instruction count); also with the interrupt taken, and IRQ_AT. */
#include "t.h"

#define SLEEP_CYCLES 200000000ull
#define TICKS (SLEEP_CYCLES / BOARD_CYCLES_PER_TICK)

void on_interrupt(uintptr_t cause)
{
    if (cause == IRQ_M_TIMER)
        wr64(BOARD_MTIMECMP, UINT64_MAX);
    else if (cause == IRQ_M_EXT)
        REG32(BOARD_SIMCTL + SIMCTL_IRQ_ACK) = 1;
}

int main(void)
{
    trap_install(0);
    /* MIE off: WFI wakes on mip & mie and execution continues after it */
    uint64_t now = rd64(BOARD_MTIME);
    wr64(BOARD_MTIMECMP, now + TICKS);
    set_csr(mie, MIE_MTIE);
    __asm__ volatile("wfi");
    uint64_t c = mcycle64(), due = (now + TICKS) * BOARD_CYCLES_PER_TICK;
    CHECK(rd64(BOARD_MTIME) >= now + TICKS);
    CHECK(c >= due && c < due + 200);
    CHECK(last_trap.count == 0);
    /* MIE on: the interrupt is taken after the WFI */
    wr64(BOARD_MTIMECMP, rd64(BOARD_MTIME) + TICKS);
    set_csr(mstatus, MSTATUS_MIE);
    __asm__ volatile("wfi");
    CHECK(last_trap.count == 1);
    CHECK(last_trap.mcause == (MCAUSE_INT | IRQ_M_TIMER));
    /* the simulator-control interrupt wakes it too */
    clear_csr(mstatus, MSTATUS_MIE);
    clear_csr(mie, MIE_MTIE);
    set_csr(mie, MIE_MEIE);
    uint64_t target = mcycle64() + SLEEP_CYCLES;
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT + 4) = (uint32_t)(target >> 32);
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT) = (uint32_t)target;
    __asm__ volatile("wfi");
    c = mcycle64();
    CHECK(c >= target && c < target + 200);
    board_puts("wfi ok\n");
    return 0;
}
