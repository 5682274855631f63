/* Tempo RISC-V port: context switch, yield fast path, thread start, trap entry (RV32, RV64).
 *
 * Cost model (docs/timing.md): every JAL/JALR costs 6 cycles, every RAM store stalls 1,
 * a mispredicted or taken-unpredicted branch costs 6 (one global 2-bit counter), so the paths
 * here are straight lines and save only what the calling convention requires.
 *
 * A switch frame is 13 words on the thread's stack: the resume pc, s0-s11 (in the order of
 * port_defs.h TK_FRAME_PC: built for size, libgcc's save routine lays it out).  Every context
 * resumes with interrupts enabled (RESTORE_CONTEXT):
 *   - a voluntary switch (yield, blocking call) is an ordinary call of tk_port_switch and
 *     resumes straight at its caller's return address;
 *   - the interrupt exit (tk_port_trap_entry, or tk_port_switch_isr from tk__isr_exit)
 *     switches with the resume pc tk_port_isr_resume, which disables interrupts at once and
 *     leaves through mret (debuggers tell the two apart by that address: the simulator's
 *     thread view).
 * An interrupt saves the caller-saved registers on the interrupted thread's stack, and mepc
 * too when its exit switches. */
#include "offsets.h" /* generated from gen_offsets.c (kernel/kernel.mk); includes port_defs.h */
#include "riscv/encoding.h"
#if __riscv_xlen == 64
#define SREG sd
#define LREG ld
#else
#define SREG sw
#define LREG lw
#endif
#define R TK_R
#define TRAP_FRAME (18 * R) /* ra, t0-t6, a0-a7, mepc, (TK_IRQ_NESTING) the masked mie bits */
/* The switch frame's words (port_defs.h): the resume pc, s0-s11 */
#define FRAME_PC (TK_FRAME_PC * R)
#if TK_PORT_OWN_FRAME
#define FRAME_S(i) ((TK_FRAME_S0 + (i)) * R)
#else
#define FRAME_S(i) ((TK_FRAME_S0 - (i)) * R)
#endif

/* Save the outgoing context (resume pc in register `pc`, its new sp = sp - TK_SWITCH_FRAME in
 * t1, computed by the caller) and store that sp in from (a0).  The frame is written below sp
 * before sp is lowered (interrupts are disabled on every switch path): no store waits for a
 * just-computed sp.  The old sp need not be lowered at all: the incoming context loads its
 * own. */
.macro SAVE_CONTEXT pc=ra, s11_saved=0
    SREG    s0, 1*R-TK_SWITCH_FRAME(sp)
    SREG    s1, 2*R-TK_SWITCH_FRAME(sp)
    SREG    s2, 3*R-TK_SWITCH_FRAME(sp)
    SREG    s3, 4*R-TK_SWITCH_FRAME(sp)
    SREG    s4, 5*R-TK_SWITCH_FRAME(sp)
    SREG    s5, 6*R-TK_SWITCH_FRAME(sp)
    SREG    s6, 7*R-TK_SWITCH_FRAME(sp)
    SREG    s7, 8*R-TK_SWITCH_FRAME(sp)
    SREG    s8, 9*R-TK_SWITCH_FRAME(sp)
    SREG    s9, 10*R-TK_SWITCH_FRAME(sp)
    SREG    s10, 11*R-TK_SWITCH_FRAME(sp)
    .if !\s11_saved
    SREG    s11, 12*R-TK_SWITCH_FRAME(sp)
    .endif
    SREG    \pc, 0*R-TK_SWITCH_FRAME(sp)
    SREG    t1, TK_T_SP(a0)
.endm

/* Load the context of `to` (a1) and resume it.  The load of the resumed call's return value
 * (see tk_port_switch) fills the wait for the new sp; with set_current=1, so does the store
 * that makes `to` the kernel's current thread (a store's own stall hides the rest).  The
 * whole frame is popped with interrupts disabled; every context then resumes with interrupts
 * enabled: a voluntary switch returns straight into the caller of the kernel call (ra need
 * not be restored: a call leaves it dead in its caller), and a thread switched out at
 * interrupt exit resumes in tk_port_isr_resume, whose first instruction disables them again.
 * An interrupt taken in between (the resume window: t0 holds tk_port_isr_resume, sp is at
 * the trap frame still to unwind) is one of that thread whose exit, should it switch away
 * again, drops its own trap frame (tk_port_switch_isr): the thread's state is then exactly
 * what it was when switched out, and its stack does not grow by a frame a round. */
