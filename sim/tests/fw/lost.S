/* A store into code memory: on the paper SoC the data port cannot write instruction memory,
 * so the store is lost (exit 1: the word reads back unchanged); virt has one RAM (exit 2). */
#include "board.h"
#include "riscv/encoding.h"

    .section .text.start, "ax"
    .globl _start
_start:
    la      t0, target
    lw      t1, 0(t0)
    sw      zero, 0(t0)
    lw      t2, 0(t0)
    li      t3, 1
    beq     t1, t2, 1f
    li      t3, 2
1:  li      t0, BOARD_SIMCTL
    sw      t3, SIMCTL_EXIT(t0)
2:  j       2b
    .globl target
target:
    .word   0x12345678
