/* A thread terminated while it waits (the fault handler returns from its stack overflow,
 * found as it blocks) leaves every wait for good, its mailbox wait too: a later tk_mail_send
 * leaves the word in its mailbox and neither wakes it nor runs it (tempo.h
 * tk_set_fatal_handler), and the thread created again in the same control block starts with
 * an empty mailbox.  The same for a wait on a semaphore with a timeout: the timeout never
 * fires for it. */
#include "ktest.h"

static struct tk_thread ctl, victim;
KT_STACK(s_ctl);
KT_STACK(s_victim);
static struct tk_sem sem;
static volatile int overflows, resumed;

static void on_fault(const struct tk_fault *f)
{
    KT_EQ(f->reason, TK_FATAL_STACK);
    KT_CHECK(f->thread == &victim);
    overflows++;
}

static void victim_mail(void *arg)
{
    (void)arg;
    uintptr_t w = 0;
    s_victim[0] = 0; /* the guard word: found overwritten as it blocks */
    (void)tk_mail_recv(&w, TK_FOREVER);
    resumed++;
    for (;;)
        ;
}

#if TK_CONFIG_TIMERS
static void victim_sem(void *arg)
{
    (void)arg;
    s_victim[0] = 0;
    (void)tk_sem_pend(&sem, 2);
    resumed++;
    for (;;)
        ;
}
#endif

/* found overflowed at the switch tk_irq_unlock makes to the more urgent thread it woke */
static struct tk_thread urgent;
KT_STACK(s_urgent);
static struct tk_sem usem;
static volatile int urgent_runs;
static void urgent_main(void *arg)
{
    (void)arg;
    for (;;) {
        KT_EQ(tk_sem_pend(&usem, TK_FOREVER), TK_OK);
        urgent_runs++;
    }
}

static void victim_unlock(void *arg)
{
    (void)arg;
    s_victim[0] = 0;
    unsigned long s = tk_irq_lock();
    KT_EQ(tk_sem_post(&usem), TK_OK);
    tk_irq_unlock(s);
    resumed++;
    for (;;)
        ;
}

static void victim_fresh(void *arg)
{
    (void)arg;
    uintptr_t w;
    KT_EQ(tk_mail_recv(&w, TK_NOWAIT), TK_EAGAIN); /* the old word is gone with the old thread */
    resumed += 10;
}

static void ctl_main(void *arg)
{
    (void)arg;
    tk_set_fatal_handler(on_fault);
    KT_EQ(tk_thread_create(&victim, "victim", victim_mail, 0, s_victim, sizeof s_victim, 2, 0),
          TK_OK);
    KT_EQ(overflows, 1);
    KT_EQ(tk_thread_state(&victim), TK_STATE_EXITED);
    KT_EQ(tk_mail_send(&victim, 5), TK_OK);     /* kept in the mailbox ... */
    KT_EQ(tk_mail_send(&victim, 6), TK_EFULL);  /* ... which is full now */
    KT_EQ(tk_thread_state(&victim), TK_STATE_EXITED);
    tk_yield();
    KT_EQ(resumed, 0);
#if TK_CONFIG_TIMERS
    KT_EQ(tk_thread_create(&victim, "victim", victim_sem, 0, s_victim, sizeof s_victim, 2, 0),
          TK_OK);
    KT_EQ(overflows, 2);
    KT_EQ(tk_delay(4), TK_OK); /* past its timeout */
    KT_EQ(resumed, 0);
    KT_EQ(tk_thread_state(&victim), TK_STATE_EXITED);
#endif
    KT_EQ(tk_sem_init(&usem, 0, 1), TK_OK);
    KT_EQ(tk_thread_create(&urgent, "urgent", urgent_main, 0, s_urgent, sizeof s_urgent, 1, 0),
          TK_OK);
    int o = overflows;
    KT_EQ(tk_thread_create(&victim, "victim", victim_unlock, 0, s_victim, sizeof s_victim, 2, 0),
          TK_OK);
    KT_EQ(overflows, o + 1);
    KT_EQ(urgent_runs, 1);
    KT_EQ(resumed, 0);
    KT_EQ(tk_thread_state(&victim), TK_STATE_EXITED);
    KT_EQ(tk_thread_create(&victim, "victim", victim_fresh, 0, s_victim, sizeof s_victim, 2, 0),
          TK_OK);
    KT_EQ(resumed, 10);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
