/* Semaphores, event flags, mutexes: every call, every error path, timeouts, wake order
 * (priority, then FIFO), a three-level priority-inheritance chain and its undoing, a timed-out
 * waiter undoing inheritance, and the *_from_isr variants (switch at interrupt exit). */
#include "ktest.h"

static struct tk_thread ctl, tw[4], tl, tm, th;
KT_STACK(s_ctl); KT_STACK(s_w0); KT_STACK(s_w1); KT_STACK(s_w2); KT_STACK(s_w3);
static uintptr_t *const s_w[4] = {s_w0, s_w1, s_w2, s_w3};

static struct tk_sem sem, go_l, go_m, isr_sem;
static struct tk_event ev;
static struct tk_mutex m1, m2;
static volatile char woke[8];
static volatile int nwoke;

/* Results come through out-parameters: every count and every bit pattern is a value, none
 * an error code. */
static uint32_t sem_count(struct tk_sem *s)
{
    uint32_t c = 0xDEADu;
    KT_EQ(tk_sem_count(s, &c), TK_OK);
    return c;
}
static uint32_t event_bits(struct tk_event *e)
{
    uint32_t b = 0xDEADu;
    KT_EQ(tk_event_get(e, &b), TK_OK);
    return b;
}

/* ---- semaphore wake order ---- */
static void sem_waiter(void *arg)
{
    KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK);
    woke[nwoke++] = (char)(uintptr_t)arg;
}

/* ---- ISR variants ---- */
static volatile int isr_what, isr_rc, isr_rc2;
static volatile int h_done, h_done_at_spin;
static volatile uint32_t spin;
static void isr_body(void)
{
    switch (isr_what) {
    case 1: /* a semaphore post wakes a higher thread: it runs at interrupt exit */
        isr_rc = tk_sem_post_from_isr(&isr_sem);
        isr_rc2 = tk_sem_pend(&sem, 5); /* blocking from an ISR is refused */
        break;
    case 2:
        isr_rc = tk_event_set_from_isr(&ev, 0x100);
        isr_rc2 = tk_mutex_lock(&m1, TK_NOWAIT); /* mutexes need a thread */
        break;
    case 3:
        isr_rc = tk_sem_pend(&isr_sem, TK_NOWAIT); /* non-blocking from an ISR: fine */
        isr_rc2 = tk_event_wait(&ev, 1, TK_EVENT_ANY, NULL, 3);
        break;
    }
}

static void isr_waiter(void *arg)
{
    (void)arg;
    if (isr_what == 1)
        KT_EQ(tk_sem_pend(&isr_sem, TK_FOREVER), TK_OK);
    else {
        uint32_t got = 0;
        KT_EQ(tk_event_wait(&ev, 0x100, TK_EVENT_ANY | TK_EVENT_CLEAR, &got, TK_FOREVER), TK_OK);
        KT_EQ(got, 0x100);
    }
    h_done_at_spin = (int)spin;
    h_done = 1;
}

/* Low thread spins while the interrupt fires; the woken high thread must run before the
 * spin ends (the switch is done at interrupt exit, not at the next kernel call). */
static void run_isr_case(int what)
{
    isr_what = what;
    h_done = 0;
    spin = 0;
    KT_EQ(tk_thread_create(&th, "h", isr_waiter, 0, s_w3, sizeof s_w0, 1, 0), TK_OK);
    KT_EQ(h_done, 0); /* blocked */
    kt_irq_fire(300);
    while (!h_done && spin < 100000)
        spin++;
    KT_EQ(h_done, 1);
    KT_EQ(isr_rc, TK_OK);
    /* At most the one spin step in flight when the interrupt hit. */
    KT_CHECK((int)spin - h_done_at_spin <= 1);
}

/* ---- event waiters ---- */
static volatile uint32_t got_all, got_any;
static void ev_all(void *arg)
{
    (void)arg;
    uint32_t g = 0;
    KT_EQ(tk_event_wait(&ev, 0x3, TK_EVENT_ALL | TK_EVENT_CLEAR, &g, TK_FOREVER), TK_OK);
    got_all = g;
}
static void ev_any(void *arg)
{
    (void)arg;
    uint32_t g = 0;
    KT_EQ(tk_event_wait(&ev, 0x4 | 0x40, TK_EVENT_ANY, &g, TK_FOREVER), TK_OK);
    got_any = g;
}

