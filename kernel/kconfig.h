/* The kernel's one build option, for the C sources and the port's assembly alike: TK_SIZE 1
 * is the size build (the footprint figures' -Os, mk/firmware.mk TK_SIZE_OPT), 0 the speed
 * build (-O2, the one the cycle figures measure).  Given on the command line, or taken from
 * the optimisation level.
 *
 * Only the internal headers read it: each holds the two variants of one topic behind a few
 * inline calls or one named constant, and the .c files call those, so a variant is read and
 * changed in one place.
 *   kbase.h      TK_INLINE, TK_SHARED: the helpers every object uses inlined at each call
 *                site, or one shared copy; TK_SHORTCUTS: the speed build's shortcuts beside
 *                a general path that does the same (thread suspend and priority change, a
 *                sleeper's timeout, tk_bmq_send written out beside ring.h's shared send,
 *                heap.c's class moves, merges and table of logarithms: HEAP_FAST)
 *   tlist.h      tk__waitq_insert: an empty queue inline, or the sorted insert for every
 *                queue (TK_WAITQ_INSERT_ANY: wait.c's sorted insert takes an empty queue)
 *   ready_q.h    the ready queue: a bitmap and a de Bruijn search, or a scan of the lists in
 *                priority order (tk__set_prio, tk__ready_insert/remove, tk__highest,
 *                tk__any_ready, tk__ready_init)
 *   ksched.h     the end of a call that made one thread ready (tk__preempt_return,
 *                tk__woken_return) or the yield's (tk__yield_end): a direct test and switch,
 *                or the general reschedule
 *   wait_q.h     the wake of a waiter (tk__wake_unqueued, tk__wake_first, tk__wake_queued):
 *                written out with every load first, or the shared list and ready steps
 *   timeout_q.h  the timers: a wheel of the near ones and a sorted list, or the sorted list
 *                alone (TK_TIMER_WHEEL; tk__timer_remove)
 *   port_defs.h  the port: its own switch frame and assembly fast paths, or libgcc's frame and
 *                the C paths (TK_PORT_OWN_FRAME, TK_PORT_FAST_PATHS) */
#ifndef TK_KCONFIG_H
#define TK_KCONFIG_H
#ifndef TK_SIZE
#ifdef __OPTIMIZE_SIZE__
#define TK_SIZE 1
#else
#define TK_SIZE 0
#endif
#endif
#endif
