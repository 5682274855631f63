/* Tempo RISC-V port (RV32 and RV64, machine mode, CLINT): what the kernel needs of the core.
 * Internal to the kernel; applications include tempo.h only. */
#ifndef TK_PORT_H
#define TK_PORT_H
#include <stdint.h>
#include "board.h"
#include "bsp.h"
#include "tempo.h"
#include "riscv/encoding.h"
#include "port_defs.h"

#define TK_PORT_MSTATUS_MIE ((unsigned)MSTATUS_MIE)

/* The board's console and end of run, for the kernel's fault report: the kernel reaches the
 * board only through the port. */
static inline void tk_port_putc(char c) { board_putc(c); }
static inline __attribute__((noreturn)) void tk_port_exit(int code) { board_exit(code); }

/* The core runs at 100 MHz (docs/timing.md "Clock and counters"); BOARD_CYCLES_PER_TICK
 * (board.h) is the number of core cycles per mtime increment, so one kernel tick of
 * 1/TK_TICK_HZ s is this many mtime increments: 1 on the paper SoC, 10,000 on virt. */
#define TK_PORT_CORE_HZ        100000000u
#define TK_PORT_MTIME_PER_TICK (TK_PORT_CORE_HZ / TK_TICK_HZ / BOARD_CYCLES_PER_TICK)

/* Interrupts off; returns the previous mstatus.  csrrci: one CSR instruction
 * (docs/timing.md: each CSR instruction stalls 1 cycle). */
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

/* Switch.S: save ra and the callee-saved registers of `from` on its stack, store its sp in
 * from->sp, load to->sp and resume `to`.  An ordinary call (the caller-saved registers are
 * the compiler's business), made with interrupts disabled from thread context, and always as
 * a tail call: `from` resumes (later) at its caller's return address, with interrupts enabled,
 * returning from->wait_result. */
int tk_port_switch(struct tk_thread *from, struct tk_thread *to);
#ifdef TK_IRQ_DIRECT_EXTERNAL
/* Switch.S: the same, from inside a direct handler (tk_irq_direct_end): `from` resumes with
 * interrupts disabled, back in the handler, which then leaves through mret.  Returns when
 * `from` is resumed. */
void tk_port_switch_direct(struct tk_thread *from, struct tk_thread *to);
#endif
/* Switch.S: load to->sp and return into `to` without saving anything (start, exit). */
void tk_port_start(struct tk_thread *to) __attribute__((noreturn));
/* Switch.S: the trap vector (direct mode). */
void tk_port_trap_entry(void);
/* Switch.S: first code of every thread (its initial switch frame resumes there). */
void tk_port_thread_entry(void);
/* Build the first switch frame of a thread on a stack whose top is `top` (16-byte aligned);
 * returns the initial sp.  The frame (port_defs.h: TK_FRAME_PC, ...) resumes in
 * tk_port_thread_entry with s0 = arg, s1 = entry; s2-s11 are left as the stack held them (no
 * code reads a callee-saved register before saving or setting it).  Inline: its callers
 * (thread creation, tk_init) then call nothing before their end, and keep no registers of
 * their own. */
static inline __attribute__((always_inline)) uintptr_t
tk_port_stack_init(uintptr_t top, void (*entry)(void *), void *arg)
{
    uintptr_t *frame = (uintptr_t *)(top - TK_SWITCH_FRAME);
    frame[TK_FRAME_PC] = (uintptr_t)tk_port_thread_entry;
    frame[TK_FRAME_S0] = (uintptr_t)arg;
    frame[TK_FRAME_S1] = (uintptr_t)entry;
    return (uintptr_t)frame;
}

/* CLINT time base (port.c). */
void tk_port_timer_start(void);            /* epoch = mtime now; MTIE on */
tk_tick_t tk_port_ticks(void);             /* ticks since the epoch */
void tk_port_timer_set(tk_tick_t tick);    /* timer interrupt at that tick */
void tk_port_irq_enable(unsigned irq, int on);
void tk_port_msip(int on);
#endif
