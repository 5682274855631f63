/* RK0's RISC-V trap entry and first start (machine mode, RV32 and RV64), the part of the
 * architecture layer that must be assembly: it only saves, restores and calls C
 * (rk0/port/rk_port.c decides).  The frame (rk0/port/kcoredefs.h): 32 register slots on the
 * interrupted task's stack, slot n = xn for x1 and x5-x31, slot 0 mepc, slot 2 mstatus. */
#if __riscv_xlen == 64
#define LOAD ld
#define STORE sd
#define REGBYTES 8
#else
#define LOAD lw
#define STORE sw
#define REGBYTES 4
#endif
#define FRAME (32 * REGBYTES)
/* The interrupt stack: every trap's C part runs here, as ARMv7-M's handlers run on MSP, so
 * that a task's stack holds only its frame. */
#define ISR_STACK_BYTES (256 * REGBYTES)

    .section .bss.rk_port_isr_stack, "aw", @nobits
    .balign 16
    .globl rk_port_isr_stack
rk_port_isr_stack:
    .space ISR_STACK_BYTES
    .globl rk_port_isr_stack_top
rk_port_isr_stack_top:

    .section .text.rk_port_trap_entry, "ax"
    .balign 4
    .globl rk_port_trap_entry
rk_port_trap_entry:
    addi    sp, sp, -FRAME
    STORE   x1, 1*REGBYTES(sp)
    STORE   x5, 5*REGBYTES(sp)
    STORE   x6, 6*REGBYTES(sp)
    STORE   x7, 7*REGBYTES(sp)
    STORE   x8, 8*REGBYTES(sp)
    STORE   x9, 9*REGBYTES(sp)
    STORE   x10, 10*REGBYTES(sp)
    STORE   x11, 11*REGBYTES(sp)
    STORE   x12, 12*REGBYTES(sp)
    STORE   x13, 13*REGBYTES(sp)
    STORE   x14, 14*REGBYTES(sp)
    STORE   x15, 15*REGBYTES(sp)
    STORE   x16, 16*REGBYTES(sp)
    STORE   x17, 17*REGBYTES(sp)
    STORE   x18, 18*REGBYTES(sp)
    STORE   x19, 19*REGBYTES(sp)
    STORE   x20, 20*REGBYTES(sp)
    STORE   x21, 21*REGBYTES(sp)
    STORE   x22, 22*REGBYTES(sp)
    STORE   x23, 23*REGBYTES(sp)
    STORE   x24, 24*REGBYTES(sp)
    STORE   x25, 25*REGBYTES(sp)
    STORE   x26, 26*REGBYTES(sp)
    STORE   x27, 27*REGBYTES(sp)
    STORE   x28, 28*REGBYTES(sp)
    STORE   x29, 29*REGBYTES(sp)
    STORE   x30, 30*REGBYTES(sp)
    STORE   x31, 31*REGBYTES(sp)
    csrr    t0, mepc
    STORE   t0, 0(sp)
    csrr    t0, mstatus
    STORE   t0, 2*REGBYTES(sp)
    csrr    a0, mcause
    mv      a1, sp
    la      sp, rk_port_isr_stack_top
    /* returns the frame to restore: this one, or the next task's after a switch */
    call    rk_port_trap
    mv      sp, a0
    .globl rk_port_restore
rk_port_restore:
    LOAD    t0, 0(sp)
    csrw    mepc, t0
    LOAD    t0, 2*REGBYTES(sp)
    csrw    mstatus, t0
    LOAD    x1, 1*REGBYTES(sp)
    LOAD    x5, 5*REGBYTES(sp)
    LOAD    x6, 6*REGBYTES(sp)
    LOAD    x7, 7*REGBYTES(sp)
    LOAD    x8, 8*REGBYTES(sp)
    LOAD    x9, 9*REGBYTES(sp)
    LOAD    x10, 10*REGBYTES(sp)
    LOAD    x11, 11*REGBYTES(sp)
    LOAD    x12, 12*REGBYTES(sp)
    LOAD    x13, 13*REGBYTES(sp)
    LOAD    x14, 14*REGBYTES(sp)
    LOAD    x15, 15*REGBYTES(sp)
    LOAD    x16, 16*REGBYTES(sp)
    LOAD    x17, 17*REGBYTES(sp)
    LOAD    x18, 18*REGBYTES(sp)
    LOAD    x19, 19*REGBYTES(sp)
    LOAD    x20, 20*REGBYTES(sp)
    LOAD    x21, 21*REGBYTES(sp)
    LOAD    x22, 22*REGBYTES(sp)
    LOAD    x23, 23*REGBYTES(sp)
    LOAD    x24, 24*REGBYTES(sp)
    LOAD    x25, 25*REGBYTES(sp)
    LOAD    x26, 26*REGBYTES(sp)
    LOAD    x27, 27*REGBYTES(sp)
    LOAD    x28, 28*REGBYTES(sp)
    LOAD    x29, 29*REGBYTES(sp)
    LOAD    x30, 30*REGBYTES(sp)
    LOAD    x31, 31*REGBYTES(sp)
    addi    sp, sp, FRAME
    mret
    .size rk_port_trap_entry, . - rk_port_trap_entry

/* rk_port_first(frame): enter the first task, whose frame kInitStack_ built (its mstatus
 * turns interrupts on at the mret). */
    .section .text.rk_port_first, "ax"
    .globl rk_port_first
rk_port_first:
    mv      sp, a0
    j       rk_port_restore
    .size rk_port_first, . - rk_port_first