.macro RESTORE_CONTEXT set_current=0
    LREG    sp, TK_T_SP(a1)
    lh      a0, TK_T_WAIT_RESULT(a1)
    .if \set_current
    SREG    a1, TK_K_CURRENT(tp)
    .endif
    LREG    t0, FRAME_PC(sp)
    LREG    s0, FRAME_S(0)(sp)
    LREG    s1, FRAME_S(1)(sp)
    LREG    s2, FRAME_S(2)(sp)
    LREG    s3, FRAME_S(3)(sp)
    LREG    s4, FRAME_S(4)(sp)
    LREG    s5, FRAME_S(5)(sp)
    LREG    s6, FRAME_S(6)(sp)
    LREG    s7, FRAME_S(7)(sp)
    LREG    s8, FRAME_S(8)(sp)
    LREG    s9, FRAME_S(9)(sp)
    LREG    s10, FRAME_S(10)(sp)
    LREG    s11, FRAME_S(11)(sp)
    addi    sp, sp, TK_SWITCH_FRAME
    csrsi   mstatus, MSTATUS_MIE
    jr      t0
.endm

/* With TK_SPLIT_SECTIONS (the kernel library's build, beside -ffunction-sections), every
 * routine in its own section (.text.<name>): linked with --gc-sections, an image holds only
 * the routines it reaches.  Without it, one .text: the linker gives a discarded section's
 * debug information address 0, where the paper SoC's code starts, so GDB would name a
 * discarded routine for the first instructions of the image (the examples build without). */
.macro FUNC name
#ifdef TK_SPLIT_SECTIONS
    .section .text.\name, "ax", @progbits
#else
    .text
#endif
    .globl \name
    .type \name, @function
    .align 2
.endm

/* int tk_port_switch(struct tk_thread *from, struct tk_thread *to): voluntary switch,
 * interrupts disabled on entry, enabled when the caller resumes.  It returns, when `from` is
 * resumed, from->wait_result: the kernel tail-calls it, so a blocked thread returns straight
 * to its caller with the outcome its waker stored. */
    FUNC tk_port_switch
#if TK_PORT_OWN_FRAME
tk_port_switch:
    addi    t1, sp, -TK_SWITCH_FRAME
    SAVE_CONTEXT
    RESTORE_CONTEXT
#else
/* Built for size, one copy of the save and the restore, which the other switches jump into:
 * libgcc's __riscv_save_12 and __riscv_restore_12, the routines of every -msave-restore
 * prologue and epilogue (mk/firmware.mk), which the kernel links already.  The save pushes
 * ra (the resume pc), s0-s11 (the frame of port_defs.h TK_FRAME_PC); the restore pops them and
 * returns to ra.  The frame is popped with interrupts disabled, as RESTORE_CONTEXT does: the
 * resume pc is taken out into t0 (which the restore leaves alone) and the frame's ra made the
 * address of the two instructions that enable interrupts and jump to it.
 *
 * int tk__switch_return(struct tk_thread *next) (kernel/ksched.h, where the speed build has
 * it in C) is the switch's own entry: the current thread's stack check (tk__stack_ok, on the
 * caller's sp), next made the current thread, then the switch. */
    .globl tk__switch_return
    .type tk__switch_return, @function
tk__switch_return:
    mv      a1, a0
    LREG    a0, TK_K_CURRENT(tp)
    addi    t1, sp, -TK_SWITCH_FRAME
    LREG    t2, TK_T_GUARD(a0)
    LREG    t3, 0(t2)
    bne     t3, t2, 1f               /* the guard word holds its own address */
    bgeu    t2, t1, 1f               /* the frame to push would reach the guard */
    SREG    a1, TK_K_CURRENT(tp)
tk_port_switch:
    jal     t0, __riscv_save_12
    SREG    sp, TK_T_SP(a0)
.Lswitch_restore:
#if TK_CONFIG_IRQ
    LREG    sp, TK_T_SP(a1)
    lla     t1, .Lswitch_resume
    LREG    t0, FRAME_PC(sp)
    lh      a0, TK_T_WAIT_RESULT(a1)
    SREG    t1, FRAME_PC(sp)
    tail    __riscv_restore_12
.Lswitch_resume:
    csrsi   mstatus, MSTATUS_MIE
    jr      t0
