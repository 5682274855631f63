/* Timing micro-programs for the RTL cross-check (tests/rtl/run.py): one straight-line
 * function, rtl_cases(results), that runs every case once and stores one 32-bit value per
 * slot.  A cycle case is `csrr t0, mcycle; <sequence>; csrr t1, mcycle` and stores t1 - t0
 * (the pair alone is 2 cycles); a value case stores a register.  Each slot's name goes into
 * the non-allocated section .rtl_names, in slot order, for the runner.
 *
 * The paper's RTL is the reference: only what it implements is used (mcycle, not rdcycle; no
 * EBREAK, which enters its debug mode; no illegal instruction trap; the timer is the only
 * interrupt; the data memory starts empty, so nothing here has initial values).  Every case
 * is preceded by PAD so that nothing before it is still in flight when t0 is read.
 *
 * Registers kept across the cases: s11 results, s0 scratch RAM (its first word holds its own
 * address), s1 a word in instruction memory, s2 the CLINT (mtime; mtimecmp at +8), s3 a
 * device address that ignores stores and reads 0 on both (the VGA window past the 80 x 30
 * screen: the RTL's core counts it as a device, so a store there does not freeze; the
 * simulator-control device's 0x1004_xxxx is not one on the RTL), s4-s7 trap handler state,
 * a7 the address a trap case's handler returns past. */
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

    .set SLOT, 0

/* a slot's name, in slot order */
.macro NAME str
    .pushsection .rtl_names, "", @progbits
    .asciz "\str"
    .popsection
.endm

.macro BEGIN name
    NAME \name
    PAD
    csrr t0, mcycle
.endm

.macro END
    csrr t1, mcycle
    sub t1, t1, t0
    sw t1, SLOT*4(s11)
    .set SLOT, SLOT + 1
.endm

/* store a register as the next slot */
.macro VALUE name, reg
    NAME \name
    sw \reg, SLOT*4(s11)
    .set SLOT, SLOT + 1
.endm

/* the global 2-bit branch counter to `state`: four not-taken branches (to 0), then `state`
 * taken ones, each followed by enough instructions for its update to be visible */
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

/* the trap vector for the next case */
.macro VECTOR handler
    la a1, \handler
    csrw mtvec, a1
.endm

    .text
    .globl rtl_cases
    .align 2
rtl_cases:
    addi sp, sp, -16 * REGBYTES
    SREG ra, 0(sp)
    SREG s0, 1 * REGBYTES(sp)
    SREG s1, 2 * REGBYTES(sp)
    SREG s2, 3 * REGBYTES(sp)
    SREG s3, 4 * REGBYTES(sp)
    SREG s4, 5 * REGBYTES(sp)
    SREG s5, 6 * REGBYTES(sp)
    SREG s6, 7 * REGBYTES(sp)
    SREG s7, 8 * REGBYTES(sp)
    SREG s8, 9 * REGBYTES(sp)
    SREG s9, 10 * REGBYTES(sp)
    SREG s10, 11 * REGBYTES(sp)
    SREG s11, 12 * REGBYTES(sp)
    mv s11, a0
    la s0, rtl_scratch
    SREG s0, 0(s0)
    la s1, rtl_rom_word
    li s2, BOARD_MTIME
    li s3, BOARD_VGA + 0x960
    li a2, 12345
    li a3, 678
    li a4, 3
    /* a case that sent the core back to the reset address left where to resume in mscratch
     * (bit 0 set); the values so far are kept (main.c: .noinit) */
    csrr t3, mscratch
    andi t4, t3, 1
    beqz t4, 1f
    andi t3, t3, -2
    csrw mscratch, zero
    jr t3
1:

#ifndef RTL_ECALL_BRANCH_ONLY
/* ---- basics ----------------------------------------------------------------------------- */
    BEGIN "csrr-pair"
    END
    BEGIN "nop-1"
    nop
    END
    BEGIN "nop-8"
    .rept 8
    nop
    .endr
    END
    BEGIN "nop-16"
    .rept 16
    nop
    .endr
    END
    BEGIN "csrr-mscratch-between"
    csrr a1, mscratch
    END

/* ---- ALU results ------------------------------------------------------------------------- */
    BEGIN "alu-use"
    addi a1, a2, 1
    addi a5, a1, 1
    END
    BEGIN "alu-use-rs2"
    addi a1, a2, 1
    add a5, a3, a1
    END
    BEGIN "alu-indep"
    addi a1, a2, 1
    addi a5, a3, 1
    END
    BEGIN "alu-use-1-between"
    addi a1, a2, 1
    nop
    addi a5, a1, 1
    END
    BEGIN "alu-chain-8"
    .rept 8
    addi a1, a1, 1
    .endr
    END
    BEGIN "lui-use"
    lui a1, 0x12345
    addi a5, a1, 1
    END
    BEGIN "auipc-use"
    auipc a1, 0
    addi a5, a1, 1
    END
    BEGIN "csr-value-use"
    csrr a1, mscratch
    addi a5, a1, 1
    END

