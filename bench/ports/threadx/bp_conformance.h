/* What bench/ports/conformance.c checks of the ThreadX layer beyond bench/port.h. */
#include <stddef.h>
#include "tx_board.h"
size_t tx_bp_stack_unused_words(int id); /* bench/ports/threadx/port.c */
#define CONF_NAME                   "tx-port"
#define CONF_STACK_UNUSED_WORDS(id) tx_bp_stack_unused_words(id)
/* the FreeRTOS layer's limits: 40 words of each thread's stack */
#define CONF_STACK_WORDS_MIN_FREE   40
/* the interrupts run on ThreadX's system stack (threadx/board/tx_board.c, 1 KiB) */
#define CONF_ISR_STACK_UNUSED()     tx_board_system_stack_unused()
#define CONF_ISR_STACK_MIN_FREE     (192 * sizeof(uintptr_t) / 4)
#ifdef TX_ON_QEMU
#define CONF_ON_QEMU
#endif
