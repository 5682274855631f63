/* The tick's expiry budget (TK_CONFIG_TICK_EXPIRIES, 3 by default): six periodic alarms and
 * six one-shot alarms due on one tick, of which the budget expires a few and carries the rest
 * to the following ticks, and a periodic alarm whose period (40 ticks) is beyond the timer
 * wheel's window, re-armed into the sorted timer list before a later one-shot alarm there.
 * Asserts when each alarm first ran (on its due tick or carried to a later one, never
 * earlier), that the budget carried some, and how many times each ran.  Then more periodic
 * alarms than the budget due on one tick, whose interrupt is served late (interrupts locked
 * past the tick): a late tick's slot is expired whole, in arming order, and each re-arm goes
 * beyond the window into the sorted list behind the ones before it; their next expiry
 * counts from the due tick, not from the late one (no drift).  Written for `make coverage`:
 * the carry, the sorted re-arms and the late slot over the budget are the timer interrupt's
 * own copies. */
#include "ktest.h"

#define NALARMS 6
#define DUE 5     /* ticks to the shared due tick */
#define PERIOD 3  /* ticks: the periodic alarms' period */
#define FAR 40    /* ticks: beyond the timer wheel's window (32 slots) */
#define LATER 50  /* ticks: the one-shot alarm in the sorted list, after FAR's re-arm */
#define RUN 31    /* ticks the control thread waits: past the due tick 29, before 32 */
#define NLATE (TK_CONFIG_TICK_EXPIRIES + 2) /* alarms on the late tick: more than the budget */
#define LATE 2    /* ticks the late tick's interrupt is served late by */

static struct tk_thread ctl;
KT_STACK(s_ctl);
static struct tk_alarm per[NALARMS], one[NALARMS], far, later;
static volatile tk_tick_t first[2 * NALARMS + 2];
static volatile int count[2 * NALARMS + 2];
static struct tk_alarm late[NLATE];
static volatile tk_tick_t late_at[2 * NLATE];  /* the tick of each run, in running order */
static volatile int late_who[2 * NLATE], nlate; /* which alarm ran, in running order */

static void fired(struct tk_alarm *a, void *arg)
{
    (void)a;
    int i = (int)(uintptr_t)arg;
    if (count[i]++ == 0)
        first[i] = tk_tick_get();
}

static void late_fired(struct tk_alarm *a, void *arg)
{
    (void)a;
    if (nlate < 2 * NLATE) {
        late_at[nlate] = tk_tick_get();
        late_who[nlate++] = (int)(uintptr_t)arg;
    }
}

/* Spin with interrupts locked until tick `until`: the timer interrupt comes late. */
static void spin_locked_until(tk_tick_t until)
{
    unsigned long s = tk_irq_lock();
    while ((int32_t)(tk_tick_get() - until) < 0)
        ;
    tk_irq_unlock(s);
}

/* NLATE periodic alarms (period FAR) due at one tick, served LATE ticks late. */
static void late_tick(void)
{
    KT_EQ(tk_delay(1), TK_OK); /* on a tick boundary: every alarm armed in one tick */
    tk_tick_t due = tk_tick_get() + DUE;
    for (int i = 0; i < NLATE; i++) {
        KT_EQ(tk_alarm_init(&late[i], late_fired, (void *)(uintptr_t)i), TK_OK);
        KT_EQ(tk_alarm_start(&late[i], DUE, FAR), TK_OK);
    }
    spin_locked_until(due + LATE);
    /* the late tick's slot expired whole in the one interrupt, in arming order */
    KT_EQ(nlate, NLATE);
    for (int i = 0; i < NLATE; i++) {
        KT_EQ(late_who[i], i);
        KT_EQ(late_at[i], due + LATE);
    }
    /* re-armed from the due tick: next due at due + FAR, the budget's worth on that tick
     * and the rest carried to the next, still in arming order */
    KT_EQ(tk_delay(due + FAR + 2 - tk_tick_get()), TK_OK);
    KT_EQ(nlate, 2 * NLATE);
    for (int i = 0; i < NLATE; i++) {
        KT_EQ(late_who[NLATE + i], i);
        KT_EQ(late_at[NLATE + i], due + FAR + (i >= TK_CONFIG_TICK_EXPIRIES));
    }
    for (int i = 0; i < NLATE; i++)
        KT_EQ(tk_alarm_stop(&late[i]), TK_OK);
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
    late_tick();
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 2, 0), TK_OK);
    tk_start();
    return 1;
}
