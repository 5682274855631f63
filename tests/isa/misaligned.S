/* Misaligned fetch, load and store traps (tempo-sim only).
 * Fetch: a taken branch or jump to an address that is not 4-byte aligned raises
 * instruction-address-misaligned on the jump itself: mepc = the jump, mtval = the target,
 * the link register is not written; a not-taken branch never traps (unprivileged spec,
 * "Control Transfer Instructions").  QEMU 7.2 reports a stale mtval for these.
 * Data: the paper core has no misaligned access support, so every misaligned load or
 * store traps with cause 4 or 6 and mtval = the address, without writing the register or
 * memory.  QEMU performs such accesses instead. */
#include "isa_test.h"

TEST_FUNC
    /* misaligned fetch: the jump or taken branch traps; mepc = the jump, mtval = target */
    li TESTNUM, 21
    la s0, 1f + 2
    li a0, 7
    TRAP_ARM
2:  .word 0x0060056f                       /* jal a0, . + 6 */
1:  nop
    nop
    CHECK_TRAPPED
    CHECK_SAVED(trap_cause, CAUSE_MISALIGNED_FETCH)
    CHECK_SAVED_LABEL(trap_epc, 2b)
    CHECK_SAVED_REG(trap_tval, s0)
    CHECK(a0, 7)                             /* the link register is not written */
    li TESTNUM, 22
    la s0, 1f + 2
    TRAP_ARM
2:  jalr a0, 0(s0)
1:  nop
    nop
    CHECK_TRAPPED
    CHECK_SAVED(trap_cause, CAUSE_MISALIGNED_FETCH)
    CHECK_SAVED_LABEL(trap_epc, 2b)
    CHECK_SAVED_REG(trap_tval, s0)
    CHECK(a0, 7)
    li TESTNUM, 23                           /* jalr: rs1 + offset gives the odd half-word */
    la s0, 1f
    addi s1, s0, 2
    TRAP_ARM
2:  jalr a0, 3(s0)                           /* (s0 + 3) & ~1 = s0 + 2 */
1:  nop
    nop
    CHECK_TRAPPED
    CHECK_SAVED(trap_cause, CAUSE_MISALIGNED_FETCH)
    CHECK_SAVED_LABEL(trap_epc, 2b)
    CHECK_SAVED_REG(trap_tval, s1)
    li TESTNUM, 24
    la s0, 1f + 2
    TRAP_ARM
2:  .word 0x00000363                       /* beq zero, zero, . + 6 */
1:  nop
    nop
    CHECK_TRAPPED
    CHECK_SAVED(trap_cause, CAUSE_MISALIGNED_FETCH)
    CHECK_SAVED_LABEL(trap_epc, 2b)
    CHECK_SAVED_REG(trap_tval, s0)
    li TESTNUM, 25                           /* a not-taken branch to a misaligned target: no trap */
    la t6, trap_count
    REG_L s1, 0(t6)
    .word 0x00001363                         /* bne zero, zero, . + 6 */
1:  nop
    nop
    la t6, trap_count
    REG_L s2, 0(t6)
    CHECK_REG(s2, s1)

    /* misaligned loads: cause 4, mtval = address, rd unchanged */
    la s0, data
    li a0, 0x5a
    addi s1, s0, 1
    TEST_TRAP(30, CAUSE_MISALIGNED_LOAD, s1, lh a0, 1(s0))
    CHECK(a0, 0x5a)
    TEST_TRAP(31, CAUSE_MISALIGNED_LOAD, s1, lhu a0, 1(s0))
    TEST_TRAP(32, CAUSE_MISALIGNED_LOAD, s1, lw a0, 1(s0))
    addi s1, s0, 2
    TEST_TRAP(33, CAUSE_MISALIGNED_LOAD, s1, lw a0, 2(s0))
    addi s1, s0, 3
    TEST_TRAP(34, CAUSE_MISALIGNED_LOAD, s1, lw a0, 3(s0))
    addi s1, s0, 7                          /* a half-word across a double-word boundary */
    TEST_TRAP(35, CAUSE_MISALIGNED_LOAD, s1, lh a0, 7(s0))
    CHECK(a0, 0x5a)
#if XLEN == 64
    addi s1, s0, 4
    TEST_TRAP(36, CAUSE_MISALIGNED_LOAD, s1, ld a0, 4(s0))
    addi s1, s0, 2
    TEST_TRAP(37, CAUSE_MISALIGNED_LOAD, s1, lwu a0, 2(s0))
#endif
    TEST_CASE(38, a0, 0x0807, lhu a0, 6(s0))   /* aligned accesses still work */
    /* misaligned stores: cause 6, mtval = address, memory unchanged */
    li a0, -1
    addi s1, s0, 1
    TEST_TRAP(40, CAUSE_MISALIGNED_STORE, s1, sh a0, 1(s0))
    TEST_TRAP(41, CAUSE_MISALIGNED_STORE, s1, sw a0, 1(s0))
    addi s1, s0, 2
    TEST_TRAP(42, CAUSE_MISALIGNED_STORE, s1, sw a0, 2(s0))
    addi s1, s0, 3
    TEST_TRAP(43, CAUSE_MISALIGNED_STORE, s1, sh a0, 3(s0))
#if XLEN == 64
    addi s1, s0, 4
    TEST_TRAP(44, CAUSE_MISALIGNED_STORE, s1, sd a0, 4(s0))
#endif
    TEST_CASE(45, a0, 0x04030201, lw a0, 0(s0))
    TEST_CASE(46, a0, 0x08070605, lw a0, 4(s0))
    /* misaligned access to an unmapped address: the privileged spec ("Synchronous exception
     * priority") lets address-misaligned come before or after the access fault; either
     * cause is accepted, mtval must be the address */
    li s1, UNMAPPED_ADDR + 1
    li TESTNUM, 47
    TRAP_ARM
1:  lh a0, 0(s1)
    CHECK_TRAPPED
    CHECK_SAVED_LABEL(trap_epc, 1b)
    CHECK_SAVED_REG(trap_tval, s1)
    la t5, trap_cause
    REG_L t5, 0(t5)
    addi t5, t5, -CAUSE_MISALIGNED_LOAD     /* 4 or 5 -> 0 or 1 */
    li t6, 1
    bgtu t5, t6, isa_fail
    li TESTNUM, 48
    TRAP_ARM
1:  sw a0, 0(s1)
    CHECK_TRAPPED
    CHECK_SAVED_LABEL(trap_epc, 1b)
    CHECK_SAVED_REG(trap_tval, s1)
    la t5, trap_cause
    REG_L t5, 0(t5)
    addi t5, t5, -CAUSE_MISALIGNED_STORE    /* 6 or 7 -> 0 or 1 */
    li t6, 1
    bgtu t5, t6, isa_fail
    TEST_DONE

    .data
    .align 3
data: .byte 1, 2, 3, 4, 5, 6, 7, 8
      .dword 0
