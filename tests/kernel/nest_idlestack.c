/* tests/kernel/idlestack.c in the nesting configuration (the kernel built with
 * TK_IRQ_NESTING=1), whose handlers run with interrupts enabled on the same stack. */
#if !TK_IRQ_NESTING
#error "nest_idlestack.c tests the TK_IRQ_NESTING configuration (kernel/kernel.mk builds it so)"
#endif
#include "idlestack.c"
