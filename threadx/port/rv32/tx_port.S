/* ThreadX port routines for RV32IM, GNU assembler (threadx/port/rv32/tx_port.h).
 *
 * Two frames live on a thread's stack while it is not running; word 0 tells them apart:
 *   interrupt frame, 32 words (the trap entry allocates it, tx_board.h): 0 = 1, 1..11 =
 *     s11..s1, 12 = s0, 13..16 = t6..t3, 17..19 = t2..t0, 20..27 = a7..a0, 28 = ra,
 *     30 = mepc; every register, so the thread resumes exactly where it was interrupted.
 *   solicited frame, 16 words (a thread that blocked in a kernel call): 0 = 0, 1..11 =
 *     s11..s1, 12 = s0, 13 = ra, 14 = mstatus; the callee-saved registers only, since the
 *     thread is inside a function call.
 * This is ThreadX's RISC-V layout, so the board's trap entry and ThreadX-aware debuggers read
 * the same words at both widths.  The routines only save, restore and switch stacks; every
 * scheduling decision is ThreadX's C. */
#include "tx_port.h"
#include "tx_port_offsets.h"

#define W(n) ((n) * REGBYTES)
#define IFRAME_WORDS 32
#define SFRAME_WORDS 16
/* mstatus for the mret into an interrupted or new thread: MPP = M, MPIE = 1 (interrupts on) */
#define MSTATUS_RESUME 0x1880

/* s1..s11 at words 11..1 of either frame (s0 at 12) */
.macro SAVED_REGS op
    \op     s0, W(12)(sp)
    \op     s1, W(11)(sp)
    \op     s2, W(10)(sp)
    \op     s3, W(9)(sp)
    \op     s4, W(8)(sp)
    \op     s5, W(7)(sp)
    \op     s6, W(6)(sp)
    \op     s7, W(5)(sp)
    \op     s8, W(4)(sp)
    \op     s9, W(3)(sp)
    \op     s10, W(2)(sp)
    \op     s11, W(1)(sp)
.endm

/* the caller-saved registers but ra, t0 and t1, which the trap entry and context save store first */
.macro SCRATCH_REGS op
    \op     t2, W(17)(sp)
    \op     t3, W(16)(sp)
    \op     t4, W(15)(sp)
    \op     t5, W(14)(sp)
    \op     t6, W(13)(sp)
    \op     a0, W(27)(sp)
    \op     a1, W(26)(sp)
    \op     a2, W(25)(sp)
    \op     a3, W(24)(sp)
    \op     a4, W(23)(sp)
    \op     a5, W(22)(sp)
    \op     a6, W(21)(sp)
    \op     a7, W(20)(sp)
.endm

/* Return from the interrupt frame at sp (interrupts off): every caller-saved register, mepc,
 * and mret. */
.macro IFRAME_RETURN
    LOAD    t0, W(30)(sp)
    csrw    mepc, t0
    li      t0, MSTATUS_RESUME
    csrw    mstatus, t0
    SCRATCH_REGS LOAD
    LOAD    ra, W(28)(sp)
    LOAD    t0, W(19)(sp)
    LOAD    t1, W(18)(sp)
    addi    sp, sp, W(IFRAME_WORDS)
    mret
.endm

/* VOID _tx_thread_schedule(VOID): wait with interrupts on until ThreadX names a thread to
 * execute, then run it from whichever frame it left.  Never returns.  Entered on the system
 * stack. */
    .section .text._tx_thread_schedule, "ax"
    .globl _tx_thread_schedule
_tx_thread_schedule:
    csrsi   mstatus, 8
    la      t0, _tx_thread_execute_ptr
    /* An interrupt taken in this loop ends by jumping back to _tx_thread_schedule (the idle
     * case of the context restore), so t1 cannot go stale before the csrci below. */
1:  LOAD    t1, 0(t0)
    beqz    t1, 1b
    csrci   mstatus, 8
    la      t0, _tx_thread_current_ptr
    STORE   t1, 0(t0)
    LOAD    t2, TX_THREAD_RUN_COUNT(t1)
    addi    t2, t2, 1
    STORE   t2, TX_THREAD_RUN_COUNT(t1)
    LOAD    t3, TX_THREAD_TIME_SLICE(t1)
    la      t2, _tx_timer_time_slice
    STORE   t3, 0(t2)
    LOAD    sp, TX_THREAD_STACK_PTR(t1)
    LOAD    t2, 0(sp)
    beqz    t2, 2f
    SAVED_REGS LOAD
    IFRAME_RETURN
2:  SAVED_REGS LOAD
    LOAD    ra, W(13)(sp)
    LOAD    t0, W(14)(sp)
    addi    sp, sp, W(SFRAME_WORDS)
    csrw    mstatus, t0             /* the caller's interrupt posture */
    ret

/* VOID _tx_thread_system_return(VOID): the running thread gives up the processor inside a
 * kernel call (ThreadX's C decided so); it resumes by returning from this call. */
    .section .text._tx_thread_system_return, "ax"
    .globl _tx_thread_system_return
