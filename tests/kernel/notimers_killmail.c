/* tests/kernel/killmail.c in the timers-off configuration (TK_CONFIG_TIMERS 0). */
#if !defined(TK_CONFIG_TIMERS) || TK_CONFIG_TIMERS
#error "notimers_killmail.c tests the TK_CONFIG_TIMERS 0 configuration (kernel/kernel.mk builds it so)"
#endif
#include "killmail.c"
