/* Timing micro-programs: each tc_* function reads rdcycle, runs one sequence, reads
 * rdcycle again and returns the difference.  The driver (main.c) subtracts the empty pair
 * (tc_empty) and compares with the figure expect.h derives from the spec.  Every sequence
 * is preceded by PAD so that nothing before it (argument set-up, a CSR write, a predictor
 * update in BR) is still in flight when the first rdcycle issues. */
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

.macro OPEN
    PAD
    rdcycle t0
.endm

.macro CLOSE
    rdcycle t1
    sub a0, t1, t0
    ret
.endm

/* The global 2-bit counter to `state`: four not-taken branches (0), then `state` taken
 * ones, each followed by enough instructions for its BR-stage update to be visible. */
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

CASE empty
    OPEN
    CLOSE

CASE alu_dep
    OPEN
    addi a1, a1, 1
    addi a2, a1, 1
    CLOSE

CASE alu_indep
    OPEN
    addi a1, a1, 1
    addi a2, a3, 1
    CLOSE

CASE lui_dep
    OPEN
    lui a1, 0x12345
    addi a2, a1, 1
    CLOSE

/* a0 = address of a word in data RAM */
CASE load_use
    OPEN
    lw a1, 0(a0)
    addi a2, a1, 1
    CLOSE

CASE load_indep
    OPEN
    lw a1, 0(a0)
    addi a2, a3, 1
    CLOSE

CASE load_dist2
    OPEN
    lw a1, 0(a0)
    addi a3, a3, 1
    addi a2, a1, 1
    CLOSE

CASE load_store_data
    OPEN
    LREG a1, 0(a0)
    SREG a1, 8(a0)
    CLOSE

CASE store_ram
    OPEN
    SREG a1, 0(a0)
    CLOSE

/* a0 = a device register that ignores the value (simulator control IRQ_ACK) */
CASE store_mmio
    OPEN
    sw zero, 0(a0)
    CLOSE

#define BRANCH_CASES(s)                 \
CASE taken_s##s;                        \
    PREDICTOR s;                        \
    OPEN;                               \
    beq zero, zero, 1f;                 \
1:  CLOSE;                              \
CASE nottaken_s##s;                     \
    PREDICTOR s;                        \
    OPEN;                               \
    bne zero, zero, 1f;                 \
1:  CLOSE

BRANCH_CASES(0)
BRANCH_CASES(1)
BRANCH_CASES(2)
BRANCH_CASES(3)

CASE jal
    OPEN
    jal zero, 1f
1:  CLOSE

CASE call
    mv a5, ra
    OPEN
    jal ra, 1f
1:  mv ra, a5
    CLOSE

CASE jalr
    la t2, 1f
    OPEN
    jalr zero, 0(t2)
1:  CLOSE

CASE mul
    li a2, 12345
    li a3, 678
    OPEN
    mul a1, a2, a3
    CLOSE

CASE mul_dep
    li a2, 12345
    li a3, 678
    OPEN
    mul a1, a2, a3
    addi a4, a1, 1
    CLOSE

/* 32-bit divide: DIV on RV32, DIVW on RV64 (spec: the W forms take the 32-bit latency) */
#if __riscv_xlen == 64
#define DIV32 divw
#define REM32 remuw
#else
#define DIV32 div
#define REM32 remu
#endif

CASE div32
    li a2, 1000000
    li a3, 7
    OPEN
    DIV32 a1, a2, a3
    CLOSE

CASE rem32
    li a2, 1000000
    li a3, 7
    OPEN
    REM32 a1, a2, a3
    CLOSE

CASE div32_zero
    li a2, 1000000
    OPEN
    DIV32 a1, a2, zero
    CLOSE

CASE div32_overflow
    li a2, -0x80000000
    li a3, -1
    OPEN
    DIV32 a1, a2, a3
    CLOSE

#if __riscv_xlen == 64
CASE div64
    li a2, 1000000000000
    li a3, 7
    OPEN
    div a1, a2, a3
    CLOSE

CASE div64_zero
    li a2, 1000000000000
    OPEN
    divu a1, a2, zero
    CLOSE

CASE div64_overflow
    li a2, 1
    slli a2, a2, 63
    li a3, -1
    OPEN
    rem a1, a2, a3
    CLOSE
#endif

CASE csr_read
    OPEN
    csrr a1, mscratch
    CLOSE

CASE csr_write
    OPEN
    csrw mscratch, a1
    CLOSE

CASE csr_raw1
    OPEN
    csrw mscratch, a1
    csrr a2, mscratch
    CLOSE

CASE csr_raw2
    OPEN
    csrw mscratch, a1
    nop
    csrr a2, mscratch
    CLOSE

CASE csr_raw3
    OPEN
    csrw mscratch, a1
    nop
    nop
    csrr a2, mscratch
    CLOSE

/* ECALL, EBREAK, a misaligned load, and MRET: a0 = uintptr_t[4] (the last two are scratch
 * RAM for the load); [0] = rdcycle before the trapping instruction: [0] = rdcycle before ECALL to the handler's first
 * rdcycle, [1] = rdcycle before MRET (the handler's last two instructions) to the first
 * instruction after it.  The trap handler (tc_trap) keeps t0, a0 and a2. */
.macro TRAP_CASE name, insn:vararg
CASE \name
    mv a2, a0
    addi a0, a0, 16
    OPEN
    \insn
    rdcycle t1
    sub t2, t6, t0
    SREG t2, 0(a2)
    sub t2, t1, t4
    SREG t2, REGBYTES(a2)
    ret
.endm

TRAP_CASE ecall, ecall
TRAP_CASE ebreak, ebreak
/* a0 + 16 is a word in RAM; +1 makes the load misaligned */
TRAP_CASE misaligned_load, lw a1, 1(a0)

/* Software interrupt: a0 = the MSIP register; mie.MSIE and mstatus.MIE are set by the
 * caller.  Returns the handler's first rdcycle minus the rdcycle before the MSIP store. */
CASE msip
    li t2, 1
    OPEN
    sw t2, 0(a0)
    nop
    la t3, tc_irq_stamp
    LREG t3, 0(t3)
    sub a0, t3, t0
    ret

/* The trap vector.  Its first instruction reads the cycle counter, as the paper's
 * firmware would.  ECALL: skip it, then rdcycle t4 and MRET back.  Interrupts: record the
 * stamp in tc_irq_stamp, silence the source, count it in tc_irq_count.  Synchronous
 * exceptions (ECALL, EBREAK, the misaligned load) all skip the 4-byte instruction. */
    .text
    .globl tc_trap
    .align 2
tc_trap:
    rdcycle t6
    csrr t5, mcause
    bltz t5, 2f
    csrr t5, mepc
    addi t5, t5, 4
    csrw mepc, t5
    PAD
    rdcycle t4
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
    mret

    .bss
    .align 3
    .globl tc_irq_stamp, tc_irq_count
tc_irq_stamp: .space 8
tc_irq_count: .space 8
