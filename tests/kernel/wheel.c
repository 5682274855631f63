/* Timer wheel and sorted list (kernel/timer.c): one-shot alarms of random delays fire at their
 * tick, in expiry order and FIFO within a tick; an interrupt served 70 ticks late catches up in
 * order; periodic alarms of 1..40 ticks keep their counts; near and far sleeps, FIFO at a tick.
 * At most TK_CONFIG_TICK_EXPIRIES of a tick's own timers expire on it (tempo.h): the others
 * the next tick, first, counted against its budget; expected_at() models that. */
#include "ktest.h"
static struct tk_thread ctl, sl[6];
KT_STACK(s_ctl); KT_STACK(s0); KT_STACK(s1); KT_STACK(s2); KT_STACK(s3); KT_STACK(s4); KT_STACK(s5);
static uintptr_t *const sst[6] = {s0, s1, s2, s3, s4, s5};
#define N 40
static struct tk_alarm al[N];
static volatile tk_tick_t due[N], at[N];
static volatile int order[N], norder;
static volatile uint32_t cnt[N];
static void cb(struct tk_alarm *a, void *arg)
{
    uintptr_t i = (uintptr_t)arg; (void)a;
    at[i] = tk_tick_get();
    if (norder < N)
        order[norder++] = (int)i;
    cnt[i]++;
}
/* The tick each one-shot of due[] fires on (TK_CONFIG_TICK_EXPIRIES, tempo.h): per tick, the
 * timers carried from the one before all fire, then the tick's own in arming order while the
 * budget lasts; the rest are carried.  (Index order is arming order.) */
static tk_tick_t want_at[N];
static void expected_at(tk_tick_t first, tk_tick_t last)
{
    int carried[N], nc = 0;
    for (tk_tick_t t = first; (int32_t)(t - last) <= 0 || nc; t++) {
        int next[N], nn = 0, left = TK_CONFIG_TICK_EXPIRIES ? TK_CONFIG_TICK_EXPIRIES : N;
        for (int k = 0; k < nc; k++, left--)
            want_at[carried[k]] = t;
        for (int i = 0; i < N; i++) {
            if (due[i] != t)
                continue;
            if (left > 0) {
                want_at[i] = t;
                left--;
            } else {
                next[nn++] = i;
            }
        }
        for (int k = 0; k < nn; k++)
            carried[k] = next[k];
        nc = nn;
    }
}
static volatile tk_tick_t woke[6];
static volatile int wake_order[6], nwake;
static void sleeper(void *arg)
{
    uintptr_t i = (uintptr_t)arg;
    tk_tick_t d = (tk_tick_t)(i < 3 ? 5 + i * 40 : 45); /* 5,45,85 and three at 45 (FIFO) */
    tk_tick_t t0 = tk_tick_get();
    KT_EQ(tk_delay(d), TK_OK);
    woke[i] = tk_tick_get() - t0;
    wake_order[nwake++] = (int)i;
    for (;;) tk_delay(100000);
}
static void ctl_main(void *arg)
{
    (void)arg;
    kt_srand(7);
    /* one-shots: random delays 1..100, several per tick */
    for (int round = 0; round < 3; round++) {
        norder = 0;
        tk_delay(1); /* at a tick's start: the arming below stays within it */
        tk_tick_t now = tk_tick_get();
        for (int i = 0; i < N; i++) {
            tk_tick_t d = 1 + kt_rand() % 100;
            KT_EQ(tk_alarm_init(&al[i], cb, (void *)(uintptr_t)i), TK_OK);
            due[i] = now + d;
            cnt[i] = 0;
            KT_EQ(tk_alarm_start(&al[i], d, 0), TK_OK);
            KT_EQ(tk_tick_get(), now); /* all armed within one tick */
        }
        expected_at(now + 1, now + 100);
        if (round == 1) { /* a late interrupt: interrupts off for about 70 ticks */
            unsigned long s = tk_irq_lock();
            tk_tick_t t0 = tk_tick_get();
            while (tk_tick_get() - t0 < 70) ;
            tk_irq_unlock(s);
        }
        tk_delay(110);
        KT_EQ(norder, N);
        for (int k = 0; k < N; k++) {
            int i = order[k];
            KT_EQ(cnt[i], 1);
            if (round != 1) KT_EQ(at[i], want_at[i]);
            else KT_CHECK((int32_t)(at[i] - due[i]) >= 0);
            KT_CHECK(at[i] - due[i] <= 1 || round == 1); /* at most a tick late */
            if (k) { /* expiry order, FIFO (arming order) within a tick */
                int j = order[k - 1];
                KT_CHECK((int32_t)(due[j] - due[i]) < 0 || ((due[j] == due[i]) && j < i));
            }
        }
    }
    /* periodic alarms with periods 1..40 over 400 ticks, one stopped half way */
    for (int i = 0; i < N; i++) { cnt[i] = 0; KT_EQ(tk_alarm_start(&al[i], 1 + i, 1 + i), TK_OK); }
    tk_delay(200);
    KT_EQ(tk_alarm_stop(&al[3]), TK_OK);
    tk_delay(200);
    for (int i = 0; i < N; i++) tk_alarm_stop(&al[i]);
    for (int i = 0; i < N; i++) {
        uint32_t want = i == 3 ? 200 / 4 : 400 / (uint32_t)(1 + i);
        KT_CHECK(cnt[i] + 1 >= want && cnt[i] <= want + 1);
    }
    /* sleeps: near and far, same-tick FIFO */
    for (int i = 0; i < 6; i++)
        KT_EQ(tk_thread_create(&sl[i], "s", sleeper, (void *)(uintptr_t)i, sst[i], sizeof s0, 3, 0), TK_OK);
    tk_delay(200);
    KT_EQ(nwake, 6);
    /* four due at 45 (1, 3, 4, 5 in start order): the fourth one tick later when the budget
     * is three */
    for (int i = 0; i < 6; i++)
        KT_EQ(woke[i], i < 3 ? 5 + i * 40 : 45 + (i == 5 && TK_CONFIG_TICK_EXPIRIES == 3));
    /* order: 0 (5), then the ones at 45 in start order: 1,3,4,5, then 2 (85) */
    KT_EQ(wake_order[0], 0); KT_EQ(wake_order[1], 1); KT_EQ(wake_order[2], 3);
    KT_EQ(wake_order[3], 4); KT_EQ(wake_order[4], 5); KT_EQ(wake_order[5], 2);
    kt_pass();
}
int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 1, 0), TK_OK);
    tk_start();
}