#else /* no interrupt is ever taken (tempo.h): interrupts enabled before the restore */
    LREG    sp, TK_T_SP(a1)
    lh      a0, TK_T_WAIT_RESULT(a1)
    csrsi   mstatus, MSTATUS_MIE
    tail    __riscv_restore_12
#endif
1:  tail    tk_port_stack_fault      /* a0: the current thread; does not return */
    .size tk__switch_return, . - tk__switch_return
/* The simulator's thread view (sim/observe/rtos_tempo.c) reads a thread's registers from its switch
 * frame: this symbol (no code) tells it the frame is libgcc's. */
    .globl tk_port_frame_save_restore
    .set tk_port_frame_save_restore, 1
#endif
    .size tk_port_switch, . - tk_port_switch

#if TK_CONFIG_IRQ /* port_defs.h, tempo.h: else no interrupt is taken */
/* tk_port_switch_isr (a0 from, a1 to, a2 frame): the switch at interrupt exit (ISR_EXIT, once
 * tk__isr_exit has returned its decision), frame being the trap frame of the interrupt
 * (tk_port_trap_entry), sp at or below it.  The switch frame goes right under the trap frame,
 * with mepc (the interrupted code's resume pc, not saved at entry) in the trap frame, and the
 * thread resumes in tk_port_isr_resume.  No C frame lies below: the callee-saved registers
 * saved are the interrupted thread's.
 * Unless the interrupt cut into a resume window (RESTORE_CONTEXT): the thread was switched
 * back in, its switch frame popped, and had not yet disabled interrupts in the stub it resumes
 * in (tk_port_isr_resume, or tk_port_direct_resume for a switch from a direct handler).  The
 * interrupted t0 then holds that stub's address (the kernel puts it there with interrupts
 * disabled, and the stub overwrites it with them disabled again), and sp is just above where
 * the thread's popped switch frame was (its saved sp, not yet written again).  Its live state
 * is then its callee-saved registers alone, the rest waiting in the frames above: the trap
 * frame of this interrupt is dropped and the thread is saved as it was switched out, resuming
 * in the same stub. */
    FUNC tk_port_switch_isr
tk_port_switch_isr:
    LREG    t3, 1*R(a2)              /* the interrupted t0 */
    lla     t0, tk_port_isr_resume
    csrr    t2, mepc
    mv      sp, a2
    beq     t3, t0, 3f
#ifdef TK_IRQ_DIRECT_EXTERNAL
    lla     t4, tk_port_direct_resume
    beq     t3, t4, 3f
#endif
1:  SREG    t2, 16*R(a2)
2:
#if TK_PORT_OWN_FRAME
    addi    t1, sp, -TK_SWITCH_FRAME
    SAVE_CONTEXT pc=t0
    RESTORE_CONTEXT
#else
    mv      ra, t0                   /* the shared save takes the resume pc in ra */
    j       tk_port_switch
#endif
3:  LREG    t4, TK_T_SP(a0)
    addi    t5, a2, TRAP_FRAME - TK_SWITCH_FRAME
    bne     t4, t5, 1b               /* t0 as it happens: not the window */
    addi    sp, a2, TRAP_FRAME       /* the window: this trap frame goes */
    mv      t0, t3                   /* and the thread resumes in its stub again */
    j       2b
    .size tk_port_switch_isr, . - tk_port_switch_isr
#endif

/* void tk_port_start(struct tk_thread *to): nothing to save (start, exit). */
    FUNC tk_port_start
tk_port_start:
    mv      a1, a0
#if TK_PORT_OWN_FRAME
    RESTORE_CONTEXT
#else
    j       .Lswitch_restore
#endif
    .size tk_port_start, . - tk_port_start

#if TK_PORT_FAST_PATHS /* port_defs.h: built for size, the C path (kernel/thread.c) serves */
/* int tk_yield(void): the fast path of tk__yield_c (kernel/thread.c), the kernel's most
 * frequent switch, as one straight line: from a thread (interrupts enabled) with the
 * scheduler unlocked, reload the caller's time slice; if another thread of the caller's
 * priority is ready (nothing higher can be: it would be running), make it the head of the
 * ready list, check the caller's stack guard word and switch to it.  The errors are
 * tk__yield_c's.  tests/kernel/policy.c checks that both do the same on random states. */
    FUNC tk_yield
tk_yield:
    csrrci  t2, mstatus, MSTATUS_MIE
    andi    t2, t2, MSTATUS_MIE
    addi    t1, sp, -TK_SWITCH_FRAME
    beqz    t2, 9f                   /* the state is read only from a thread (kbase.h: tk_kp) */
