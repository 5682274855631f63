/* Tick arguments over their whole range: every timeout, delay, period and alarm delay is
 * TK_NOWAIT (where allowed), 1..TK_TIMEOUT_MAX or TK_FOREVER (where allowed), anything else is
 * TK_EINVAL; a wait of TK_TIMEOUT_MAX ticks blocks and leaves timekeeping intact for every
 * other thread.  (A timeout of 2^31 ticks or more used to program the CLINT compare about
 * 2^64 ticks away: no thread's sleep ever ended again.) */
#include "ktest.h"

static struct tk_thread ctl, helper, sleeper[3];
KT_STACK(s_ctl); KT_STACK(s_helper); KT_STACK(s_sl0); KT_STACK(s_sl1); KT_STACK(s_sl2);

static struct tk_sem sem;
static struct tk_mutex mtx;
static struct tk_event ev;
static struct tk_msgq mq;
static struct tk_bmq bq;
static uint32_t mq_buf[2], bq_buf[2];
static struct tk_alarm al[4];
static volatile int alarm_fired;

/* Beyond the range: rejected whatever else the call would do. */
static const tk_tick_t too_long[] = {TK_TIMEOUT_MAX + 1, 0x80000000u, 0xF0000000u, 0xFFFFFFFEu};
#define N_TOO_LONG (sizeof too_long / sizeof too_long[0])

/* The helper makes one call, chosen by `what`, with timeout `arg`, and records the result. */
enum { W_SEM, W_MUTEX, W_EVENT, W_MAIL, W_MSGQ, W_BMQ_RECV, W_BMQ_SEND, W_OWN };
static volatile int what, result, done;
static void helper_main(void *arg)
{
    tk_tick_t t = (tk_tick_t)(uintptr_t)arg;
    uint32_t msg = 7, got;
    uintptr_t word;
    switch (what) {
    case W_SEM: result = tk_sem_pend(&sem, t); break;
    case W_MUTEX:
        result = tk_mutex_lock(&mtx, t);
        if (result == TK_OK)
            tk_mutex_unlock(&mtx);
        break;
    case W_EVENT: result = tk_event_wait(&ev, 1, TK_EVENT_ANY, &got, t); break;
    case W_MAIL: result = tk_mail_recv(&word, t); break;
    case W_MSGQ: result = tk_msgq_recv(&mq, &got, t); break;
    case W_BMQ_RECV: result = tk_bmq_recv(&bq, &got, t); break;
    case W_BMQ_SEND: result = tk_bmq_send(&bq, &msg, t); break;
    case W_OWN: /* own the mutex until resumed */
        result = tk_mutex_lock(&mtx, TK_FOREVER);
        tk_thread_suspend(NULL);
        tk_mutex_unlock(&mtx);
        break;
    }
    done = 1;
}

static void start_helper(int w, tk_tick_t timeout)
{
    what = w;
    done = 0;
    result = 99;
    KT_EQ(tk_thread_create(&helper, "helper", helper_main, (void *)(uintptr_t)timeout, s_helper,
                           sizeof s_helper, 3, 0), TK_OK);
}

/* A short sleep of the caller ends on time: timekeeping works. */
static void check_time_runs(tk_tick_t n)
{
    tk_tick_t t0 = tk_tick_get();
    KT_EQ(tk_delay(n), TK_OK);
    tk_tick_t d = tk_tick_get() - t0;
    KT_CHECK(d + 1 >= n && d <= n + (kt_on_qemu() ? 3u : 0u));
}

static void sleeper_main(void *arg)
{
    uintptr_t i = (uintptr_t)arg;
    if (i == 0) {
        tk_delay(TK_TIMEOUT_MAX);
    } else if (i == 1) {
        tk_tick_t last = tk_tick_get();
        tk_delay_until(&last, TK_TIMEOUT_MAX);
    } else {
        tk_tick_t last = tk_tick_get() + TK_TIMEOUT_MAX - 1; /* wakes TK_TIMEOUT_MAX from now */
        tk_delay_until(&last, 1);
    }
    KT_CHECK(0); /* not within this test */
}

