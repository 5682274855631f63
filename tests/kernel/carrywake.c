/* Timers carried to the next tick count as armed.  More timers than the tick's expiry budget
 * (TK_CONFIG_TICK_EXPIRIES) fall due on one tick while the only thread waits, without a
 * timeout, for the last of them: the budget carries the rest to the next tick, and the idle
 * thread, which runs in between, must not take the wait for a deadlock (no thread ready, no
 * interrupt but the timer's) while carried timers are still to expire.  Asserts the thread is
 * woken by the last alarm, one tick late at most, and that every alarm ran. */
#include "ktest.h"

#define NALARMS (TK_CONFIG_TICK_EXPIRIES + 3)
#define DUE 4 /* ticks to the shared due tick */

static struct tk_thread waiter;
KT_STACK(s_waiter);
static struct tk_alarm al[NALARMS];
static struct tk_sem sem;
static volatile int ran;

static void fired(struct tk_alarm *a, void *arg)
{
    (void)arg;
    ran++;
    if (a == &al[NALARMS - 1])
        KT_EQ(tk_sem_post_from_isr(&sem), TK_OK);
}

static void wait_main(void *arg)
{
    (void)arg;
    for (int round = 0; round < 3; round++) {
        ran = 0;
        tk_tick_t t0 = tk_tick_get();
        for (int i = 0; i < NALARMS; i++)
            KT_EQ(tk_alarm_start(&al[i], DUE, 0), TK_OK);
        KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK);
        KT_EQ(ran, NALARMS);
        tk_tick_t late = tk_tick_get() - t0;
        KT_CHECK(late >= DUE && late <= DUE + 1 + (TK_CONFIG_TICK_EXPIRIES == 0 ? 0 : 1));
    }
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    for (int i = 0; i < NALARMS; i++)
        KT_EQ(tk_alarm_init(&al[i], fired, 0), TK_OK);
    KT_EQ(tk_thread_create(&waiter, "waiter", wait_main, 0, s_waiter, sizeof s_waiter, 3, 0),
          TK_OK);
    tk_start();
}
