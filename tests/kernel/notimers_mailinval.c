/* tests/kernel/mailinval.c in the timers-off configuration (TK_CONFIG_TIMERS 0), where every
 * finite timeout is refused. */
#if !defined(TK_CONFIG_TIMERS) || TK_CONFIG_TIMERS
#error "notimers_mailinval.c tests the TK_CONFIG_TIMERS 0 configuration (kernel/kernel.mk builds it so)"
#endif
#include "mailinval.c"