/* ---- loads ------------------------------------------------------------------------------- */
    BEGIN "load-use"
    lw a1, 0(s0)
    addi a5, a1, 1
    END
    BEGIN "load-use-1-between"
    lw a1, 0(s0)
    nop
    addi a5, a1, 1
    END
    BEGIN "load-use-2-between"
    lw a1, 0(s0)
    nop
    nop
    addi a5, a1, 1
    END
    BEGIN "load-indep"
    lw a1, 0(s0)
    addi a5, a3, 1
    END
    BEGIN "load-load"
    lw a1, 0(s0)
    lw a5, 4(s0)
    END
    BEGIN "load-address-use"
    LREG a1, 0(s0)
    lw a5, 8(a1)
    END
    BEGIN "load-byte-use"
    lbu a1, 1(s0)
    addi a5, a1, 1
    END
    BEGIN "load-rom-use"
    lw a1, 0(s1)
    addi a5, a1, 1
    END
    BEGIN "load-mmio-use"
    lw a1, 0(s2)
    addi a5, a1, 1
    END
#if __riscv_xlen == 64
    BEGIN "load-double-use"
    ld a1, 0(s0)
    addi a5, a1, 1
    END
#endif

/* ---- store data ------------------------------------------------------------------------- */
    BEGIN "store-alu-data-x2"
    .rept 2
    add t2, a2, a3
    sw t2, 16(s0)
    .endr
    END
    BEGIN "store-alu-data-x4"
    .rept 4
    add t2, a2, a3
    sw t2, 16(s0)
    .endr
    END
    BEGIN "store-alu-data-x8"
    .rept 8
    add t2, a2, a3
    sw t2, 16(s0)
    .endr
    END
    BEGIN "store-other-data-x1"
    add t2, a2, a3
    sw t3, 16(s0)
    END
    BEGIN "store-other-data-x2"
    .rept 2
    add t2, a2, a3
    sw t3, 16(s0)
    .endr
    END
    BEGIN "store-other-data-x4"
    .rept 4
    add t2, a2, a3
    sw t3, 16(s0)
    .endr
    END
    BEGIN "store-other-data-x8"
    .rept 8
    add t2, a2, a3
    sw t3, 16(s0)
    .endr
    END
    BEGIN "store-alu-data"
    add t2, a2, a3
    sw t2, 16(s0)
    END
    BEGIN "store-alu-data-1-between"
    add t2, a2, a3
    nop
    sw t2, 16(s0)
    END
    BEGIN "store-load-data"
    lw t2, 0(s0)
    sw t2, 16(s0)
    END
    BEGIN "store-load-data-1-between"
    lw t2, 0(s0)
    nop
    sw t2, 16(s0)
    END
    BEGIN "store-load-data-2-between"
    lw t2, 0(s0)
    nop
    nop
    sw t2, 16(s0)
    END
    BEGIN "store-lui-data"
    lui t2, 0x12345
    sw t2, 16(s0)
    END
    BEGIN "store-csr-data"
    csrr t2, mscratch
    sw t2, 16(s0)
    END
    BEGIN "store-alu-base"
    addi t2, s0, 0
    sw a2, 16(t2)
    END

/* ---- stores ------------------------------------------------------------------------------ */
    BEGIN "store-ram"
    sw a2, 16(s0)
    END
    BEGIN "store-ram-x2"
    .rept 2
    sw a2, 16(s0)
    .endr
    END
    BEGIN "store-ram-x4"
    .rept 4
    sw a2, 16(s0)
    .endr
    END
    BEGIN "store-ram-nop"
    sw a2, 16(s0)
    nop
    END
    BEGIN "store-ram-nop-x4"
    .rept 4
    sw a2, 16(s0)
    nop
    .endr
    END
    BEGIN "store-ram-x8"
    .rept 8
    sw a2, 16(s0)
    .endr
    END
    BEGIN "store-byte"
    sb a2, 17(s0)
    END
#if __riscv_xlen == 64
    BEGIN "store-double"
    sd a2, 16(s0)
    END
#endif
    BEGIN "store-mmio"
    sw zero, 0(s3)
    END
    BEGIN "store-mmio-x8"
    .rept 8
    sw zero, 0(s3)
    .endr
    END
    BEGIN "store-then-load-use"
    sw a2, 24(s0)
    lw a1, 24(s0)
    addi a5, a1, 1
    END
    VALUE "store-then-load-value-ok", a5

/* Store data behind a stall: `sd a3` whose data comes from a load (l) or an ALU instruction (a)
 * with `between` instructions before the store's base register is loaded (base-load: the store
 * waits two cycles in EXR for it) or, without it, `between` nops before the store; the -ok slot
 * is 1 when memory got the new value (222), 0 when it got the register's old one (111). */
