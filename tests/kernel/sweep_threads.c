/* Integer-parameter sweep (sweep.h), part 1: threads, sleeps, alarms, semaphores, mutexes and
 * mailboxes.  Values that the kernel accepts but that describe the caller's memory (a stack
 * size above the buffer at hand, up to TK_STACK_MAX) are not tried: the kernel would build the
 * first frame there. */
#include "sweep.h"

static struct tk_thread ctl, tw, sleeper[5];
KT_STACK(s_ctl); KT_STACK(s_w);
static uintptr_t s_sleep[5][2 * TK_STACK_MIN / sizeof(uintptr_t)] __attribute__((aligned(16)));
static unsigned nsleepers;
static struct tk_alarm al;
static struct tk_sem sem;
static struct tk_mutex mtx;

static void quick(void *arg) { (void)arg; }
static void no_cb(struct tk_alarm *a, void *arg) { (void)a; (void)arg; }

/* ---- tk_thread_create: prio, options, stack_bytes ---- */
static void thread_create(void)
{
    SW_FOR(v, 32, TK_PRIO_LOWEST) {
        int rc = tk_thread_create(&tw, "w", quick, 0, s_w, sizeof s_w, (unsigned)v, 0);
        SW_EQ(v, rc, v <= TK_PRIO_LOWEST ? TK_OK : TK_EINVAL);
        if (rc == TK_OK) {
            KT_EQ(tk_yield(), TK_OK); /* an equal priority (31) runs now */
            SW_EQ(v, tk_thread_state(&tw), TK_STATE_EXITED);
        }
    }
    SW_FOR(v, 32, TK_THREAD_SUSPENDED) {
        int rc = tk_thread_create(&tw, "w", quick, 0, s_w, sizeof s_w, 1, (unsigned)v);
        SW_EQ(v, rc, v <= TK_THREAD_SUSPENDED ? TK_OK : TK_EINVAL);
        if (rc == TK_OK && v == TK_THREAD_SUSPENDED)
            KT_EQ(tk_thread_resume(&tw), TK_OK);
        if (rc == TK_OK)
            SW_EQ(v, tk_thread_state(&tw), TK_STATE_EXITED);
    }
    SW_FOR(v, XLEN, TK_STACK_MAX) {
        if (v > sizeof s_w && v <= TK_STACK_MAX)
            continue; /* the caller's memory: not at hand */
        int rc = tk_thread_create(&tw, "w", quick, 0, s_w, (size_t)v, 1, 0);
        SW_EQ(v, rc, v >= TK_STACK_MIN && v <= TK_STACK_MAX ? TK_OK : TK_EINVAL);
    }
    const size_t sizes[] = {TK_STACK_MIN - 1, TK_STACK_MIN, sizeof s_w};
    for (unsigned i = 0; i < 3; i++)
        SW_EQ(sizes[i], tk_thread_create(&tw, "w", quick, 0, s_w, sizes[i], 1, 0),
              sizes[i] >= TK_STACK_MIN ? TK_OK : TK_EINVAL);
}

/* ---- tk_delay(ticks), tk_delay_until(last_wake, period) ---- */
static volatile int kind;
static volatile tk_tick_t arg_v;
static volatile int sl_rc, sl_done;
static void sleep_main(void *arg)
{
    (void)arg;
    tk_tick_t last = tk_tick_get();
    if (kind == 0) {
        sl_rc = tk_delay(arg_v);
    } else if (kind == 1) {
        sl_rc = tk_delay_until(&last, arg_v);
    } else {
        last += arg_v; /* last_wake = now + v, period 1 */
        sl_rc = tk_delay_until(&last, 1);
    }
    sl_done = 1;
}

/* Sleep for v ticks in a helper: rejected (TK_EINVAL), passed (TK_ELATE), at once (TK_OK),
 * a short sleep waited out, or a long one left asleep in a thread of its own. */
static void sleep_case(int k, uint64_t v, int want, tk_tick_t ticks)
{
    struct tk_thread *t = &tw;
    uintptr_t *stack = s_w;
    size_t bytes = sizeof s_w;
    if (ticks > 3) {
        KT_CHECK(nsleepers < 5);
        t = &sleeper[nsleepers];
        stack = s_sleep[nsleepers];
        bytes = sizeof s_sleep[0];
        nsleepers++;
    }
    kind = k;
    arg_v = (tk_tick_t)v;
    sl_done = 0;
    sl_rc = 99;
    KT_EQ(tk_thread_create(t, "sleep", sleep_main, 0, stack, bytes, 1, 0), TK_OK);
    if (ticks == 0) {
        SW_EQ(v, sl_done, 1);
        SW_EQ(v, sl_rc, want);
        return;
    }
    SW_EQ(v, sl_done, 0);
    SW_EQ(v, tk_thread_state(t), TK_STATE_SLEEPING);
    if (ticks <= 3) {
        KT_EQ(tk_delay(ticks + 1), TK_OK);
        SW_EQ(v, sl_done, 1);
        SW_EQ(v, sl_rc, TK_OK);
    }
}

static void sleeps(void)
{
    SW_FOR(v, 32, TK_TIMEOUT_MAX) { /* tk_delay(v) */
        int ok = v <= TK_TIMEOUT_MAX;
        sleep_case(0, v, ok ? TK_OK : TK_EINVAL, ok ? (tk_tick_t)v : 0);
    }
    SW_FOR(v, 32, TK_TIMEOUT_MAX) { /* tk_delay_until(&now, v) */
        int ok = v >= 1 && v <= TK_TIMEOUT_MAX;
        sleep_case(1, v, ok ? TK_OK : TK_EINVAL, ok ? (tk_tick_t)v : 0);
    }
    SW_FOR(v, 32, TK_TIMEOUT_MAX) { /* tk_delay_until(&(now + v), 1) */
        uint64_t ahead = (v + 1) & 0xFFFFFFFFu;
        int ok = ahead >= 1 && ahead <= TK_TIMEOUT_MAX;
        sleep_case(2, v, ok ? TK_OK : TK_ELATE, ok ? (tk_tick_t)ahead : 0);
    }
}