#if TK_IRQ_NESTING
    lbu     t3, TK_K_NEST(tp)        /* a handler runs with interrupts enabled: the C version */
    bnez    t3, 9f
#endif
    lbu     t3, TK_K_LOCK(tp)
    LREG    a0, TK_K_CURRENT(tp)
    /* The switch frame's word nearest sp, in the shadow of the load (below sp, so harmless
     * on the paths that do not switch); the stack check below covers the whole frame. */
    SREG    s11, 12*R-TK_SWITCH_FRAME(sp)
    bnez    t3, 9f
    LREG    a1, TK_T_NEXT(a0)
    LREG    t5, TK_T_GUARD(a0)
    lhu     t6, TK_T_SLICE(a0)
    LREG    t3, TK_T_READY_SLOT(a0)  /* the head of its ready list */
    LREG    t4, 0(t5)                /* the guard word */
    sw      t6, TK_T_SLICE_LEFT(a0)  /* and wait_result = TK_OK (gen_offsets.c), when resumed */
    beq     a0, a1, 7f
    SREG    a1, 0(t3)                /* the next thread becomes the head of the list */
    bne     t4, t5, 6f               /* the guard word holds its own address */
    bgeu    t5, t1, 6f               /* the frame to push would reach the guard */
    SAVE_CONTEXT s11_saved=1
    RESTORE_CONTEXT set_current=1
6:  /* stack overflow of the caller: does not return */
    SREG    a0, 0(t3)       /* undo: the caller stays the head of its list */
    call    tk_port_stack_fault
7:  /* alone at its priority: nothing to do */
    csrsi   mstatus, MSTATUS_MIE
    mv      a0, zero                 /* TK_OK */
    ret
9:  csrs    mstatus, t2
    tail    tk__yield_c
    .size tk_yield, . - tk_yield

#endif

/* First code of every thread: its initial switch frame resumes here (interrupts enabled)
 * with s0 = arg, s1 = entry; returning from entry exits the thread. */
    FUNC tk_port_thread_entry
tk_port_thread_entry:
    mv      a0, s0
    jalr    s1
    tail    tk_thread_exit           /* does not return */
    .size tk_port_thread_entry, . - tk_port_thread_entry

#if TK_CONFIG_IRQ
/* The trap frame (TRAP_FRAME): ra, t0-t2, a0-a7, t3-t6, mepc, on the interrupted stack.
 * Restore the caller-saved registers and leave through mret. */
.macro RESTORE_CALLER_SAVED_MRET
    LREG    ra, 0*R(sp)
    LREG    t0, 1*R(sp)
    LREG    t1, 2*R(sp)
    LREG    t2, 3*R(sp)
    LREG    a0, 4*R(sp)
    LREG    a1, 5*R(sp)
    LREG    a2, 6*R(sp)
    LREG    a3, 7*R(sp)
    LREG    a4, 8*R(sp)
    LREG    a5, 9*R(sp)
    LREG    a6, 10*R(sp)
    LREG    a7, 11*R(sp)
    LREG    t3, 12*R(sp)
    LREG    t4, 13*R(sp)
    LREG    t5, 14*R(sp)
    LREG    t6, 15*R(sp)
    addi    sp, sp, TRAP_FRAME
    mret
.endm

#if __riscv_xlen == 64
#define LWU lwu
#define SRLIW srliw
#else
#define LWU lw
#define SRLIW srli
#endif
/* The interrupt exit, after the handler (sp at the trap frame, interrupts disabled): the
 * decision of tk__isr_exit (kernel/sched.c, the policy: switch to the highest ready thread
 * unless it is the current one or the scheduler is locked) for its two common cases, in line
 * (docs/timing.md: a call and its return cost 12 cycles):
 *   - nothing more urgent than the current thread is ready and the current thread is still
 *     the head of its ready list: it is the highest, leave through mret;
 *   - a more urgent thread is ready (a handler woke it): unless the scheduler is locked, the
 *     highest is the first of the lowest set bit of the ready map (de Bruijn, ready_q.h:
 *     tk__highest); save the current thread under its trap frame (mepc into the frame) after
 *     its stack check, and switch to it.
 * Everything else (the current thread rotated by its time slice, no longer ready, the idle
 * thread) is tk__isr_exit's.  The loads of the decision sit before the instructions that use
 * them, the stack check's and mepc's between the steps of the bit search.  tests/kernel/
 * policy.c checks the exit against tk__isr_next on random states.  Built for size (-Os, as
 * TK_SIZE shares the helpers), the exit is a call of tk__isr_exit alone: the in-line form
 * costs about 270 bytes. */