.macro STORE_DATA kind, between, base_load, name
    li a3, 111
    li a2, 222
    SREG a2, 56(s0)
    SREG zero, 48(s0)
    BEGIN "\name"
    .ifc \kind, l
    LREG a3, 56(s0)
    .else
    addi a3, a2, 0
    .endif
    .rept \between
    nop
    .endr
    .if \base_load
    LREG t2, 0(s0)
    SREG a3, 48(t2)
    .else
    SREG a3, 48(s0)
    .endif
    END
    LREG a5, 48(s0)
    addi a5, a5, -222
    seqz a4, a5
    VALUE "\name-ok", a4
.endm
.irp k, l, a
.irp n, 0, 1, 2, 3
    STORE_DATA \k, \n, 1, "store-\k-data-\n-between-base-load"
.endr
.irp n, 2, 3, 4, 5
    STORE_DATA \k, \n, 0, "store-\k-data-\n-between"
.endr
.endr

/* ---- conditional branches: counter state x outcome -------------------------------------- */
.irp s, 0, 1, 2, 3
    PREDICTOR \s
    BEGIN "branch-taken-counter\s"
    beq zero, zero, 1f
1:  END
    PREDICTOR \s
    BEGIN "branch-not-taken-counter\s"
    bne zero, zero, 1f
1:  END
.endr
    PREDICTOR 0
    BEGIN "branch-taken-x8-training"
    .rept 8
    beq zero, zero, 1f
1:
    .endr
    END
    PREDICTOR 0
    BEGIN "branch-taken-x2-training"
    .rept 2
    beq zero, zero, 1f
1:
    .endr
    END
    PREDICTOR 0
    BEGIN "branch-taken-x4-training"
    .rept 4
    beq zero, zero, 1f
1:
    .endr
    END
    PREDICTOR 0
    BEGIN "branch-mispredict-taken-nop"
    beq zero, zero, 1f
1:  nop
    END
    PREDICTOR 3
    BEGIN "branch-mispredict-not-taken-nop"
    bne zero, zero, 1f
1:  nop
    END
    PREDICTOR 3
    BEGIN "branch-taken-nop"
    beq zero, zero, 1f
1:  nop
    END
    PREDICTOR 0
    BEGIN "branch-not-taken-x8"
    .rept 8
    bne zero, zero, 1f
1:
    .endr
    END
    PREDICTOR 3
    BEGIN "branch-taken-pair"
    beq zero, zero, 1f
1:  beq zero, zero, 1f
1:  END
    PREDICTOR 0
    BEGIN "branch-alu-operand"
    addi a1, zero, 1
    bne a1, zero, 1f
1:  END
    PREDICTOR 0
    BEGIN "branch-load-operand"
    lw a1, 0(s0)
    beq a1, zero, 1f
1:  END
    PREDICTOR 0
    BEGIN "loop-10"
    li a1, 10
1:  addi a1, a1, -1
    bnez a1, 1b
    END

/* ---- jumps ------------------------------------------------------------------------------- */
    BEGIN "jal"
    jal zero, 1f
1:  END
    BEGIN "jal-nop"
    jal zero, 1f
1:  nop
    END
    BEGIN "jal-x2"
    .rept 2
    jal zero, 1f
1:
    .endr
    END
    BEGIN "jal-x4"
    .rept 4
    jal zero, 1f
1:
    .endr
    END
    BEGIN "jal-x8"
    .rept 8
    jal zero, 1f
1:
    .endr
    END
    BEGIN "jal-link-use"
    jal a1, 1f
1:  addi a5, a1, 1
    END
    la t2, 1f
    BEGIN "jalr"
    jalr zero, 0(t2)
1:  END
    la t2, 1f
    BEGIN "jalr-alu-base"
    addi t3, t2, 0
    jalr zero, 0(t3)
1:  END
    la t2, 1f
    SREG t2, 32(s0)
    BEGIN "jalr-load-base"
    LREG t3, 32(s0)
    jalr zero, 0(t3)
1:  END
    BEGIN "call-return"
    jal a1, 2f
    jal zero, 3f
2:  jalr zero, 0(a1)
3:  END

/* ---- multiply and divide ----------------------------------------------------------------- */
    li a2, 1000000
    li a3, 7
    BEGIN "mul"
    mul a1, a2, a3
    END
    BEGIN "mul-use"
    mul a1, a2, a3
    addi a5, a1, 1
    END
    BEGIN "mulhu"
    mulhu a1, a2, a3
    END
    BEGIN "mul-mul"
    mul a1, a2, a3
    mul a5, a2, a3
    END
#if __riscv_xlen == 64
#define DIV32 divw
#define REM32 remuw
    BEGIN "mulw"
    mulw a1, a2, a3
    END
#else
#define DIV32 div
#define REM32 remu
#endif
    BEGIN "div-32"
    DIV32 a1, a2, a3
    END
    VALUE "div-32-value", a1
    BEGIN "rem-32"
    REM32 a1, a2, a3
    END
    BEGIN "div-32-use"
    DIV32 a1, a2, a3
    addi a5, a1, 1
    END
    li t3, 3
    BEGIN "div-32-small"
    DIV32 a1, t3, a3
    END
    BEGIN "div-32-by-zero"
    DIV32 a1, a2, zero
    END
    li t3, -0x80000000
    li t4, -1
    BEGIN "div-32-overflow"
    DIV32 a1, t3, t4
    END
