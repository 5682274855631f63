/* What bench/ports/conformance.c checks of the RK0 layer beyond bench/port.h. */
#include <stddef.h>
#include "rk_port.h"
size_t rk_bp_stack_unused_words(int id); /* bench/ports/rk0/port.c */
#define CONF_NAME                   "rk0-port"
#define CONF_STACK_UNUSED_WORDS(id) rk_bp_stack_unused_words(id)
/* the FreeRTOS layer's limits: 40 words of each thread's stack */
#define CONF_STACK_WORDS_MIN_FREE   40
/* the interrupts run on the port's interrupt stack (rk0/port/rk_port.S, 256 words) */
#define CONF_ISR_STACK_UNUSED()     rk_port_isr_stack_unused()
#define CONF_ISR_STACK_MIN_FREE     (192 * sizeof(uintptr_t) / 4)
/* RK0 has no variable-size allocator: bp_malloc must say so (NULL) */
#define CONF_NO_HEAP
#ifdef RK0_ON_QEMU
#define CONF_ON_QEMU
#endif
