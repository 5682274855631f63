/* Conditional branches: BEQ BNE BLT BGE BLTU BGEU, taken and not taken, forward and
 * backward, signed and unsigned comparisons at the extremes of the width. */
#include "isa_test.h"
#define MIN XV(0x80000000, 0x8000000000000000)
#define MAX XV(0x7fffffff, 0x7fffffffffffffff)

/* Forward branch: a0 = 1 when taken, 0 when it falls through. */
#define TEST_BR(n, op, v1, v2, taken) \
    TEST_CASE(n, a0, taken, li a1, v1; li a2, v2; li a0, 1; op a1, a2, 1f; li a0, 0; 1:)
/* Backward branch: loops three times while the condition holds on (a1, a2) = counts. */

TEST_FUNC
    TEST_BR(1, beq, 5, 5, 1)
    TEST_BR(2, beq, 5, 6, 0)
    TEST_BR(3, beq, -1, XV(0xffffffff, 0xffffffffffffffff), 1)
    TEST_BR(4, bne, 5, 6, 1)
    TEST_BR(5, bne, 5, 5, 0)
    TEST_BR(6, blt, -1, 0, 1)
    TEST_BR(7, blt, 0, -1, 0)
    TEST_BR(8, blt, 3, 3, 0)
    TEST_BR(9, blt, MIN, MAX, 1)
    TEST_BR(10, blt, MAX, MIN, 0)
    TEST_BR(11, bge, 0, -1, 1)
    TEST_BR(12, bge, 3, 3, 1)
    TEST_BR(13, bge, -1, 0, 0)
    TEST_BR(14, bge, MAX, MIN, 1)
    TEST_BR(15, bltu, 0, -1, 1)
    TEST_BR(16, bltu, -1, 0, 0)
    TEST_BR(17, bltu, 3, 3, 0)
    TEST_BR(18, bltu, MAX, MIN, 1)
    TEST_BR(19, bgeu, -1, 0, 1)
    TEST_BR(20, bgeu, 0, -1, 0)
    TEST_BR(21, bgeu, 3, 3, 1)
    TEST_BR(22, bgeu, MIN, MAX, 1)
#if XLEN == 64
    TEST_BR(23, beq, 0x100000000, 0, 0)          /* all 64 bits compared */
    TEST_BR(24, bltu, 0xffffffff, 0x100000000, 1)
    TEST_BR(25, blt, 0xffffffff, 0x100000000, 1)
    TEST_BR(26, blt, 0x80000000, 0, 0)
#endif

    /* backward branches: count down a loop of 10 */
    TEST_CASE(27, a0, 10, li a0, 0; li a1, 10; 1: addi a0, a0, 1; addi a1, a1, -1; bnez a1, 1b)
    TEST_CASE(28, a0, 7, li a0, 0; li a1, 0; li a2, 7; 1: addi a0, a0, 1; addi a1, a1, 1; blt a1, a2, 1b)
    TEST_CASE(29, a0, 4, li a0, 0; li a1, 4; 1: addi a0, a0, 1; addi a1, a1, -1; bgeu a1, a0, 1b; li a0, 4)

    /* a taken branch skips exactly the instructions between it and its target */
    TEST_CASE(30, a0, 3, li a0, 0; beq zero, zero, 1f; addi a0, a0, 1; addi a0, a0, 2; 1: addi a0, a0, 3)
    /* branch whose operands are x0 and the same register */
    TEST_CASE(31, a0, 1, li a0, 0; li a1, 9; bge a1, a1, 1f; j 2f; 1: li a0, 1; 2:)
    TEST_CASE(32, a0, 0, li a0, 0; li a1, 9; blt a1, a1, 1f; j 2f; 1: li a0, 1; 2:)
    /* long forward and backward offsets (near the +-4 KiB limit) */
    li TESTNUM, 33
    li a0, 0
    beq zero, zero, far_fwd
    li a0, 99
far_back:
    addi a0, a0, 1
    j 2f
    .skip 3800
far_fwd:
    addi a0, a0, 10
    beq zero, zero, far_back
2:  CHECK(a0, 11)
    TEST_DONE
