/* tests/kernel/cover_carry.c in the nesting configuration (the kernel built with
 * TK_IRQ_NESTING=1), whose kernel calls are copies of their own.  Written for
 * `make coverage`. */
#if !TK_IRQ_NESTING
#error "nest_carry.c tests the TK_IRQ_NESTING configuration (kernel/kernel.mk builds it so)"
#endif
#include "cover_carry.c"
