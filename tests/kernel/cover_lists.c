/* Wait queues and ready lists with company: for each blocking object, four waiters of
 * priorities 6, 5, 5 and 4 (the last blocks after the others: a new queue head), one with a
 * timeout that expires while it is neither the head of its queue nor alone, and a ready
 * thread at priority 5 (the filler) while the others are woken one by one, from a thread
 * and from an interrupt handler.  So each wake-up joins a ready level that is or is not
 * empty, and each removal from a wait queue takes the head, a middle or the last thread.
 * Asserts each waiter's result (TK_OK, or TK_ETIMEOUT for the timed one) and that every
 * thread ends.  Written for `make coverage`: the list operations' other directions in each
 * kernel call that inlines them. */
#include "ktest.h"

enum { O_SEM, O_MSGQ, O_BMQ_RECV, O_BMQ_SEND, O_EVENT, O_MUTEX, O_MAIL, O_SUSPEND, O_COUNT };
#define NW 4
#define TIMED 1 /* the waiter whose timeout expires */
static const uint8_t wprio[NW] = {6, 5, 5, 4};
static struct tk_thread ctl, w[NW], filler;
KT_STACK(s_ctl); KT_STACK(s_filler);
static uintptr_t s_w[NW][KT_STACK_WORDS] __attribute__((aligned(16)));
static struct tk_sem sem;
static struct tk_msgq msgq;
static struct tk_bmq bmq;
static struct tk_event ev;
static struct tk_mutex mtx;
static uint32_t qbuf[1], bbuf[1];
static volatile int obj, result[NW], done[NW], filler_stop, isr_runs;
static struct tk_thread *volatile isr_target;

static void waiter(void *arg)
{
    int i = (int)(uintptr_t)arg;
    tk_tick_t to = i == TIMED ? 2 : TK_FOREVER;
    uint32_t m = 7;
    uintptr_t word;
    int rc = TK_EINVAL;
    switch (obj) {
    case O_SEM: rc = tk_sem_pend(&sem, to); break;
    case O_MSGQ: rc = tk_msgq_recv(&msgq, &m, to); break;
    case O_BMQ_RECV: rc = tk_bmq_recv(&bmq, &m, to); break;
    case O_BMQ_SEND: rc = tk_bmq_send(&bmq, &m, to); break; /* the queue is full */
    case O_EVENT: rc = tk_event_wait(&ev, 1, TK_EVENT_ANY, NULL, to); break;
    case O_MUTEX:
        rc = tk_mutex_lock(&mtx, to);
        if (rc == TK_OK)
            KT_EQ(tk_mutex_unlock(&mtx), TK_OK); /* hands it to the next waiter */
        break;
    case O_MAIL: rc = tk_mail_recv(&word, to); break;
    case O_SUSPEND: rc = i == TIMED ? (tk_delay(2), TK_ETIMEOUT) : tk_thread_suspend(NULL); break;
    }
    result[i] = rc;
    done[i] = 1;
}

static void filler_body(void *arg)
{
    (void)arg;
    while (!filler_stop)
        tk_yield();
}

/* Wake one waiter (or, for the mutex and the event, all of them in turn). */
static void wake(int i, int isr)
{
    uint32_t m = 1;
    switch (obj) {
    case O_SEM: KT_EQ(isr ? tk_sem_post_from_isr(&sem) : tk_sem_post(&sem), TK_OK); break;
    case O_MSGQ:
        KT_EQ(isr ? tk_msgq_send_from_isr(&msgq, &m) : tk_msgq_send(&msgq, &m), TK_OK);
        break;
    case O_BMQ_RECV:
        KT_EQ(isr ? tk_bmq_send_from_isr(&bmq, &m) : tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK);
        break;
    case O_BMQ_SEND: if (!isr) KT_EQ(tk_bmq_recv(&bmq, &m, TK_NOWAIT), TK_OK); break;
    case O_EVENT:
        if (isr || i < 0)
            KT_EQ(isr ? tk_event_set_from_isr(&ev, 1) : tk_event_set(&ev, 1), TK_OK);
        break;
    case O_MUTEX: if (!isr && i < 0) KT_EQ(tk_mutex_unlock(&mtx), TK_OK); break;
    case O_MAIL:
        KT_EQ(isr ? tk_mail_send_from_isr(&w[i], 1) : tk_mail_send(&w[i], 1), TK_OK);
        break;
    case O_SUSPEND:
        KT_EQ(isr ? tk_thread_resume_from_isr(&w[i]) : tk_thread_resume(&w[i]), TK_OK);
        break;
    }
}