/* ---- tk_thread_set_priority(t, prio), tk_thread_set_slice(t, ticks) ---- */
static void thread_settings(void)
{
    KT_EQ(tk_thread_create(&tw, "w", quick, 0, s_w, sizeof s_w, 1, TK_THREAD_SUSPENDED), TK_OK);
    SW_FOR(v, 32, TK_PRIO_LOWEST) {
        int rc = tk_thread_set_priority(&tw, (unsigned)v);
        SW_EQ(v, rc, v <= TK_PRIO_LOWEST ? TK_OK : TK_EINVAL);
        if (rc == TK_OK)
            SW_EQ(v, tk_thread_priority(&tw), v);
    }
    SW_FOR(v, 32, TK_SLICE_MAX) {
        int rc = tk_thread_set_slice(&tw, (tk_tick_t)v);
        SW_EQ(v, rc, v <= TK_SLICE_MAX ? TK_OK : TK_EINVAL);
        KT_EQ(tk_thread_set_slice(&tw, 0), TK_OK);
    }
    KT_EQ(tk_thread_set_priority(&tw, 1), TK_OK);
    KT_EQ(tk_thread_resume(&tw), TK_OK);
    KT_EQ(tk_thread_state(&tw), TK_STATE_EXITED);
}

/* ---- tk_alarm_start(a, delay, period) ---- */
static void alarms(void)
{
    KT_EQ(tk_alarm_init(&al, no_cb, 0), TK_OK);
    SW_FOR(v, 32, TK_TIMEOUT_MAX) {
        SW_EQ(v, tk_alarm_start(&al, (tk_tick_t)v, 0),
              v >= 1 && v <= TK_TIMEOUT_MAX ? TK_OK : TK_EINVAL);
        KT_EQ(tk_alarm_stop(&al), TK_OK);
        SW_EQ(v, tk_alarm_start(&al, 100, (tk_tick_t)v), v <= TK_TIMEOUT_MAX ? TK_OK : TK_EINVAL);
        KT_EQ(tk_alarm_stop(&al), TK_OK);
    }
}

/* ---- tk_sem_init(s, count, max), tk_sem_pend(s, timeout) ---- */
static int sem_call(tk_tick_t t) { return tk_sem_pend(&sem, t); }
static void sem_wake(void) { KT_EQ(tk_sem_post(&sem), TK_OK); }

static void semaphores(void)
{
    uint32_t c;
    SW_FOR(v, 32, 0xFFFFFFFFu) { /* max */
        SW_EQ(v, tk_sem_init(&sem, 0, (uint32_t)v), v >= 1 ? TK_OK : TK_EINVAL);
        SW_FOR(w, 32, 0xFFFFFFFFu) { /* count, up to that max */
            int rc = tk_sem_init(&sem, (uint32_t)w, (uint32_t)v);
            SW_EQ(w, rc, v >= 1 && w <= v ? TK_OK : TK_EINVAL);
            if (rc == TK_OK) {
                KT_EQ(tk_sem_count(&sem, &c), TK_OK);
                SW_EQ(w, c == (uint32_t)w, 1);
            }
        }
    }
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    struct sw_wait w = {sem_call, sem_wake, 0, 0, 0};
    sw_timeouts(&w);
}

/* ---- tk_mutex_lock(m, timeout): the caller owns m, the helper waits ---- */
static int mutex_call(tk_tick_t t)
{
    int rc = tk_mutex_lock(&mtx, t);
    if (rc == TK_OK)
        tk_mutex_unlock(&mtx);
    return rc;
}
static void mutex_wake(void)
{
    KT_EQ(tk_mutex_unlock(&mtx), TK_OK); /* the helper takes it, gives it back, exits */
    KT_EQ(tk_mutex_lock(&mtx, TK_NOWAIT), TK_OK);
}

static void mutexes(void)
{
    KT_EQ(tk_mutex_init(&mtx), TK_OK);
    KT_EQ(tk_mutex_lock(&mtx, TK_FOREVER), TK_OK);
    struct sw_wait w = {mutex_call, mutex_wake, 0, 0, 0};
    sw_timeouts(&w);
    KT_EQ(tk_mutex_unlock(&mtx), TK_OK);
    KT_EQ(tk_thread_priority(NULL), TK_PRIO_LOWEST); /* every inheritance undone */
}

/* ---- tk_mail_send(t, word), tk_mail_recv(word, timeout) ---- */
static int mail_call(tk_tick_t t)
{
    uintptr_t word;
    return tk_mail_recv(&word, t);
}
static void mail_wake(void) { KT_EQ(tk_mail_send(&sw_helper, 1), TK_OK); }

static void mail(void)
{
    uintptr_t got;
    SW_FOR(v, XLEN, UINTPTR_MAX) {
        SW_EQ(v, tk_mail_send(&ctl, (uintptr_t)v), TK_OK);
        SW_EQ(v, tk_mail_recv(&got, TK_NOWAIT), TK_OK);
        SW_EQ(v, got == (uintptr_t)v, 1);
    }
    struct sw_wait w = {mail_call, mail_wake, 0, 0, 0};
    sw_timeouts(&w);
}

static void ctl_main(void *arg)
{
    (void)arg;
    thread_create();
    sleeps();
    thread_settings();
    alarms();
    semaphores();
    mutexes();
    mail();
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, TK_PRIO_LOWEST, 0),
          TK_OK);
    tk_start();
}
