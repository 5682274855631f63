/* A known data access pattern for the D$ (sim/tests/cache-test.sh runs it with
 * --dcache 1K:32:2 and 1K:32:2:wt: 16 sets of 2 lines of 32 bytes).  Registers only, no
 * stack: every cached access is one of the loads and stores below, so the test knows the
 * exact hit, miss and write-back counts.  A = buf[0, 1K), B = buf[1K, 2K): each a whole
 * cache's worth of lines, A's and B's line k in the same set.  The exit status is the
 * simulator-control CACHE register as read at the start (6: write-back D$, 2: write-through,
 * 0: no cache).  Counts (write-back / write-through):
 *   1  load A        32 misses           / 32 misses
 *   2  load A        hits                / hits
 *   3  load B        32 misses (evict A) / 32 misses
 *   4  load A        32 misses (evict B) / 32 misses
 *   5  store B       32 misses, allocate / 32 misses, 32 memory writes, no allocation
 *   6  load A        32 misses, 32 write-backs (B dirty) / hits (A still there)
 *   7  CACHE=1, load A   32 misses       / 32 misses
 *   8  CACHE=2, load A   32 misses, 32 write-backs (dirty fill) / 32 misses (invalidate)
 *   9  CACHE=1, X Y Z x3 (one set: 9 misses), CACHE=1, X Y x3 (2 misses)
 *  10  sw to X (a hit: dirty / a memory write), FENCE.I (1 write-back / none) */
#include "board.h"

#if __riscv_xlen == 64
#define SREG sd
#else
#define SREG sw
#endif

    .section .text.start, "ax"
    .globl _start
_start:
    li      s0, BOARD_SIMCTL
    lw      s1, 0x1c(s0)            /* CACHE: what is configured */
    la      s2, buf                 /* A */
    addi    s3, s2, 1024            /* B */
    li      s4, 32                  /* line */

    mv      a0, s2                  /* 1 */
    jal     walk_load
    mv      a0, s2                  /* 2 */
    jal     walk_load
    mv      a0, s3                  /* 3 */
    jal     walk_load
    mv      a0, s2                  /* 4 */
    jal     walk_load
    mv      a0, s3                  /* 5 */
    jal     walk_store
    mv      a0, s2                  /* 6 */
    jal     walk_load
    li      t0, 1                   /* 7 */
    sw      t0, 0x1c(s0)
    mv      a0, s2
    jal     walk_load
    li      t0, 2                   /* 8 */
    sw      t0, 0x1c(s0)
    mv      a0, s2
    jal     walk_load
    li      t0, 1                   /* 9 */
    sw      t0, 0x1c(s0)
    li      t1, 3
1:  lw      t2, 0(s2)               /* X */
    lw      t2, 512(s2)             /* Y: the same set */
    lw      t2, 1024(s2)            /* Z: the same set */
    addi    t1, t1, -1
    bnez    t1, 1b
    li      t0, 1
    sw      t0, 0x1c(s0)
    li      t1, 3
2:  lw      t2, 0(s2)
    lw      t2, 512(s2)
    addi    t1, t1, -1
    bnez    t1, 2b
    sw      t1, 0(s2)               /* 10 */
    fence.i
    sw      s1, SIMCTL_EXIT(s0)
3:  j       3b

/* one load from each of the 32 lines from a0 */
walk_load:
    li      t1, 32
1:  lw      t2, 0(a0)
    add     a0, a0, s4
    addi    t1, t1, -1
    bnez    t1, 1b
    ret

/* one XLEN-wide store to each of the 32 lines from a0 */
walk_store:
    li      t1, 32
1:  SREG    t1, 8(a0)
    add     a0, a0, s4
    addi    t1, t1, -1
    bnez    t1, 1b
    ret

    .section .bss
    .balign 4096
buf:
    .space  2048
