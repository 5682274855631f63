/* FENCE and FENCE.I.  FENCE (every predecessor/successor set, FENCE.TSO, PAUSE) executes
 * as an ordering no-op on this in-order single hart: memory is unchanged around it.
 * FENCE.I: self-modifying code: store an instruction, fence.i, execute it; then change
 * it and check that the new instruction, not a stale predecoded copy, runs.  The code
 * buffer is in the code region.  On the paper SoC that is the instruction memory, which the
 * core's data port cannot write (its data memory writes only 0x1000_xxxx, the instruction
 * memory has no write port): there the store is lost, without a fault, and the buffer's
 * word reads back unchanged. */
#include "isa_test.h"

/* encodings written at run time (unprivileged spec, base opcode map) */
#define INSN_ADDI_A0(imm) INSN_I(MATCH_ADDI, 10, 0, imm) /* addi a0, x0, imm */
#define INSN_RET          0x00008067                                  /* jalr x0, 0(ra) */

    .section .text.smc, "ax"
    .align 3
smc_buf:
    .word 0x00000013, 0x00000013, 0x00000013, 0x00000013

TEST_FUNC
    la s0, data
    TEST_CASE(1, a0, 5, li a1, 5; sw a1, 0(s0); fence; lw a0, 0(s0))
    TEST_CASE(2, a0, 6, li a1, 6; sw a1, 0(s0); fence rw, rw; lw a0, 0(s0))
    TEST_CASE(3, a0, 7, li a1, 7; sw a1, 0(s0); fence iorw, iorw; lw a0, 0(s0))
    TEST_CASE(4, a0, 8, li a1, 8; sw a1, 0(s0); fence w, r; lw a0, 0(s0))
    TEST_CASE(5, a0, 9, li a1, 9; sw a1, 0(s0); fence.tso; lw a0, 0(s0))
    TEST_CASE(6, a0, 10, li a1, 10; sw a1, 0(s0); .word 0x0100000f; lw a0, 0(s0))  /* pause */
    TEST_CASE(7, a0, 11, li a1, 11; sw a1, 0(s0); fence.i; lw a0, 0(s0))
    /* FENCE with reserved fm/rs1/rd fields must execute as a plain fence (spec: "ignore") */
    TEST_CASE(8, a0, 12, li a1, 12; sw a1, 0(s0); .word 0x0ff5858f; lw a0, 0(s0))  /* rd = rs1 = a1 */
    CHECK(a1, 12)                               /* ... and rd is not written */

    la s1, smc_buf
#ifdef BOARD_PAPER
    TEST_CASE(9, a0, 0x13, li a1, 0x12345678; sw a1, 0(s1); fence.i; lw a0, 0(s1))
    TEST_DONE
#else
    /* self-modifying code */
    li TESTNUM, 9
    li a1, INSN_ADDI_A0(42)
    sw a1, 0(s1)
    li a1, INSN_RET
    sw a1, 4(s1)
    fence.i
    li a0, 0
    jalr ra, 0(s1)
    CHECK(a0, 42)
    li TESTNUM, 10                              /* rewrite the executed instruction */
    li a1, INSN_ADDI_A0(-7)
    sw a1, 0(s1)
    fence.i
    li a0, 0
    jalr ra, 0(s1)
    CHECK(a0, -7)
    li TESTNUM, 11                              /* a sub-word store patches the immediate */
    li a1, (100 << 4)                           /* bits 31:20 of the word = byte 2, 3 */
    sh a1, 2(s1)
    fence.i
    li a0, 0
    jalr ra, 0(s1)
    CHECK(a0, 100)
    li TESTNUM, 12                              /* an illegal word stored there traps */
    sw zero, 0(s1)
    fence.i
    TRAP_ARM
    jalr ra, 0(s1)                              /* resumes at smc_buf + 4: ret */
    CHECK_TRAPPED
    CHECK_SAVED(trap_cause, CAUSE_ILLEGAL_INSTRUCTION)
    CHECK_SAVED_REG(trap_epc, s1)
    TEST_DONE
#endif

    .data
    .align 3
data: .dword 0
