/* Tempo RISC-V port (RV32 and RV64, machine mode, CLINT): what the kernel needs of the core.
 * Internal to the kernel; applications include tempo.h only. */
#ifndef TK_PORT_H
#define TK_PORT_H
#include <stdint.h>
#include "board.h"
#include "tempo.h"

#define TK_PORT_MSTATUS_MIE 8u

/* The core runs at 100 MHz (spec/core-timing.md "Clock and counters"); BOARD_CYCLES_PER_TICK
 * (board.h) is the number of core cycles per mtime increment, so one kernel tick of
 * 1/TK_TICK_HZ s is this many mtime increments: 1 on the paper SoC, 10,000 on virt. */
#define TK_PORT_CORE_HZ        100000000u
#define TK_PORT_MTIME_PER_TICK (TK_PORT_CORE_HZ / TK_TICK_HZ / BOARD_CYCLES_PER_TICK)

/* Interrupts off; returns the previous mstatus.  csrrci: one CSR instruction
 * (spec/core-timing.md: each CSR instruction stalls 1 cycle). */
static inline __attribute__((always_inline)) unsigned long tk_port_irq_lock(void)
{
    unsigned long s;
    __asm__ volatile("csrrci %0, mstatus, 8" : "=r"(s) : : "memory");
    return s;
}

/* Restore MIE from a tk_port_irq_lock() value.  Setting the other bits of the old mstatus
 * again is harmless: MPP is hard-wired to 3 and MPIE is 1 whenever a thread runs (every mret
 * sets it, and traps are only taken with MIE = 1), so one csrs does it. */
static inline __attribute__((always_inline)) void tk_port_irq_unlock(unsigned long s)
{
    __asm__ volatile("csrs mstatus, %0" : : "r"(s) : "memory");
}

/* Interrupts on (for paths that know they were on before tk_port_irq_lock). */
static inline __attribute__((always_inline)) void tk_port_irq_on(void)
{
    __asm__ volatile("csrsi mstatus, 8" : : : "memory");
}

/* Switch.S: save the callee-saved registers of `from` on its stack, store its sp in
 * from->sp, load to->sp and resume `to`.  An ordinary call: the caller-saved registers are
 * the compiler's business.  Called with interrupts disabled from thread context; the caller
 * resumes (later) with interrupts enabled. */
void tk_port_switch(struct tk_thread *from, struct tk_thread *to);
/* Switch.S: the same, from the interrupt exit: `from` resumes with interrupts disabled. */
void tk_port_switch_isr(struct tk_thread *from, struct tk_thread *to);
/* Switch.S: load to->sp and return into `to` without saving anything (start, exit). */
void tk_port_start(struct tk_thread *to) __attribute__((noreturn));
/* Switch.S: the trap vector (direct mode). */
void tk_port_trap_entry(void);
/* Build the first switch frame of a thread on a stack whose top is `top` (16-byte aligned);
 * returns the initial sp. */
uintptr_t tk_port_stack_init(uintptr_t top, void (*entry)(void *), void *arg);

/* The voluntary switch written inline at its call site (saves the JAL of a call to
 * tk_port_switch: spec/core-timing.md, 6 cycles): the same frame as switch.S, with this
 * site's resume label (bit 0 set: interrupts on) as the resume pc.  Every caller-saved
 * register but ra is clobbered; ra, s0-s11 and sp come back as they were. */
#if __riscv_xlen == 64
#define TK_PORT_SR "sd "
#define TK_PORT_LR "ld "
#define TK_PORT_R "8"
#define TK_PORT_FRAME "112"
#else
#define TK_PORT_SR "sw "
#define TK_PORT_LR "lw "
#define TK_PORT_R "4"
#define TK_PORT_FRAME "64"
#endif
#define TK_PORT_SAVE_S(op) \
    op "ra, 1*" TK_PORT_R "(sp)\n\t" \
    op "s0, 2*" TK_PORT_R "(sp)\n\t" op "s1, 3*" TK_PORT_R "(sp)\n\t" \
    op "s2, 4*" TK_PORT_R "(sp)\n\t" op "s3, 5*" TK_PORT_R "(sp)\n\t" \
    op "s4, 6*" TK_PORT_R "(sp)\n\t" op "s5, 7*" TK_PORT_R "(sp)\n\t" \
    op "s6, 8*" TK_PORT_R "(sp)\n\t" op "s7, 9*" TK_PORT_R "(sp)\n\t" \
    op "s8, 10*" TK_PORT_R "(sp)\n\t" op "s9, 11*" TK_PORT_R "(sp)\n\t" \
    op "s10, 12*" TK_PORT_R "(sp)\n\t" op "s11, 13*" TK_PORT_R "(sp)\n\t"
#define TK_PORT_SWITCH_INLINE(from, to)                                                  \
    do {                                                                                 \
        register struct tk_thread *a0_ __asm__("a0") = (from);                           \
        register struct tk_thread *a1_ __asm__("a1") = (to);                             \
        __asm__ volatile("lla t0, .Ltk_resume%=+1\n\t"                                   \
                         "addi sp, sp, -" TK_PORT_FRAME "\n\t"                           \
                         TK_PORT_SR "t0, 0(sp)\n\t"                                      \
                         TK_PORT_SAVE_S(TK_PORT_SR)                                      \
                         TK_PORT_SR "sp, 0(a0)\n\t"                                      \
                         TK_PORT_LR "sp, 0(a1)\n\t"                                      \
                         TK_PORT_LR "t0, 0(sp)\n\t"                                      \
                         TK_PORT_SAVE_S(TK_PORT_LR)                                      \
                         "andi t1, t0, 1\n\t"                                            \
                         "addi sp, sp, " TK_PORT_FRAME "\n\t"                            \
                         "slli t1, t1, 3\n\t"                                            \
                         "li a0, 0\n\t"                                                  \
                         "csrs mstatus, t1\n\t"                                          \
                         "jr t0\n"                                                       \
                         ".Ltk_resume%=:"                                                \
                         : "+r"(a0_), "+r"(a1_)                                          \
                         :                                                               \
                         : "t0", "t1", "t2", "t3", "t4", "t5", "t6", "a2", "a3",   \
                           "a4", "a5", "a6", "a7", "memory");                            \
    } while (0)

/* CLINT time base (port.c). */
void tk_port_timer_start(void);            /* epoch = mtime now; MTIE on */
tk_tick_t tk_port_ticks(void);             /* ticks since the epoch */
void tk_port_timer_set(tk_tick_t tick);    /* timer interrupt at that tick */
void tk_port_irq_enable(unsigned irq, int on);
void tk_port_msip(int on);
#endif
