/* Timers (timer.c): the wheel of the near ones and the sorted list of the rest, their
 * removal (inline for the wake paths) and the test of any timer still armed. */
#ifndef TK_TIMEOUT_Q_H
#define TK_TIMEOUT_Q_H
#include "kbase.h"

/* ---- timers (timer.c) ---- */
/* Where armed timers wait: 1, for speed, the wheel of the near ones (TK_WHEEL slots) beside
 * the sorted list of the rest; 0, built for size, the sorted list alone (the wheel stays
 * empty), with the same expiry order and bound per tick for half the code.  timer.c compiles
 * the interrupt of the one chosen. */
#define TK_TIMER_WHEEL (!TK_SIZE)

void tk__timer_add(struct tk_timer *tm, tk_tick_t expiry);
/* Disarm an armed timer (tm->next != NULL; NULL after).  Inline: the wake paths that call it
 * stay free of calls (a call would make every such caller save registers). */
TK_SHARED void tk__timer_remove(struct tk_timer *tm)
{
    struct tk_timer *n = tm->next, *p = tm->prev;
    p->next = n;
    n->prev = p;
    tm->next = NULL;
#if TK_TIMER_WHEEL /* else the wheel stays empty */
    /* The head of a wheel slot (a sorted-list timer never is one) */
    struct tk_timer **slot = &tk_k.wheel[tm->expiry & (TK_WHEEL - 1)];
    if (*slot == tm) {
        *slot = n == tm ? NULL : n;
        if (n == tm)
            tk_k.wheel_map &= ~((uint32_t)1 << (tm->expiry & (TK_WHEEL - 1)));
    }
#endif
}
void tk__timer_interrupt(void *unused); /* the timer interrupt (its slot of tk_k.irq) */
#if TK_CONFIG_TIMERS
/* Is any timer armed?  Wherever it is: the wheel, the sorted list, or the carry list (the
 * timers of a tick beyond its expiry budget, which the next tick expires: timer.c).  Every
 * question "can a timer still wake something" asks this, not one of the three. */
TK_INLINE int tk__timers_armed(void)
{
    return tk_k.wheel_map || tk_k.timers.next != &tk_k.timers
#if TK_CONFIG_TICK_EXPIRIES
           || tk_k.carry.next != &tk_k.carry
#endif
        ;
}
#endif
void tk__thread_timeout(struct tk_timer *tm);
#endif