#if __riscv_xlen == 64
    li t3, 1000000000000
    BEGIN "div-64"
    div a1, t3, a3
    END
    VALUE "div-64-value-low", a1
    li t3, 3
    BEGIN "div-64-small"
    divu a1, t3, a3
    END
    BEGIN "div-64-by-zero"
    divu a1, a2, zero
    END
    li t3, 1
    slli t3, t3, 63
    li t4, -1
    BEGIN "rem-64-overflow"
    rem a1, t3, t4
    END
#endif

/* ---- CSRs -------------------------------------------------------------------------------- */
    BEGIN "csr-read"
    csrr a1, mscratch
    END
    BEGIN "csr-write"
    csrw mscratch, a2
    END
    li a2, 111
    li a3, 222
    csrw mscratch, a2
    PAD
    BEGIN "csr-write-read"
    csrw mscratch, a3
    csrr a1, mscratch
    END
    sub a5, a1, a3
    seqz a5, a5
    VALUE "csr-write-read-value-ok", a5
    BEGIN "csr-write-1-read"
    csrw mscratch, a2
    nop
    csrr a1, mscratch
    END
    sub a5, a1, a2
    seqz a5, a5
    VALUE "csr-write-1-read-value-ok", a5
    BEGIN "csr-write-2-read"
    csrw mscratch, a3
    nop
    nop
    csrr a1, mscratch
    END
    sub a5, a1, a3
    seqz a5, a5
    VALUE "csr-write-2-read-value-ok", a5
    BEGIN "csr-write-3-read"
    csrw mscratch, a2
    nop
    nop
    nop
    csrr a1, mscratch
    END
    BEGIN "csr-write-4-read"
    csrw mscratch, a3
    nop
    nop
    nop
    nop
    csrr a1, mscratch
    END
    BEGIN "csr-read-read"
    csrr a1, mscratch
    csrr a5, mscratch
    END
    BEGIN "csr-read-1-read"
    csrr a1, mscratch
    nop
    csrr a5, mscratch
    END
    BEGIN "csr-read-2-read"
    csrr a1, mscratch
    nop
    nop
    csrr a5, mscratch
    END
    BEGIN "csr-write-alu"
    csrw mscratch, a2
    addi a5, a2, 1
    END

/* ---- ECALL and MRET ---------------------------------------------------------------------- */
    /* the sequence measured before the cross-check existed: a handler that advances mepc */
    VECTOR h_ecall_plain
    BEGIN "ecall-round-trip"
    ecall
    END
    /* stamps: s4 = the handler's first mcycle, s5 = mcycle before its MRET */
    VECTOR h_ecall_stamp
    la a7, 1f
    BEGIN "ecall-round-trip-stamped"
1:  ecall
    END
    sub a1, s4, t0
    VALUE "ecall-to-handler", a1
    add a1, t0, t1
    sub a1, a1, s5
    VALUE "mret-to-next", a1
    VALUE "ecall-mepc-offset", s6
    VALUE "ecall-mcause", s7
    /* ecall right after an mcycle read, and a read after the return: does the counter go back? */
    VECTOR h_ecall_stamp
    la a7, 1f
    PAD
    csrr t0, mcycle
1:  ecall
    csrr t1, mcycle
    sub a1, s4, t0
    VALUE "ecall-direct-to-handler", a1
    sub a1, t1, t0
    VALUE "ecall-direct-round-trip", a1
    sub a1, t1, s5
    VALUE "ecall-direct-mret-to-next", a1

/* MRET after `csrw mepc` with 0..4 instructions between: where does it go?  The handler's
 * first entry writes mepc = 2f: a5 = 1, the new mepc.  An MRET that uses the old mepc lands
 * on the ECALL (a second entry: the handler then returns to 3f, a5 = 2) or after it (a5 = 3);
 * one that goes to address 0 restarts the program, which resumes at 6f (a5 = 0). */
.macro MRET_HAZARD d
    VECTOR h_mret_hazard_\d
    la t3, 6f + 1
    csrw mscratch, t3
    li s4, 0
    li a5, 0
    la a7, 1f
    PAD
1:  ecall
    li a5, 3
    j 4f
2:  li a5, 1
    j 4f
3:  li a5, 2
    j 4f
6:  li a5, 0
4:  csrw mscratch, zero
    VALUE "mret-after-csrw-mepc-\d-between-target", a5
    .pushsection .text.rtl_handlers, "ax"
    .align 2
h_mret_hazard_\d:
    addi s4, s4, 1
    li t3, 2
    bge s4, t3, 5f
    la t3, 2b
    csrw mepc, t3
    .rept \d
    nop
    .endr
    mret
5:  la t3, 3b
    csrw mepc, t3
    PAD
    mret
    .popsection
