/* Machine timer and software interrupts (CLINT mtimecmp and msip), the mstatus.MIE and
 * mie masks, mip bits live, priority MSI > MTI (privileged spec "Machine Interrupt
 * Registers": MEI, MSI, MTI in that order; the external one is in irq_ext.S), mepc of an
 * interrupt (the next instruction not yet executed), and WFI wake-up with MIE set and
 * clear.  The handler (runtime.S) silences the source it was called for. */
#include "isa_test.h"
#define SPIN 2000000    /* busy-wait bound: one paper mtime tick is 100,000 cycles */
/* a timer delay long enough (>= 2,000 cycles) that the few instructions before a WFI
 * cannot be overtaken by the interrupt */
#if BOARD_CYCLES_PER_TICK >= 1000
#define WFI_TICKS 2
#else
#define WFI_TICKS (2000 / BOARD_CYCLES_PER_TICK)
#endif

/* make the timer interrupt pending now: mtimecmp = 0 */
#define TIMER_NOW li t0, BOARD_MTIMECMP; sw zero, 4(t0); sw zero, 0(t0)
#define MSIP_SET  li t0, BOARD_MSIP; li t1, 1; sw t1, 0(t0)

TEST_FUNC
    csrw mie, zero
    csrci mstatus, MSTATUS_MIE
    call timer_off
    /* mip.MTIP follows mtime >= mtimecmp */
    TEST_CASE(1, a0, 0, csrr a0, mip; andi a0, a0, MIP_MTIP)
    TEST_CASE(2, a0, MIP_MTIP, TIMER_NOW; csrr a0, mip; andi a0, a0, MIP_MTIP)
    TEST_CASE(3, a0, 0, call timer_off; csrr a0, mip; andi a0, a0, MIP_MTIP)
    /* pending and enabled in mie, but mstatus.MIE = 0: not taken; setting MIE takes it
     * before the next instruction, with MIE/MPIE/MPP stacked */
    li TESTNUM, 4
    IRQ_CLEAR
    li a0, MIP_MTIP
    csrw mie, a0
    TIMER_NOW
    nop
    nop
    CHECK_IRQ_COUNT(0)
    li TESTNUM, 5
    csrsi mstatus, MSTATUS_MIE
1:  nop
    CHECK_IRQ_COUNT(1)
    CHECK_IRQ_LOG(0, CAUSE_INTR(IRQ_M_TIMER))
    CHECK_SAVED_LABEL(irq_epc, 1b)
    la t5, trap_mstatus
    REG_L a0, 0(t5)
    li a1, MSTATUS_MIE | MSTATUS_MPIE | MSTATUS_MPP
    and a0, a0, a1
    CHECK(a0, MSTATUS_MPIE | MSTATUS_MPP)
    csrr a0, mstatus
    andi a0, a0, MSTATUS_MIE
    CHECK(a0, MSTATUS_MIE)
    csrr a0, mcause
    CHECK(a0, CAUSE_INTR(IRQ_M_TIMER))
    /* MIE = 1 but mie.MTIE = 0: not taken; setting MTIE takes it */
    li TESTNUM, 6
    IRQ_CLEAR
    csrw mie, zero
    TIMER_NOW
    nop
    nop
    CHECK_IRQ_COUNT(0)
    csrr a0, mip
    andi a0, a0, MIP_MTIP
    CHECK(a0, MIP_MTIP)
    li TESTNUM, 7
    li a0, MIP_MTIP
    csrs mie, a0
