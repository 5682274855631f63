/* tests/kernel/irqwindow.c in the nesting configuration (the kernel built with
 * TK_IRQ_NESTING=1), whose trap entry and exit are its own. */
#if !TK_IRQ_NESTING
#error "nest_irqwindow.c tests the TK_IRQ_NESTING configuration (kernel/kernel.mk builds it so)"
#endif
#include "irqwindow.c"
