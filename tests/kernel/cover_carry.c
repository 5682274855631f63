/* The tick's expiry budget (TK_CONFIG_TICK_EXPIRIES, 3 by default): six periodic alarms and
 * six one-shot alarms due on one tick, of which the budget expires a few and carries the rest
 * to the following ticks, and a periodic alarm whose period (40 ticks) is beyond the timer
 * wheel's window, re-armed into the sorted timer list before a later one-shot alarm there.
 * Asserts when each alarm first ran (on its due tick or carried to a later one, never
 * earlier), that the budget carried some, and how many times each ran.  Written for
 * `make coverage`: the carry and the sorted re-arm are the timer interrupt's own copies. */
#include "ktest.h"

#define NALARMS 6
#define DUE 5     /* ticks to the shared due tick */
#define PERIOD 3  /* ticks: the periodic alarms' period */
#define FAR 40    /* ticks: beyond the timer wheel's window (32 slots) */
#define LATER 50  /* ticks: the one-shot alarm in the sorted list, after FAR's re-arm */
#define RUN 31    /* ticks the control thread waits: past the due tick 29, before 32 */

static struct tk_thread ctl;
KT_STACK(s_ctl);
static struct tk_alarm per[NALARMS], one[NALARMS], far, later;
static volatile tk_tick_t first[2 * NALARMS + 2];
static volatile int count[2 * NALARMS + 2];

static void fired(struct tk_alarm *a, void *arg)
{
    (void)a;
    int i = (int)(uintptr_t)arg;
    if (count[i]++ == 0)
        first[i] = tk_tick_get();
}

static void control(void *arg)
{
    (void)arg;

    KT_EQ(tk_delay(1), TK_OK); /* start on a tick boundary: every alarm armed in one tick */
    tk_tick_t t0 = tk_tick_get();
    for (int i = 0; i < NALARMS; i++) {
        KT_EQ(tk_alarm_init(&per[i], fired, (void *)(uintptr_t)i), TK_OK);
        KT_EQ(tk_alarm_start(&per[i], DUE, PERIOD), TK_OK);
        KT_EQ(tk_alarm_init(&one[i], fired, (void *)(uintptr_t)(NALARMS + i)), TK_OK);
        KT_EQ(tk_alarm_start(&one[i], DUE, 0), TK_OK);
    }
    KT_EQ(tk_alarm_init(&far, fired, (void *)(uintptr_t)(2 * NALARMS)), TK_OK);
    KT_EQ(tk_alarm_start(&far, 1, FAR), TK_OK);
    KT_EQ(tk_alarm_init(&later, fired, (void *)(uintptr_t)(2 * NALARMS + 1)), TK_OK);
    KT_EQ(tk_alarm_start(&later, LATER, 0), TK_OK);
    KT_EQ(tk_tick_get(), t0);
    KT_EQ(tk_delay(RUN), TK_OK);
    int carried = 0;
    for (int i = 0; i < 2 * NALARMS; i++) {
        KT_CHECK(count[i] > 0);
        KT_CHECK((int32_t)(first[i] - (t0 + DUE)) >= 0);
        KT_CHECK((int32_t)(first[i] - (t0 + DUE)) < 2 * NALARMS);
        carried += first[i] != t0 + DUE;
        KT_EQ(count[i], i < NALARMS ? 1 + (RUN - DUE) / PERIOD : 1); /* no drift, no repeat */
    }
    KT_CHECK(carried >= 2 * NALARMS - 3); /* at most the budget ran on the due tick */
    KT_EQ(count[2 * NALARMS], 1);      /* far: once, at t0 + 1; next at t0 + 1 + FAR */
    KT_EQ(first[2 * NALARMS], t0 + 1);
    KT_EQ(count[2 * NALARMS + 1], 0);  /* later: not yet */
    KT_EQ(tk_delay(LATER + 1 - RUN), TK_OK);
    KT_EQ(count[2 * NALARMS], 2);      /* the re-arm into the sorted list, before `later` */
    KT_EQ(count[2 * NALARMS + 1], 1);
    for (int i = 0; i < NALARMS; i++)
        KT_EQ(tk_alarm_stop(&per[i]), TK_OK);
    KT_EQ(tk_alarm_stop(&far), TK_OK);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 2, 0), TK_OK);
    tk_start();
    return 1;
}
