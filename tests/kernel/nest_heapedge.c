/* tests/kernel/heapedge.c in the nesting configuration (the kernel built with
 * TK_IRQ_NESTING=1). */
#if !TK_IRQ_NESTING
#error "nest_heapedge.c tests the TK_IRQ_NESTING configuration (kernel/kernel.mk builds it so)"
#endif
#include "heapedge.c"
