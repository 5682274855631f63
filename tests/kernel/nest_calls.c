/* The thread-context checks of the nesting configuration (the kernel built with
 * TK_IRQ_NESTING=1, kernel/kernel.mk "nest" images): a handler runs with interrupts enabled
 * there, so only the nesting depth tells it from a thread.  Every call whose outcome depends
 * on the context is made from a thread with interrupts locked and from an interrupt handler,
 * with the same kernel state: both must be refused or done as from an ISR, with the same
 * result (blocking calls TK_EISR, wakes without a switch), and none may switch threads
 * inside the handler; the fast paths of tk_yield, tk_thread_suspend and tk_thread_resume
 * included.  Then the interrupt priorities' bounds, and disabling a source.  Written for
 * `make coverage`. */
#include "ktest.h"

#if !TK_IRQ_NESTING
#error "nest_calls.c tests the TK_IRQ_NESTING configuration (kernel/kernel.mk builds it so)"
#endif

static __attribute__((noinline)) void eq_at(long a, long b, int line)
{
    if (a != b)
        kt_fail(__FILE__, line, "", a, b);
}
#define EQ(a, b) eq_at((long)(a), (long)(b), __LINE__)

static struct tk_thread main_t, peer, urgent, holder, made[2], w_sem, w_msgq, w_bmq, w_mail,
    w_ev, level5, w_bsend;
KT_STACK(s_main); KT_STACK(s_peer); KT_STACK(s_urgent); KT_STACK(s_holder);
KT_STACK(s_wsem); KT_STACK(s_wmsgq); KT_STACK(s_wbmq); KT_STACK(s_wmail); KT_STACK(s_wev);
KT_STACK(s_level5); KT_STACK(s_wbsend);
static uintptr_t s_made[2][KT_STACK_WORDS] __attribute__((aligned(16)));
static struct tk_sem sem, sem_w;
static struct tk_msgq q_empty, q_w;
static struct tk_bmq b_empty, b_full, b_w;
static uint32_t qe_buf[1], qw_buf[1], be_buf[1], bf_buf[1], bw_buf[1];
static volatile int woken[6];
static struct tk_event ev;
static struct tk_mutex held, mine;

enum { N_CALLS = 30 };
static int result[2][N_CALLS];
static volatile int in_handler, handled, switched_inside;

static void spin(void *arg)
{
    (void)arg;
    for (;;) {
        switched_inside |= in_handler; /* ran while a handler was running */
        tk_yield();
    }
}

static void urgent_main(void *arg)
{
    (void)arg;
    for (;;) {
        switched_inside |= in_handler;
        tk_thread_suspend(NULL);
    }
}

/* Waiters (priority 3, more urgent than main_t) that the calls wake: each counts its wakes
 * and waits again. */
static void w_sem_main(void *arg)
{
    (void)arg;
    for (;;) {
        EQ(tk_sem_pend(&sem_w, TK_FOREVER), TK_OK);
        switched_inside |= in_handler;
        woken[0]++;
    }
}

static void w_msgq_main(void *arg)
{
    (void)arg;
    uint32_t m = 0;
    for (;;) {
        EQ(tk_msgq_recv(&q_w, &m, TK_FOREVER), TK_OK);
        switched_inside |= in_handler;
        woken[1]++;
    }
}

static void w_bmq_main(void *arg)
{
    (void)arg;
    uint32_t m = 0;
    for (;;) {
        EQ(tk_bmq_recv(&b_w, &m, TK_FOREVER), TK_OK);
        switched_inside |= in_handler;
        woken[2]++;
    }
}

static void w_mail_main(void *arg)
{
    (void)arg;
    uintptr_t w = 0;
    for (;;) {
        EQ(tk_mail_recv(&w, TK_FOREVER), TK_OK);
        switched_inside |= in_handler;
        woken[3]++;
    }
}

static void w_ev_main(void *arg)
{
    (void)arg;
    for (;;) {
        EQ(tk_event_wait(&ev, 0x4, TK_EVENT_CLEAR, NULL, TK_FOREVER), TK_OK);
        switched_inside |= in_handler;
        woken[4]++;
    }
}

/* Blocked sending to a full blocking queue: each receive wakes it, it sends again. */
static void w_bsend_main(void *arg)
{
    (void)arg;
    uint32_t m = 7;
    for (;;) {
        EQ(tk_bmq_send(&b_full, &m, TK_FOREVER), TK_OK);
        switched_inside |= in_handler;
        woken[5]++;
    }
}

static void holder_main(void *arg)
{
    (void)arg;
    EQ(tk_mutex_lock(&held, TK_FOREVER), TK_OK);
    tk_thread_suspend(NULL);
}

