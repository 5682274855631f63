/* Every call before tk_init(), from main: calls used to write through a null kernel-state
 * pointer (the paper SoC rebooted for ever; virt faulted with no trap vector).  Now the calls
 * allowed in main return TK_ESTATE where they need the kernel (creation, alarms, interrupt
 * handlers) and work otherwise (objects, memory, interrupt masking), thread-only calls
 * return TK_EISR (main is no thread, and interrupts are off until tk_start()), calls naming a
 * thread TK_EOBJ (there is none yet).  Then the same calls after tk_init(), and tk_init()
 * again (TK_ESTATE: once only). */
#include "ktest.h"

/* KT_EQ without the expression's text (the line names the check): this image links every
 * kernel call and must fit the paper SoC's 32 KiB of code. */
#define EQ(a, b)                                                                            \
    do {                                                                                    \
        long a_ = (long)(a), b_ = (long)(b);                                                \
        if (a_ != b_)                                                                       \
            kt_fail(__FILE__, __LINE__, "check", a_, b_);                                   \
    } while (0)

static volatile int ran;
static void body(void *arg)
{
    (void)arg;
    ran++;
}
static void no_cb(struct tk_alarm *a, void *arg)
{
    (void)a;
    (void)arg;
}

static struct tk_thread pre_t;
KT_STACK(s_pre);
static struct tk_sem pre_sem;
static struct tk_mutex pre_mtx;
static struct tk_event pre_ev;
static struct tk_fifo pre_fifo;
static struct tk_fifo_node pre_node;
static struct tk_msgq pre_mq;
static struct tk_bmq pre_bq;
static uint32_t pre_mq_buf[2], pre_bq_buf[1];
static uintptr_t pre_pool_buf[TK_POOL_BYTES(8, 2) / sizeof(uintptr_t)];
static struct tk_pool pre_pool;
static uint64_t pre_heap_mem[16];
static struct tk_heap pre_heap;
static struct tk_alarm pre_al;

static void pre_fatal(const struct tk_fault *f)
{
    (void)f;
}

