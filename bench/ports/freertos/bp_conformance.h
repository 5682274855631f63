/* What bench/ports/conformance.c checks of the FreeRTOS layer beyond bench/port.h. */
#include "fr_board.h"
#define CONF_NAME                   "fr-port"
#define CONF_STACK_UNUSED_WORDS(id) fr_bp_stack_unused_words(id)
/* a quarter of port.c's 192-word task stacks */
#define CONF_STACK_WORDS_MIN_FREE   40
#define CONF_ISR_STACK_UNUSED()     fr_isr_stack_unused()
/* a quarter of configISR_STACK_SIZE_WORDS = 192 */
#define CONF_ISR_STACK_MIN_FREE     (192 * sizeof(uintptr_t) / 4)
#ifdef FR_ON_QEMU
#define CONF_ON_QEMU
#endif
