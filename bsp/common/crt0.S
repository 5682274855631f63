/* Reset entry for every board and width: stack, gp, bss, then main(); main's return
 * value becomes the exit status (board_exit).  The loader (tempo-sim or QEMU -kernel)
 * has already placed .data at its address, so nothing is copied. */
#include "board.h"

#if __riscv_xlen == 64
#define STORE sd
#define REGBYTES 8
#else
#define STORE sw
#define REGBYTES 4
#endif

    .section .text.start, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    la      sp, __stack_top
    li      tp, 0           /* no thread pointer yet: the Tempo kernel sets it in tk_init() */
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    STORE   zero, 0(t0)
    addi    t0, t0, REGBYTES
    j       1b
2:  call    main
    call    board_exit
3:  j       3b