/* ---- priority inheritance chain: L holds m1, M holds m2 and waits m1, H waits m2 ---- */
static volatile int l_prio_after, m_prio_after, m_prio_with_m1, h_got;
static void thr_l(void *arg)
{
    (void)arg;
    KT_EQ(tk_mutex_lock(&m1, TK_FOREVER), TK_OK);
    KT_EQ(tk_sem_pend(&go_l, TK_FOREVER), TK_OK);
    KT_EQ(tk_mutex_unlock(&m1), TK_OK);
    l_prio_after = tk_thread_priority(NULL);
}
static void thr_m(void *arg)
{
    (void)arg;
    KT_EQ(tk_mutex_lock(&m2, TK_FOREVER), TK_OK);
    KT_EQ(tk_mutex_lock(&m1, TK_FOREVER), TK_OK);
    m_prio_with_m1 = tk_thread_priority(NULL);
    KT_EQ(tk_sem_pend(&go_m, TK_FOREVER), TK_OK);
    KT_EQ(tk_mutex_unlock(&m2), TK_OK);
    m_prio_after = tk_thread_priority(NULL);
    KT_EQ(tk_mutex_unlock(&m1), TK_OK);
}
static void thr_h(void *arg)
{
    (void)arg;
    KT_EQ(tk_mutex_lock(&m2, TK_FOREVER), TK_OK);
    h_got = 1;
    KT_EQ(tk_mutex_unlock(&m2), TK_OK);
}
static volatile int t_rc;
static void thr_timeout_locker(void *arg)
{
    (void)arg;
    t_rc = tk_mutex_lock(&m1, 2);
}
static void thr_unlock_other(void *arg)
{
    (void)arg;
    t_rc = tk_mutex_unlock(&m1);
}

