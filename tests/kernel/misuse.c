/* Misuse that used to corrupt the kernel silently, now refused with an error code:
 * - a stack size that wraps the end of the address space (it used to overwrite memory below
 *   the stack);
 * - a time slice given to an exited thread (it used to keep the kernel ticking forever);
 * - re-initialising an object that threads wait on or a thread owns, or an active alarm
 *   (waiters were lost, a later mutex unlock walked a NULL list): TK_EBUSY;
 * - putting a FIFO node that is already queued (another node was lost, or the node linked to
 *   itself): TK_EBUSY.
 * Calls before tk_init() are in early.c. */
#include "ktest.h"

static struct tk_thread ctl, t1, w[3];
KT_STACK(s_w0); KT_STACK(s_w1); KT_STACK(s_w2);
static uintptr_t *const s_w[3] = {s_w0, s_w1, s_w2};
KT_STACK(s_ctl);
/* t1's stack between two canaries: creation must not write outside it. */
static uintptr_t s_t1_area[KT_STACK_WORDS + 2] __attribute__((aligned(16)));
#define S_T1 (&s_t1_area[1])
#define CANARY ((uintptr_t)0x5AFEC0DEu)

static volatile int ran;
static void body(void *arg)
{
    (void)arg;
    ran++;
}

static inline uintptr_t instret(void)
{
    uintptr_t v;
    __asm__ volatile("rdinstret %0" : "=r"(v));
    return v;
}

/* Stack sizes: below TK_STACK_MIN, above TK_STACK_MAX, or running past the end of the address
 * space are refused, and nothing is written. */
static void stack_sizes(void)
{
    const size_t words = KT_STACK_WORDS * sizeof(uintptr_t);
    const size_t to_end = UINTPTR_MAX - (uintptr_t)S_T1; /* largest size that does not wrap */
    const size_t bad[] = {(size_t)-1, to_end + 1, to_end + 16, TK_STACK_MAX + 1,
                          TK_STACK_MIN - 1, 0};
    s_t1_area[0] = CANARY;
    s_t1_area[KT_STACK_WORDS + 1] = CANARY;
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
        KT_EQ(tk_thread_create(&t1, "t1", body, 0, S_T1, bad[i], 3, 0), TK_EINVAL);
    KT_EQ(s_t1_area[0], CANARY);
    KT_EQ(s_t1_area[KT_STACK_WORDS + 1], CANARY);
    KT_EQ(tk_thread_create(&t1, "t1", body, 0, S_T1, words, 3, 0), TK_OK);
    KT_EQ(ran, 1);
    KT_EQ(s_t1_area[0], CANARY);
    KT_EQ(s_t1_area[KT_STACK_WORDS + 1], CANARY);
}

