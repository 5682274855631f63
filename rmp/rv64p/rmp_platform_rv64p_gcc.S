/* RMP's RV64P platform layer, assembly part: interrupt masking, the first thread's start, the
 * cycle counter and the yield (rmp_platform_rv64p.h says what the layer is). */
#include "rmp_platform_rv64p_gcc.inc"

    .section .text.rmp_rv64p, "ax"
    .globl  RMP_Int_Disable
    .globl  RMP_Int_Enable
    .globl  _RMP_Start
    .globl  RMP_RV64P_MCYCLE_Get
    .globl  _RMP_RV64P_Yield

RMP_Int_Disable:
    csrci   mstatus, 8
    ret

RMP_Int_Enable:
    csrsi   mstatus, 8
    ret

/* a0: the entry, a1: its stack.  The init thread starts with interrupts still masked; it
 * unmasks them when it unlocks the scheduler. */
_RMP_Start:
    mv      sp, a1
    jr      a0

RMP_RV64P_MCYCLE_Get:
    csrr    a0, mcycle
    ret

/* A voluntary switch without a trap: the caller's context is saved as an interrupt would
 * save it, with the return address as its pc, so either kind of entry resumes either kind of
 * context; _RMP_Run_High picks the next thread; the mret restores it with interrupts on. */
    .section .text.rmp_rv64p_yield, "ax"
    .align  3
_RMP_RV64P_Yield:
    csrci   mstatus, 8
    addi    sp, sp, -31*8
    RMP_RV64P_STORE_GPRS
    la      a0, 1f
    sd      a0, 0(sp)
    csrr    a0, mstatus
    RMP_RV64P_SWITCH_PRE
    call    _RMP_Run_High
    RMP_RV64P_SWITCH_POST
    RMP_RV64P_RESTORE
1:  ret