.endm
    MRET_HAZARD 0
    MRET_HAZARD 1
    MRET_HAZARD 2
    MRET_HAZARD 3
    MRET_HAZARD 4

/* an ALU result written right before MRET: does it reach the register file? */
    VECTOR h_mret_alu
    la a7, 1f
    li a5, 0
    PAD
1:  ecall
    VALUE "alu-right-before-mret-ok", a5

/* ---- steady state: each sequence repeated 4 and 8 times ----------------------------------
 * The slot holds the difference of the two runs: 4 repetitions without the ends (the counter
 * reads and what is in flight around them). */
/* (the bodies hold several instructions: a C macro keeps them on one line, which a gas macro
 * argument cannot, `;` ending its invocation) */
.macro SLOPE_A
    PAD
    csrr t0, mcycle
.endm
.macro SLOPE_B
    csrr t1, mcycle
    sub s8, t1, t0
.endm
.macro SLOPE_C name
    csrr t1, mcycle
    sub t1, t1, t0
    sub t1, t1, s8
    NAME "\name"
    sw t1, SLOT*4(s11)
    .set SLOT, SLOT + 1
.endm
#define SLOPE(name, ...) \
    SLOPE_A; .rept 4; __VA_ARGS__; .endr; SLOPE_B; \
    SLOPE_A; .rept 8; __VA_ARGS__; .endr; SLOPE_C name
/* the same with the branch counter set first (state 0..3) */
#define SLOPE_BP(state, name, ...) \
    PREDICTOR state; SLOPE_A; .rept 4; __VA_ARGS__; .endr; SLOPE_B; \
    PREDICTOR state; SLOPE_A; .rept 8; __VA_ARGS__; .endr; SLOPE_C name

    li a2, 12345
    li a3, 7
    SLOPE("s-nop", nop)
    SLOPE("s-alu-chain", addi a1, a1, 1)
    SLOPE("s-alu-chain-rs2", add a1, a3, a1)
    SLOPE("s-alu-use-1-between", addi a1, a1, 1; nop)
    SLOPE("s-alu-indep", addi a1, a2, 1; addi a5, a2, 1)
    SLOPE("s-lui-use", lui a1, 0x12345; addi a5, a1, 1)
    SLOPE("s-auipc-use", auipc a1, 0; addi a5, a1, 1)
    SLOPE("s-load-use", lw a1, 0(s0); addi a5, a1, 1)
    SLOPE("s-load-use-1-between", lw a1, 0(s0); nop; addi a5, a1, 1)
    SLOPE("s-load-use-2-between", lw a1, 0(s0); nop; nop; addi a5, a1, 1)
    SLOPE("s-load-indep", lw a1, 0(s0); addi a5, a2, 1)
    SLOPE("s-load-load", lw a1, 0(s0); lw a5, 4(s0))
    mv a1, s0
    SLOPE("s-load-chase", LREG a1, 0(a1))
    SLOPE("s-load-rom-use", lw a1, 0(s1); addi a5, a1, 1)
    SLOPE("s-load-mmio-use", lw a1, 0(s2); addi a5, a1, 1)
    SLOPE("s-store", sw a2, 16(s0))
    SLOPE("s-store-nop", sw a2, 16(s0); nop)
    SLOPE("s-store-2nop", sw a2, 16(s0); nop; nop)
    SLOPE("s-store-alu-data", add t2, a2, a3; sw t2, 16(s0))
    SLOPE("s-store-other-data", add t2, a2, a3; sw t3, 16(s0))
    SLOPE("s-store-alu-data-1-between", add t2, a2, a3; nop; sw t2, 16(s0))
    SLOPE("s-store-load-data", lw t2, 0(s0); sw t2, 16(s0))
    SLOPE("s-store-load-data-1-between", lw t2, 0(s0); nop; sw t2, 16(s0))
    SLOPE("s-store-load-data-2-between", lw t2, 0(s0); nop; nop; sw t2, 16(s0))
    SLOPE("s-store-lui-data", lui t2, 0x12345; sw t2, 16(s0))
    SLOPE("s-store-alu-base", addi t2, s0, 0; sw a2, 16(t2))
    SLOPE("s-store-load", sw a2, 24(s0); lw a1, 24(s0))
    SLOPE("s-store-mmio", sw zero, 0(s3))
    SLOPE("s-store-mmio-nop", sw zero, 0(s3); nop)
    SLOPE("s-mul", mul a1, a2, a3)
    SLOPE("s-mul-nop", mul a1, a2, a3; nop)
    SLOPE("s-mul-use", mul a1, a2, a3; addi a5, a1, 1)
    SLOPE("s-mul-chain", mul a1, a1, a3)
    SLOPE("s-div32", DIV32 a1, a2, a3)
    SLOPE("s-div32-nop", DIV32 a1, a2, a3; nop)
    SLOPE("s-div32-use", DIV32 a1, a2, a3; addi a5, a1, 1)
    SLOPE("s-div32-by-zero", DIV32 a1, a2, zero)