/* Every context-dependent call once; r[i] its result. */
static void calls(int *r, int k)
{
    uint32_t m = 1, got = 0;
    uintptr_t w = 0;
    tk_tick_t last = tk_tick_get();
    int i = 0;
    r[i++] = tk_sem_pend(&sem, 10);
    r[i++] = tk_msgq_recv(&q_empty, &m, 10);
    r[i++] = tk_msgq_send(&q_w, &m);       /* wakes w_msgq */
    r[i++] = tk_bmq_recv(&b_empty, &m, 10);
    r[i++] = tk_bmq_send(&b_full, &m, 10);
    r[i++] = tk_mail_recv(&w, 10);
    r[i++] = tk_event_wait(&ev, 0x1, 0, &got, 10);
    r[i++] = tk_mutex_lock(&held, 10);
    r[i++] = tk_mutex_trylock(&mine);
    r[i++] = tk_mutex_unlock(&mine);
    r[i++] = tk_delay(1);
    r[i++] = tk_delay_until(&last, 1);
    r[i++] = tk_sched_lock();
    r[i++] = tk_sched_unlock();
    r[i++] = tk_yield();                   /* peer ready at the caller's priority */
    r[i++] = tk_thread_suspend(NULL);
    r[i++] = tk_thread_set_priority(&peer, 6);
    r[i++] = tk_thread_suspend(&main_t);   /* the interrupted (or calling) thread, alone */
    r[i++] = tk_thread_resume(&urgent);    /* more urgent than main_t */
    r[i++] = tk_sem_post(&sem);
    r[i++] = tk_sem_post(&sem_w);          /* wakes w_sem */
    r[i++] = tk_bmq_send(&b_w, &m, TK_NOWAIT); /* wakes w_bmq */
    r[i++] = tk_event_set(&ev, 0x2);
    r[i++] = tk_mail_send(&main_t, 5);
    r[i++] = tk_mail_send(&w_mail, 6);      /* wakes w_mail */
    r[i++] = tk_event_set(&ev, 0x4);        /* wakes w_ev */
    r[i++] = tk_thread_resume(&level5);     /* into a level that has threads: the C path */
    r[i++] = tk_bmq_recv(&b_full, &m, TK_NOWAIT); /* wakes w_bsend */
    r[i++] = tk_thread_create(&made[k], "made", spin, 0, s_made[k], sizeof s_made[k], 30, 0);
    r[i++] = tk_irq_set_priority(TK_IRQ_TIMER, 0);
    EQ(i, N_CALLS);
}

static void handler(void *arg)
{
    (void)arg;
    in_handler = 1;
    EQ(tk_irq_nesting(), 1);
    calls(result[1], 1);
    in_handler = 0;
    handled = 1;
}

/* Undo what the calls did (from main_t, a thread). */
static int restored;
static void restore(void)
{
    uintptr_t w = 0;
    EQ(tk_delay(1), TK_OK); /* the threads made ready have run (more urgent), or run now */
    EQ(tk_sem_pend(&sem, TK_NOWAIT), TK_OK);
    EQ(tk_event_clear(&ev, 0x2), TK_OK);
    EQ(tk_mail_recv(&w, TK_NOWAIT), TK_OK);
    EQ(w, 5);
    EQ(tk_thread_state(&urgent), TK_STATE_SUSPENDED); /* it ran (and suspended itself) */
    EQ(tk_thread_set_priority(&peer, 5), TK_OK);
    EQ(tk_thread_state(&level5), TK_STATE_READY);
    EQ(tk_thread_suspend(&level5), TK_OK);
    restored++;
    for (int i = 0; i < 6; i++)
        eq_at(woken[i], restored, 3000 + i); /* each waiter ran once, after the lock or the handler */
}

