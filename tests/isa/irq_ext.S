/* Machine external interrupt through tempo-sim's simulator-control device (docs/boards.md
 * "Simulator-control device"; tempo-sim only): IRQ_AFTER and IRQ_AT arming, the cycle
 * the interrupt is raised at, IRQ_ACK (clear, disarm, pending bit), masking by mie.MEIE
 * and mstatus.MIE, WFI wake-up, and the priority of all three machine interrupts pending
 * at once: MEI > MSI > MTI (privileged spec "Machine Interrupt Registers"). */
#include "isa_test.h"
#define SPIN 100000
#define LATE 100          /* the handler starts within this many cycles of the trigger */

#define SIMCTL(reg) BOARD_SIMCTL + SIMCTL_##reg
#define ARM_AFTER(n) li t0, BOARD_SIMCTL; li t1, n; sw t1, SIMCTL_IRQ_AFTER(t0)
#define ACK li t0, BOARD_SIMCTL; sw zero, SIMCTL_IRQ_ACK(t0)
#define PENDING(rd) li t0, BOARD_SIMCTL; lw rd, SIMCTL_IRQ_ACK(t0); andi rd, rd, 1
/* spin (bounded) until mip.MEIP is set */
#define WAIT_MEIP(cnt) \
    li cnt, SPIN; 1: csrr t1, mip; li t0, MIP_MEIP; and t1, t1, t0; bnez t1, 2f; \
    addi cnt, cnt, -1; bnez cnt, 1b; li t5, 0; li t6, MIP_MEIP; j isa_fail; 2:
/* IRQ_AT = reg (RV32: the high word first, +0x0C, then the low word, +0x08) */
#if XLEN == 64
#define ARM_AT(reg) li t0, BOARD_SIMCTL; sd reg, SIMCTL_IRQ_AT(t0)
#else
#define ARM_AT(reg) li t0, BOARD_SIMCTL; sw zero, SIMCTL_IRQ_AT + 4(t0); sw reg, SIMCTL_IRQ_AT(t0)
#endif

TEST_FUNC
    csrw mie, zero
    csrci mstatus, MSTATUS_MIE
    call timer_off
    ACK
    TEST_CASE(1, a0, 0, PENDING(a0))
    TEST_CASE(2, a0, 0, csrr a0, mip; li a1, MIP_MEIP; and a0, a0, a1)
    /* IRQ_AFTER with everything masked: pending in mip and in the device, not taken */
    li TESTNUM, 3
    IRQ_CLEAR
    ARM_AFTER(50)
    WAIT_MEIP(s0)
    PENDING(a0)
    CHECK(a0, 1)
    CHECK_IRQ_COUNT(0)
    /* mie.MEIE alone (MIE = 0) still masks it; MIE alone (MEIE = 0) too */
    li TESTNUM, 4
    li a0, MIP_MEIP
    csrw mie, a0
    nop
    CHECK_IRQ_COUNT(0)
    csrw mie, zero
    csrsi mstatus, MSTATUS_MIE
    nop
    CHECK_IRQ_COUNT(0)
    /* both: taken before the next instruction; the handler's ACK clears it */
    li TESTNUM, 5
    li a0, MIP_MEIP
    csrs mie, a0
1:  nop
    CHECK_IRQ_COUNT(1)
    CHECK_IRQ_LOG(0, CAUSE_INTR(IRQ_M_EXT))
    CHECK_SAVED_LABEL(irq_epc, 1b)
    csrr a0, mip
    li a1, MIP_MEIP
    and a0, a0, a1
    CHECK(a0, 0)
    PENDING(a0)
    CHECK(a0, 0)
    /* IRQ_AFTER while running: the handler starts at or after arm + N, and not much later */
    li TESTNUM, 6
    IRQ_CLEAR
    csrr s1, mcycle
    ARM_AFTER(300)
    li s0, SPIN
    WAIT_IRQS(1, s0)
    la t5, irq_mcycle
    REG_L a0, 0(t5)
    sub a0, a0, s1
    sltiu a1, a0, 300
    CHECK(a1, 0)                                  /* not early */
    sltiu a1, a0, 300 + LATE + 20
    CHECK(a1, 1)                                  /* not late */
    /* IRQ_AT: raised when mcycle >= the value; WFI with MIE = 1 sleeps until then */
    li TESTNUM, 7
    IRQ_CLEAR
    csrr s1, mcycle
    addi s1, s1, 1000
    ARM_AT(s1)
    wfi