static void ctl_main(void *arg)
{
    (void)arg;
    struct tk_sem zs = {0};
    struct tk_mutex zm = {0};
    struct tk_event ze = {0};

    /* ---- semaphores: arguments and states ---- */
    KT_EQ(tk_sem_init(NULL, 0, 1), TK_EINVAL);
    KT_EQ(tk_sem_init(&sem, 0, 0), TK_EINVAL);
    KT_EQ(tk_sem_init(&sem, 3, 2), TK_EINVAL);
    KT_EQ(tk_sem_post(&zs), TK_EOBJ);
    KT_EQ(tk_sem_post(NULL), TK_EOBJ);
    KT_EQ(tk_sem_post_from_isr(&zs), TK_EOBJ);
    KT_EQ(tk_sem_pend(&zs, TK_FOREVER), TK_EOBJ);
    KT_EQ(tk_sem_try(&zs), TK_EOBJ);
    uint32_t c;
    KT_EQ(tk_sem_count(&zs, &c), TK_EOBJ);
    KT_EQ(tk_sem_count(NULL, &c), TK_EOBJ);
    /* the whole count range reads back (-1 and -2 used to read as TK_EINVAL / TK_EOBJ) */
    KT_EQ(tk_sem_init(&sem, 0xFFFFFFFEu, 0xFFFFFFFFu), TK_OK);
    KT_EQ(tk_sem_count(&sem, NULL), TK_EINVAL);
    KT_CHECK(sem_count(&sem) == 0xFFFFFFFEu);
    KT_EQ(tk_sem_post(&sem), TK_OK);
    KT_CHECK(sem_count(&sem) == 0xFFFFFFFFu);
    KT_EQ(tk_sem_post(&sem), TK_EFULL);
    KT_CHECK(sem_count(&sem) == 0xFFFFFFFFu);
    KT_EQ(tk_sem_init(&sem, 0, 2), TK_OK);
    KT_EQ(tk_sem_try(&sem), TK_EAGAIN);
    KT_EQ(tk_sem_post(&sem), TK_OK);
    KT_EQ(tk_sem_post(&sem), TK_OK);
    KT_EQ(tk_sem_post(&sem), TK_EFULL);
    KT_EQ(sem_count(&sem), 2);
    KT_EQ(tk_sem_pend(&sem, TK_NOWAIT), TK_OK);
    KT_EQ(tk_sem_try(&sem), TK_OK);
    KT_EQ(sem_count(&sem), 0);
    tk_tick_t t0 = tk_tick_get();
    KT_EQ(tk_sem_pend(&sem, 3), TK_ETIMEOUT);
    tk_tick_t dt = tk_tick_get() - t0;
    KT_CHECK(dt >= 2 && dt <= (kt_on_qemu() ? 6u : 3u));
    KT_EQ(tk_sched_lock(), TK_OK);
    KT_EQ(tk_sem_pend(&sem, 1), TK_ELOCKED);
    KT_EQ(tk_sem_pend(&sem, TK_NOWAIT), TK_EAGAIN);
    KT_EQ(tk_sched_unlock(), TK_OK);

    /* Wake order: arrivals A(12) B(11) C(12) D(11) -> wakes B D A C. */
    static const unsigned prio[4] = {12, 11, 12, 11};
    for (int i = 0; i < 4; i++) {
        KT_EQ(tk_thread_create(&tw[i], "w", sem_waiter, (void *)(uintptr_t)('A' + i), s_w[i],
                               sizeof s_w0, prio[i], 0), TK_OK);
        KT_EQ(tk_delay(1), TK_OK); /* it blocks before the next one arrives */
        KT_EQ(tk_thread_state(&tw[i]), TK_STATE_BLOCKED);
    }
    for (int i = 0; i < 4; i++) {
        KT_EQ(tk_sem_post(&sem), TK_OK);
        KT_EQ(tk_delay(1), TK_OK);
        KT_EQ(nwoke, i + 1);
        KT_EQ(woke[i], "BDAC"[i]);
    }
    KT_EQ(sem_count(&sem), 0);

    /* ---- events ---- */
    KT_EQ(tk_event_init(NULL, 0), TK_EINVAL);
    KT_EQ(tk_event_set(&ze, 1), TK_EOBJ);
    KT_EQ(tk_event_set_from_isr(&ze, 1), TK_EOBJ);
    KT_EQ(tk_event_clear(&ze, 1), TK_EOBJ);
    KT_EQ(tk_event_wait(&ze, 1, TK_EVENT_ANY, NULL, TK_NOWAIT), TK_EOBJ);
    uint32_t b;
    KT_EQ(tk_event_get(&ze, &b), TK_EOBJ); /* used to read as "no bits set" */
    KT_EQ(tk_event_get(NULL, &b), TK_EOBJ);
    KT_EQ(tk_event_init(&ev, 0xFFFFFFFFu), TK_OK);
    KT_EQ(tk_event_get(&ev, NULL), TK_EINVAL);
    KT_CHECK(event_bits(&ev) == 0xFFFFFFFFu);
    KT_EQ(tk_event_init(&ev, 0x80), TK_OK);
    KT_EQ(tk_event_wait(&ev, 0, TK_EVENT_ANY, NULL, TK_NOWAIT), TK_EINVAL);
    KT_EQ(tk_event_wait(&ev, 1, 8, NULL, TK_NOWAIT), TK_EINVAL);
    uint32_t g = 0;
    KT_EQ(tk_event_wait(&ev, 0x81, TK_EVENT_ANY, &g, TK_NOWAIT), TK_OK);
    KT_EQ(g, 0x80);
    KT_EQ(tk_event_wait(&ev, 0x81, TK_EVENT_ALL, &g, TK_NOWAIT), TK_EAGAIN);
    KT_EQ(tk_event_wait(&ev, 0x80, TK_EVENT_ALL | TK_EVENT_CLEAR, &g, TK_NOWAIT), TK_OK);
    KT_EQ(event_bits(&ev), 0);
    KT_EQ(tk_event_wait(&ev, 0x10, TK_EVENT_ANY, &g, 2), TK_ETIMEOUT);
    KT_EQ(tk_thread_create(&tw[0], "all", ev_all, 0, s_w0, sizeof s_w0, 1, 0), TK_OK);
    KT_EQ(tk_thread_create(&tw[1], "any", ev_any, 0, s_w1, sizeof s_w1, 1, 0), TK_OK);
    KT_EQ(tk_event_set(&ev, 0x1), TK_OK);
    KT_EQ(got_all, 0);
    KT_EQ(tk_event_set(&ev, 0x2), TK_OK); /* ev_all wakes, runs at once, clears 0x3 */
    KT_EQ(got_all, 0x3);
    KT_EQ(event_bits(&ev), 0);
    KT_EQ(tk_event_set(&ev, 0x4 | 0x8), TK_OK);
    KT_EQ(got_any, 0x4);
    KT_EQ(event_bits(&ev), 0xC); /* no clear requested */
    KT_EQ(tk_event_clear(&ev, 0xFF), TK_OK);
    KT_EQ(event_bits(&ev), 0);

    /* ---- interrupt handlers ---- */
    KT_EQ(tk_mutex_init(&m1), TK_OK);
    kt_irq_setup(isr_body);
    KT_EQ(tk_sem_init(&isr_sem, 0, 10), TK_OK);
    run_isr_case(1);
    KT_EQ(isr_rc2, TK_EISR);
    run_isr_case(2);
    KT_EQ(isr_rc2, TK_EISR);
    isr_what = 3;
    isr_rc = 99;
    KT_EQ(tk_sem_post(&isr_sem), TK_OK);
    kt_irq_fire(50);
    KT_EQ(tk_delay(1), TK_OK);
    KT_EQ(isr_rc, TK_OK);
    KT_EQ(isr_rc2, TK_EISR);

    /* ---- mutexes ---- */
    KT_EQ(tk_mutex_init(NULL), TK_EINVAL);
    KT_EQ(tk_mutex_lock(&zm, TK_FOREVER), TK_EOBJ);
    KT_EQ(tk_mutex_unlock(&zm), TK_EOBJ);
    KT_EQ(tk_mutex_trylock(NULL), TK_EOBJ);
    KT_EQ(tk_mutex_init(&m1), TK_OK);
    KT_EQ(tk_mutex_init(&m2), TK_OK);
    KT_EQ(tk_mutex_unlock(&m1), TK_EPERM); /* not locked at all */
    KT_EQ(tk_mutex_lock(&m1, TK_FOREVER), TK_OK);
    KT_EQ(tk_mutex_lock(&m1, TK_NOWAIT), TK_OK); /* recursion */
    KT_EQ(tk_mutex_trylock(&m1), TK_OK);
    /* another thread may not unlock it */
    KT_EQ(tk_thread_create(&tw[0], "u", thr_unlock_other, 0, s_w0, sizeof s_w0, 1, 0), TK_OK);
    KT_EQ(t_rc, TK_EPERM);
    KT_EQ(tk_mutex_unlock(&m1), TK_OK);
    KT_EQ(tk_mutex_unlock(&m1), TK_OK);
    KT_EQ(tk_mutex_unlock(&m1), TK_OK);
    KT_EQ(tk_mutex_unlock(&m1), TK_EPERM);

    /* Three-level chain. */
    KT_EQ(tk_sem_init(&go_l, 0, 1), TK_OK);
    KT_EQ(tk_sem_init(&go_m, 0, 1), TK_OK);
    KT_EQ(tk_thread_create(&tl, "L", thr_l, 0, s_w0, sizeof s_w0, 20, 0), TK_OK);
    KT_EQ(tk_delay(1), TK_OK); /* L locks m1, waits for go_l */
    KT_EQ(tk_thread_create(&tm, "M", thr_m, 0, s_w1, sizeof s_w1, 15, 0), TK_OK);
    KT_EQ(tk_delay(1), TK_OK); /* M locks m2, blocks on m1 */
    KT_EQ(tk_thread_priority(&tl), 15);
    KT_EQ(tk_thread_priority(&tm), 15);
    KT_EQ(tk_thread_create(&th, "H", thr_h, 0, s_w2, sizeof s_w2, 5, 0), TK_OK);
    KT_EQ(tk_delay(1), TK_OK); /* H blocks on m2 */
    KT_EQ(tk_thread_priority(&th), 5);
    KT_EQ(tk_thread_priority(&tm), 5);
    KT_EQ(tk_thread_priority(&tl), 5); /* transitively, through m1 */
    /* A waiter that times out: L (holding m1) does not keep its priority. */
    KT_EQ(tk_thread_set_priority(&tl, 21), TK_OK); /* base changes, inheritance stays */
    KT_EQ(tk_thread_priority(&tl), 5);
    KT_EQ(tk_sem_post(&go_l), TK_OK);
    KT_EQ(tk_delay(1), TK_OK); /* L unlocks m1 -> M owns it, L drops to its base */
    KT_EQ(l_prio_after, 21);
    KT_EQ(m_prio_with_m1, 5); /* still inherits from H through m2 */
    KT_EQ(h_got, 0);
    KT_EQ(tk_sem_post(&go_m), TK_OK);
    KT_EQ(tk_delay(1), TK_OK); /* M unlocks m2 -> H runs; M back to 15 */
    KT_EQ(h_got, 1);
    KT_EQ(m_prio_after, 15);
    KT_EQ(tk_thread_state(&tm), TK_STATE_EXITED);
    KT_EQ(tk_thread_state(&tl), TK_STATE_EXITED);

    /* Timed-out waiter: the owner's inheritance is undone at the timeout. */
    KT_EQ(tk_mutex_lock(&m1, TK_FOREVER), TK_OK);
    KT_EQ(tk_thread_set_priority(NULL, 25), TK_OK);
    KT_EQ(tk_thread_create(&tw[0], "t", thr_timeout_locker, 0, s_w0, sizeof s_w0, 4, 0), TK_OK);
    KT_EQ(tk_thread_priority(NULL), 4); /* inherited from the waiter */
    KT_EQ(tk_delay(3), TK_OK);
    KT_EQ(t_rc, TK_ETIMEOUT);
    KT_EQ(tk_thread_priority(NULL), 25);
    KT_EQ(tk_mutex_unlock(&m1), TK_OK);
    KT_EQ(tk_thread_set_priority(NULL, 2), TK_OK);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 2, 0), TK_OK);
    tk_start();
}
