/* Every documented error of the API (tempo.h), from each context it names: uninitialised
 * and NULL objects (TK_EOBJ), bad arguments (TK_EINVAL), blocking calls with interrupts
 * disabled and from an interrupt handler (TK_EISR), with the scheduler locked
 * (TK_ELOCKED), full and empty objects from threads and handlers (TK_EFULL, TK_EAGAIN,
 * TK_ENOMEM), wrong thread states (TK_ESTATE), counters at their limits (TK_EOVERFLOW),
 * and the calls made before tk_start (alarms and a time slice armed early, ticks at 0).
 * Written for `make coverage`: these are the branch directions the functional tests do not
 * take. */
#include "ktest.h"

/* KT_EQ as one call and without the expression's text (kt_fail still prints file, line
 * and both values): some two hundred checks must fit the paper SoC's 32 KiB of
 * instruction memory. */
static __attribute__((noinline)) void eq_at(long a, long b, int line)
{
    if (a != b)
        kt_fail(__FILE__, line, "", a, b);
}
#define EQ(a, b) eq_at((long)(a), (long)(b), __LINE__)

static struct tk_thread ctl, other, sliced, zero_thread;
KT_STACK(s_ctl); KT_STACK(s_other); KT_STACK(s_sliced);

static struct tk_sem sem, zero_sem;
static struct tk_mutex mtx, zero_mutex;
static struct tk_event ev, zero_event;
static struct tk_fifo fifo, zero_fifo;
static struct tk_msgq msgq, zero_msgq;
static struct tk_bmq bmq, zero_bmq;
static struct tk_pool pool, zero_pool;
static struct tk_heap heap, zero_heap;
static struct tk_alarm early, alarm, zero_alarm;
static uint32_t qbuf[4], bbuf[4];
static uintptr_t pbuf[4 * 2];
static uint64_t hbuf[256];
static volatile int early_fired;

static void early_fn(struct tk_alarm *a, void *arg)
{
    (void)a;
    (void)arg;
    early_fired++;
}

static void idle_body(void *arg)
{
    (void)arg;
    for (;;)
        tk_thread_suspend(NULL);
}

/* ---- calls from an interrupt handler ---- */
static volatile int isr_rc[24], isr_done;
static void isr_body(void)
{
    uint32_t m = 7;
    int i = 0;
    isr_rc[i++] = tk_sem_post_from_isr(NULL);              /* TK_EOBJ */
    isr_rc[i++] = tk_sem_post_from_isr(&sem);              /* at its max: TK_EFULL */
    isr_rc[i++] = tk_msgq_send_from_isr(NULL, &m);         /* TK_EOBJ */
    isr_rc[i++] = tk_msgq_send_from_isr(&msgq, NULL);      /* TK_EINVAL */
    isr_rc[i++] = tk_msgq_send_from_isr(&msgq, &m);        /* full: TK_EFULL */
    isr_rc[i++] = tk_bmq_send_from_isr(NULL, &m);          /* TK_EOBJ */
    isr_rc[i++] = tk_bmq_send_from_isr(&bmq, NULL);        /* TK_EINVAL */
    isr_rc[i++] = tk_bmq_send_from_isr(&bmq, &m);          /* full: TK_EFULL */
    isr_rc[i++] = tk_mail_send_from_isr(NULL, 1);          /* TK_EOBJ */
    isr_rc[i++] = tk_mail_send_from_isr(&ctl, 2);          /* mailbox full: TK_EFULL */
    isr_rc[i++] = tk_thread_resume_from_isr(NULL);         /* TK_EOBJ */
    isr_rc[i++] = tk_thread_resume_from_isr(&ctl);         /* not suspended: TK_ESTATE */
    isr_rc[i++] = tk_event_set_from_isr(NULL, 1);          /* TK_EOBJ */
    isr_rc[i++] = tk_sched_lock();                         /* TK_EISR */
    isr_rc[i++] = tk_sched_unlock();                       /* TK_EISR */
    isr_rc[i++] = tk_yield();                              /* TK_EISR */
    isr_rc[i++] = tk_mutex_trylock(&mtx);                  /* a mutex needs a thread: TK_EISR */
    isr_rc[i++] = tk_mutex_unlock(&mtx);                   /* TK_EISR */
    isr_done = 1;
}
static const int isr_want[] = {TK_EOBJ, TK_EFULL, TK_EOBJ, TK_EINVAL, TK_EFULL, TK_EOBJ,
                               TK_EINVAL, TK_EFULL, TK_EOBJ, TK_EFULL, TK_EOBJ, TK_ESTATE,
                               TK_EOBJ, TK_EISR, TK_EISR, TK_EISR, TK_EISR, TK_EISR};

