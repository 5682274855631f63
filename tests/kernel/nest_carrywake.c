/* tests/kernel/carrywake.c in the nesting configuration (the kernel built with
 * TK_IRQ_NESTING=1), whose timer interrupt and kernel calls are copies of their own. */
#if !TK_IRQ_NESTING
#error "nest_carrywake.c tests the TK_IRQ_NESTING configuration (kernel/kernel.mk builds it so)"
#endif
#include "carrywake.c"
