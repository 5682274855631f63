/* What bench/ports/conformance.c checks of the RMP layer beyond bench/port.h. */
#include <stddef.h>
#include "rmp_board.h"
size_t rmp_bp_stack_unused_words(int id); /* bench/ports/rmp/port.c */
#define CONF_NAME                   "rmp-port"
#define CONF_STACK_UNUSED_WORDS(id) rmp_bp_stack_unused_words(id)
/* a quarter of port.c's 192-word thread stacks */
#define CONF_STACK_WORDS_MIN_FREE   40
/* RMP's handlers run on its kernel stack (rmp_vector.S: 256 words): a quarter of it */
#define CONF_ISR_STACK_UNUSED()     rmp_board_kernel_stack_unused()
#define CONF_ISR_STACK_MIN_FREE     (256 * sizeof(uintptr_t) / 4)
#ifdef RMP_ON_QEMU
#define CONF_ON_QEMU
#endif
