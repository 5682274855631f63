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
    if (cause == 11)
        SIMCTL(SIMCTL_IRQ_ACK) = 1;
    else if (cause == 3)
        REG32(BOARD_MSIP) = 0;
    else if (cause == 7)
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
    CHECK(!(CSR_READ(mip) & MIE_MEIE));
    while (mcycle64() < target)
        ;
    CHECK(SIMCTL(SIMCTL_IRQ_ACK) & 1);
    CHECK(CSR_READ(mip) & MIE_MEIE);
    SIMCTL(SIMCTL_IRQ_ACK) = 1;
    CHECK(!(SIMCTL(SIMCTL_IRQ_ACK) & 1));
    CHECK(!(CSR_READ(mip) & MIE_MEIE));

    /* IRQ_AFTER: the interrupt is taken once mcycle >= (mcycle of the store) + value */
    CSR_SET(mie, MIE_MEIE);
    CSR_SET(mstatus, MSTATUS_MIE);
    uint64_t before = mcycle64();
    SIMCTL(SIMCTL_IRQ_AFTER) = 2000;
    for (int i = 0; i < 100000 && last_trap.count == 0; i++)
        ;
    CHECK(last_trap.count == 1);
    CHECK(last_trap.mcause == (MCAUSE_INT | 11));
    CHECK(last_trap.at >= before + 2000);
    CHECK(last_trap.at <= before + 2000 + 200);

    /* MSIP: a software interrupt, taken at once when enabled */
    CSR_SET(mie, MIE_MSIE);
    SIMCTL(SIMCTL_MSIP) = 1;
    /* (taken once the store reaches the device, a few instructions later) */
    for (int i = 0; i < 8 && last_trap.count == 1; i++)
        ;
    CHECK(last_trap.count == 2);
    CHECK(last_trap.mcause == (MCAUSE_INT | 3));
    CHECK(SIMCTL(SIMCTL_MSIP) == 0);
#ifdef BOARD_VIRT
    /* the CLINT msip and the simctl MSIP are one bit */
    CSR_CLEAR(mstatus, MSTATUS_MIE);
    REG32(BOARD_MSIP) = 1;
    CHECK(SIMCTL(SIMCTL_MSIP) == 1);
    CHECK(CSR_READ(mip) & MIE_MSIE);
    REG32(BOARD_MSIP) = 0;
    CHECK(SIMCTL(SIMCTL_MSIP) == 0);
#endif

    /* priority: all three pending, then enabled at once: MEI, MSI, MTI */
    CSR_CLEAR(mstatus, MSTATUS_MIE);
    CSR_SET(mie, MIE_MTIE);
    norder = 0;
    SIMCTL(SIMCTL_MSIP) = 1;
    wr64(BOARD_MTIMECMP, 0);
    SIMCTL(SIMCTL_IRQ_AFTER) = 0;
    CHECK((CSR_READ(mip) & 0x888) == 0x888);
    CSR_SET(mstatus, MSTATUS_MIE);
    CHECK(norder == 3);
    CHECK(order[0] == 11 && order[1] == 3 && order[2] == 7);
    CHECK((CSR_READ(mip) & 0x888) == 0);

    board_puts("simctl ok\n");
    SIMCTL(SIMCTL_EXIT) = 42;
    for (;;)
        ;
}