.macro ISR_EXIT
#if !TK_PORT_FAST_PATHS
    call    tk__isr_exit             /* the thread to switch away from, or NULL */
    bnez    a0, .Lisr_switch
.Ltrap_return:                       /* tk_port_isr_resume's way out, built for size */
    RESTORE_CALLER_SAVED_MRET
.Lisr_switch:
    LREG    a1, TK_K_CURRENT(tp)     /* the thread to run, made current */
    mv      a2, sp
    j       tk_port_switch_isr
#else
    LREG    a0, TK_K_CURRENT(tp)
    LWU     t0, TK_K_MAP(tp)
    lbu     t3, TK_K_LOCK(tp)
    LWU     t1, TK_T_PRIO_BIT(a0)
    LREG    t2, TK_T_READY_SLOT(a0)
    LREG    t5, TK_T_GUARD(a0)
    addi    t1, t1, -1               /* the bits of the more urgent priorities */
    LREG    t2, 0(t2)                /* the head of the current thread's ready list */
    and     t4, t1, t0
    beqz    t4, 5f
    bnez    t3, 6f                   /* scheduler locked: no switch */
    LREG    a2, 1*R(sp)              /* the interrupted t0 */
    neg     t0, t4                   /* the lowest set bit of the map is t4's */
    li      t6, TK_DEBRUIJN32
    and     t0, t0, t4
    LREG    t3, 0(t5)                /* the guard word */
    lla     a3, tk_port_isr_resume
    mul     t0, t0, t6
    csrr    t2, mepc
    addi    t1, sp, -TK_SWITCH_FRAME
    /* The interrupt cut into a resume window (RESTORE_CONTEXT): tk_port_switch_isr's
     * case, by the C path */
    beq     a2, a3, 7f
#ifdef TK_IRQ_DIRECT_EXTERNAL
    lla     a4, tk_port_direct_resume
    beq     a2, a4, 7f
#endif
    SRLIW   t0, t0, TK_DEBRUIJN_SHIFT
    SREG    t2, 16*R(sp)
    add     t0, t0, tp
    lbu     t0, TK_K_DEBRUIJN(t0)    /* byte offset of the ready list */
    bne     t3, t5, 8f               /* the guard word holds its own address */
    bgeu    t5, t1, 8f               /* the frame to push would reach the guard */
    add     t0, t0, tp
    LREG    a1, TK_K_READY(t0)
    SAVE_CONTEXT pc=a3
    RESTORE_CONTEXT set_current=1
5:  bne     t2, a0, 7f               /* not the head of its list (or idle): the C policy */
6:  RESTORE_CALLER_SAVED_MRET
7:  call    tk__isr_exit             /* the thread to switch away from, or NULL */
    beqz    a0, 6b
    LREG    a1, TK_K_CURRENT(tp)     /* the thread to run, made current */
    mv      a2, sp
    j       tk_port_switch_isr
8:  call    tk_port_stack_fault      /* a0: the current thread; does not return */
#endif
.endm

/* Trap vector (mtvec direct mode; 4-byte aligned).  No nesting: MIE stays 0 in handlers.
 * tp, the kernel's base, is a constant, so it is the one register free before anything is
 * saved: it holds mcause until rebuilt.  An exception leaves at once for the exception stack
 * (the thread's stack may be the fault: an overflow would fault again on every frame save).
 * The test is written not taken for an interrupt: it costs nothing when the global branch
 * counter says not taken, 6 cycles when the interrupted code left it at taken (a busy loop);
 * the taken form would cost 2 or 6, but leaves the counter at taken for the handler and the
 * kernel's calls, whose error tests are not taken (measured: 4 cycles less interrupt
 * latency under a busy loop, 6 to 8 more on every kernel metric posted from a handler).
 * An interrupt saves the caller-saved registers on the thread's stack (all a C handler may
 * change, and nothing else: mepc and mstatus stay valid in the CSRs, as no trap can come
 * before the mret while MIE is 0; the exit saves mepc when it switches), calls the handler
 * of its entry of tk_kernel_state.irq (kbase.h: indexed by the cause code, every entry
 * always holding one) with its argument, without a test on the way, and ends in ISR_EXIT.  The
 * shift that scales the code also drops mcause's interrupt bit.  The dispatch instructions
 * sit between the stores, whose stalls (docs/timing.md: every RAM store freezes the
 * pipeline one cycle) hide the loads' latency.  sp is lowered before the test: the exception
 * path gives tk__fault the faulting code's sp back. */
    FUNC tk_port_trap_entry