/* Every blocking call made where it may not block returns `want`. */
static void blocking_calls(int want)
{
    uint32_t m[1], got;
    uintptr_t word;
    tk_tick_t last = tk_tick_get();
    EQ(tk_sem_pend(&zero_sem, 5), TK_EOBJ); /* the object is checked first */
    EQ(tk_sem_pend(&sem, 5), want);         /* the context is checked before the count */
    EQ(tk_event_wait(&ev, 0x8000, TK_EVENT_ANY, &got, 5), want);
    EQ(tk_mail_recv(&word, 5), want);
    EQ(tk_msgq_recv(&msgq, m, 5), want);    /* although a message waits */
    EQ(tk_bmq_recv(&zero_bmq, m, 5), TK_EOBJ);
    EQ(tk_delay(5), want);
    EQ(tk_delay_until(&last, 5), want);
    EQ(tk_yield(), want);
    EQ(tk_thread_suspend(NULL), want);
}

static void control(void *arg)
{
    (void)arg;
    uint32_t m = 1, got = 0;
    void *p, *q;
    uintptr_t word;
    uint32_t u32;
    size_t sz;
    struct tk_fifo_node node, *np;

    /* ---- before: what tk_start armed ---- */
    EQ(tk_tick_get() >= 1 || early_fired == 0, 1);

    /* ---- TK_EOBJ: NULL and never-initialised objects ---- */
    EQ(tk_sem_post(NULL), TK_EOBJ);
    EQ(tk_sem_post(&zero_sem), TK_EOBJ);
    EQ(tk_sem_pend(NULL, TK_NOWAIT), TK_EOBJ);
    EQ(tk_sem_try(&zero_sem), TK_EOBJ);
    EQ(tk_sem_count(NULL, &u32), TK_EOBJ);
    EQ(tk_sem_count(&zero_sem, &u32), TK_EOBJ);
    EQ(tk_mutex_lock(NULL, TK_NOWAIT), TK_EOBJ);
    EQ(tk_mutex_trylock(&zero_mutex), TK_EOBJ);
    EQ(tk_mutex_unlock(&zero_mutex), TK_EOBJ);
    EQ(tk_event_set(&zero_event, 1), TK_EOBJ);
    EQ(tk_event_clear(NULL, 1), TK_EOBJ);
    EQ(tk_event_get(&zero_event, &u32), TK_EOBJ);
    EQ(tk_event_wait(NULL, 1, TK_EVENT_ANY, NULL, TK_NOWAIT), TK_EOBJ);
    EQ(tk_fifo_put(&zero_fifo, &node), TK_EOBJ);
    EQ(tk_fifo_get(NULL, &np), TK_EOBJ);
    EQ(tk_msgq_send(&zero_msgq, &m), TK_EOBJ);
    EQ(tk_msgq_recv(NULL, &m, TK_NOWAIT), TK_EOBJ);
    EQ(tk_bmq_send(&zero_bmq, &m, TK_NOWAIT), TK_EOBJ);
    EQ(tk_bmq_recv(NULL, &m, TK_NOWAIT), TK_EOBJ);
    EQ(tk_pool_alloc(&zero_pool, &p), TK_EOBJ);
    EQ(tk_pool_free(NULL, pbuf), TK_EOBJ);
    EQ(tk_heap_alloc(&zero_heap, 8, &p), TK_EOBJ);
    EQ(tk_heap_alloc(NULL, 8, &p), TK_EOBJ);
    EQ(tk_heap_free(NULL, hbuf), TK_EOBJ);
    EQ(tk_heap_free(&zero_heap, hbuf), TK_EOBJ);
    EQ(tk_heap_free_bytes(&zero_heap, &sz), TK_EOBJ);
    EQ(tk_alarm_start(&zero_alarm, 1, 0), TK_EOBJ);
    EQ(tk_alarm_stop(NULL), TK_EOBJ);
    EQ(tk_mail_send(&zero_thread, 1), TK_EOBJ);
    EQ(tk_thread_suspend(&zero_thread), TK_EOBJ);
    EQ(tk_thread_resume(NULL), TK_EOBJ);
    EQ(tk_thread_resume(&zero_thread), TK_EOBJ);
    EQ(tk_thread_set_priority(&zero_thread, 3), TK_EOBJ);
    EQ(tk_thread_priority(&zero_thread), TK_EOBJ);
    EQ(tk_thread_set_slice(&zero_thread, 1), TK_EOBJ);
    EQ(tk_thread_state(&zero_thread), TK_EOBJ);

    /* ---- TK_EINVAL: arguments ---- */
    EQ(tk_sem_init(&sem, 2, 1), TK_EINVAL);
    EQ(tk_sem_init(&sem, 0, 0), TK_EINVAL);
    EQ(tk_event_wait(&ev, 0, TK_EVENT_ANY, NULL, TK_NOWAIT), TK_EINVAL);
    EQ(tk_event_wait(&ev, 1, 0x80, NULL, TK_NOWAIT), TK_EINVAL);
    EQ(tk_fifo_put(&fifo, NULL), TK_EINVAL);
    EQ(tk_fifo_get(&fifo, NULL), TK_EINVAL);
    EQ(tk_fifo_get(&fifo, &np), TK_EAGAIN);
    EQ(tk_msgq_send(&msgq, NULL), TK_EINVAL);
    EQ(tk_msgq_recv(&msgq, NULL, TK_NOWAIT), TK_EINVAL);
    EQ(tk_bmq_send(&bmq, NULL, TK_NOWAIT), TK_EINVAL);
    EQ(tk_bmq_recv(&bmq, NULL, TK_NOWAIT), TK_EINVAL);
    EQ(tk_msgq_init(&zero_msgq, NULL, 4, 1), TK_EINVAL);
    EQ(tk_msgq_init(&zero_msgq, (uint8_t *)qbuf + 1, 4, 1), TK_EINVAL);
    EQ(tk_bmq_init(&zero_bmq, bbuf, 2, 1), TK_EINVAL);
    EQ(tk_bmq_init(&zero_bmq, bbuf, 1028, 1), TK_EINVAL);
    EQ(tk_bmq_init(&zero_bmq, bbuf, 6, 1), TK_EINVAL);
    EQ(tk_bmq_init(&zero_bmq, bbuf, 4, 0), TK_EINVAL);
    EQ(tk_bmq_init(&zero_bmq, bbuf, 4, 65536), TK_EINVAL);
    EQ(tk_pool_alloc(&pool, NULL), TK_EINVAL);
    EQ(tk_pool_free(&pool, hbuf), TK_EINVAL);
    EQ(tk_heap_init(&zero_heap, hbuf, 16), TK_EINVAL);
    EQ(tk_heap_alloc(&heap, 0, &p), TK_EINVAL);
    EQ(tk_heap_alloc(&heap, 8, NULL), TK_EINVAL);
    EQ(tk_heap_alloc(&heap, sizeof hbuf, &p), TK_ENOMEM);
    EQ(tk_alarm_init(NULL, early_fn, 0), TK_EINVAL);
    EQ(tk_alarm_init(&alarm, NULL, 0), TK_EINVAL);
    EQ(tk_alarm_init(&alarm, early_fn, 0), TK_OK);
    EQ(tk_alarm_start(&alarm, 0, 0), TK_EINVAL);
    EQ(tk_alarm_start(&alarm, TK_FOREVER, 0), TK_EINVAL);
    EQ(tk_alarm_start(&alarm, 1, TK_FOREVER), TK_EINVAL);
    EQ(tk_alarm_stop(&alarm), TK_OK); /* not active: no effect */
    EQ(tk_mail_recv(NULL, TK_NOWAIT), TK_EINVAL);
    EQ(tk_delay(TK_FOREVER), TK_EINVAL);
    EQ(tk_delay_until(NULL, 1), TK_EINVAL);
    tk_tick_t last = tk_tick_get();
    EQ(tk_delay_until(&last, 0), TK_EINVAL);
    last = tk_tick_get() - 10;
    EQ(tk_delay_until(&last, 1), TK_ELATE);
    EQ(tk_thread_set_priority(NULL, TK_PRIO_LOWEST + 1), TK_EINVAL);
    EQ(tk_thread_set_slice(NULL, 65536), TK_EINVAL);
    EQ(tk_thread_create(NULL, "x", idle_body, 0, s_other, sizeof s_other, 5, 0), TK_EINVAL);
    EQ(tk_thread_create(&other, "x", NULL, 0, s_other, sizeof s_other, 5, 0), TK_EINVAL);
    EQ(tk_thread_create(&other, "x", idle_body, 0, NULL, sizeof s_other, 5, 0), TK_EINVAL);
    EQ(tk_thread_create(&other, "x", idle_body, 0, s_other, 16, 5, 0), TK_EINVAL);
    EQ(tk_thread_create(&other, "x", idle_body, 0, s_other, sizeof s_other, 32, 0), TK_EINVAL);
    EQ(tk_thread_create(&other, "x", idle_body, 0, s_other, sizeof s_other, 5, 0x80), TK_EINVAL);
    EQ(tk_thread_create(&ctl, "x", idle_body, 0, s_other, sizeof s_other, 5, 0), TK_ESTATE);
    EQ(tk_irq_attach(99, NULL, 0), TK_EINVAL);

    /* ---- states ---- */
    EQ(tk_thread_create(&other, "other", idle_body, 0, s_other, sizeof s_other, 20,
                           TK_THREAD_SUSPENDED), TK_OK);
    EQ(tk_thread_state(&other), TK_STATE_SUSPENDED);
    EQ(tk_thread_suspend(&other), TK_ESTATE);
    EQ(tk_thread_resume(&ctl), TK_ESTATE);
    EQ(tk_thread_resume(&other), TK_OK); /* lower: no switch */
    EQ(tk_thread_priority(NULL), 10);
    EQ(tk_thread_set_slice(&other, 3), TK_OK);
    EQ(tk_thread_set_slice(&other, 0), TK_OK);

    /* ---- limits ---- */
    EQ(tk_mutex_lock(&mtx, TK_NOWAIT), TK_OK);
    EQ(tk_mutex_trylock(&mtx), TK_OK); /* the owner nests */
    mtx.depth = 0xFFFFFFFFu;              /* as after 2^32 - 1 nested locks */
    EQ(tk_mutex_lock(&mtx, TK_NOWAIT), TK_EOVERFLOW);
    EQ(tk_mutex_trylock(&mtx), TK_EOVERFLOW);
    mtx.depth = 1;
    EQ(tk_mutex_unlock(&mtx), TK_OK);
    EQ(tk_mutex_unlock(&mtx), TK_EPERM);
    for (int i = 0; i < 255; i++)
        EQ(tk_sched_lock(), TK_OK);
    EQ(tk_sched_lock(), TK_EOVERFLOW);
    for (int i = 0; i < 255; i++)
        EQ(tk_sched_unlock(), TK_OK);
    EQ(tk_sched_unlock(), TK_ESTATE);
    EQ(tk_pool_alloc(&pool, &p), TK_OK);
    EQ(tk_pool_alloc(&pool, &q), TK_OK);
    EQ(tk_pool_alloc(&pool, &p), TK_ENOMEM);
    EQ(tk_pool_free(&pool, q), TK_OK);
    EQ(tk_heap_alloc(&heap, 24, &p), TK_OK);
    EQ(tk_heap_free(&heap, (uint8_t *)p + 8), TK_EINVAL); /* not a block's start */
    EQ(tk_heap_free(&heap, p), TK_OK);
    EQ(tk_heap_free(&heap, p), TK_EINVAL);                 /* a double free */
    EQ(tk_heap_free_bytes(&heap, &sz), TK_OK);
    EQ(sz > 0, 1);
    EQ(tk_heap_free_bytes(&heap, NULL), TK_EINVAL);
    EQ(tk_sem_count(&sem, NULL), TK_EINVAL);
    EQ(tk_event_get(&ev, NULL), TK_EINVAL);
    EQ(tk_mail_send(&ctl, 5), TK_OK);
    EQ(tk_mail_send(&ctl, 6), TK_EFULL);

    /* ---- full objects ---- */
    EQ(tk_sem_post(&sem), TK_EFULL);
    EQ(tk_msgq_send(&msgq, &m), TK_OK);
    EQ(tk_msgq_send(&msgq, &m), TK_EFULL);
    EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK);
    EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_EAGAIN);

    /* ---- from an interrupt handler: everything full or invalid ---- */
    kt_irq_setup(isr_body);
    kt_irq_fire(200);
    while (!isr_done)
        ;
    for (unsigned i = 0; i < sizeof isr_want / sizeof isr_want[0]; i++)
        if (isr_rc[i] != isr_want[i])
            kt_fail(__FILE__, __LINE__, "isr_rc[i] == isr_want[i]", (long)i * 1000 + isr_rc[i], isr_want[i]);

    /* ---- blocking calls where they may not block ---- */
    unsigned long s = tk_irq_lock();
    blocking_calls(TK_EISR);
    EQ(tk_bmq_send(&bmq, &m, 5), TK_EISR);
    EQ(tk_mutex_trylock(&mtx), TK_EISR);
    EQ(tk_sched_lock(), TK_EISR);
    EQ(tk_sched_unlock(), TK_EISR);
    tk_irq_unlock(s);
    EQ(tk_mail_recv(&word, TK_NOWAIT), TK_OK); /* the mailbox is the caller's: checked first */
    EQ(word, 5);
    EQ(tk_sched_lock(), TK_OK);
    blocking_calls(TK_ELOCKED);
    EQ(tk_bmq_send(&bmq, &m, 5), TK_ELOCKED);
    EQ(tk_mutex_lock(&mtx, TK_NOWAIT), TK_OK);
    EQ(tk_sched_unlock(), TK_OK);
    EQ(tk_mutex_unlock(&mtx), TK_OK);

    /* ---- the early alarm and the early slice ran ---- */
    EQ(tk_delay(3), TK_OK);
    EQ(early_fired >= 1, 1);
    EQ(tk_event_wait(&ev, 1, TK_EVENT_ALL, &got, TK_NOWAIT), TK_OK);
    EQ(got, 1);
    EQ(tk_thread_state(&sliced), TK_STATE_EXITED);
    kt_pass();
}

