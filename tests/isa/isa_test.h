/* Assembly macros for the self-checking ISA tests (tests/isa/).
 *
 * A test file includes this header and defines `test_main`, a sequence of numbered test
 * cases ending with TEST_DONE.  tests/isa/runtime.S starts the image, installs the trap
 * handler and jumps to test_main; TEST_DONE ends the run with status 0.  A failing case prints one line on the UART
 * ("isa: test N failed: got X expected Y") and ends the run with exit status N (tempo-sim
 * exit code, or QEMU's test device on virt).  Status 255 = a failure outside any case.
 *
 * Reserved registers: s11 (test number), t5 and t6 (checks).  Test code must not use them.
 * A case that jumps by a computed encoding (misaligned targets) uses .word: the assembler
 * would relax `jal label + 2` through a relocation.
 * One source serves XLEN 32 and 64: REG_L/REG_S/REGBYTES and XV(v32, v64) pick by width. */
#ifndef ISA_TEST_H
#define ISA_TEST_H
#include "board.h"
#include "riscv/encoding.h"

#if __riscv_xlen == 64
#define XLEN 64
#define REG_L ld
#define REG_S sd
#define REGBYTES 8
#define XV(v32, v64) v64
#else
#define XLEN 32
#define REG_L lw
#define REG_S sw
#define REGBYTES 4
#define XV(v32, v64) v32
#endif

#define TESTNUM s11

/* Between a CSR write of mepc and the MRET that uses it: the paper's core reads mepc before
 * a write this close reaches WB (sim/timing/timing.h: timing_mret_stale_mepc). */
#define MEPC_SETTLE nop; nop; nop

/* CSR numbers, mstatus/mie/mip bits and mcause values: include/riscv/encoding.h */
#define CAUSE_INTR(code) (MCAUSE_INT | (code)) /* an interrupt's mcause */

/* An address no device claims on either SoC (docs/boards.md memory maps) nor on QEMU virt, below
 * 2 GiB so that it is the same value at both widths. */
#define UNMAPPED_ADDR 0x00800000

#define TEST_FUNC .text; .align 2; .globl test_main; test_main:
#define TEST_DONE li TESTNUM, 0; li a0, 0; j isa_exit

/* Fail unless register `reg` equals `expected` (any `li` operand). */
#define CHECK(reg, expected) \
    li t6, expected; beq reg, t6, 10000f; mv t5, reg; j isa_fail; 10000:
/* Fail unless two registers are equal (t6 = second). */
#define CHECK_REG(reg, reg2) \
    mv t6, reg2; beq reg, t6, 10001f; mv t5, reg; j isa_fail; 10001:

/* Test case n: run code, then `reg` must equal `expected`. */
#define TEST_CASE(n, reg, expected, code...) \
    li TESTNUM, n; code; CHECK(reg, expected)

/* Register-register and register-immediate operation checks. */
#define TEST_RR(n, op, expected, v1, v2) \
    TEST_CASE(n, a0, expected, li a1, v1; li a2, v2; op a0, a1, a2)
#define TEST_RI(n, op, expected, v1, imm) \
    TEST_CASE(n, a0, expected, li a1, v1; op a0, a1, imm)
/* Same, with the destination equal to a source, and to x0 (result discarded). */
#define TEST_RR_SRC1_EQ_DEST(n, op, expected, v1, v2) \
    TEST_CASE(n, a1, expected, li a1, v1; li a2, v2; op a1, a1, a2)
#define TEST_RR_ZERODEST(n, op, v1, v2) \
    TEST_CASE(n, zero, 0, li a1, v1; li a2, v2; op zero, a1, a2)

/* Expected traps.  TRAP_ARM tells the handler a trap is expected (an unexpected trap fails
 * the current case); the handler records mcause/mepc/mtval/mstatus, disarms, and resumes at
 * mepc + 4, or at the address stored with TRAP_RESUME_AT when one was set. */
#define TRAP_ARM \
    la t6, trap_armed; li t5, 1; REG_S t5, 0(t6); \
    la t6, trap_resume; REG_S zero, 0(t6)
#define TRAP_RESUME_AT(label) \
    la t6, trap_resume; la t5, label; REG_S t5, 0(t6)
/* The trap must have happened (armed flag cleared by the handler). */
#define CHECK_TRAPPED \
    la t6, trap_armed; REG_L t5, 0(t6); li t6, 0; bne t5, t6, isa_fail
#define CHECK_SAVED(var, expected) \
    la t5, var; REG_L t5, 0(t5); li t6, expected; bne t5, t6, isa_fail
#define CHECK_SAVED_REG(var, reg) \
    la t5, var; REG_L t5, 0(t5); mv t6, reg; bne t5, t6, isa_fail
#define CHECK_SAVED_LABEL(var, label) \
    la t5, var; REG_L t5, 0(t5); la t6, label; bne t5, t6, isa_fail

/* Test case n: `insn` (the first instruction of the argument) must trap with `cause`,
 * mepc at that instruction and mtval equal to register `tvalreg` (set up beforehand). */
#define TEST_TRAP(n, cause, tvalreg, insn...) \
    li TESTNUM, n; TRAP_ARM; 10002: insn; \
    CHECK_TRAPPED; CHECK_SAVED(trap_cause, cause); \
    CHECK_SAVED_LABEL(trap_epc, 10002b); CHECK_SAVED_REG(trap_tval, tvalreg)

/* Interrupts: the handler logs each mcause in irq_log (in order), counts them in irq_count,
 * records mepc in irq_epc and mcycle at entry in irq_mcycle, and silences the source. */
#define IRQ_CLEAR \
    la t6, irq_count; REG_S zero, 0(t6); \
    la t6, irq_log; REG_S zero, 0(t6); REG_S zero, REGBYTES(t6); \
    REG_S zero, 2 * REGBYTES(t6); REG_S zero, 3 * REGBYTES(t6)
#define CHECK_IRQ_COUNT(n) CHECK_SAVED(irq_count, n)
#define CHECK_IRQ_LOG(i, cause) \
    la t5, irq_log; REG_L t5, (i) * REGBYTES(t5); li t6, cause; bne t5, t6, isa_fail
/* Spin (bounded by reg `cnt` iterations) until irq_count reaches n; fail on time-out. */
#define WAIT_IRQS(n, cnt) \
    10005: la t6, irq_count; REG_L t6, 0(t6); li t5, n; bgeu t6, t5, 10006f; \
    addi cnt, cnt, -1; bnez cnt, 10005b; \
    la t5, irq_count; REG_L t5, 0(t5); li t6, n; j isa_fail; 10006:

/* Illegal instruction: the privileged spec lets mtval be 0 or the instruction bits;
 * both are accepted, anything else fails. */
#define TEST_ILLEGAL(n, insn...) \
    li TESTNUM, n; TRAP_ARM; 10003: insn; \
    CHECK_TRAPPED; CHECK_SAVED(trap_cause, CAUSE_ILLEGAL_INSTRUCTION); \
    CHECK_SAVED_LABEL(trap_epc, 10003b); \
    la t5, trap_tval; REG_L t5, 0(t5); beqz t5, 10004f; \
    la t6, 10003b; lwu_t6_t6; bne t5, t6, isa_fail; 10004:

/* Zero-extended 32-bit load of the instruction word at t6 into t6 (lw sign-extends on RV64). */
#if XLEN == 64
#define lwu_t6_t6 lwu t6, 0(t6)
#else
#define lwu_t6_t6 lw t6, 0(t6)
#endif

#endif