#if __riscv_xlen == 64
    li t3, 1000000000000
    SLOPE("s-div64", div a1, t3, a3)
    SLOPE("s-div64-nop", div a1, t3, a3; nop)
#endif
    SLOPE("s-csrr", csrr a1, mscratch)
    SLOPE("s-csrr-nop", csrr a1, mscratch; nop)
    SLOPE("s-csrr-2nop", csrr a1, mscratch; nop; nop)
    SLOPE("s-csrr-3nop", csrr a1, mscratch; nop; nop; nop)
    SLOPE("s-csrr-4nop", csrr a1, mscratch; nop; nop; nop; nop)
    SLOPE("s-csrw-4nop", csrw mscratch, a2; nop; nop; nop; nop)
    SLOPE("s-csrr-use", csrr a1, mscratch; addi a5, a1, 1; nop; nop; nop)
    SLOPE("s-jal", jal zero, .+4)
    SLOPE("s-jal-nop", jal zero, .+4; nop)
    SLOPE("s-jal-link-use", jal a1, .+4; addi a5, a1, 1)
    SLOPE("s-jal-jalr", jal t2, .+4; jalr zero, 4(t2))
    SLOPE("s-jal-nop-jalr", jal t2, .+4; nop; jalr zero, 8(t2))
    SLOPE_BP(3, "s-branch-taken-predicted", beq zero, zero, .+4)
    SLOPE_BP(3, "s-branch-taken-predicted-nop", beq zero, zero, .+4; nop)
    SLOPE_BP(0, "s-branch-not-taken-predicted", bne zero, zero, .+4)
    SLOPE_BP(0, "s-branch-taken-then-not", beq zero, zero, .+4; bne zero, zero, .+4)
    SLOPE_BP(3, "s-branch-not-then-taken", bne zero, zero, .+4; beq zero, zero, .+4)
    SLOPE_BP(0, "s-branch-taken-nop-then-not-nop", beq zero, zero, .+4; nop; bne zero, zero, .+4; nop)
    SLOPE_BP(3, "s-branch-alu-operand", addi a1, zero, 1; bne a1, zero, .+4)
    SLOPE_BP(3, "s-branch-load-operand", lw a1, 0(s0); bne a1, zero, .+4)
    SLOPE_BP(3, "s-branch-load-operand-1-between", lw a1, 0(s0); nop; bne a1, zero, .+4)
    li a1, 4
    PREDICTOR 0
    PAD
    csrr t0, mcycle
1:  addi a1, a1, -1
    bnez a1, 1b
    csrr t1, mcycle
    sub s8, t1, t0
    li a1, 8
    PREDICTOR 0
    PAD
    csrr t0, mcycle
1:  addi a1, a1, -1
    bnez a1, 1b
    csrr t1, mcycle
    sub t1, t1, t0
    sub t1, t1, s8
    NAME "s-loop"
    sw t1, SLOT*4(s11)
    .set SLOT, SLOT + 1
    VECTOR h_ecall_next
    SLOPE("s-ecall", ecall)

/* ---- timer interrupt --------------------------------------------------------------------- */
/* mtimecmp written below mtime with MTIE and MIE set: the store raises the interrupt.
 * s4 = the handler's first mcycle, s6 = mepc - the store's address; a5 = 1 once taken. */
    VECTOR h_timer
    li a5, 0
    li a1, 1 << 7
    csrw mie, a1
    li a1, -1
    SREG a1, 8(s2)
#if __riscv_xlen == 32
    sw zero, 12(s2) /* mtimecmp = 0xffffffff: far ahead, and one store from 0 */
#endif
    csrsi mstatus, 8
    la a7, 1f
    PAD
    csrr t0, mcycle
1:  SREG zero, 8(s2)
    .rept 40
    nop
    .endr
    csrci mstatus, 8
    csrw mie, zero
    VALUE "timer-taken", a5
    sub a1, s4, t0
    VALUE "timer-store-to-handler", a1
    VALUE "timer-mepc-offset", s6
    VALUE "timer-mcause-low", s7

    /* the timer tick: mtimecmp = mtime + 1; spin until the interrupt (or 3 ticks pass) */
    li a5, 0
    lw a1, 0(s2)
    addi a6, a1, 1
    addi a1, a1, 3
    li t3, -1
    SREG t3, 8(s2)
#if __riscv_xlen == 32
    sw zero, 12(s2)
#endif
    SREG a6, 8(s2)
    li t3, 1 << 7
    csrw mie, t3
    csrsi mstatus, 8
1:  bnez a5, 2f
    lw t3, 0(s2)
    bne t3, a1, 1b
2:  csrci mstatus, 8
    csrw mie, zero
    VALUE "tick-taken", a5
    li t3, BOARD_CYCLES_PER_TICK
    remu a1, s4, t3
    VALUE "tick-handler-mcycle-mod-tick", a1

    /* the cycle mtime advances, seen from a polling loop */
    lw a1, 0(s2)
