/* The paper core's MRET hazard (docs/timing.md): the ECALL handler writes mepc to `after`
 * with BETWEEN instructions between that write and its MRET.  Exit status 1: the MRET went to
 * the new mepc; 2: it went back to the old one (the ECALL, whose second entry exits). */
#include "board.h"
#include "riscv/encoding.h"

    .section .text.start, "ax"
    .globl _start
_start:
    la      t0, handler
    csrw    mtvec, t0
    li      s1, 0
    ecall
    j       after

    .globl handler
    .balign 4
handler:
    addi    s1, s1, 1
    li      t1, 2
    beq     s1, t1, leave            /* second entry: back at the ECALL */
    la      t0, after
    csrw    mepc, t0
    .rept BETWEEN
    nop
    .endr
    mret

    .globl after
after:
    li      t1, 1
leave:
    li      t0, BOARD_SIMCTL
    sw      t1, SIMCTL_EXIT(t0)
1:  j       1b
