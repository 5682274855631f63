/* Timing micro-programs.  Most tc_* functions run one sequence 4 times between two counter
 * reads, then 8 times, and return the difference: the cost of 4 repetitions in steady state,
 * without the counter reads and what is in flight around them (the RTL cross-check measures
 * the same sequences on the paper's RTL: tests/rtl/cases.S).  The driver (main.c) compares
 * with the figure expect.h derives from the RTL's measurements.  The counter is read with
 * `csrr mcycle`, as the RTL implements it (not rdcycle).  Every measurement is preceded by
 * PAD so that nothing before it is still in flight. */
#include "board.h"

#if __riscv_xlen == 64
#define LREG ld
#define SREG sd
#define REGBYTES 8
#else
#define LREG lw
#define SREG sw
#define REGBYTES 4
#endif

#define PAD nop; nop; nop; nop; nop; nop; nop; nop

.macro CASE name
    .text
    .globl tc_\name
    .align 2
tc_\name:
.endm

/* the global 2-bit counter to `state`: four not-taken branches (0), then `state` taken ones,
 * each followed by enough instructions for its update to be visible */
.macro PREDICTOR state
    .rept 4
    bne zero, zero, 91f
91: PAD
    .endr
    .rept \state
    beq zero, zero, 92f
92: PAD
    .endr
.endm

/* (a sequence holds several instructions: a C macro keeps them on one line) */
.macro OPEN
    PAD
    csrr t0, mcycle
.endm
.macro MID
    csrr t1, mcycle
    sub t5, t1, t0
    PAD
    csrr t0, mcycle
.endm
.macro CLOSE
    csrr t1, mcycle
    sub a0, t1, t0
    sub a0, a0, t5
    ret
.endm
/* tc_name: 8 repetitions minus 4 */
#define STEADY(name, ...) \
    CASE name; OPEN; .rept 4; __VA_ARGS__; .endr; MID; .rept 8; __VA_ARGS__; .endr; CLOSE
/* the same with the branch counter set to `state` before each run */
#define STEADY_BP(state, name, ...) \
    CASE name; PREDICTOR state; OPEN; .rept 4; __VA_ARGS__; .endr; csrr t1, mcycle; \
    sub t5, t1, t0; PREDICTOR state; PAD; csrr t0, mcycle; .rept 8; __VA_ARGS__; .endr; CLOSE

/* a0 = a word in data RAM (its neighbours too), or a device register that ignores stores */
STEADY(alu_dep, addi a1, a3, 1; addi a2, a1, 1)
STEADY(alu_indep, addi a1, a3, 1; addi a2, a3, 1)
STEADY(lui_dep, lui a1, 0x12345; addi a2, a1, 1)
STEADY(load_use, lw a1, 0(a0); addi a2, a1, 1)
STEADY(load_indep, lw a1, 0(a0); addi a2, a3, 1)
STEADY(load_dist2, lw a1, 0(a0); addi a3, a4, 1; addi a2, a1, 1)
STEADY(load_store_data, LREG a1, 0(a0); SREG a1, 8(a0))
STEADY(alu_store_data, addi a1, a3, 1; SREG a1, 8(a0))
STEADY(store_ram, SREG a1, 0(a0))
STEADY(store_mmio, sw zero, 0(a0))
STEADY_BP(3, taken_predicted, beq zero, zero, .+4)
STEADY_BP(0, nottaken_predicted, bne zero, zero, .+4)
STEADY_BP(0, taken_then_not, beq zero, zero, .+4; bne zero, zero, .+4)
STEADY_BP(3, not_then_taken, bne zero, zero, .+4; beq zero, zero, .+4)
STEADY(jal, jal zero, .+4)
STEADY(call, jal a1, .+4; addi a2, a1, 1)
STEADY(jal_jalr, jal t2, .+4; jalr zero, 4(t2))
STEADY(mul, mul a1, a2, a3)
STEADY(mul_dep, mul a1, a2, a3; addi a4, a1, 1)
/* 32-bit divide: DIV on RV32, DIVW on RV64 (the W forms take the 32-bit latency) */
#if __riscv_xlen == 64
#define DIV32 divw
#define REM32 remuw
#else
#define DIV32 div
#define REM32 remu
#endif
/* the driver passes the operands: a2 = 1000000, a3 = 7, a4 = the most negative value, a5 = -1 */
STEADY(div32, DIV32 a1, a2, a3)
STEADY(rem32, REM32 a1, a2, a3)
STEADY(div32_zero, DIV32 a1, a2, zero)
STEADY(div32_overflow, DIV32 a1, a4, a5)
#if __riscv_xlen == 64
STEADY(div64, div a1, a2, a3)
STEADY(div64_zero, divu a1, a2, zero)
STEADY(div64_overflow, rem a1, a4, a5)
#endif
STEADY(csr_read, csrr a1, mscratch; nop; nop; nop; nop)
STEADY(csr_write, csrw mscratch, a1; nop; nop; nop; nop)
STEADY(csr_raw1, csrr a1, mscratch)
STEADY(csr_raw2, csrr a1, mscratch; nop)
STEADY(csr_raw3, csrw mscratch, a1; nop; nop)
STEADY(csr_raw4, csrw mscratch, a1; nop; nop; nop)
/* ECALL to a handler that returns past it (tc_trap_next), 4 and 8 times */
STEADY(ecall, ecall)