static void alarm_cb(struct tk_alarm *a, void *arg)
{
    (void)a;
    (void)arg;
    alarm_fired++;
}

/* The blocking call `w` rejects every timeout beyond TK_TIMEOUT_MAX when it has to wait
 * (here the caller, a thread, would wait). */
static void reject_too_long(int w)
{
    for (unsigned i = 0; i < N_TOO_LONG; i++) {
        tk_tick_t t = too_long[i];
        uint32_t msg = 1, got;
        uintptr_t word;
        int rc = 99;
        switch (w) {
        case W_SEM: rc = tk_sem_pend(&sem, t); break;
        case W_MUTEX: rc = tk_mutex_lock(&mtx, t); break;
        case W_EVENT: rc = tk_event_wait(&ev, 1, TK_EVENT_ANY, &got, t); break;
        case W_MAIL: rc = tk_mail_recv(&word, t); break;
        case W_MSGQ: rc = tk_msgq_recv(&mq, &got, t); break;
        case W_BMQ_RECV: rc = tk_bmq_recv(&bq, &got, t); break;
        case W_BMQ_SEND: rc = tk_bmq_send(&bq, &msg, t); break;
        }
        KT_EQ(rc, TK_EINVAL);
    }
}

static void ctl_main(void *arg)
{
    (void)arg;
    uint32_t msg = 5;

    /* The reported case: a waiter with a timeout of 0xF0000000 ticks, then another thread's
     * short sleep. */
    KT_EQ(tk_sem_init(&sem, 0, 10), TK_OK);
    start_helper(W_SEM, 0xF0000000u);
    KT_EQ(done, 1);
    KT_EQ(result, TK_EINVAL);
    check_time_runs(30);

    /* Every blocking call: beyond TK_TIMEOUT_MAX rejected; TK_TIMEOUT_MAX itself waits (and
     * leaves the time running) until the waiter is served. */
    KT_EQ(tk_mutex_init(&mtx), TK_OK);
    KT_EQ(tk_event_init(&ev, 0), TK_OK);
    KT_EQ(tk_msgq_init(&mq, mq_buf, 4, 2), TK_OK);
    KT_EQ(tk_bmq_init(&bq, bq_buf, 4, 2), TK_OK);
    for (int w = W_SEM; w <= W_BMQ_SEND; w++) {
        if (w == W_BMQ_SEND) { /* a full queue: sends wait */
            KT_EQ(tk_bmq_send(&bq, &msg, TK_NOWAIT), TK_OK);
            KT_EQ(tk_bmq_send(&bq, &msg, TK_NOWAIT), TK_OK);
        }
        if (w == W_MUTEX) {
            start_helper(W_OWN, 0);
            KT_EQ(result, TK_OK);
            KT_EQ(tk_thread_state(&helper), TK_STATE_SUSPENDED);
            reject_too_long(w);
            KT_EQ(tk_thread_resume(&helper), TK_OK); /* unlocks and exits */
            KT_EQ(done, 1);
            KT_EQ(tk_mutex_lock(&mtx, TK_FOREVER), TK_OK); /* now the helper waits for ctl */
        } else {
            reject_too_long(w); /* W_MAIL: ctl's own mailbox, empty */
        }
        start_helper(w, TK_TIMEOUT_MAX);
        KT_EQ(done, 0);
        KT_EQ(tk_thread_state(&helper), TK_STATE_BLOCKED);
        check_time_runs(3);
        KT_EQ(tk_thread_state(&helper), TK_STATE_BLOCKED);
        uint32_t got;
        switch (w) {
        case W_SEM: KT_EQ(tk_sem_post(&sem), TK_OK); break;
        case W_MUTEX: KT_EQ(tk_mutex_unlock(&mtx), TK_OK); break;
        case W_EVENT: KT_EQ(tk_event_set(&ev, 1), TK_OK); break;
        case W_MAIL: KT_EQ(tk_mail_send(&helper, 1), TK_OK); break;
        case W_MSGQ: KT_EQ(tk_msgq_send(&mq, &msg), TK_OK); break;
        case W_BMQ_RECV: KT_EQ(tk_bmq_send(&bq, &msg, TK_NOWAIT), TK_OK); break;
        case W_BMQ_SEND: KT_EQ(tk_bmq_recv(&bq, &got, TK_NOWAIT), TK_OK); break;
        }
        KT_EQ(done, 1);
        KT_EQ(result, TK_OK);
        if (w == W_BMQ_SEND) { /* empty it again */
            KT_EQ(tk_bmq_recv(&bq, &got, TK_NOWAIT), TK_OK);
            KT_EQ(tk_bmq_recv(&bq, &got, TK_NOWAIT), TK_OK);
        }
    }
    /* A call satisfied at once does not look at its timeout. */
    KT_EQ(tk_sem_post(&sem), TK_OK);
    KT_EQ(tk_sem_pend(&sem, 0x80000000u), TK_OK);

    /* Sleeps: tk_delay and tk_delay_until. */
    for (unsigned i = 0; i < N_TOO_LONG; i++) {
        KT_EQ(tk_delay(too_long[i]), TK_EINVAL);
        tk_tick_t last = tk_tick_get();
        KT_EQ(tk_delay_until(&last, too_long[i]), TK_EINVAL);
    }
    KT_EQ(tk_delay(TK_FOREVER), TK_EINVAL);
    tk_tick_t last = tk_tick_get();
    KT_EQ(tk_delay_until(&last, 0), TK_EINVAL);
    KT_EQ(tk_delay_until(&last, TK_FOREVER), TK_EINVAL);
    /* A wake time not within the next TK_TIMEOUT_MAX ticks has passed. */
    last = tk_tick_get() + TK_TIMEOUT_MAX; /* + 1 period: one tick too far */
    KT_EQ(tk_delay_until(&last, 1), TK_ELATE);
    last = tk_tick_get() + 0x80000000u;
    KT_EQ(tk_delay_until(&last, 1), TK_ELATE);
    last = tk_tick_get() - 1; /* wakes now: passed */
    KT_EQ(tk_delay_until(&last, 1), TK_ELATE);
    for (uintptr_t i = 0; i < 3; i++) {
        KT_EQ(tk_thread_create(&sleeper[i], "sleeper", sleeper_main, (void *)i, i == 0 ? s_sl0 :
                               i == 1 ? s_sl1 : s_sl2, sizeof s_sl0, 4, 0), TK_OK);
        KT_EQ(tk_thread_state(&sleeper[i]), TK_STATE_SLEEPING);
    }
    check_time_runs(5);

    /* Alarms: delay 1..TK_TIMEOUT_MAX, period 0..TK_TIMEOUT_MAX. */
    for (int i = 0; i < 4; i++)
        KT_EQ(tk_alarm_init(&al[i], alarm_cb, 0), TK_OK);
    KT_EQ(tk_alarm_start(&al[0], 0, 0), TK_EINVAL);
    KT_EQ(tk_alarm_start(&al[0], TK_FOREVER, 0), TK_EINVAL);
    for (unsigned i = 0; i < N_TOO_LONG; i++) {
        KT_EQ(tk_alarm_start(&al[0], too_long[i], 0), TK_EINVAL);
        KT_EQ(tk_alarm_start(&al[0], 1, too_long[i]), TK_EINVAL);
    }
    KT_EQ(tk_alarm_start(&al[0], 1, TK_FOREVER), TK_EINVAL);
    KT_EQ(tk_alarm_start(&al[0], TK_TIMEOUT_MAX, 0), TK_OK);
    KT_EQ(tk_alarm_start(&al[1], TK_TIMEOUT_MAX, TK_TIMEOUT_MAX), TK_OK);
    KT_EQ(tk_alarm_start(&al[2], TK_TIMEOUT_MAX - 1, 1), TK_OK);
    KT_EQ(tk_alarm_start(&al[3], 20, TK_TIMEOUT_MAX), TK_OK); /* fires once within the test */
    check_time_runs(30);
    KT_EQ(alarm_fired, 1);
    check_time_runs(30);
    KT_EQ(alarm_fired, 1);
    for (int i = 0; i < 4; i++)
        KT_EQ(tk_alarm_stop(&al[i]), TK_OK);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
