/* Timer paths the other tests do not take: alarms armed before tk_start() kept in expiry
 * order (FIFO at one tick) in the sorted list; periodic alarms expiring at one tick whose
 * re-arms go beyond the wheel's window, each into the sorted list at its place, counted over
 * 200 ticks (no drift); a timer interrupt served a few ticks late (several due ticks in one
 * interrupt, in order) and a whole window late; the periodic tick of a time slice while
 * the running thread has none.  Written for `make coverage`. */
#include "ktest.h"

static __attribute__((noinline)) void eq_at(long a, long b, int line)
{
    if (a != b)
        kt_fail(__FILE__, line, "", a, b);
}
#define EQ(a, b) eq_at((long)(a), (long)(b), __LINE__)

/* A window of the timer wheel (kernel/kernel.h TK_WHEEL): periods of this many ticks or more
 * re-arm beyond it. */
#define WINDOW 32

static struct tk_thread ctl, sliced;
KT_STACK(s_ctl); KT_STACK(s_sliced);
static struct tk_alarm al[4];
static volatile int fired[4], order[8], norder;

static void on_alarm(struct tk_alarm *a, void *arg)
{
    (void)a;
    int i = (int)(uintptr_t)arg;
    fired[i]++;
    if (norder < 8)
        order[norder++] = i;
}

static void reset(void)
{
    for (int i = 0; i < 4; i++) {
        EQ(tk_alarm_stop(&al[i]), TK_OK);
        fired[i] = 0;
    }
    norder = 0;
}

/* Spin `ticks` ticks with interrupts locked: the timer interrupt comes late. */
static void spin_locked(tk_tick_t ticks)
{
    unsigned long s = tk_irq_lock();
    tk_tick_t t0 = tk_tick_get();
    while (tk_tick_get() - t0 < ticks)
        ;
    tk_irq_unlock(s);
}

static void sliced_main(void *arg)
{
    (void)arg;
}

static void control(void *arg)
{
    (void)arg;
    /* the alarms armed before the start: 5, 10, 10 (FIFO), 20 */
    EQ(tk_delay(25), TK_OK);
    EQ(norder, 4);
    EQ(order[0], 1);
    EQ(order[1], 0);
    EQ(order[2], 3);
    EQ(order[3], 2);

    /* four periodic alarms due at one tick, re-armed beyond the window, each later than
     * the previous one or between: 40, 50, 35, 45 ticks */
    static const tk_tick_t period[4] = {40, 50, 35, 45};
    reset();
    EQ(tk_delay(1), TK_OK); /* at the start of a tick: the four are due at one tick */
    tk_tick_t t0 = tk_tick_get();
    for (int i = 0; i < 4; i++) {
        KT_CHECK(period[i] >= WINDOW);
        EQ(tk_alarm_start(&al[i], 5, period[i]), TK_OK);
    }
    /* (in short sleeps: a wake beyond the window would put a timer in the sorted list,
     * and the interrupt at the first expiry would take its general path) */
    while (tk_tick_get() - t0 < 5 + 200 + 1)
        EQ(tk_delay(1), TK_OK);
    EQ(tk_tick_get(), t0 + 206);
    for (int i = 0; i < 4; i++)
        EQ(fired[i], 1 + 200 / period[i]);
    EQ(order[0], 0); /* the first tick in arming order */
    EQ(order[1], 1);
    EQ(order[2], 2);
    EQ(order[3], 3);

    /* served 3 ticks late: the alarms due at +2 and +3 in one interrupt, in order */
    reset();
    EQ(tk_alarm_start(&al[1], 3, 0), TK_OK);
    EQ(tk_alarm_start(&al[0], 2, 0), TK_OK);
    spin_locked(6);
    EQ(norder, 2);
    EQ(order[0], 0);
    EQ(order[1], 1);

    /* served more than a window late: the alarm due at +2, a periodic one after it */
    reset();
    EQ(tk_alarm_start(&al[2], 2, 0), TK_OK);
    EQ(tk_alarm_start(&al[3], 3, 10), TK_OK);
    spin_locked(WINDOW + 8);
    EQ(fired[2], 1);
    EQ(fired[3], 4); /* +3, +13, +23, +33, all due by +40 */
    reset();

    /* a time slice for a thread that does not run: the periodic tick, with this thread
     * (no slice) and the idle thread running */
    EQ(tk_thread_create(&sliced, "sliced", sliced_main, 0, s_sliced, sizeof s_sliced, 20,
                        TK_THREAD_SUSPENDED), TK_OK);
    EQ(tk_thread_set_slice(&sliced, 2), TK_OK);
    t0 = tk_tick_get();
    while (tk_tick_get() - t0 < 3)
        ;
    t0 = tk_tick_get();
    EQ(tk_delay(3), TK_OK);
    EQ(tk_tick_get(), t0 + 3);
    EQ(tk_thread_set_slice(&sliced, 0), TK_OK);
    kt_pass();
}

int main(void)
{
    EQ(tk_init(), TK_OK);
    for (int i = 0; i < 4; i++)
        EQ(tk_alarm_init(&al[i], on_alarm, (void *)(uintptr_t)i), TK_OK);
    /* armed before the start (count from tick 0): the sorted list, in expiry order */
    EQ(tk_alarm_start(&al[0], 10, 0), TK_OK);
    EQ(tk_alarm_start(&al[1], 5, 0), TK_OK);
    EQ(tk_alarm_start(&al[2], 20, 0), TK_OK);
    EQ(tk_alarm_start(&al[3], 10, 0), TK_OK);
    EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
