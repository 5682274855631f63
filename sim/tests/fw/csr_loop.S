/* A hot loop of CSR instructions, traps and MRETs for the engines' cross-check
 * (sim/tests/engines.mk), which the fast engine runs itself once its blocks are hot.  Each
 * round folds the counters and CSRs it reads into a sum, takes the software interrupt the
 * moment a CSR write enables it, and makes an ECALL whose handler, on odd rounds, returns
 * by an MRET right behind its write of mepc: the MRET hazard sends it back to the ECALL,
 * whose second entry returns with the write further ahead.  Exit status: the sum's low 7
 * bits (the same on both engines, or the cross-check fails). */
#include "board.h"
#include "riscv/encoding.h"
#define ROUNDS 300

    .section .text.start, "ax"
    .globl _start
_start:
    la      t0, handler
    csrw    mtvec, t0
    li      t0, MIE_MSIE
    csrw    mie, t0
    li      s0, ROUNDS
    li      s1, 0
    li      s2, 0                    /* 1: the ECALL's second entry is next */
loop:
    csrr    t0, mcycle
    add     s1, s1, t0
    csrr    t0, minstret
    add     s1, s1, t0
    csrr    t0, time
    add     s1, s1, t0
    csrrw   t1, mscratch, s0
    add     s1, s1, t1
    li      t0, BOARD_MSIP           /* raise the software interrupt, masked ... */
    li      t1, 1
    .globl  raise                    /* a probe here: a block that starts with a device store */
raise:
    sw      t1, 0(t0)
    csrr    t0, mip
    add     s1, s1, t0
    csrsi   mstatus, MSTATUS_MIE     /* ... taken right after this write */
    csrci   mstatus, MSTATUS_MIE
    ecall
    addi    s0, s0, -1
    bnez    s0, loop
    andi    t1, s1, 0x7f
    li      t0, BOARD_SIMCTL
    sw      t1, SIMCTL_EXIT(t0)
1:  j       1b

    .balign 4
    .globl  handler
handler:
    csrr    t0, mcause
    add     s1, s1, t0
    bltz    t0, irq
    csrr    t0, mepc                 /* the ECALL: return past it */
    addi    t0, t0, 4
    bnez    s2, far
    andi    t1, s0, 1
    beqz    t1, far
    li      s2, 1
    csrw    mepc, t0
    mret                             /* right behind the write: back to the ECALL */
far:
    li      s2, 0
    csrw    mepc, t0
    nop
    nop
    nop
    mret
irq:
    li      t0, BOARD_MSIP
    sw      zero, 0(t0)
    mret