_tx_thread_system_return:
    addi    sp, sp, -W(SFRAME_WORDS)
    STORE   zero, 0(sp)
    SAVED_REGS STORE
    STORE   ra, W(13)(sp)
    csrrci  t0, mstatus, 8
    STORE   t0, W(14)(sp)
    la      t0, _tx_thread_current_ptr
    LOAD    t1, 0(t0)
    STORE   sp, TX_THREAD_STACK_PTR(t1)
    LOAD    sp, _tx_thread_system_stack_ptr
    /* keep what is left of the thread's time slice */
    la      t2, _tx_timer_time_slice
    LOAD    t3, 0(t2)
    beqz    t3, 1f
    STORE   t3, TX_THREAD_TIME_SLICE(t1)
    STORE   zero, 0(t2)
1:  STORE   zero, 0(t0)
    j       _tx_thread_schedule

/* VOID _tx_thread_context_save(VOID): called by the trap entry with interrupts off, the
 * interrupt frame allocated and ra in it.  Saves the rest of the caller-saved registers and
 * mepc, counts the interrupt, and moves to the system stack if a thread was interrupted. */
    .section .text._tx_thread_context_save, "ax"
    .globl _tx_thread_context_save
_tx_thread_context_save:
    STORE   t0, W(19)(sp)
    STORE   t1, W(18)(sp)
    la      t0, _tx_thread_system_state
    LOAD    t1, 0(t0)
    addi    t1, t1, 1
    STORE   t1, 0(t0)
    li      t0, 1
    bne     t1, t0, 2f              /* nested: stay on the interrupted handler's stack */
    LOAD    t1, _tx_thread_current_ptr
    beqz    t1, 1f
    SCRATCH_REGS STORE
    csrr    t0, mepc
    STORE   t0, W(30)(sp)
    STORE   sp, TX_THREAD_STACK_PTR(t1)
    LOAD    sp, _tx_thread_system_stack_ptr
    ret
    /* The scheduler's idle loop was interrupted: it keeps nothing, so the frame goes. */
1:  addi    sp, sp, W(IFRAME_WORDS)
    ret
2:  SCRATCH_REGS STORE
    csrr    t0, mepc
    STORE   t0, W(30)(sp)
    ret

/* VOID _tx_thread_context_restore(VOID): the end of every interrupt.  Returns to the
 * interrupted thread (or handler), or, when ThreadX made another thread the one to execute,
 * completes the interrupted thread's frame and schedules.  Never returns to its caller. */
    .section .text._tx_thread_context_restore, "ax"
    .globl _tx_thread_context_restore
_tx_thread_context_restore:
    csrci   mstatus, 8
    la      t0, _tx_thread_system_state
    LOAD    t1, 0(t0)
    addi    t1, t1, -1
    STORE   t1, 0(t0)
    bnez    t1, 2f
    LOAD    t1, _tx_thread_current_ptr
    beqz    t1, 3f
    lw      t2, _tx_thread_preempt_disable
    bnez    t2, 1f
    LOAD    t2, _tx_thread_execute_ptr
    bne     t1, t2, 4f
1:  LOAD    sp, TX_THREAD_STACK_PTR(t1)
2:  IFRAME_RETURN
3:  j       _tx_thread_schedule     /* the idle loop was interrupted: schedule afresh */
    /* Preemption: the callee-saved registers complete the interrupted thread's frame. */
4:  LOAD    sp, TX_THREAD_STACK_PTR(t1)
    SAVED_REGS STORE
    li      t2, 1
    STORE   t2, 0(sp)
    la      t2, _tx_timer_time_slice
    LOAD    t3, 0(t2)
    beqz    t3, 5f
    STORE   t3, TX_THREAD_TIME_SLICE(t1)
    STORE   zero, 0(t2)
5:  la      t0, _tx_thread_current_ptr
    STORE   zero, 0(t0)
    LOAD    sp, _tx_thread_system_stack_ptr
    j       _tx_thread_schedule

/* VOID _tx_thread_stack_build(TX_THREAD *thread_ptr, VOID (*function_ptr)(VOID)): an interrupt
 * frame at the top of the new thread's stack (16-byte aligned), every register zero, that
 * "returns" to function_ptr with interrupts on. */
    .section .text._tx_thread_stack_build, "ax"
    .globl _tx_thread_stack_build
_tx_thread_stack_build:
    LOAD    t0, TX_THREAD_STACK_END(a0)
    andi    t0, t0, -16
    addi    t0, t0, -W(IFRAME_WORDS)
    li      t1, IFRAME_WORDS - 1
    addi    t2, t0, W(IFRAME_WORDS)
1:  addi    t2, t2, -REGBYTES
    STORE   zero, 0(t2)
    addi    t1, t1, -1
    bnez    t1, 1b
    li      t1, 1
    STORE   t1, 0(t0)
    STORE   a1, W(30)(t0)
    STORE   t0, TX_THREAD_STACK_PTR(a0)
    ret

/* UINT _tx_thread_interrupt_control(UINT new_posture): set mstatus.MIE as new_posture says
 * (TX_INT_ENABLE or TX_INT_DISABLE) and return the previous posture. */
    .section .text._tx_thread_interrupt_control, "ax"
    .globl _tx_thread_interrupt_control
_tx_thread_interrupt_control:
    csrrci  t0, mstatus, 8
    andi    a0, a0, 8
    csrs    mstatus, a0
    andi    a0, t0, 8
    ret
