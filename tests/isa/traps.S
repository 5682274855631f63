/* Synchronous traps: mcause, mepc, mtval for illegal instructions, misaligned fetch
 * targets (JAL, JALR, taken branch), load/store/fetch access faults at an address no
 * device claims, ECALL, EBREAK; mstatus MIE/MPIE on trap entry and MRET; the destination
 * register of a trapping instruction is not written.
 * Privileged spec "Machine Trap Value Register": mtval = faulting address for misaligned
 * and access faults (fetch: the target), 0 for ECALL; 0 or the instruction bits for an
 * illegal instruction, 0 or the pc for EBREAK (both options accepted).
 * Misaligned fetch, load and store traps: misaligned.S (tempo-sim only). */
#include "isa_test.h"

TEST_FUNC
    li s9, 0                                 /* tval 0 */
    /* ECALL: cause 11 (from M-mode), mepc = the ecall, mtval = 0 */
    TEST_TRAP(1, CAUSE_MACHINE_ECALL, s9, ecall)
    /* EBREAK: cause 3, mepc = the ebreak, mtval = 0 or its pc */
    li TESTNUM, 2
    TRAP_ARM
1:  ebreak
    CHECK_TRAPPED
    CHECK_SAVED(trap_cause, CAUSE_BREAKPOINT)
    CHECK_SAVED_LABEL(trap_epc, 1b)
    la t5, trap_tval
    REG_L t5, 0(t5)
    beqz t5, 2f
    la t6, 1b
    bne t5, t6, isa_fail
2:
    /* illegal instructions */
    TEST_ILLEGAL(3, .word 0x00000000)        /* all zeros is defined illegal */
    TEST_ILLEGAL(4, .word 0xffffffff)        /* all ones is defined illegal */
    TEST_ILLEGAL(5, .insn r 0x2f, 2, 0, a0, a1, a2)      /* AMO opcode: no A extension */
    TEST_ILLEGAL(6, .insn i 0x07, 2, a0, 0(a1))          /* FLW: no F extension */
    TEST_ILLEGAL(7, .insn i 0x0b, 0, a0, a1, 0)          /* custom-0 opcode */
    TEST_ILLEGAL(8, .word 0x00000001)        /* a 16-bit encoding (c.nop): no C extension */
    TEST_ILLEGAL(9, .insn r 0x33, 1, 0x20, a0, a1, a2)   /* OP: unused funct7 for SLL */
    TEST_ILLEGAL(10, .insn r 0x33, 0, 0x10, a0, a1, a2)  /* OP: unused funct7 for ADD */
    TEST_ILLEGAL(11, .insn i 0x13, 5, a0, a1, 0x201)     /* SRLI with an unused funct6 */
    TEST_ILLEGAL(12, .word 0x00c5a463)       /* BRANCH funct3 = 2 is reserved */
    TEST_ILLEGAL(13, .insn i 0x67, 1, a0, 0(a1))         /* JALR funct3 != 0 */
    TEST_ILLEGAL(14, .insn s 0x23, 4, a0, 0(a1))         /* STORE funct3 = 4 */
    TEST_ILLEGAL(15, .insn i 0x03, 7, a0, 0(a1))         /* LOAD funct3 = 7 */
    TEST_ILLEGAL(16, .word 0x10200073)       /* SRET: no S-mode */
    TEST_ILLEGAL(17, .word 0x00004073)       /* SYSTEM funct3 = 4 is reserved */
    TEST_ILLEGAL(18, .insn r 0x33, 0, 0x01 | 0x02, a0, a1, a2) /* OP with funct7 = 3 */
    /* a trapping instruction does not write its destination */
    TEST_CASE(19, a0, 55, li a0, 55; TEST_ILLEGAL(20, .insn r 0x2f, 2, 0, a0, a1, a2))
    li a0, 55
    /* a 16-bit encoding followed by other bits: mtval is 0 or the 16 bits alone (the
     * instruction is 16 bits long; the upper half would be the next one) */
    li TESTNUM, 21
    TRAP_ARM
1:  .word 0x12340001
    CHECK_TRAPPED
    CHECK_SAVED(trap_cause, CAUSE_ILLEGAL_INSTRUCTION)
    CHECK_SAVED_LABEL(trap_epc, 1b)
    la t5, trap_tval
    REG_L t5, 0(t5)
    beqz t5, 2f
    li t6, 0x0001
    bne t5, t6, isa_fail