/* ECALL, EBREAK, a misaligned load, and MRET, one at a time: a0 = uintptr_t[4] (the last two
 * are scratch RAM for the load); [0] = the counter read right before the trapping
 * instruction to the handler's first read, [1] = the read right before MRET (the handler's
 * last two instructions) to the first read after it.  The handler (tc_trap) keeps t0, a0 and
 * a2. */
.macro TRAP_CASE name, insn:vararg
CASE \name
    mv a2, a0
    addi a0, a0, 16
    OPEN
    \insn
    csrr t1, mcycle
    sub t2, t6, t0
    SREG t2, 0(a2)
    sub t2, t1, t4
    SREG t2, REGBYTES(a2)
    ret
.endm

TRAP_CASE ecall1, ecall
TRAP_CASE ebreak, ebreak
/* a0 + 16 is a word in RAM; +1 makes the load misaligned */
TRAP_CASE misaligned_load, lw a1, 1(a0)

/* Software interrupt: a0 = the MSIP register; mie.MSIE and mstatus.MIE are set by the
 * caller.  Returns the handler's first read minus the read before the MSIP store. */
CASE msip
    li t2, 1
    OPEN
    sw t2, 0(a0)
    .rept 16
    nop
    .endr
    la t3, tc_irq_stamp
    LREG t3, 0(t3)
    sub a0, t3, t0
    ret

/* The trap vector.  Its first instruction reads the counter.  ECALL: skip it, then read the
 * counter into t4 and MRET back.  Interrupts: record the stamp in tc_irq_stamp, silence the
 * source, count it in tc_irq_count.  Synchronous exceptions (ECALL, EBREAK, the misaligned
 * load) all skip the 4-byte instruction.  (Three instructions separate a write of mepc from
 * the MRET: the paper's core reads mepc before a closer write reaches WB.) */
    .text
    .globl tc_trap
    .align 2
tc_trap:
    csrr t6, mcycle
    csrr t5, mcause
    bltz t5, 2f
    csrr t5, mepc
    addi t5, t5, 4
    csrw mepc, t5
    PAD
    csrr t4, mcycle
    mret
2:  la t5, tc_irq_stamp
    SREG t6, 0(t5)
    /* external: acknowledge; timer: mtimecmp back to all ones; software: clear */
    li t5, BOARD_SIMCTL
    sw zero, SIMCTL_IRQ_ACK(t5)
    sw zero, SIMCTL_MSIP(t5)
    li t5, BOARD_MTIMECMP
    li t6, -1
    sw t6, 0(t5)
    sw t6, 4(t5)
    la t5, tc_irq_count
    LREG t6, 0(t5)
    addi t6, t6, 1
    SREG t6, 0(t5)
    nop
    nop
    mret

/* The vector for tc_ecall: back past the ECALL, nothing measured (the RTL cross-check's
 * handler: s-ecall) */
    .globl tc_trap_next
    .align 2
tc_trap_next:
    csrr t3, mepc
    addi t3, t3, 4
    PAD
    csrw mepc, t3
    PAD
    mret
    PAD

    .bss
    .align 3
    .globl tc_irq_stamp, tc_irq_count
tc_irq_stamp: .space 8
tc_irq_count: .space 8
