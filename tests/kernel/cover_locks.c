/* Wakes that may not switch at once: a thread making a more urgent one ready with interrupts
 * locked (tk_irq_lock) or with the scheduler locked gets its result now, and the switch comes
 * at the unlock (tk_irq_unlock, tk_sched_unlock); an interrupt waking a thread while the scheduler is locked; the blocking
 * calls refused with the scheduler locked.  Also object details: NULL objects, an event
 * waiter woken from behind the queue's head, ALL waits not yet satisfied, mutexes unlocked
 * out of order and tried by a thread that does not own them, a ring that wraps, pool sizes
 * out of range, and timers beyond the timer wheel's window kept in order.  Written for
 * `make coverage`. */
#include "ktest.h"

static __attribute__((noinline)) void eq_at(long a, long b, int line)
{
    if (a != b)
        kt_fail(__FILE__, line, "", a, b);
}
#define EQ(a, b) eq_at((long)(a), (long)(b), __LINE__)

static struct tk_thread ctl, hi, hi2, holder;
KT_STACK(s_ctl); KT_STACK(s_hi); KT_STACK(s_hi2); KT_STACK(s_holder);
static struct tk_sem sem;
static struct tk_msgq msgq;
static struct tk_bmq bmq, bmq2;
static uint32_t qbuf[2], bbuf[2], bbuf2[2];
static struct tk_event ev;
static struct tk_mutex ma, mb, held;
static struct tk_pool pool;
static uintptr_t pbuf[8];
static struct tk_alarm al[4];
static volatile int ran, order[8], norder;

/* ---- hi (5) waits in turn on each object; ran counts its wakes ---- */
enum what { H_SEM, H_MSGQ, H_BMQ, H_MAIL, H_BMQ_SEND, H_EVENT, H_MUTEX, H_END };
static volatile enum what hwhat;

static void hi_main(void *arg)
{
    (void)arg;
    uint32_t m = 0;
    uintptr_t word;
    for (;;) {
        switch (hwhat) {
        case H_SEM:      EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK); break;
        case H_MSGQ:     EQ(tk_msgq_recv(&msgq, &m, TK_FOREVER), TK_OK); break;
        case H_BMQ:      EQ(tk_bmq_recv(&bmq, &m, TK_FOREVER), TK_OK); break;
        case H_MAIL:     EQ(tk_mail_recv(&word, TK_FOREVER), TK_OK); break;
        case H_BMQ_SEND: EQ(tk_bmq_send(&bmq, &m, TK_FOREVER), TK_OK); break; /* bmq full */
        case H_EVENT:    EQ(tk_event_wait(&ev, 4, TK_EVENT_ANY, NULL, TK_FOREVER), TK_OK); break;
        case H_MUTEX:    EQ(tk_mutex_lock(&ma, TK_FOREVER), TK_OK);
                         EQ(tk_mutex_unlock(&ma), TK_OK); break;
        default:         return;
        }
        ran++;
    }
}

/* Make hi ready by `w`, under the interrupt lock (hi runs at the next scheduling point: the
 * scheduler unlock here) or under the scheduler lock (hi runs at its unlock). */
static void wake(enum what w, int lock_irq)
{
    uint32_t m = 1;
    int r = ran;
    unsigned long s = 0;
    if (lock_irq)
        s = tk_irq_lock();
    else
        EQ(tk_sched_lock(), TK_OK);
    switch (w) {
    case H_SEM:      EQ(tk_sem_post(&sem), TK_OK); break;
    case H_MSGQ:     EQ(tk_msgq_send(&msgq, &m), TK_OK); break;
    case H_BMQ:      EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK); break;
    case H_MAIL:     EQ(tk_mail_send(&hi, 1), TK_OK); break;
    case H_BMQ_SEND: EQ(tk_bmq_recv(&bmq, &m, TK_NOWAIT), TK_OK); break;
    case H_EVENT:    EQ(tk_event_set(&ev, 4), TK_OK); EQ(tk_event_clear(&ev, 4), TK_OK); break;
    case H_MUTEX:    EQ(tk_mutex_unlock(&ma), TK_OK); break;
    default:         break;
    }
    EQ(ran, r); /* not yet */
    if (lock_irq)
        tk_irq_unlock(s); /* the section's end switches, as a thread's call does (tempo.h) */
    else
        EQ(tk_sched_unlock(), TK_OK);
    EQ(ran, r + 1);
}

