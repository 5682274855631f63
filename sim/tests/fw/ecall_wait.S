/* The paper's RV64 netlist's ECALL defect, modelled on request (--set ecall_mepc_wait=1,
 * docs/timing-rtl.md): an ECALL right behind an instruction that waits in EXR for a load's
 * result saves that instruction's pc as mepc.  The handler steps mepc by 4, as FreeRTOS's
 * does, so the ECALL runs once (exit status 1) or, with the defect, twice (status 2). */
#include "board.h"
#include "riscv/encoding.h"

    .section .text.start, "ax"
    .globl _start
_start:
    la      t0, handler
    csrw    mtvec, t0
    li      s1, 0
    la      t0, value
    lw      t1, 0(t0)
    addi    t2, t1, 1                /* waits in EXR for the load */
    .globl waiting_ecall
waiting_ecall:
    ecall
    li      t0, BOARD_SIMCTL
    sw      s1, SIMCTL_EXIT(t0)
1:  j       1b

    .globl handler
    .balign 4
handler:
    addi    s1, s1, 1
    csrr    t3, mepc
    addi    t3, t3, 4
    csrw    mepc, t3
    nop                              /* out of the MRET's window (mret_mepc_window) */
    nop
    nop
    mret

    .balign 4
value:
    .word   41
