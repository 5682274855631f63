/* tests/kernel/irqlockwake.c in the nesting configuration (the kernel built with
 * TK_IRQ_NESTING=1), whose tk_yield fast path and kernel calls are copies of their own. */
#if !TK_IRQ_NESTING
#error "nest_irqlockwake.c tests the TK_IRQ_NESTING configuration (kernel/kernel.mk builds it so)"
#endif
#include "irqlockwake.c"