static void before_init(void)
{
    uint32_t v = 7, got = 0;
    uintptr_t word;
    tk_tick_t last = 0;
    void *p;
    size_t n;
    /* kernel and threads */
    KT_CHECK(tk_thread_self() == NULL);
    EQ(tk_tick_get(), 0);
    EQ(tk_thread_create(&pre_t, "pre", body, 0, s_pre, sizeof s_pre, 3, 0), TK_ESTATE);
    EQ(tk_thread_state(&pre_t), TK_EOBJ);
    EQ(tk_yield(), TK_EISR);
    EQ(tk_delay(1), TK_EISR);
    EQ(tk_delay(TK_NOWAIT), TK_EISR);
    EQ(tk_delay_until(&last, 1), TK_EISR);
    EQ(tk_thread_suspend(NULL), TK_EOBJ);
    EQ(tk_thread_suspend(&pre_t), TK_EOBJ);
    EQ(tk_thread_resume(&pre_t), TK_EOBJ);
    EQ(tk_thread_resume(NULL), TK_EOBJ);
    EQ(tk_thread_resume_from_isr(&pre_t), TK_EOBJ);
    EQ(tk_thread_set_priority(NULL, 3), TK_EOBJ);
    EQ(tk_thread_set_priority(&pre_t, 3), TK_EOBJ);
    EQ(tk_thread_priority(NULL), TK_EOBJ);
    EQ(tk_thread_set_slice(NULL, 1), TK_EOBJ);
    EQ(tk_sched_lock(), TK_EISR);
    EQ(tk_sched_unlock(), TK_EISR);
    tk_set_fatal_handler(pre_fatal);
    tk_set_fatal_handler(NULL);
    /* time */
    EQ(tk_alarm_init(&pre_al, no_cb, 0), TK_OK);
    EQ(tk_alarm_start(&pre_al, 1, 0), TK_ESTATE);
    EQ(tk_alarm_stop(&pre_al), TK_OK);
    /* synchronisation: everything that does not wait works; waiting is TK_EISR */
    EQ(tk_sem_init(&pre_sem, 0, 2), TK_OK);
    EQ(tk_sem_post(&pre_sem), TK_OK);
    EQ(tk_sem_post_from_isr(&pre_sem), TK_OK);
    EQ(tk_sem_pend(&pre_sem, TK_NOWAIT), TK_OK);
    EQ(tk_sem_try(&pre_sem), TK_OK);
    EQ(tk_sem_try(&pre_sem), TK_EAGAIN);
    EQ(tk_sem_pend(&pre_sem, TK_FOREVER), TK_EISR);
    EQ(tk_sem_count(&pre_sem, &v), TK_OK);
    EQ(v, 0);
    EQ(tk_mutex_init(&pre_mtx), TK_OK);
    EQ(tk_mutex_lock(&pre_mtx, TK_FOREVER), TK_EISR);
    EQ(tk_mutex_trylock(&pre_mtx), TK_EISR);
    EQ(tk_mutex_unlock(&pre_mtx), TK_EISR);
    EQ(tk_event_init(&pre_ev, 0), TK_OK);
    EQ(tk_event_set(&pre_ev, 3), TK_OK);
    EQ(tk_event_set_from_isr(&pre_ev, 4), TK_OK);
    EQ(tk_event_clear(&pre_ev, 1), TK_OK);
    EQ(tk_event_get(&pre_ev, &v), TK_OK);
    EQ(v, 6);
    EQ(tk_event_wait(&pre_ev, 2, TK_EVENT_ANY | TK_EVENT_CLEAR, &got, TK_NOWAIT), TK_OK);
    EQ(got, 2);
    EQ(tk_event_wait(&pre_ev, 1, TK_EVENT_ANY, &got, TK_NOWAIT), TK_EAGAIN);
    EQ(tk_event_wait(&pre_ev, 1, TK_EVENT_ANY, &got, TK_FOREVER), TK_EISR);
    /* mail, FIFO, queues */
    EQ(tk_mail_send(&pre_t, 1), TK_EOBJ);
    EQ(tk_mail_send_from_isr(&pre_t, 1), TK_EOBJ);
    EQ(tk_mail_recv(&word, TK_NOWAIT), TK_EISR);
    EQ(tk_mail_recv(&word, TK_FOREVER), TK_EISR);
    struct tk_fifo_node *out;
    EQ(tk_fifo_init(&pre_fifo), TK_OK);
    EQ(tk_fifo_put(&pre_fifo, &pre_node), TK_OK);
    EQ(tk_fifo_get(&pre_fifo, &out), TK_OK);
    EQ(tk_msgq_init(&pre_mq, pre_mq_buf, 4, 2), TK_OK);
    EQ(tk_msgq_send(&pre_mq, &v), TK_OK);
    EQ(tk_msgq_send_from_isr(&pre_mq, &v), TK_OK);
    EQ(tk_msgq_recv(&pre_mq, &got, TK_FOREVER), TK_EISR);
    EQ(tk_msgq_recv(&pre_mq, &got, TK_NOWAIT), TK_OK);
    EQ(tk_bmq_init(&pre_bq, pre_bq_buf, 4, 1), TK_OK);
    EQ(tk_bmq_send(&pre_bq, &v, TK_NOWAIT), TK_OK);
    EQ(tk_bmq_send(&pre_bq, &v, TK_FOREVER), TK_EISR);
    EQ(tk_bmq_send_from_isr(&pre_bq, &v), TK_EFULL);
    EQ(tk_bmq_recv(&pre_bq, &got, TK_FOREVER), TK_EISR);
    EQ(tk_bmq_recv(&pre_bq, &got, TK_NOWAIT), TK_OK);
    /* memory */
    EQ(tk_pool_init(&pre_pool, pre_pool_buf, sizeof pre_pool_buf, 8, 2), TK_OK);
    EQ(tk_pool_alloc(&pre_pool, &p), TK_OK);
    EQ(tk_pool_free(&pre_pool, p), TK_OK);
    EQ(tk_heap_init(&pre_heap, pre_heap_mem, sizeof pre_heap_mem), TK_OK);
    EQ(tk_heap_alloc(&pre_heap, 8, &p), TK_OK);
    EQ(tk_heap_free(&pre_heap, p), TK_OK);
    EQ(tk_heap_free_bytes(&pre_heap, &n), TK_OK);
    /* interrupts */
    EQ(tk_irq_attach(TK_IRQ_SOFTWARE, NULL, 0), TK_ESTATE); /* handlers live in the kernel */
    unsigned long st = tk_irq_lock();
    tk_irq_unlock(st);
    EQ(tk_irq_lock() & 8u, 0); /* interrupts stay off until tk_start() */
    /* an unlock that enables them (no source is enabled): no kernel to reschedule yet */
    tk_irq_unlock(8u);
    EQ(tk_irq_lock() & 8u, 8u);
}

static struct tk_thread ctl;
KT_STACK(s_ctl);
static void ctl_main(void *arg)
{
    (void)arg;
    EQ(ran, 1);
    KT_CHECK(tk_thread_self() == &ctl);
    kt_pass();
}

int main(void)
{
    before_init();
    EQ(tk_init(), TK_OK);
    /* interrupts enabled through tk_irq_unlock, no thread yet: nothing to run but main */
    tk_irq_unlock(8u);
    EQ(tk_irq_lock() & 8u, 8u);
    /* the calls refused before tk_init() work now */
    EQ(tk_thread_create(&pre_t, "pre", body, 0, s_pre, sizeof s_pre, 3, TK_THREAD_SUSPENDED),
          TK_OK);
    EQ(tk_thread_state(&pre_t), TK_STATE_SUSPENDED);
    EQ(tk_alarm_start(&pre_al, 1, 0), TK_OK);
    EQ(tk_alarm_stop(&pre_al), TK_OK);
    EQ(tk_irq_attach(TK_IRQ_SOFTWARE, NULL, 0), TK_OK);
    EQ(tk_yield(), TK_EISR); /* main is still no thread */
    EQ(tk_thread_resume(&pre_t), TK_OK);
    EQ(ran, 0); /* runs after tk_start() */
    EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    EQ(tk_init(), TK_ESTATE); /* once only: the threads made stay (ctl runs and ends the test) */
    tk_start();
}