static void locked_wakes(void)
{
    uint32_t m = 0;
    EQ(tk_thread_create(&hi, "hi", hi_main, 0, s_hi, sizeof s_hi, 5, 0), TK_OK);
    for (int lock_irq = 1; lock_irq >= 0; lock_irq--) {
        hwhat = H_SEM;
        wake(H_SEM, lock_irq);
        hwhat = H_MSGQ;
        wake(H_SEM, lock_irq); /* hi moves on to the message queue */
        hwhat = H_BMQ;
        wake(H_MSGQ, lock_irq);
        hwhat = H_MAIL;
        wake(H_BMQ, lock_irq);
        /* the bmq full: hi's send blocks, a receive makes room and wakes it */
        EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK);
        EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK);
        hwhat = H_BMQ_SEND;
        wake(H_MAIL, lock_irq);
        hwhat = H_EVENT;
        wake(H_BMQ_SEND, lock_irq);
        EQ(tk_bmq_recv(&bmq, &m, TK_NOWAIT), TK_OK);
        EQ(tk_bmq_recv(&bmq, &m, TK_NOWAIT), TK_OK);
        EQ(tk_mutex_lock(&ma, TK_NOWAIT), TK_OK);
        hwhat = H_MUTEX;
        wake(H_EVENT, lock_irq);
        hwhat = H_SEM;
        wake(H_MUTEX, 0); /* a mutex is refused with interrupts locked (TK_EISR) */
    }
    /* hi ends at its next wake */
    hwhat = H_END;
    EQ(tk_sem_post(&sem), TK_OK);
    EQ(tk_thread_state(&hi), TK_STATE_EXITED);
    /* a more urgent thread created under the lock runs at the unlock */
    EQ(tk_sched_lock(), TK_OK);
    EQ(tk_thread_create(&hi2, "hi2", hi_main, 0, s_hi2, sizeof s_hi2, 4, 0), TK_OK);
    EQ(tk_thread_state(&hi2), TK_STATE_READY);
    EQ(tk_sched_unlock(), TK_OK);
    EQ(tk_thread_state(&hi2), TK_STATE_EXITED);
    /* so does a ready thread raised above this one under the lock */
    EQ(tk_thread_create(&hi2, "hi2", hi_main, 0, s_hi2, sizeof s_hi2, 20, 0), TK_OK);
    EQ(tk_sched_lock(), TK_OK);
    EQ(tk_thread_set_priority(&hi2, 4), TK_OK);
    EQ(tk_thread_state(&hi2), TK_STATE_READY);
    EQ(tk_sched_unlock(), TK_OK);
    EQ(tk_thread_state(&hi2), TK_STATE_EXITED);
    /* a priority set under the interrupt lock, from a thread */
    unsigned long s = tk_irq_lock();
    EQ(tk_thread_set_priority(NULL, 9), TK_OK);
    tk_irq_unlock(s);
    EQ(tk_thread_priority(NULL), 9);
    EQ(tk_thread_set_priority(NULL, 10), TK_OK);
}

/* ---- an interrupt waking hi with the scheduler locked ---- */
static void isr_post(void)
{
    EQ(tk_sem_post_from_isr(&sem), TK_OK);
}

static void isr_wake_locked(void)
{
    kt_irq_setup(isr_post);
    hwhat = H_SEM;
    EQ(tk_thread_create(&hi, "hi", hi_main, 0, s_hi, sizeof s_hi, 5, 0), TK_OK);
    int r = ran;
    EQ(tk_sched_lock(), TK_OK);
    kt_irq_fire(100);
    for (volatile int i = 0; i < 2000; i++)
        ;
    EQ(ran, r);
    EQ(tk_thread_state(&hi), TK_STATE_READY);
    EQ(tk_sched_unlock(), TK_OK);
    EQ(ran, r + 1);
    hwhat = H_END;
    EQ(tk_sem_post(&sem), TK_OK);
    EQ(tk_thread_state(&hi), TK_STATE_EXITED);
}