2:

    /* access faults at an address no device claims */
    li s0, UNMAPPED_ADDR
    li a0, 66
    TEST_TRAP(26, CAUSE_LOAD_ACCESS, s0, lw a0, 0(s0))
    CHECK(a0, 66)
    TEST_TRAP(27, CAUSE_LOAD_ACCESS, s0, lbu a0, 0(s0))
    addi s1, s0, 8
    TEST_TRAP(28, CAUSE_LOAD_ACCESS, s1, lh a0, 8(s0))
    TEST_TRAP(29, CAUSE_STORE_ACCESS, s0, sw a0, 0(s0))
    addi s1, s0, -4
    TEST_TRAP(30, CAUSE_STORE_ACCESS, s1, sb a0, -4(s0))
#if XLEN == 64
    TEST_TRAP(31, CAUSE_LOAD_ACCESS, s0, ld a0, 0(s0))
    TEST_TRAP(32, CAUSE_STORE_ACCESS, s0, sd a0, 0(s0))
#endif
    /* fetch access fault: the jump succeeds, the fetch at the target faults:
     * mepc = mtval = target; resume at a label */
    li TESTNUM, 33
    li a0, 0
    TRAP_ARM
    TRAP_RESUME_AT(1f)
2:  jalr a0, 0(s0)
    j isa_fail
1:  CHECK_TRAPPED
    CHECK_SAVED(trap_cause, CAUSE_FETCH_ACCESS)
    CHECK_SAVED_REG(trap_epc, s0)
    CHECK_SAVED_REG(trap_tval, s0)
    la s1, 2b + 4
    CHECK_REG(a0, s1)                        /* the jump itself completed */

    /* mstatus on trap entry and MRET: MPIE <- MIE, MIE <- 0, MPP <- 3; back: MIE <- MPIE,
     * MPIE <- 1 (mie = 0, so nothing can interrupt) */
    csrw mie, zero
    li TESTNUM, 34
    csrsi mstatus, MSTATUS_MIE
    TRAP_ARM
    ecall
    CHECK_TRAPPED
    la t5, trap_mstatus
    REG_L a0, 0(t5)
    li a1, MSTATUS_MIE | MSTATUS_MPIE | MSTATUS_MPP
    and a0, a0, a1
    CHECK(a0, MSTATUS_MPIE | MSTATUS_MPP)
    csrr a0, mstatus
    andi a0, a0, MSTATUS_MIE | MSTATUS_MPIE
    CHECK(a0, MSTATUS_MIE | MSTATUS_MPIE)
    li TESTNUM, 35
    csrci mstatus, MSTATUS_MIE
    TRAP_ARM
    ecall
    la t5, trap_mstatus
    REG_L a0, 0(t5)
    andi a0, a0, MSTATUS_MIE | MSTATUS_MPIE
    CHECK(a0, 0)
    csrr a0, mstatus
    andi a0, a0, MSTATUS_MIE | MSTATUS_MPIE
    CHECK(a0, MSTATUS_MPIE)
    /* MRET on its own: jumps to mepc, MIE <- MPIE, MPIE <- 1.  (MPP is set first: QEMU 7.2
     * does not hard-wire it to M; that rule is checked in csr_strict.S.) */
    li TESTNUM, 36
    li a1, MSTATUS_MPIE
    csrc mstatus, a1
    li a1, MSTATUS_MPP
    csrs mstatus, a1
    la a0, 1f
    csrw mepc, a0
    MEPC_SETTLE
    mret
    j isa_fail
1:  csrr a0, mstatus
    andi a0, a0, MSTATUS_MIE | MSTATUS_MPIE
    CHECK(a0, MSTATUS_MPIE)
    li TESTNUM, 37
    li a1, MSTATUS_MPP
    csrs mstatus, a1
    la a0, 1f
    csrw mepc, a0
    MEPC_SETTLE
    mret
    j isa_fail
1:  csrr a0, mstatus
    andi a0, a0, MSTATUS_MIE | MSTATUS_MPIE
    CHECK(a0, MSTATUS_MIE | MSTATUS_MPIE)
    csrci mstatus, MSTATUS_MIE
    /* a trap inside a trap handler's caller-visible state: mscratch survives ecall */
    li TESTNUM, 38
    li a0, 0x5a
    TRAP_ARM
    ecall
    CHECK(a0, 0x5a)                          /* registers are not changed by a trap */
    TEST_DONE
