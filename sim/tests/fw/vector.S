/* RV32 and RV64: a vectored trap address wraps at XLEN bits.  mtvec = all ones but the low
 * five bits (vectored mode), so the external interrupt's vector, base + 4 * 11, lies past
 * the top of the address space and must land at 0x0000000C, where this image exits with
 * status 33.  (Without the wrap it is 0x1_0000_000C on RV32: a fetch fault.)  Paper SoC:
 * instruction memory at 0. */
#include "board.h"
#include "riscv/encoding.h"

    .section .text.start, "ax"
    .globl _start
_start:
    j       main
    .org    -0x20 + 4 * IRQ_M_EXT    /* 0x0C = (0x...FFE0 + 4 * 11) mod 2^XLEN */
vector:
    li      t0, BOARD_SIMCTL
    li      t1, 33
    sw      t1, SIMCTL_EXIT(t0)
1:  j       1b

main:
    li      t0, -0x20 | MTVEC_VECTORED /* 0x...FFE1 */
    csrw    mtvec, t0
    li      t0, MIE_MEIE
    csrw    mie, t0
    csrsi   mstatus, MSTATUS_MIE
    li      t0, BOARD_SIMCTL
    li      t1, 10
    sw      t1, SIMCTL_IRQ_AFTER(t0)
2:  j       2b