1:  lw t3, 0(s2)
    beq t3, a1, 1b
    csrr t4, mcycle
    li t3, BOARD_CYCLES_PER_TICK
    remu a1, t4, t3
    VALUE "mtime-change-seen-mod-tick", a1

#endif /* RTL_ECALL_BRANCH_ONLY */

/* ---- ECALL right behind a conditional branch ----------------------------------------------
 * The branch (operands from loads, ALU results or nothing in flight) falls through to the ECALL
 * or is taken to it (target .+4), with the branch counter in state 0 (predicts not taken) or 3
 * (taken).  The handler stores in s6 the ECALL's address minus mepc: 0 is right, 4 is the
 * branch's address.  It returns past the ECALL whatever mepc says, so that each case runs once.
 * Memory: 32(s0) = 5, 40(s0) = 9, 48(s0) = 0; 0(s0) holds s0 (a load chase, as FreeRTOS's
 * `pxCurrentTCB->field`). */
/* (the counter is set by a shared routine, called with JAL into t6 and left with JALR, which
 * the counter does not count: with these cases the RV64 image fills the 32 KiB instruction
 * memory to 16 bytes) */
#define ECALL_BRANCH(state, name, ...) \
    jal t6, eb_predictor##state; li s6, -1; la a7, 77f; __VA_ARGS__; 77: ecall; \
    VALUE name, s6
    VECTOR h_ecall_branch
    li t3, 5
    SREG t3, 32(s0)
    li t3, 9
    SREG t3, 40(s0)
    SREG zero, 48(s0)
    /* vTaskResume's sequence in the paper's image: a chased load, then the branch's second
     * operand loaded right before it; a4 = 5 < a5 = 9, not taken */
    ECALL_BRANCH(0, "ecall-bgeu-ld-chase-ld-nt-p0", LREG a5, 0(s0); LREG a4, 32(a5); LREG a5, 40(s0); bgeu a4, a5, 77f)
    ECALL_BRANCH(3, "ecall-bgeu-ld-chase-ld-nt-p3", LREG a5, 0(s0); LREG a4, 32(a5); LREG a5, 40(s0); bgeu a4, a5, 77f)
    /* both operands loaded, the second right before */
    ECALL_BRANCH(0, "ecall-bgeu-ld-ld-nt-p0", LREG a4, 32(s0); LREG a5, 40(s0); bgeu a4, a5, 77f)
    /* one operand loaded 0, 1, 2 instructions before the branch (2 bubbles, 1, none) */
    ECALL_BRANCH(0, "ecall-bgeu-ld0-nt-p0", li a4, 5; LREG a5, 40(s0); bgeu a4, a5, 77f)
    ECALL_BRANCH(0, "ecall-bgeu-ld1-nt-p0", li a4, 5; LREG a5, 40(s0); nop; bgeu a4, a5, 77f)
    ECALL_BRANCH(0, "ecall-bgeu-ld2-nt-p0", li a4, 5; LREG a5, 40(s0); nop; nop; bgeu a4, a5, 77f)
    ECALL_BRANCH(3, "ecall-bgeu-ld0-nt-p3", li a4, 5; LREG a5, 40(s0); bgeu a4, a5, 77f)
    ECALL_BRANCH(3, "ecall-bgeu-ld1-nt-p3", li a4, 5; LREG a5, 40(s0); nop; bgeu a4, a5, 77f)
    /* taken to the ECALL (a4 = 9 >= a5 = 5) */
    ECALL_BRANCH(0, "ecall-bgeu-ld0-t-p0", li a4, 9; LREG a5, 32(s0); bgeu a4, a5, 77f)
    ECALL_BRANCH(3, "ecall-bgeu-ld0-t-p3", li a4, 9; LREG a5, 32(s0); bgeu a4, a5, 77f)
    ECALL_BRANCH(0, "ecall-bgeu-ld1-t-p0", li a4, 9; LREG a5, 32(s0); nop; bgeu a4, a5, 77f)
    /* ALU operand (1 bubble), and nothing in flight */
    ECALL_BRANCH(0, "ecall-bgeu-alu-nt-p0", li a4, 5; addi a5, zero, 9; bgeu a4, a5, 77f)
    ECALL_BRANCH(3, "ecall-bgeu-alu-nt-p3", li a4, 5; addi a5, zero, 9; bgeu a4, a5, 77f)
    ECALL_BRANCH(0, "ecall-bgeu-none-nt-p0", li a4, 5; li a5, 9; nop; nop; nop; bgeu a4, a5, 77f)
    /* other kinds, the operand loaded right before, not taken; vTaskSuspend's is beqz */
    ECALL_BRANCH(0, "ecall-beqz-ld0-nt-p0", LREG a5, 40(s0); beqz a5, 77f)
    ECALL_BRANCH(3, "ecall-beqz-ld0-nt-p3", LREG a5, 40(s0); beqz a5, 77f)
    ECALL_BRANCH(0, "ecall-bne-ld0-nt-p0", li a4, 9; LREG a5, 40(s0); bne a4, a5, 77f)
    ECALL_BRANCH(0, "ecall-bltu-ld0-nt-p0", li a4, 9; LREG a5, 32(s0); bltu a4, a5, 77f)
    ECALL_BRANCH(0, "ecall-blt-ld0-nt-p0", li a4, 9; LREG a5, 32(s0); blt a4, a5, 77f)
    ECALL_BRANCH(0, "ecall-bge-ld0-nt-p0", li a4, 5; LREG a5, 40(s0); bge a4, a5, 77f)
    /* the same again four bytes further on (alignment), and the middle counter states */
    nop
    ECALL_BRANCH(0, "ecall-bge-ld0-nt-p0-shifted", li a4, 5; LREG a5, 40(s0); bge a4, a5, 77f)
    ECALL_BRANCH(0, "ecall-bgeu-ld0-nt-p0-shifted", li a4, 5; LREG a5, 40(s0); bgeu a4, a5, 77f)
    ECALL_BRANCH(0, "ecall-bge-ld0-nt-p0-again", li a4, 5; LREG a5, 40(s0); bge a4, a5, 77f)
    ECALL_BRANCH(1, "ecall-bgeu-ld0-nt-p1", li a4, 5; LREG a5, 40(s0); bgeu a4, a5, 77f)
    ECALL_BRANCH(2, "ecall-bgeu-ld0-nt-p2", li a4, 5; LREG a5, 40(s0); bgeu a4, a5, 77f)
    /* one instruction between the branch and the ECALL */
    ECALL_BRANCH(0, "ecall-bgeu-ld0-nt-p0-nop-between", li a4, 5; LREG a5, 40(s0); bgeu a4, a5, 77f; nop)
    /* no branch: a stalled ALU instruction or store right before the ECALL */
    ECALL_BRANCH(0, "ecall-addi-ld0", LREG a5, 40(s0); addi a6, a5, 1)
    ECALL_BRANCH(0, "ecall-sd-ld0", LREG a5, 40(s0); SREG a5, 48(s0))

    NAME "total-mcycle" /* main.c prints mcycle after the other values */
    .if SLOT > 319 /* RTL_MAX_SLOTS in main.c */
    .error "too many slots"
    .endif
    li a0, SLOT
    LREG ra, 0(sp)
    LREG s0, 1 * REGBYTES(sp)
    LREG s1, 2 * REGBYTES(sp)
    LREG s2, 3 * REGBYTES(sp)
    LREG s3, 4 * REGBYTES(sp)
    LREG s4, 5 * REGBYTES(sp)
    LREG s5, 6 * REGBYTES(sp)
    LREG s6, 7 * REGBYTES(sp)
    LREG s7, 8 * REGBYTES(sp)
    LREG s8, 9 * REGBYTES(sp)
    LREG s9, 10 * REGBYTES(sp)
    LREG s10, 11 * REGBYTES(sp)
    LREG s11, 12 * REGBYTES(sp)
    addi sp, sp, 16 * REGBYTES
    ret