static void main_main(void *arg)
{
    (void)arg;
    EQ(tk_mutex_init(&held), TK_OK);
    EQ(tk_mutex_init(&mine), TK_OK);
    EQ(tk_thread_create(&holder, "holder", holder_main, 0, s_holder, sizeof s_holder, 1, 0),
       TK_OK);
    EQ(tk_thread_create(&urgent, "urgent", urgent_main, 0, s_urgent, sizeof s_urgent, 2,
                        TK_THREAD_SUSPENDED), TK_OK);
    EQ(tk_thread_create(&peer, "peer", spin, 0, s_peer, sizeof s_peer, 5, 0), TK_OK);
    EQ(tk_thread_create(&w_sem, "w_sem", w_sem_main, 0, s_wsem, sizeof s_wsem, 3, 0), TK_OK);
    EQ(tk_thread_create(&w_msgq, "w_msgq", w_msgq_main, 0, s_wmsgq, sizeof s_wmsgq, 3, 0), TK_OK);
    EQ(tk_thread_create(&w_bmq, "w_bmq", w_bmq_main, 0, s_wbmq, sizeof s_wbmq, 3, 0), TK_OK);
    EQ(tk_thread_create(&w_mail, "w_mail", w_mail_main, 0, s_wmail, sizeof s_wmail, 3, 0), TK_OK);
    EQ(tk_thread_create(&w_ev, "w_ev", w_ev_main, 0, s_wev, sizeof s_wev, 3, 0), TK_OK);
    EQ(tk_thread_create(&level5, "level5", spin, 0, s_level5, sizeof s_level5, 5,
                        TK_THREAD_SUSPENDED), TK_OK);

    /* from the thread itself (interrupts enabled, no handler running): the calls' thread
     * paths, each waking its waiter at once */
    tk_tick_t last = tk_tick_get();
    EQ(tk_delay_until(&last, 2), TK_OK);
    EQ(tk_sched_lock(), TK_OK);
    EQ(tk_yield(), TK_ELOCKED);
    EQ(tk_sched_unlock(), TK_OK);
    EQ(tk_mutex_trylock(&mine), TK_OK);
    EQ(tk_mutex_unlock(&mine), TK_OK);
    uint32_t m = 3;
    EQ(tk_bmq_recv(&b_empty, &m, 1), TK_ETIMEOUT);
    EQ(tk_bmq_send(&b_full, &m, 1), TK_ETIMEOUT);
    EQ(tk_sem_post(&sem_w), TK_OK);
    EQ(tk_bmq_send(&b_w, &m, TK_NOWAIT), TK_OK);
    EQ(tk_mail_send(&w_mail, 1), TK_OK);
    EQ(tk_event_set(&ev, 0x4), TK_OK);
    EQ(tk_thread_create(&w_bsend, "w_bsend", w_bsend_main, 0, s_wbsend, sizeof s_wbsend, 3, 0),
       TK_OK);                                   /* blocks: b_full is full */
    EQ(tk_bmq_recv(&b_full, &m, TK_NOWAIT), TK_OK);
    for (int i = 0; i < 6; i++)
        if (i != 1)
            eq_at(woken[i], 1, 4000 + i);
    woken[0] = woken[2] = woken[3] = woken[4] = woken[5] = 0;
    EQ(tk_thread_resume(&level5), TK_OK); /* behind main_t and peer */
    EQ(tk_thread_suspend(&level5), TK_OK);

    /* a thread with interrupts locked */
    unsigned long s = tk_irq_lock();
    calls(result[0], 0);
    tk_irq_unlock(s);
    restore();
    /* an interrupt handler (interrupts enabled in it) */
    EQ(tk_irq_attach(TK_IRQ_SOFTWARE, handler, 0), TK_OK);
    tk_irq_raise_software();
    for (volatile int i = 0; i < 1000 && !handled; i++)
        ;
    EQ(handled, 1);
    EQ(tk_thread_self(), &main_t);
    EQ(switched_inside, 0);
    restore();
    for (int i = 0; i < N_CALLS; i++)
        eq_at(result[1][i], result[0][i], 1000 + i); /* line 1000 + i: call i differs */
    EQ(result[0][0], TK_EISR);  /* the blocking calls */
    EQ(result[0][7], TK_EISR);
    EQ(result[0][10], TK_EISR);
    EQ(result[0][14], TK_EISR); /* yield */
    EQ(result[0][15], TK_EISR); /* suspending itself */
    EQ(result[0][16], TK_OK);   /* peer's priority */
    EQ(result[0][17], TK_EISR); /* suspending itself by its pointer */
    EQ(result[0][18], TK_OK);   /* resumed, no switch in the call */
    for (int i = 19; i < 25; i++)
        eq_at(result[0][i], TK_OK, 2000 + i); /* posts, sends, the creation */

    /* interrupt priorities: bounds, and a source disabled (the external one, never raised) */
    EQ(tk_irq_set_priority(TK_IRQ_SOFTWARE, TK_IRQ_PRIO_MAX + 1), TK_EINVAL);
    EQ(tk_irq_set_priority(20, 1), TK_EINVAL);
    EQ(tk_irq_set_priority(TK_IRQ_SOFTWARE, TK_IRQ_PRIO_MAX), TK_OK);
    EQ(tk_irq_attach(TK_IRQ_EXTERNAL, handler, 0), TK_OK);
    EQ(tk_irq_attach(TK_IRQ_EXTERNAL, NULL, 0), TK_OK);
    kt_pass();
}

int main(void)
{
    EQ(tk_irq_nesting(), 0); /* before tk_init */
    EQ(tk_irq_set_priority(TK_IRQ_SOFTWARE, 1), TK_ESTATE);
    EQ(tk_init(), TK_OK);
    EQ(tk_sem_init(&sem, 0, 4), TK_OK);
    EQ(tk_msgq_init(&q_empty, qe_buf, 4, 1), TK_OK);
    EQ(tk_msgq_init(&q_w, qw_buf, 4, 1), TK_OK);
    EQ(tk_bmq_init(&b_empty, be_buf, 4, 1), TK_OK);
    EQ(tk_bmq_init(&b_full, bf_buf, 4, 1), TK_OK);
    EQ(tk_bmq_init(&b_w, bw_buf, 4, 1), TK_OK);
    EQ(tk_sem_init(&sem_w, 0, 4), TK_OK);
    uint32_t m = 9;
    EQ(tk_bmq_send(&b_full, &m, TK_NOWAIT), TK_OK);
    EQ(tk_event_init(&ev, 0), TK_OK);
    EQ(tk_thread_create(&main_t, "main", main_main, 0, s_main, sizeof s_main, 5, 0), TK_OK);
    tk_start();
}
