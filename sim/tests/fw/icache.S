/* A known fetch pattern for the I$ (sim/tests/cache-test.sh): a loop at the image's start
 * (its first 32-byte line) calls f and g ten times each, then, from the second line, a FENCE.I
 * (which empties the I$) and one more call of f before the exit.  f and g lie 4 KiB apart: in
 * a 4K:32:1 (direct-mapped) I$ they share a set and each call misses (2 + 20 misses, + 2
 * after the FENCE.I); in a 4K:32:2 I$ both stay (2 + 2, + 2).  No data accesses, no hazard a
 * fetch miss could hide: the cycle count grows by exactly misses x refill. */
#include "board.h"

    .section .text.start, "ax"
    .globl _start
_start:
    li      s0, 10
1:  jal     f
    jal     g
    addi    s0, s0, -1
    bnez    s0, 1b
    j       done
    .org    0x20
done:
    fence.i
    jal     f
    li      t0, BOARD_SIMCTL
    sw      zero, SIMCTL_EXIT(t0)
2:  j       2b
    .org    0x100
f:  ret
    .org    0x100 + 4096
g:  ret