tk_port_trap_entry:
    csrr    tp, mcause
#ifdef TK_IRQ_DIRECT_EXTERNAL
    /* The direct external handler (tempo.h): mcause's bit 3 is set, among the interrupts, for
     * the external one alone (codes 3, 7, 11).  Nothing is saved: the handler saves what it
     * uses (GCC's interrupt attribute) and leaves through mret; tp is the kernel base again
     * for its kernel calls.  The other interrupts read mcause again.  Both tests are taken
     * on the way to the handler: the busy loop an interrupt usually cuts into leaves the
     * branch counter at taken (2 cycles each, against 6 each not taken: measured 34 cycles
     * of Rhealstone interrupt latency against 43 with both written not taken). */
    bltz    tp, .Ltrap_interrupt
    addi    sp, sp, -TRAP_FRAME
    j       tk_port_exception
.Ltrap_direct:
    /* Not in a resume window (RESTORE_CONTEXT: t0 holds a resume stub's address, and sp is
     * just above the current thread's popped switch frame, tk_port_switch_isr's test): there
     * the handler would stack its frame, and should it switch a switch frame, on the frames
     * the thread is about to unwind, a round at a time.  It leaves at once instead, with
     * interrupts kept disabled (MPIE cleared): the thread unwinds its frames, and the
     * interrupt, still pending, is taken when the thread's last mret enables them again.
     * tp is the one register free for the tests. */
    lla     tp, tk_port_isr_resume
    bne     t0, tp, 1f               /* taken on the way to the handler, as the tests above */
    j       .Ltrap_window
1:  lla     tp, tk_port_direct_resume
    bne     t0, tp, 2f
.Ltrap_window:
    lla     tp, tk_kernel_state
    LREG    tp, TK_K_CURRENT(tp)
    LREG    tp, TK_T_SP(tp)
    addi    tp, tp, TK_SWITCH_FRAME
    beq     tp, sp, .Ltrap_defer     /* else t0 as it happens: an ordinary interrupt */
2:  lla     tp, tk_kernel_state
    j       TK_IRQ_DIRECT_EXTERNAL
.Ltrap_defer:
    li      tp, MSTATUS_MPIE
    csrc    mstatus, tp
    lla     tp, tk_kernel_state
    mret
.Ltrap_interrupt:
    andi    tp, tp, 8
    bnez    tp, .Ltrap_direct
    csrr    tp, mcause
    addi    sp, sp, -TRAP_FRAME
#else
    addi    sp, sp, -TRAP_FRAME
    bgez    tp, tk_port_exception
#endif
    SREG    t0, 1*R(sp)
    slli    t0, tp, TK_IRQ_SHIFT     /* code * entry size: the entry's offset */
    SREG    t1, 2*R(sp)
    lla     tp, tk_kernel_state
    SREG    ra, 0*R(sp)
    add     t0, t0, tp
    SREG    a0, 4*R(sp)
    LREG    t1, TK_K_IRQ(t0)         /* the handler */
    SREG    t2, 3*R(sp)
    LREG    a0, TK_K_IRQ+R(t0)       /* its argument */
    SREG    a1, 5*R(sp)
#if TK_IRQ_NESTING
    /* Nesting: mepc and the mie bits this entry masks (those of its priority and below that
     * were enabled) go into the frame, the depth goes up, and interrupts are enabled for the
     * handler: only a source of a higher priority can come.  The CSR instructions sit apart,
     * between the stores (docs/timing.md: a CSR instruction waits for an older one). */
    LREG    t2, TK_K_IRQ+2*R(t0)     /* the mask */
    SREG    a2, 6*R(sp)
    csrr    a1, mepc
    SREG    a3, 7*R(sp)
    SREG    a4, 8*R(sp)
    csrrc   a2, mie, t2
    SREG    a5, 9*R(sp)
    SREG    a6, 10*R(sp)
    and     a2, a2, t2
    SREG    a7, 11*R(sp)
    lbu     a3, TK_K_NEST(tp)
    SREG    t3, 12*R(sp)
    SREG    a1, 16*R(sp)
    addi    a3, a3, 1
    SREG    t4, 13*R(sp)
    SREG    a2, 17*R(sp)
    SREG    t5, 14*R(sp)
    sb      a3, TK_K_NEST(tp)
    SREG    t6, 15*R(sp)
    csrsi   mstatus, MSTATUS_MIE
    jalr    t1
    /* Interrupts off; the depth down; the masked sources back (unless a handler disabled
     * them meanwhile); mepc back (an inner interrupt overwrote it).  The switch, if any, only
     * at the outermost exit. */
    csrci   mstatus, MSTATUS_MIE
    lbu     a2, TK_K_NEST(tp)
    LREG    t3, 17*R(sp)
    LREG    t4, TK_K_IRQ_EN(tp)
    addi    a2, a2, -1
    sb      a2, TK_K_NEST(tp)
    and     t3, t3, t4
    LREG    t0, 16*R(sp)
    csrs    mie, t3
    li      t1, MSTATUS_MPP | MSTATUS_MPIE
    csrw    mepc, t0
    csrs    mstatus, t1
    bnez    a2, 1f
    ISR_EXIT