/* ---- trap handlers ----------------------------------------------------------------------- */
    .section .text.rtl_handlers, "ax"
    .align 2
h_ecall_plain:
    csrr t3, mepc
    addi t3, t3, 4
    csrw mepc, t3
    .rept 8
    nop
    .endr
    mret

    .align 2
h_ecall_stamp:
    csrr s4, mcycle
    csrr t3, mepc
    sub s6, t3, a7
    csrr s7, mcause
    addi t3, a7, 4
    csrw mepc, t3
    PAD
    csrr s5, mcycle
    mret

    .align 2
h_ecall_next:
    csrr t3, mepc
    addi t3, t3, 4
    PAD
    csrw mepc, t3
    PAD
    mret

    .align 2
h_mret_alu:
    addi t3, a7, 4
    csrw mepc, t3
    PAD
    li a5, 1
    mret

.irp s, 0, 1, 2, 3
    .align 2
eb_predictor\s:
    PREDICTOR \s
    jalr zero, 0(t6)
.endr

    .align 2
h_ecall_branch:
    csrr t3, mepc
    sub s6, a7, t3
    addi t3, a7, 4
    csrw mepc, t3
    PAD
    mret

    .align 2
h_timer:
    csrr s4, mcycle
    csrr t3, mepc
    sub s6, t3, a7
    csrr s7, mcause
    andi s7, s7, 0xff
    li a5, 1
    li t3, -1
    SREG t3, 8(s2)
    csrw mie, zero
    PAD
    mret
    /* the RTL fetches past an MRET and its trap detector looks at what it fetched (a data
     * word that decodes as a JAL with a misaligned target raises a trap after the MRET):
     * instructions, not data, follow the last one */
    PAD

    .section .rodata
    .align 3
rtl_rom_word:
    .word 0x01234567, 0x89abcdef

    .bss
    .align 3
rtl_scratch:
    .space 64