/* ---- from an interrupt handler: an uninitialised queue, and a ring that wraps (its head is
 * at slot 1 after objects()) ---- */
static struct tk_msgq zero_msgq;
static volatile int isr_rc[3];
static void isr_objects(void)
{
    uint32_t m = 7;
    isr_rc[0] = tk_msgq_send_from_isr(&zero_msgq, &m);
    isr_rc[1] = tk_bmq_send_from_isr(&bmq2, &m);
    m = 8;
    isr_rc[2] = tk_bmq_send_from_isr(&bmq2, &m); /* into slot 0 */
}

static void isr_objects_run(void)
{
    uint32_t m = 0;
    isr_rc[2] = 99;
    kt_irq_setup(isr_objects);
    kt_irq_fire(100);
    while (isr_rc[2] == 99)
        ;
    EQ(isr_rc[0], TK_EOBJ);
    EQ(isr_rc[1], TK_OK);
    EQ(isr_rc[2], TK_OK);
    EQ(tk_bmq_recv(&bmq2, &m, TK_NOWAIT), TK_OK);
    EQ(m, 7);
    EQ(tk_bmq_recv(&bmq2, &m, TK_NOWAIT), TK_OK);
    EQ(m, 8);
}

/* ---- refused with the scheduler locked ---- */
static void holder_main(void *arg)
{
    (void)arg;
    EQ(tk_mutex_lock(&held, TK_NOWAIT), TK_OK);
    EQ(tk_thread_suspend(NULL), TK_OK);
    EQ(tk_mutex_unlock(&held), TK_OK);
}

static void refused(void)
{
    uint32_t m;
    EQ(tk_thread_create(&holder, "holder", holder_main, 0, s_holder, sizeof s_holder, 6, 0), TK_OK);
    EQ(tk_sched_lock(), TK_OK);
    EQ(tk_bmq_recv(&bmq2, &m, 5), TK_ELOCKED);
    EQ(tk_mutex_lock(&held, 5), TK_ELOCKED);
    EQ(tk_mutex_trylock(&held), TK_EAGAIN); /* another thread owns it */
    EQ(tk_sched_unlock(), TK_OK);
    EQ(tk_thread_resume(&holder), TK_OK);
    EQ(tk_thread_state(&holder), TK_STATE_EXITED);
}

/* ---- objects ---- */
static void objects(void)
{
    uint32_t m = 3, got = 0;
    struct tk_fifo_node node;
    void *p;
    EQ(tk_bmq_send(NULL, &m, TK_NOWAIT), TK_EOBJ);
    EQ(tk_fifo_put(NULL, &node), TK_EOBJ);
    EQ(tk_msgq_send(NULL, &m), TK_EOBJ);
    EQ(tk_mutex_unlock(NULL), TK_EOBJ);
    EQ(tk_pool_alloc(NULL, &p), TK_EOBJ);
    EQ(tk_sem_try(NULL), TK_EOBJ);
    EQ(tk_bmq_init(&bmq2, NULL, 4, 1), TK_EINVAL);
    /* sizes of 2^48 and of 2 GiB and more (the buffer claimed, never touched) */
    EQ(tk_pool_init(&pool, pbuf, sizeof pbuf, TK_POOL_BLOCK_MAX, TK_POOL_COUNT_MAX), TK_EINVAL);
    EQ(tk_pool_init(&pool, pbuf, (size_t)0xF0000000u - (uintptr_t)pbuf % 16, 0x100000, 0x800),
       TK_EINVAL);
    /* ALL not satisfied yet; ANY with no *got */
    EQ(tk_event_set(&ev, 1), TK_OK);
    EQ(tk_event_wait(&ev, 3, TK_EVENT_ALL, &got, TK_NOWAIT), TK_EAGAIN);
    EQ(tk_event_wait(&ev, 1, TK_EVENT_ANY, NULL, TK_NOWAIT), TK_OK);
    EQ(tk_event_clear(&ev, 1), TK_OK);
    /* mutexes: a free one tried, two unlocked in the order they were locked */
    EQ(tk_mutex_trylock(&ma), TK_OK);
    EQ(tk_mutex_lock(&mb, TK_NOWAIT), TK_OK);
    EQ(tk_mutex_lock(&held, TK_NOWAIT), TK_OK);
    EQ(tk_mutex_unlock(&ma), TK_OK); /* the first locked: two others held since */
    EQ(tk_mutex_unlock(&mb), TK_OK);
    EQ(tk_mutex_unlock(&held), TK_OK);
    /* a ring that wraps: send 2, take 1, send 1 (into slot 0 again) */
    for (uint32_t i = 0; i < 2; i++)
        EQ(tk_bmq_send(&bmq2, &i, TK_NOWAIT), TK_OK);
    EQ(tk_bmq_recv(&bmq2, &m, TK_NOWAIT), TK_OK);
    EQ(m, 0);
    m = 2;
    EQ(tk_bmq_send(&bmq2, &m, TK_NOWAIT), TK_OK);
    EQ(tk_bmq_recv(&bmq2, &m, TK_NOWAIT), TK_OK);
    EQ(m, 1);
    EQ(tk_bmq_recv(&bmq2, &m, TK_NOWAIT), TK_OK);
    EQ(m, 2);
}

