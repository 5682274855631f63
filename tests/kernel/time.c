/* Time: alarms (one-shot, periodic without drift, stop, restart from the callback, errors),
 * round-robin time slices among equal priorities, tickless idle (no timer interrupt while
 * nothing is due), and timeouts that outlive the objects' other activity. */
#include "ktest.h"

static struct tk_thread ctl, rr[3];
KT_STACK(s_ctl); KT_STACK(s_r0); KT_STACK(s_r1); KT_STACK(s_r2);
static uintptr_t *const s_r[3] = {s_r0, s_r1, s_r2};

static struct tk_alarm al[5], one, again;
static volatile uint32_t fired[5], one_fired, again_fired;
static volatile tk_tick_t one_at, first_at[5], last_at[5];
static volatile int cb_rc;
static struct tk_sem alarm_sem;

static void periodic_cb(struct tk_alarm *a, void *arg)
{
    uintptr_t i = (uintptr_t)arg;
    (void)a;
    if (fired[i]++ == 0)
        first_at[i] = tk_tick_get();
    last_at[i] = tk_tick_get();
}
static void one_cb(struct tk_alarm *a, void *arg)
{
    (void)a;
    (void)arg;
    one_fired++;
    one_at = tk_tick_get();
    cb_rc = tk_sem_post_from_isr(&alarm_sem); /* callbacks run in the timer interrupt */
}
static void again_cb(struct tk_alarm *a, void *arg)
{
    (void)arg;
    if (++again_fired < 3)
        tk_alarm_start(a, 2, 0); /* a one-shot re-armed from its own callback */
}

static volatile uint32_t spins[3];
static volatile char slice_order[64];
static volatile int nslice;
static volatile int rr_stop;
static volatile char runner;
static void rr_thread(void *arg)
{
    uintptr_t i = (uintptr_t)arg;
    char me = (char)('a' + i);
    while (!rr_stop) {
        spins[i]++;
        if (runner != me) { /* this thread got the processor: record the turn */
            runner = me;
            if (nslice < 64)
                slice_order[nslice++] = me;
        }
    }
}

static inline uintptr_t instret(void)
{
    uintptr_t v;
    __asm__ volatile("rdinstret %0" : "=r"(v));
    return v;
}

static void ctl_main(void *arg)
{
    (void)arg;
    struct tk_alarm za = {0};

    /* ---- alarm errors ---- */
    KT_EQ(tk_alarm_init(NULL, one_cb, 0), TK_EINVAL);
    KT_EQ(tk_alarm_init(&one, NULL, 0), TK_EINVAL);
    KT_EQ(tk_alarm_start(&za, 1, 0), TK_EOBJ);
    KT_EQ(tk_alarm_stop(&za), TK_EOBJ);
    KT_EQ(tk_alarm_start(NULL, 1, 0), TK_EOBJ);
    KT_EQ(tk_alarm_init(&one, one_cb, 0), TK_OK);
    KT_EQ(tk_alarm_start(&one, 0, 0), TK_EINVAL);
    KT_EQ(tk_alarm_start(&one, TK_FOREVER, 0), TK_EINVAL);
    KT_EQ(tk_alarm_start(&one, 1, TK_FOREVER), TK_EINVAL);
    KT_EQ(tk_alarm_stop(&one), TK_OK); /* not active: fine */

    /* ---- one-shot: fires once, at its tick, from the interrupt ---- */
    KT_EQ(tk_sem_init(&alarm_sem, 0, 5), TK_OK);
    tk_tick_t t0 = tk_tick_get();
    KT_EQ(tk_alarm_start(&one, 4, 0), TK_OK);
    KT_EQ(tk_sem_pend(&alarm_sem, 10), TK_OK);
    KT_EQ(one_fired, 1);
    KT_EQ(cb_rc, TK_OK);
    KT_CHECK(one_at - t0 >= 3 && one_at - t0 <= 4);
    KT_EQ(tk_delay(6), TK_OK);
    KT_EQ(one_fired, 1);
    /* stop before it fires */
    KT_EQ(tk_alarm_start(&one, 2, 0), TK_OK);
    KT_EQ(tk_alarm_stop(&one), TK_OK);
    KT_EQ(tk_delay(4), TK_OK);
    KT_EQ(one_fired, 1);
    /* re-armed from its callback */
    KT_EQ(tk_alarm_init(&again, again_cb, 0), TK_OK);
    KT_EQ(tk_alarm_start(&again, 1, 0), TK_OK);
    KT_EQ(tk_delay(10), TK_OK);
    KT_EQ(again_fired, 3);

    /* ---- five periodic alarms, 1/2/3/5/7 ticks, over 210 ticks: exact counts ---- */
    static const tk_tick_t period[5] = {1, 2, 3, 5, 7};
    for (uintptr_t i = 0; i < 5; i++) {
        KT_EQ(tk_alarm_init(&al[i], periodic_cb, (void *)i), TK_OK);
        KT_EQ(tk_alarm_start(&al[i], period[i], period[i]), TK_OK);
    }
    KT_EQ(tk_delay(210), TK_OK);
    for (int i = 0; i < 5; i++)
        KT_EQ(tk_alarm_stop(&al[i]), TK_OK);
    for (int i = 0; i < 5; i++) {
        uint32_t n = fired[i];
        if (kt_on_qemu()) {
            KT_CHECK(n + 2 >= 210 / period[i] && n <= 210 / period[i] + 1);
        } else {
            KT_CHECK(n + 1 >= 210 / period[i] && n <= 210 / period[i]);
            /* no drift: the last call is exactly (n-1) periods after the first */
            KT_EQ(last_at[i] - first_at[i], (n - 1) * period[i]);
        }
    }
    uint32_t before = fired[0];
    KT_EQ(tk_delay(5), TK_OK);
    KT_EQ(fired[0], before); /* stopped */

    /* ---- tickless idle: a 200-tick sleep with nothing else due wakes once ---- */
    uintptr_t i0 = instret();
    KT_EQ(tk_delay(200), TK_OK);
    uintptr_t di = instret() - i0;
    kt_log_num("instructions retired over a 200-tick idle sleep: ", di);
    if (!kt_on_qemu())
        KT_CHECK(di < 2000); /* a periodic 1 kHz tick would take 200 interrupts */

    /* ---- time slices: three equal threads, 2-tick slices, all get turns in order ---- */
    for (uintptr_t i = 0; i < 3; i++) {
        KT_EQ(tk_thread_create(&rr[i], "rr", rr_thread, (void *)i, s_r[i], sizeof s_r0, 8, 0),
              TK_OK);
        KT_EQ(tk_thread_set_slice(&rr[i], 2), TK_OK);
    }
    KT_EQ(tk_delay(24), TK_OK); /* ctl (prio 5) sleeps: the three share the processor */
    int turns = nslice;         /* the turns taken while ctl slept */
    rr_stop = 1;
    KT_EQ(tk_delay(2), TK_OK);
    for (int i = 0; i < 3; i++)
        KT_CHECK(spins[i] > 0);
    KT_CHECK(turns >= 6); /* 24 ticks / 2-tick slices: about 12 */
    kt_log("slice turns: ");
    for (int i = 0; i < turns; i++)
        board_putc(slice_order[i]);
    kt_log("\n");
    for (int i = 0; i + 1 < turns; i++) { /* a b c a b c ... */
        char next = slice_order[i] == 'c' ? 'a' : (char)(slice_order[i] + 1);
        KT_EQ(slice_order[i + 1], next);
    }
    for (int i = 0; i < 3; i++) {
        KT_EQ(tk_thread_state(&rr[i]), TK_STATE_EXITED);
    }
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
