/* Alarms: one-shot and periodic callbacks run from the timer interrupt.  The expiry itself
 * (timer.c) is done directly by the interrupt, which knows an alarm's timer by its NULL
 * `expire` function; a periodic alarm is re-armed relative to its previous expiry, so it
 * does not drift. */
#include "kernel.h"
#if TK_CONFIG_TIMERS /* tempo.h: the whole file */

int tk_alarm_init(struct tk_alarm *a, void (*fn)(struct tk_alarm *a, void *arg), void *arg)
{
    if (!a || !fn)
        return TK_EINVAL;
    unsigned long s = tk_port_irq_lock();
    if (a->magic == TK_MAGIC_ALARM && a->node.next) { /* armed: it is in the timer lists */
        tk_port_irq_unlock(s);
        return TK_EBUSY;
    }
    a->node.next = a->node.prev = NULL;
    a->node.expire = NULL; /* marks an alarm: timer.c expires it inline */
    a->fn = fn;
    a->arg = arg;
    a->period = 0;
    a->active = 0;
    a->magic = TK_MAGIC_ALARM;
    tk_port_irq_unlock(s);
    return TK_OK;
}

int tk_alarm_start(struct tk_alarm *a, tk_tick_t delay, tk_tick_t period)
{
    if (!a || a->magic != TK_MAGIC_ALARM)
        return TK_EOBJ;
    if (delay - 1 >= TK_TIMEOUT_MAX || period > TK_TIMEOUT_MAX) /* delay 0 wraps */
        return TK_EINVAL;
    if (!tk__initialised())
        return TK_ESTATE;
    unsigned long s = tk_port_irq_lock();
    if (a->node.next)
        tk__timer_remove(&a->node);
    a->period = period;
    a->active = 1;
    tk__timer_add(&a->node, tk_tick_get() + delay);
    tk_port_irq_unlock(s);
    return TK_OK;
}

int tk_alarm_stop(struct tk_alarm *a)
{
    if (!a || a->magic != TK_MAGIC_ALARM)
        return TK_EOBJ;
    unsigned long s = tk_port_irq_lock();
    if (a->node.next)
        tk__timer_remove(&a->node);
    a->active = 0;
    tk_port_irq_unlock(s);
    return TK_OK;
}
#endif