1:  RESTORE_CALLER_SAVED_MRET
#else
    SREG    a2, 6*R(sp)
    SREG    a3, 7*R(sp)
    SREG    a4, 8*R(sp)
    SREG    a5, 9*R(sp)
    SREG    a6, 10*R(sp)
    SREG    a7, 11*R(sp)
    SREG    t3, 12*R(sp)
    SREG    t4, 13*R(sp)
    SREG    t5, 14*R(sp)
    SREG    t6, 15*R(sp)
    jalr    t1
    ISR_EXIT
#endif
    .size tk_port_trap_entry, . - tk_port_trap_entry

/* Where a thread switched away from at interrupt exit resumes (ISR_EXIT, tk_port_switch_isr),
 * sp at its trap frame: interrupts off again (RESTORE_CONTEXT enabled them), mepc back from
 * the frame, then the registers.  mret returns to mstatus.MPP and sets MIE from MPIE; the
 * interrupted code was machine mode with interrupts on.  Set both again: while the thread was
 * switched out, another trap's mret (of a thread switched in at its exit) may have left
 * MPP = U on a core that has user mode (QEMU); the paper core hard-wires MPP to M. */
    .globl tk_port_isr_resume
    .type tk_port_isr_resume, @function
    .align 2
tk_port_isr_resume:
    csrci   mstatus, MSTATUS_MIE
    LREG    t0, 16*R(sp)
    li      t1, MSTATUS_MPP | MSTATUS_MPIE
    csrw    mepc, t0
    csrs    mstatus, t1
#if TK_PORT_OWN_FRAME || TK_PORT_FAST_PATHS
    RESTORE_CALLER_SAVED_MRET
#else /* built for size: the trap entry's copy */
    j       .Ltrap_return
#endif
    .size tk_port_isr_resume, . - tk_port_isr_resume

#ifdef TK_IRQ_DIRECT_EXTERNAL
/* void tk_port_switch_direct(from, to): the switch at the end of a direct handler
 * (tk_irq_direct_end, kernel/sched.c), interrupts disabled, from inside the handler: a
 * voluntary switch of the interrupted thread, resumed in tk_port_direct_resume, which
 * returns into the handler, whose epilogue restores its registers and leaves through mret.
 * The return address and mepc (another trap overwrites it meanwhile) go into a 16-byte slot
 * (TK_DIRECT_SLOT, the stack alignment) above the switch frame. */
    FUNC tk_port_switch_direct
tk_port_switch_direct:
    csrr    t2, mepc
    SREG    ra, 0*R-TK_DIRECT_SLOT(sp)
    lla     t0, tk_port_direct_resume
    SREG    t2, 1*R-TK_DIRECT_SLOT(sp)
    addi    sp, sp, -TK_DIRECT_SLOT
#if TK_PORT_OWN_FRAME
    addi    t1, sp, -TK_SWITCH_FRAME
    SAVE_CONTEXT pc=t0
    RESTORE_CONTEXT
#else
    mv      ra, t0                   /* the shared save takes the resume pc in ra */
    j       tk_port_switch
#endif
    .size tk_port_switch_direct, . - tk_port_switch_direct

/* Where a thread switched away from by tk_port_switch_direct resumes (sp at its slot):
 * interrupts off again, mepc back, MPP and MPIE set as tk_port_isr_resume does, and back
 * into the direct handler. */
    .globl tk_port_direct_resume
    .type tk_port_direct_resume, @function
    .align 2
