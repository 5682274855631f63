/* Interrupt-disabled windows (sim/observe/irqoff.h): one opened and closed by CSR writes with a WFI
 * wait inside it, one from a timer interrupt's entry to its MRET, and one left open at the
 * end (not counted).  sim/tests/irqoff-test.sh checks what tempo-sim reports. */
#include "t.h"

#define SLEEP_CYCLES 1000000ull

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
    set_csr(mstatus, MSTATUS_MIE);
    /* a window with a WFI wait: only the busy cycles count */
    clear_csr(mstatus, MSTATUS_MIE);
    set_csr(mie, MIE_MEIE);
    uint64_t target = mcycle64() + SLEEP_CYCLES;
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT + 4) = (uint32_t)(target >> 32);
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT) = (uint32_t)target;
    __asm__ volatile("wfi");
    set_csr(mstatus, MSTATUS_MIE); /* the pending interrupt is taken here: a trap window */
    CHECK(last_trap.count == 1);
    /* the timer: trap entry to MRET */
    clear_csr(mie, MIE_MEIE);
    set_csr(mie, MIE_MTIE);
    wr64(BOARD_MTIMECMP, 0);
    for (int i = 0; i < 100 && last_trap.count < 2; i++) /* the store reaches the CLINT later */
        ;
    CHECK(last_trap.count == 2);
    clear_csr(mstatus, MSTATUS_MIE); /* open at the end: no window */
    board_puts("irqoff ok\n");
    return 0;
}
