/* RMP's board layer on tempo-sim (paper and virt SoCs) and QEMU virt: the trap vector
 * (rmp_vector.S), the tick, the benchmark interrupt, the panic exit.  Prefix rmp_board_. */
#ifndef RMP_BOARD_H
#define RMP_BOARD_H
#include <stdint.h>
#include "board.h"

/* The kernel tick: 1 kHz at the paper core's 100 MHz (the paper's configTICK_RATE_HZ), in
 * mtime steps: one on the paper SoC, 10,000 on virt's 10 MHz mtime (bsp/common/board.h). */
#define RMP_BOARD_MTIME_PER_TICK (100000000u / 1000u / BOARD_CYCLES_PER_TICK)

/* Exit codes of an RMP image besides 0 (pass). */
enum {
    RMP_EXIT_CHECK = 1,     /* a self-check failed */
    RMP_EXIT_PANIC = 2,     /* RMP_ASSERT failed (RMP's kernel panic) */
    RMP_EXIT_EXCEPTION = 3, /* unexpected synchronous exception */
    RMP_EXIT_INTERRUPT = 6, /* an interrupt nobody handles */
};

/* Before the kernel starts (RMP's _RMP_Lowlvl_Init, interrupts off): point mtvec at the trap
 * vector, program the first tick and enable the timer interrupt. */
void rmp_board_init(void);

/* In the tick interrupt: move the CLINT compare on by one tick. */
void rmp_board_tick_next(void);

/* Route the machine external interrupt (the simulator-control device) to `handler`, called
 * in interrupt context on RMP's kernel stack where RMP's *_ISR calls are legal, and enable it;
 * NULL disables it.  The handler acknowledges the device (rmp_board_irq_ack) itself. */
void rmp_board_irq_route(void (*handler)(void));
/* Raise the external interrupt `cycles` from now. */
void rmp_board_irq_after(uint32_t cycles);
/* Acknowledge the external interrupt (the device is disarmed until the next irq_after). */
void rmp_board_irq_ack(void);

/* Bytes of RMP's kernel stack (_RMP_Stack: the interrupt handlers and the scheduler run on it)
 * no interrupt has touched since rmp_board_init, from its bottom. */
uintptr_t rmp_board_kernel_stack_unused(void);

/* Called by the trap vector with mcause, on RMP's kernel stack, the interrupted context saved. */
void rmp_board_trap(uintptr_t mcause);

/* RMP_LOG: print RMP's panic line and end the run with RMP_EXIT_PANIC. */
void rmp_board_panic(const char *file, long line) __attribute__((noreturn));
#endif
