/* Every thread waiting for good: the idle thread reports it once, each waiting thread and what
 * it waits for, and the run ends with status 104 (stall.expect).  (It used to idle for ever,
 * the tick re-armed.)  First the cases that are no deadlock: every other thread blocked while
 * one sleeps (a timer is armed), or waits for an interrupt that is enabled. */
#include "ktest.h"

static struct tk_thread ctl, ta, tb, tc, td, te, tf, tg;
KT_STACK(s_ctl); KT_STACK(s_a); KT_STACK(s_b); KT_STACK(s_c); KT_STACK(s_d); KT_STACK(s_e);
KT_STACK(s_f); KT_STACK(s_g);
static struct tk_sem sem, irq_sem;
static struct tk_mutex mtx;
static struct tk_event ev;
static struct tk_msgq mq;
static struct tk_bmq bq;
static uint32_t mq_buf[1], bq_buf[1];

static void a_main(void *arg) /* holds the mutex, waits on the semaphore */
{
    (void)arg;
    tk_mutex_lock(&mtx, TK_FOREVER);
    tk_sem_pend(&sem, TK_FOREVER);
}
static void b_main(void *arg) { (void)arg; tk_mutex_lock(&mtx, TK_FOREVER); }
static void c_main(void *arg) { (void)arg; tk_thread_suspend(NULL); }
static void d_main(void *arg)
{
    (void)arg;
    uintptr_t w;
    tk_mail_recv(&w, TK_FOREVER);
}
static void e_main(void *arg)
{
    (void)arg;
    uint32_t got;
    tk_event_wait(&ev, 1, TK_EVENT_ANY, &got, TK_FOREVER);
}
static void f_main(void *arg)
{
    (void)arg;
    uint32_t m;
    tk_msgq_recv(&mq, &m, TK_FOREVER);
}
static void g_main(void *arg) /* the queue is full: waits to send */
{
    (void)arg;
    uint32_t m = 1;
    tk_bmq_send(&bq, &m, TK_FOREVER);
}

static void on_irq(void) { tk_sem_post_from_isr(&irq_sem); }

static void ctl_main(void *arg)
{
    (void)arg;
    uint32_t m = 1;
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    KT_EQ(tk_sem_init(&irq_sem, 0, 1), TK_OK);
    KT_EQ(tk_mutex_init(&mtx), TK_OK);
    KT_EQ(tk_event_init(&ev, 0), TK_OK);
    KT_EQ(tk_msgq_init(&mq, mq_buf, 4, 1), TK_OK);
    KT_EQ(tk_bmq_init(&bq, bq_buf, 4, 1), TK_OK);
    KT_EQ(tk_bmq_send(&bq, &m, TK_NOWAIT), TK_OK);
    KT_EQ(tk_thread_create(&ta, "a", a_main, 0, s_a, sizeof s_a, 3, 0), TK_OK);
    KT_EQ(tk_thread_create(&tb, "b", b_main, 0, s_b, sizeof s_b, 4, 0), TK_OK);
    KT_EQ(tk_thread_create(&tc, "c", c_main, 0, s_c, sizeof s_c, 4, 0), TK_OK);
    KT_EQ(tk_thread_create(&td, "d", d_main, 0, s_d, sizeof s_d, 4, 0), TK_OK);
    KT_EQ(tk_thread_create(&te, "e", e_main, 0, s_e, sizeof s_e, 4, 0), TK_OK);
    KT_EQ(tk_thread_create(&tf, "f", f_main, 0, s_f, sizeof s_f, 4, 0), TK_OK);
    KT_EQ(tk_thread_create(&tg, "g", g_main, 0, s_g, sizeof s_g, 4, 0), TK_OK);
    /* all the others wait for good, ctl sleeps: a timer is armed, no deadlock */
    KT_EQ(tk_delay(20), TK_OK);
    /* ctl waits for an interrupt that is enabled (raised 30 ticks from now on tempo-sim) */
    kt_irq_setup(on_irq);
    kt_irq_fire(3000000);
    KT_EQ(tk_sem_pend(&irq_sem, TK_FOREVER), TK_OK);
    KT_EQ(tk_irq_attach(kt_on_qemu() ? TK_IRQ_SOFTWARE : TK_IRQ_EXTERNAL, NULL, 0), TK_OK);
    kt_log("stall: now every thread waits\n");
    /* and now ctl exits: nothing can ever run again */
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