/* A slice for an exited thread is refused; the kernel stays tickless. */
static void slice_of_exited(void)
{
    KT_EQ(tk_thread_state(&t1), TK_STATE_EXITED);
    KT_EQ(tk_thread_set_slice(&t1, 5), TK_ESTATE);
    KT_EQ(tk_thread_set_slice(&t1, 0), TK_ESTATE);
    /* re-created over the exited thread, t1 starts without a slice */
    KT_EQ(tk_thread_create(&t1, "t1", body, 0, S_T1, KT_STACK_WORDS * sizeof(uintptr_t), 6,
                           TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(tk_thread_set_slice(&t1, 5), TK_OK);
    KT_EQ(tk_thread_resume(&t1), TK_OK); /* lower priority: runs when ctl sleeps, exits */
    KT_EQ(tk_delay(2), TK_OK);
    KT_EQ(tk_thread_state(&t1), TK_STATE_EXITED);
    /* a 200-tick sleep with nothing due takes one interrupt, not 200 */
    uintptr_t i0 = instret();
    KT_EQ(tk_delay(200), TK_OK);
    uintptr_t di = instret() - i0;
    kt_log_num("instructions retired over a 200-tick idle sleep: ", di);
    if (!kt_on_qemu())
        KT_CHECK(di < 2000);
}

/* ---- objects in use ---- */
static struct tk_sem sem;
static struct tk_mutex mtx;
static struct tk_event ev;
static struct tk_msgq mq;
static struct tk_bmq bq;
static uint32_t mq_buf[2], bq_buf[2], mq_buf2[4];
static struct tk_alarm al;
static volatile int wres[3], wdone[3];

enum { W_SEM, W_MUTEX, W_EVENT, W_MSGQ, W_BMQ_RECV, W_BMQ_SEND, W_OWN };
static void waiter(void *arg)
{
    uintptr_t a = (uintptr_t)arg, i = a & 3, what = a >> 2;
    uint32_t v = 1;
    switch (what) {
    case W_SEM: wres[i] = tk_sem_pend(&sem, TK_FOREVER); break;
    case W_MUTEX:
        wres[i] = tk_mutex_lock(&mtx, TK_FOREVER);
        tk_mutex_unlock(&mtx);
        break;
    case W_EVENT: wres[i] = tk_event_wait(&ev, 1, TK_EVENT_ANY, &v, TK_FOREVER); break;
    case W_MSGQ: wres[i] = tk_msgq_recv(&mq, &v, TK_FOREVER); break;
    case W_BMQ_RECV: wres[i] = tk_bmq_recv(&bq, &v, TK_FOREVER); break;
    case W_BMQ_SEND: wres[i] = tk_bmq_send(&bq, &v, TK_FOREVER); break;
    case W_OWN: /* lock, then wait to be resumed */
        wres[i] = tk_mutex_lock(&mtx, TK_FOREVER);
        tk_thread_suspend(NULL);
        tk_mutex_unlock(&mtx);
        break;
    }
    wdone[i] = 1;
}
static void start_waiter(int i, int what)
{
    wdone[i] = 0;
    wres[i] = 99;
    KT_EQ(tk_thread_create(&w[i], "w", waiter, (void *)(uintptr_t)(what << 2 | i), s_w[i],
                           sizeof s_w0, 3, 0), TK_OK);
}
static void no_cb(struct tk_alarm *a, void *arg)
{
    (void)a;
    (void)arg;
}

static void reinit_in_use(void)
{
    uint32_t v = 9;
    /* semaphore with a waiter */
    KT_EQ(tk_sem_init(&sem, 0, 5), TK_OK);
    KT_EQ(tk_sem_init(&sem, 1, 5), TK_OK); /* idle: re-initialising is fine */
    KT_EQ(tk_sem_pend(&sem, TK_NOWAIT), TK_OK);
    start_waiter(0, W_SEM);
    KT_EQ(tk_sem_init(&sem, 0, 5), TK_EBUSY);
    KT_EQ(tk_sem_post(&sem), TK_OK); /* the waiter was not lost */
    KT_EQ(wdone[0], 1);
    KT_EQ(wres[0], TK_OK);
    KT_EQ(tk_sem_init(&sem, 0, 5), TK_OK);

    /* mutex owned, then owned with a waiter */
    KT_EQ(tk_mutex_init(&mtx), TK_OK);
    start_waiter(0, W_OWN);
    KT_EQ(wres[0], TK_OK);
    KT_EQ(tk_mutex_init(&mtx), TK_EBUSY);
    start_waiter(1, W_MUTEX);
    KT_EQ(wdone[1], 0);
    KT_EQ(tk_mutex_init(&mtx), TK_EBUSY);
    KT_EQ(tk_thread_resume(&w[0]), TK_OK); /* unlocks: w[1] gets it, unlocks, exits */
    KT_EQ(wdone[0], 1);
    KT_EQ(wdone[1], 1);
    KT_EQ(wres[1], TK_OK);
    KT_EQ(tk_mutex_init(&mtx), TK_OK);
    KT_EQ(tk_mutex_lock(&mtx, TK_NOWAIT), TK_OK); /* the owner's own re-init too */
    KT_EQ(tk_mutex_init(&mtx), TK_EBUSY);
    KT_EQ(tk_mutex_unlock(&mtx), TK_OK);

    /* event flags with a waiter */
    KT_EQ(tk_event_init(&ev, 0), TK_OK);
    start_waiter(0, W_EVENT);
    KT_EQ(tk_event_init(&ev, 0), TK_EBUSY);
    KT_EQ(tk_event_set(&ev, 1), TK_OK);
    KT_EQ(wdone[0], 1);
    KT_EQ(tk_event_init(&ev, 0), TK_OK);

    /* message queue with a receiver; blocking queue with a receiver, then with a sender */
    KT_EQ(tk_msgq_init(&mq, mq_buf, 4, 2), TK_OK);
    start_waiter(0, W_MSGQ);
    KT_EQ(tk_msgq_init(&mq, mq_buf2, 4, 4), TK_EBUSY);
    KT_EQ(tk_msgq_send(&mq, &v), TK_OK);
    KT_EQ(wdone[0], 1);
    KT_EQ(tk_msgq_init(&mq, mq_buf2, 4, 4), TK_OK);
    KT_EQ(tk_bmq_init(&bq, bq_buf, 4, 2), TK_OK);
    start_waiter(0, W_BMQ_RECV);
    KT_EQ(tk_bmq_init(&bq, bq_buf, 4, 2), TK_EBUSY);
    KT_EQ(tk_bmq_send(&bq, &v, TK_NOWAIT), TK_OK);
    KT_EQ(wdone[0], 1);
    KT_EQ(tk_bmq_send(&bq, &v, TK_NOWAIT), TK_OK);
    KT_EQ(tk_bmq_send(&bq, &v, TK_NOWAIT), TK_OK); /* full */
    start_waiter(0, W_BMQ_SEND);
    KT_EQ(wdone[0], 0);
    KT_EQ(tk_bmq_init(&bq, bq_buf, 4, 2), TK_EBUSY);
    KT_EQ(tk_bmq_recv(&bq, &v, TK_NOWAIT), TK_OK);
    KT_EQ(wdone[0], 1);
    KT_EQ(tk_bmq_init(&bq, bq_buf, 4, 2), TK_OK);

    /* an active alarm */
    KT_EQ(tk_alarm_init(&al, no_cb, 0), TK_OK);
    KT_EQ(tk_alarm_start(&al, 100, 0), TK_OK);
    KT_EQ(tk_alarm_init(&al, no_cb, 0), TK_EBUSY);
    KT_EQ(tk_alarm_stop(&al), TK_OK);
    KT_EQ(tk_alarm_init(&al, no_cb, 0), TK_OK);
}

/* ---- FIFO nodes ---- */
static struct tk_fifo f1, f2;
static struct tk_fifo_node n[4];

static void fifo_nodes(void)
{
    struct tk_fifo_node *out;
    KT_EQ(tk_fifo_init(&f1), TK_OK);
    KT_EQ(tk_fifo_init(&f2), TK_OK);
    KT_EQ(tk_fifo_put(&f1, &n[0]), TK_OK);
    KT_EQ(tk_fifo_put(&f1, &n[0]), TK_EBUSY); /* the tail again: it used to link to itself */
    KT_EQ(tk_fifo_put(&f1, &n[1]), TK_OK);
    KT_EQ(tk_fifo_put(&f1, &n[2]), TK_OK);
    KT_EQ(tk_fifo_put(&f1, &n[1]), TK_EBUSY); /* a middle node: n[2] used to be lost */
    KT_EQ(tk_fifo_put(&f2, &n[2]), TK_EBUSY); /* queued in another FIFO */
    KT_EQ(tk_fifo_put(&f2, &n[0]), TK_EBUSY);
    KT_EQ(tk_fifo_init(&f1), TK_EBUSY); /* holds nodes */
    KT_EQ(tk_fifo_get(&f2, &out), TK_EAGAIN);
    KT_CHECK(out == NULL);
    for (int i = 0; i < 3; i++) {
        KT_EQ(tk_fifo_get(&f1, &out), TK_OK);
        KT_CHECK(out == &n[i]);
        KT_CHECK(out->next == NULL); /* zeroed: may be put again */
    }
    KT_EQ(tk_fifo_get(&f1, &out), TK_EAGAIN);
    KT_EQ(tk_fifo_put(&f2, &n[1]), TK_OK);
    KT_EQ(tk_fifo_put(&f1, &n[0]), TK_OK);
    KT_EQ(tk_fifo_get(&f2, &out), TK_OK);
    KT_CHECK(out == &n[1]);
    KT_EQ(tk_fifo_get(&f1, &out), TK_OK);
    KT_CHECK(out == &n[0]);
    /* a node that was never zeroed is refused rather than trusted */
    n[3].next = (struct tk_fifo_node *)&n[1];
    KT_EQ(tk_fifo_put(&f1, &n[3]), TK_EBUSY);
    KT_EQ(tk_fifo_get(&f1, &out), TK_EAGAIN);
    KT_EQ(tk_fifo_init(&f1), TK_OK); /* empty: fine */
}

static void ctl_main(void *arg)
{
    (void)arg;
    stack_sizes();
    slice_of_exited();
    reinit_in_use();
    fifo_nodes();
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
