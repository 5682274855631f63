/* The ThreadX layer's conformance test is the FreeRTOS layer's (bench/ports/freertos/
 * conformance.c): it checks bench/port.h's contract through bench/port.h alone, but for the
 * five board services below, which it names after the FreeRTOS board.  This header, found
 * first on the include path of the ThreadX conformance images (threadx/threadx.mk), gives
 * them ThreadX's board; the test's output lines keep their "fr-port:" prefix. */
#ifndef TX_CONFORMANCE_FR_BOARD_H
#define TX_CONFORMANCE_FR_BOARD_H
#include <stddef.h>
#include <stdint.h>
#include "board.h"
#include "tx_board.h"

#define FR_EXIT_CHECK TX_BOARD_EXIT_CHECK
#if defined(TX_ON_QEMU)
#define FR_ON_QEMU
#endif

static inline void fr_irq_after(uint32_t cycles)
{
    *(volatile uint32_t *)(uintptr_t)(BOARD_SIMCTL + SIMCTL_IRQ_AFTER) = cycles;
}
static inline void fr_irq_ack(void)
{
    *(volatile uint32_t *)(uintptr_t)(BOARD_SIMCTL + SIMCTL_IRQ_ACK) = 1;
}

/* bench/ports/threadx/port.c */
size_t tx_bp_stack_unused_words(int id);
#define fr_bp_stack_unused_words tx_bp_stack_unused_words
/* the interrupts run on ThreadX's system stack (threadx/board/tx_board.c) */
#define fr_isr_stack_unused tx_board_system_stack_unused
#endif
