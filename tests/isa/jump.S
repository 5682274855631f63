/* JAL and JALR: link values, targets, rd = x0, rd = rs1, JALR clearing bit 0 and using
 * a sign-extended 12-bit offset. */
#include "isa_test.h"

TEST_FUNC
    /* jal: rd = pc + 4, control at the target */
    li TESTNUM, 1
    li a0, 0
1:  jal a1, 2f
    li a0, 99                   /* skipped */
2:  la a2, 1b
    addi a2, a2, 4
    CHECK_REG(a1, a2)
    CHECK(a0, 0)
    /* jal x0 (j) links nothing */
    TEST_CASE(2, a0, 5, li a0, 5; j 1f; li a0, 6; 1:)
    /* jal backward */
    li TESTNUM, 3
    li a0, 0
    j 2f
1:  addi a0, a0, 1
    j 3f
2:  jal zero, 1b
3:  CHECK(a0, 1)

    /* jalr: target = (rs1 + imm) & ~1, rd = pc + 4 */
    li TESTNUM, 4
    la a1, 2f
1:  jalr a0, 0(a1)
    j isa_fail
2:  la a2, 1b
    addi a2, a2, 4
    CHECK_REG(a0, a2)
    li TESTNUM, 5               /* positive offset */
    la a1, 2f - 16
    jalr a0, 16(a1)
    j isa_fail
2:
    li TESTNUM, 6               /* negative offset */
    la a1, 2f + 8
    jalr a0, -8(a1)
    j isa_fail
2:
    li TESTNUM, 7               /* bit 0 of the sum is cleared */
    la a1, 2f
    addi a1, a1, 1
    jalr a0, 0(a1)
    j isa_fail
2:
    li TESTNUM, 8               /* odd offset, even base: still cleared */
    la a1, 2f
    jalr a0, 1(a1)
    j isa_fail
2:
    li TESTNUM, 9               /* rd = rs1: the target uses the old rs1 */
    la a1, 2f
1:  jalr a1, 0(a1)
    j isa_fail
2:  la a2, 1b
    addi a2, a2, 4
    CHECK_REG(a1, a2)
    li TESTNUM, 10              /* rd = x0: plain indirect jump (jr / ret) */
    la a1, 2f
    jalr zero, 0(a1)
    j isa_fail
2:  CHECK(zero, 0)
    li TESTNUM, 11              /* call / ret through ra */
    li a0, 0
    call 5f
    CHECK(a0, 77)
    j 6f
5:  li a0, 77
    ret
6:
    TEST_DONE
