/* Simulator-control device: IRQ_AT (pending level and ACK), IRQ_AFTER (cycle-exact
 * interrupt), MSIP (both addresses on virt), interrupt priority MEI > MSI > MTI, and
 * EXIT with a code (the run's exit status must be 42). */
#include "t.h"

#define SIMCTL(off) REG32(BOARD_SIMCTL + (off))
static volatile uintptr_t order[8];
static volatile unsigned norder;

void on_interrupt(uintptr_t cause)
{
    if (norder < 8)
        order[norder++] = cause;
    if (cause == IRQ_M_EXT)
        SIMCTL(SIMCTL_IRQ_ACK) = 1;
    else if (cause == IRQ_M_SOFT)
        REG32(BOARD_MSIP) = 0;
    else if (cause == IRQ_M_TIMER)
        wr64(BOARD_MTIMECMP, UINT64_MAX);
}

int main(void)
{
    trap_install(0);
    /* IRQ_AT: pending from the programmed mcycle on, until IRQ_ACK */
    uint64_t target = mcycle64() + 500;
    SIMCTL(SIMCTL_IRQ_AT + 4) = (uint32_t)(target >> 32);
    SIMCTL(SIMCTL_IRQ_AT) = (uint32_t)target;
    CHECK(!(SIMCTL(SIMCTL_IRQ_ACK) & 1));
    CHECK(!(read_csr(mip) & MIP_MEIP));
    while (mcycle64() < target)
        ;
    CHECK(SIMCTL(SIMCTL_IRQ_ACK) & 1);
    CHECK(read_csr(mip) & MIP_MEIP);
    SIMCTL(SIMCTL_IRQ_ACK) = 1;
    CHECK(!(SIMCTL(SIMCTL_IRQ_ACK) & 1));
    CHECK(!(read_csr(mip) & MIP_MEIP));

    /* IRQ_AFTER: the interrupt is taken once mcycle >= (mcycle of the store) + value */
    set_csr(mie, MIE_MEIE);
    set_csr(mstatus, MSTATUS_MIE);
    uint64_t before = mcycle64();
    SIMCTL(SIMCTL_IRQ_AFTER) = 2000;
    for (int i = 0; i < 100000 && last_trap.count == 0; i++)
        ;
    CHECK(last_trap.count == 1);
    CHECK(last_trap.mcause == (MCAUSE_INT | IRQ_M_EXT));
    CHECK(last_trap.at >= before + 2000);
    CHECK(last_trap.at <= before + 2000 + 200);

    /* MSIP: a software interrupt, taken at once when enabled */
    set_csr(mie, MIE_MSIE);
    SIMCTL(SIMCTL_MSIP) = 1;
    /* (taken once the store reaches the device, a few instructions later) */
    for (int i = 0; i < 8 && last_trap.count == 1; i++)
        ;
    CHECK(last_trap.count == 2);
    CHECK(last_trap.mcause == (MCAUSE_INT | IRQ_M_SOFT));
    CHECK(SIMCTL(SIMCTL_MSIP) == 0);
#ifdef BOARD_VIRT
    /* the CLINT msip and the simctl MSIP are one bit */
    clear_csr(mstatus, MSTATUS_MIE);
    REG32(BOARD_MSIP) = 1;
    CHECK(SIMCTL(SIMCTL_MSIP) == 1);
    CHECK(read_csr(mip) & MIP_MSIP);
    REG32(BOARD_MSIP) = 0;
    CHECK(SIMCTL(SIMCTL_MSIP) == 0);
#endif

    /* priority: all three pending, then enabled at once: MEI, MSI, MTI */
    clear_csr(mstatus, MSTATUS_MIE);
    set_csr(mie, MIE_MTIE);
    norder = 0;
    SIMCTL(SIMCTL_MSIP) = 1;
    wr64(BOARD_MTIMECMP, 0);
    SIMCTL(SIMCTL_IRQ_AFTER) = 0;
    CHECK((read_csr(mip) & (MIP_MSIP | MIP_MTIP | MIP_MEIP)) == (MIP_MSIP | MIP_MTIP | MIP_MEIP));
    set_csr(mstatus, MSTATUS_MIE);
    CHECK(norder == 3);
    CHECK(order[0] == IRQ_M_EXT && order[1] == IRQ_M_SOFT && order[2] == IRQ_M_TIMER);
    CHECK((read_csr(mip) & (MIP_MSIP | MIP_MTIP | MIP_MEIP)) == 0);

    board_puts("simctl ok\n");
    SIMCTL(SIMCTL_EXIT) = 42;
    for (;;)
        ;
}
