/* tests/kernel/cover_isrfault.c in the nesting configuration (the kernel built with
 * TK_IRQ_NESTING=1): its interrupt exit is its own in-line copy, whose stack checks this
 * takes.  Written for `make coverage`. */
#if !TK_IRQ_NESTING
#error "nest_isrfault.c tests the TK_IRQ_NESTING configuration (kernel/kernel.mk builds it so)"
#endif
#include "cover_isrfault.c"