/* ---- an event waiter behind the queue's head woken alone ---- */
static void ev_waiter(void *arg)
{
    uint32_t bits = (uint32_t)(uintptr_t)arg;
    EQ(tk_event_wait(&ev, bits, TK_EVENT_ANY | TK_EVENT_CLEAR, NULL, TK_FOREVER), TK_OK);
    order[norder++] = (int)bits;
}

static void event_behind_head(void)
{
    norder = 0;
    EQ(tk_thread_create(&hi2, "e2", ev_waiter, (void *)2, s_hi2, sizeof s_hi2, 5, 0), TK_OK);
    EQ(tk_thread_create(&holder, "e8", ev_waiter, (void *)8, s_holder, sizeof s_holder, 6, 0), TK_OK);
    EQ(tk_event_set(&ev, 8), TK_OK); /* the second waiter only */
    EQ(norder, 1);
    EQ(order[0], 8);
    EQ(tk_event_set(&ev, 2), TK_OK);
    EQ(norder, 2);
    EQ(order[1], 2);
}

/* ---- timers beyond the wheel's window (32 ticks): the sorted list ---- */
static void alarm_fn(struct tk_alarm *a, void *arg)
{
    (void)a;
    order[norder++] = (int)(uintptr_t)arg;
}

static void far_timers(void)
{
    norder = 0;
    for (int i = 0; i < 4; i++)
        EQ(tk_alarm_init(&al[i], alarm_fn, (void *)(uintptr_t)i), TK_OK);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_alarm_start(&al[0], 50, 0), TK_OK);
    EQ(tk_alarm_start(&al[1], 70, 0), TK_OK);
    EQ(tk_alarm_start(&al[2], 60, 0), TK_OK);  /* between: the sorted insert walks */
    EQ(tk_alarm_start(&al[3], 40, 25), TK_OK); /* 40, 65 (re-armed between 60 and 70) */
    EQ(tk_delay(75), TK_OK);
    EQ(tk_alarm_stop(&al[3]), TK_OK);
    EQ(norder, 5);
    EQ(order[0], 3);
    EQ(order[1], 0);
    EQ(order[2], 2);
    EQ(order[3], 3);
    EQ(order[4], 1);
}

static void control(void *arg)
{
    (void)arg;
    objects();
    isr_objects_run();
    locked_wakes();
    isr_wake_locked();
    refused();
    event_behind_head();
    far_timers();
    kt_pass();
}

int main(void)
{
    EQ(tk_init(), TK_OK);
    EQ(tk_sem_init(&sem, 0, 4), TK_OK);
    EQ(tk_msgq_init(&msgq, qbuf, sizeof(uint32_t), 2), TK_OK);
    EQ(tk_bmq_init(&bmq, bbuf, sizeof(uint32_t), 2), TK_OK);
    EQ(tk_bmq_init(&bmq2, bbuf2, sizeof(uint32_t), 2), TK_OK);
    EQ(tk_event_init(&ev, 0), TK_OK);
    EQ(tk_mutex_init(&ma), TK_OK);
    EQ(tk_mutex_init(&mb), TK_OK);
    EQ(tk_mutex_init(&held), TK_OK);
    EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
