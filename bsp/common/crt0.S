/* Reset entry for every board and width: stack, gp, bss, then main(); main's return
 * value becomes the exit status (board_exit).  The loader (tempo-sim or QEMU -kernel)
 * has already placed .data at its address, so nothing is copied, except on the paper-rom
 * board (bsp/paper-rom/link.ld): there the data memory starts empty, as on the paper's RTL,
 * and .data is copied from its load address in instruction memory first. */
#include "board.h"

#if __riscv_xlen == 64
#define LOAD ld
#define STORE sd
#define REGBYTES 8
#else
#define LOAD lw
#define STORE sw
#define REGBYTES 4
#endif

    .section .text.start, "ax"
    .globl _start
_start:
#if defined(BOARD_PAPER_ROM)
    /* The paper's RTL uses pc 0 as its "no instruction" marker (its trap controller's mepc
     * choice): after an MRET to the reset address it lost this first instruction. */
    nop
#endif
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    la      sp, __stack_top
    li      tp, 0           /* no thread pointer yet: the Tempo kernel sets it in tk_init() */
#if defined(BOARD_PAPER_ROM)
    la      t0, __data_start
    la      t1, __data_end
    la      t2, __data_load
0:  bgeu    t0, t1, 1f
    LOAD    t3, 0(t2)
    STORE   t3, 0(t0)
    addi    t0, t0, REGBYTES
    addi    t2, t2, REGBYTES
    j       0b
1:
#endif
    la      t0, __bss_start
    la      t1, __bss_end
4:  bgeu    t0, t1, 2f
    STORE   zero, 0(t0)
    addi    t0, t0, REGBYTES
    j       4b
2:  call    main
    call    board_exit
3:  j       3b