1:  nop
    CHECK_IRQ_COUNT(1)
    CHECK_SAVED_LABEL(irq_epc, 1b)
    /* a timer interrupt arriving while code runs */
    li TESTNUM, 8
    IRQ_CLEAR
    li a0, 1
    call timer_set_after
    li s0, SPIN
    WAIT_IRQS(1, s0)
    CHECK_IRQ_LOG(0, CAUSE_INTR(IRQ_M_TIMER))
    csrr a0, mip
    andi a0, a0, MIP_MTIP
    CHECK(a0, 0)                                 /* the handler moved mtimecmp away */

    /* software interrupt through msip */
    csrci mstatus, MSTATUS_MIE
    csrw mie, zero
    li TESTNUM, 9
    IRQ_CLEAR
    MSIP_SET
    csrr a0, mip
    andi a0, a0, MIP_MSIP
    CHECK(a0, MIP_MSIP)
    li TESTNUM, 10
    li a0, MIP_MSIP
    csrw mie, a0
    nop
    CHECK_IRQ_COUNT(0)
    csrsi mstatus, MSTATUS_MIE
1:  nop
    CHECK_IRQ_COUNT(1)
    CHECK_IRQ_LOG(0, CAUSE_INTR(IRQ_M_SOFT))
    CHECK_SAVED_LABEL(irq_epc, 1b)
    csrr a0, mip
    andi a0, a0, MIP_MSIP
    CHECK(a0, 0)
    li t0, BOARD_MSIP                            /* msip reads back 0 */
    lw a0, 0(t0)
    CHECK(a0, 0)

    /* both pending: MSI is taken before MTI */
    li TESTNUM, 11
    csrci mstatus, MSTATUS_MIE
    IRQ_CLEAR
    TIMER_NOW
    MSIP_SET
    li a0, MIP_MSIP | MIP_MTIP
    csrw mie, a0
    csrr a0, mip
    andi a0, a0, MIP_MSIP | MIP_MTIP
    CHECK(a0, MIP_MSIP | MIP_MTIP)
    csrsi mstatus, MSTATUS_MIE
    nop
    CHECK_IRQ_COUNT(2)
    CHECK_IRQ_LOG(0, CAUSE_INTR(IRQ_M_SOFT))
    CHECK_IRQ_LOG(1, CAUSE_INTR(IRQ_M_TIMER))

    /* WFI with MIE = 0 wakes when an enabled interrupt is pending, without taking it */
    li TESTNUM, 12
    csrci mstatus, MSTATUS_MIE
    IRQ_CLEAR
    li a0, MIP_MTIP
    csrw mie, a0
    li a0, WFI_TICKS
    call timer_set_after
    wfi
    csrr a0, mip
    andi a0, a0, MIP_MTIP
    CHECK(a0, MIP_MTIP)
    CHECK_IRQ_COUNT(0)
    li TESTNUM, 13                               /* already pending: WFI returns at once */
    wfi
    CHECK_IRQ_COUNT(0)
    call timer_off
    /* WFI with MIE = 1: the interrupt is taken, mepc = the instruction after the WFI */
    li TESTNUM, 14
    li a0, WFI_TICKS
    call timer_set_after
    csrsi mstatus, MSTATUS_MIE
    wfi
1:  nop
    CHECK_IRQ_COUNT(1)
    CHECK_IRQ_LOG(0, CAUSE_INTR(IRQ_M_TIMER))
    CHECK_SAVED_LABEL(irq_epc, 1b)
    /* WFI with a software interrupt pending (MIE = 0) returns; enabling MIE takes it */
    li TESTNUM, 15
    csrci mstatus, MSTATUS_MIE
    IRQ_CLEAR
    li a0, MIP_MSIP
    csrw mie, a0
    MSIP_SET
    wfi
    CHECK_IRQ_COUNT(0)
    csrsi mstatus, MSTATUS_MIE
    nop
    CHECK_IRQ_COUNT(1)
    CHECK_IRQ_LOG(0, CAUSE_INTR(IRQ_M_SOFT))
    /* the timer keeps time across WFI: mtime advanced by at least the programmed ticks */
    li TESTNUM, 16
    csrci mstatus, MSTATUS_MIE
    li a0, MIP_MTIP
    csrw mie, a0
    call mtime_read
    mv s0, a0
    li a0, 3
    call timer_set_after
    wfi
    call mtime_read
    sub a0, a0, s0
    sltiu a0, a0, 3
    CHECK(a0, 0)
    call timer_off
    csrw mie, zero
    TEST_DONE