static void sliced_body(void *arg)
{
    (void)arg; /* runs once the controller sleeps, then ends */
}

int main(void)
{
    EQ(tk_init(), TK_OK);
    /* before tk_start: no ticks, no scheduler to lock */
    EQ(tk_tick_get(), 0);
    EQ(tk_sched_lock(), TK_EISR);
    EQ(tk_sched_unlock(), TK_EISR);
    EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    EQ(tk_mutex_init(&mtx), TK_OK);
    EQ(tk_event_init(&ev, 1), TK_OK);
    EQ(tk_fifo_init(&fifo), TK_OK);
    EQ(tk_msgq_init(&msgq, qbuf, 4, 1), TK_OK);
    EQ(tk_bmq_init(&bmq, bbuf, 4, 1), TK_OK);
    EQ(tk_pool_init(&pool, pbuf, sizeof pbuf, sizeof(uintptr_t), 2), TK_OK);
    EQ(tk_heap_init(&heap, hbuf, sizeof hbuf), TK_OK);
    EQ(tk_sem_post(&sem), TK_OK);
    /* an alarm and a time slice armed before the start: tk_start programs the first tick */
    EQ(tk_alarm_init(&early, early_fn, 0), TK_OK);
    EQ(tk_alarm_start(&early, 2, 0), TK_OK);
    EQ(tk_thread_create(&sliced, "sliced", sliced_body, 0, s_sliced, sizeof s_sliced, 12, 0), TK_OK);
    EQ(tk_thread_set_slice(&sliced, 2), TK_OK);
    EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