tk_port_direct_resume:
    csrci   mstatus, MSTATUS_MIE
    LREG    t0, 1*R(sp)
    li      t1, MSTATUS_MPP | MSTATUS_MPIE
    LREG    ra, 0*R(sp)
    csrw    mepc, t0
    csrs    mstatus, t1
    addi    sp, sp, TK_DIRECT_SLOT
    ret
    .size tk_port_direct_resume, . - tk_port_direct_resume
#endif
/* A synchronous exception (tp = mcause, sp lowered by TRAP_FRAME: the trap entry's test):
 * never returns to the faulting code, so nothing of it is saved. */
    .globl tk_port_exception
    .type tk_port_exception, @function
    .align 2
tk_port_exception:
    mv      a1, tp
    addi    a4, sp, TRAP_FRAME
    lla     tp, tk_kernel_state
#else
/* Without interrupts (TK_CONFIG_IRQ 0, tempo.h) the trap vector takes exceptions only: it is
 * the exception's entry itself, and tp is still the kernel's base (nothing changes it). */
    FUNC tk_port_trap_entry
tk_port_trap_entry:
    csrr    a1, mcause
    mv      a4, sp
#endif
/* The exception (a1 mcause, a4 the faulting code's sp): handled on the exception stack by
 * tk__fault (kernel/fault.c) with mepc, mtval, the thread it interrupted (NULL: main, before
 * tk_start) and its reason: a stack overflow when that thread's stack pointer is at or below
 * its guard word or the guard is overwritten (tk__stack_ok's test, without the frame), else
 * an exception. */
    csrr    a2, mepc
    csrr    a3, mtval
    lbu     t0, TK_K_STARTED(tp)
    li      a0, 0
    li      a5, TK_FATAL_EXCEPTION_V
    beqz    t0, .Lfault
    LREG    a0, TK_K_CURRENT(tp)
    LREG    t0, TK_T_GUARD(a0)
    LREG    t1, 0(t0)
    bne     t1, t0, .Lfault_stack    /* the guard word holds its own address */
    bltu    t0, a4, .Lfault          /* sp above the guard: not an overflow */
.Lfault_stack:
    li      a5, TK_FATAL_STACK_V
.Lfault:                             /* tk__fault's arguments in a0-a5 */
    lla     sp, tk_exc_stack + TK_EXC_STACK_WORDS * R
    tail    tk__fault
#if TK_CONFIG_IRQ
    .size tk_port_exception, . - tk_port_exception
#else
    .size tk_port_trap_entry, . - tk_port_trap_entry
#endif

/* void tk_port_stack_fault(struct tk_thread *t): t, the current thread, overflowed its stack,
 * found as it was switched away from: no cause or pc, its guard's address for mtval. */
    .globl tk_port_stack_fault
    .type tk_port_stack_fault, @function
tk_port_stack_fault:
    LREG    a3, TK_T_GUARD(a0)
    mv      a4, sp
    li      a5, TK_FATAL_STACK_V
    j       1f
    .size tk_port_stack_fault, . - tk_port_stack_fault

/* void tk_port_deadlock(void): from the idle thread, no thread and no fields. */
    .globl tk_port_deadlock
    .type tk_port_deadlock, @function
tk_port_deadlock:
    li      a0, 0
    li      a3, 0
    li      a4, 0
    li      a5, TK_FATAL_DEADLOCK_V
1:  li      a1, 0
    li      a2, 0
    j       .Lfault
    .size tk_port_deadlock, . - tk_port_deadlock

#if TK_CONFIG_IRQ
/* void tk_port_irq_fault(uintptr_t cause, uintptr_t pc): an interrupt with no handler
 * (port.c), from the handler it reached: reported as an exception is, on the exception stack,
 * with the thread it interrupted (NULL: main, before tk_start), no mtval, and sp as here.
 * Interrupts off first: a nesting build runs handlers with them enabled. */
    .globl tk_port_irq_fault
    .type tk_port_irq_fault, @function
tk_port_irq_fault:
    csrci   mstatus, MSTATUS_MIE
    mv      a2, a1
    mv      a1, a0
    li      a3, 0
    mv      a4, sp
    li      a5, TK_FATAL_IRQ_V
    lbu     t0, TK_K_STARTED(tp)
    li      a0, 0
    beqz    t0, .Lfault
    LREG    a0, TK_K_CURRENT(tp)
    j       .Lfault
    .size tk_port_irq_fault, . - tk_port_irq_fault
#endif
