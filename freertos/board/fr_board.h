/* FreeRTOS board layer for tempo-sim (paper and virt SoCs) and QEMU virt: start-up, trap
 * vector, interrupt dispatch, fatal-error hooks.  Prefix fr_. */
#ifndef FR_BOARD_H
#define FR_BOARD_H
#include <stddef.h>
#include <stdint.h>

/* Exit codes of a FreeRTOS image besides 0 (pass) and 1 (a self-check failed). */
enum {
    FR_EXIT_CHECK = 1,      /* a benchmark self-check failed */
    FR_EXIT_ASSERT = 2,     /* configASSERT (only with -DFR_ASSERTS=1) */
    FR_EXIT_EXCEPTION = 3,  /* unexpected synchronous exception */
    FR_EXIT_NO_MEMORY = 4,  /* heap_4 exhausted (malloc-failed hook) */
    FR_EXIT_SCHEDULER = 5,  /* vTaskStartScheduler returned (no memory for the idle task) */
    FR_EXIT_INTERRUPT = 6,  /* an interrupt nobody handles */
};

/* Thread context, before the scheduler starts: point mtvec at the FreeRTOS trap handler
 * (freertos_risc_v_trap_handler, direct mode) and mask every interrupt source until
 * vTaskStartScheduler() enables the timer and external ones. */
void fr_board_init(void);

/* Thread context: start the scheduler; never returns (exits FR_EXIT_SCHEDULER if it does). */
void fr_start(void) __attribute__((noreturn));

/* Handlers for the machine external and software interrupts, called in ISR context on the ISR
 * stack from freertos_risc_v_application_interrupt_handler; they may use the FromISR API and
 * portYIELD_FROM_ISR.  The external handler must acknowledge the simulator-control device
 * (fr_irq_ack) and the software one clear MSIP (fr_msip_clear).  NULL: the interrupt is
 * acknowledged and the run ends with FR_EXIT_INTERRUPT. */
void fr_set_external_handler(void (*handler)(void));
void fr_set_software_handler(void (*handler)(void));

/* Bytes of the ISR stack no interrupt has touched since fr_board_init (from its bottom). */
size_t fr_isr_stack_unused(void);

/* Words of benchmark thread `id`'s stack never used (bench/ports/freertos/port.c; 0 for a bad id). */
size_t fr_bp_stack_unused_words(int id);

/* ISR context: acknowledge an interrupt nobody handles and end the run (FR_EXIT_INTERRUPT). */
void fr_unhandled_interrupt(uintptr_t mcause, uintptr_t mepc) __attribute__((noreturn));

/* The simulator-control device (docs/boards.md; tempo-sim only). */
void fr_irq_after(uint32_t cycles); /* raise the external interrupt `cycles` after this store */
void fr_irq_ack(void);              /* clear the pending external interrupt and disarm */
void fr_msip_set(void);             /* raise the machine software interrupt */
void fr_msip_clear(void);
#endif