static void isr_body(void)
{
    KT_EQ(tk_sched_lock(), TK_EISR); /* not from a handler */
    KT_EQ(tk_sched_unlock(), TK_EISR);
    int i = (int)(isr_target - w);
    wake(i, 1);
    isr_runs++;
}

static void start(int i)
{
    KT_EQ(tk_thread_create(&w[i], "w", waiter, (void *)(uintptr_t)i, s_w[i], sizeof s_w[i],
                           wprio[i], 0), TK_OK);
}

static void control(void *arg)
{
    (void)arg;
    uint32_t m = 0;
    kt_irq_setup(isr_body);
    for (int o = 0; o < O_COUNT; o++) {
        for (int isr = 0; isr < 2; isr++) {
            if (isr && (o == O_BMQ_SEND || o == O_MUTEX))
                continue; /* no interrupt-side call frees them */
            obj = o;
            kt_log_num("object ", (uint64_t)(o * 2 + isr));
            KT_EQ(tk_sem_init(&sem, 0, 10), TK_OK);
            KT_EQ(tk_msgq_init(&msgq, qbuf, 4, 1), TK_OK);
            KT_EQ(tk_bmq_init(&bmq, bbuf, 4, 1), TK_OK);
            KT_EQ(tk_event_init(&ev, 0), TK_OK);
            KT_EQ(tk_mutex_init(&mtx), TK_OK);
            if (o == O_BMQ_SEND)
                KT_EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK);
            if (o == O_MUTEX)
                KT_EQ(tk_mutex_lock(&mtx, TK_NOWAIT), TK_OK);
            for (int i = 0; i < NW; i++)
                result[i] = 99, done[i] = 0;
            /* waiters 0..2 block (priority order 5, 5, 6), then 3 as the new head */
            for (int i = 0; i < NW - 1; i++)
                start(i);
            KT_EQ(tk_delay(1), TK_OK);
            start(NW - 1);
            filler_stop = 0;
            KT_EQ(tk_thread_create(&filler, "filler", filler_body, 0, s_filler, sizeof s_filler,
                                   5, 0), TK_OK);
            KT_EQ(tk_delay(1), TK_OK);
            KT_EQ(tk_delay(3), TK_OK); /* the timed waiter gives up, beside the filler */
            KT_EQ(done[TIMED], 1);
            KT_EQ(result[TIMED], TK_ETIMEOUT);
            if (o == O_MUTEX || (o == O_EVENT && !isr)) /* one call frees them all, in turn */
                wake(-1, 0);
            {
                static const int order[] = {3, 2, 0};
                for (int k = 0; k < (o == O_MUTEX || (o == O_EVENT && !isr) ? 0 : 3); k++) {
                    int i = order[k];
                    if (isr) {
                        isr_target = &w[i];
                        int before = isr_runs;
                        kt_irq_fire(50);
                        while (isr_runs == before)
                            ;
                    } else {
                        wake(i, 0);
                    }
                }
            }
            filler_stop = 1;
            for (int t = 0; t < 20; t++)
                if (tk_thread_state(&filler) != TK_STATE_EXITED || !done[0] || !done[2] || !done[3])
                    KT_EQ(tk_delay(1), TK_OK);
            for (int i = 0; i < NW; i++) {
                KT_EQ(done[i], 1);
                KT_EQ(result[i], i == TIMED ? TK_ETIMEOUT : TK_OK);
                KT_EQ(tk_thread_state(&w[i]), TK_STATE_EXITED);
            }
            KT_EQ(tk_thread_state(&filler), TK_STATE_EXITED);
        }
    }
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 2, 0), TK_OK);
    tk_start();
    return 1;
}