1:  nop
    CHECK_IRQ_COUNT(1)
    CHECK_IRQ_LOG(0, CAUSE_INTR(IRQ_M_EXT))
    CHECK_SAVED_LABEL(irq_epc, 1b)
    la t5, irq_mcycle
    REG_L a0, 0(t5)
    sub a0, a0, s1
    bltz a0, isa_fail                             /* mcycle at the handler >= IRQ_AT */
    sltiu a1, a0, LATE
    CHECK(a1, 1)
    /* IRQ_AT in the past: raised at once */
    li TESTNUM, 8
    IRQ_CLEAR
    csrr s1, mcycle
    addi s1, s1, -10
    ARM_AT(s1)
    nop
    nop
    nop
    CHECK_IRQ_COUNT(1)
    /* ACK disarms an armed, not yet raised interrupt */
    li TESTNUM, 9
    IRQ_CLEAR
    ARM_AFTER(100)
    ACK
    li s0, 200                                    /* wait well past the trigger */
1:  addi s0, s0, -1
    bnez s0, 1b
    CHECK_IRQ_COUNT(0)
    PENDING(a0)
    CHECK(a0, 0)
    /* WFI with MIE = 0 wakes on the external interrupt without taking it */
    li TESTNUM, 10
    csrci mstatus, MSTATUS_MIE
    IRQ_CLEAR
    csrr s1, mcycle
    ARM_AFTER(5000)
    wfi
    csrr a0, mcycle
    sub a0, a0, s1
    li a1, 5000
    sltu a0, a0, a1
    CHECK(a0, 0)                                  /* the WFI waited for it */
    csrr a0, mip
    li a1, MIP_MEIP
    and a0, a0, a1
    CHECK(a0, MIP_MEIP)
    CHECK_IRQ_COUNT(0)
    ACK
    /* all three pending at once: MEI, then MSI, then MTI */
    li TESTNUM, 11
    IRQ_CLEAR
    ARM_AFTER(1)
    WAIT_MEIP(s0)
    li t0, BOARD_MSIP
    li t1, 1
    sw t1, 0(t0)
    li t0, BOARD_MTIMECMP
    sw zero, 4(t0)
    sw zero, 0(t0)
    csrr a0, mip
    li a1, MIP_MEIP | MIP_MSIP | MIP_MTIP
    and a0, a0, a1
    CHECK(a0, MIP_MEIP | MIP_MSIP | MIP_MTIP)
    li a0, MIP_MEIP | MIP_MSIP | MIP_MTIP
    csrw mie, a0
    csrsi mstatus, MSTATUS_MIE
    nop
    CHECK_IRQ_COUNT(3)
    CHECK_IRQ_LOG(0, CAUSE_INTR(IRQ_M_EXT))
    CHECK_IRQ_LOG(1, CAUSE_INTR(IRQ_M_SOFT))
    CHECK_IRQ_LOG(2, CAUSE_INTR(IRQ_M_TIMER))
    /* MEI and MTI: MEI first even though the timer was pending earlier */
    li TESTNUM, 12
    csrci mstatus, MSTATUS_MIE
    IRQ_CLEAR
    li t0, BOARD_MTIMECMP
    sw zero, 4(t0)
    sw zero, 0(t0)
    ARM_AFTER(20)
    WAIT_MEIP(s0)
    csrsi mstatus, MSTATUS_MIE
    nop
    CHECK_IRQ_COUNT(2)
    CHECK_IRQ_LOG(0, CAUSE_INTR(IRQ_M_EXT))
    CHECK_IRQ_LOG(1, CAUSE_INTR(IRQ_M_TIMER))
    csrci mstatus, MSTATUS_MIE
    csrw mie, zero
    TEST_DONE
