/* A thread that makes a more urgent thread ready between tk_irq_lock and tk_irq_unlock (a
 * post, a resume, a send, an event set) gives it the processor at the unlock that enables
 * interrupts again, not at its next kernel call or interrupt: the kernel sees interrupts
 * disabled as an interrupt handler's context and leaves the switch to the end of the
 * section.  Not at an inner unlock (interrupts stay disabled) nor with the scheduler locked
 * (then at tk_sched_unlock).  Asserts, for each kind of wake, that the woken thread ran by
 * the time the outermost tk_irq_unlock returned, and before it not. */
#include "ktest.h"

static struct tk_thread lo, hi;
KT_STACK(s_lo);
KT_STACK(s_hi);
static struct tk_sem sem;
static struct tk_event ev;
static volatile int hi_runs;

enum { POST, RESUME, MAIL, EVENT, KINDS };
static volatile int kind;

static void high(void *arg)
{
    (void)arg;
    for (;;) {
        uintptr_t w;
        uint32_t got;
        switch (kind) {
        case POST: KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK); break;
        default: KT_EQ(tk_thread_suspend(NULL), TK_OK); break; /* RESUME, then the end */
        case MAIL: KT_EQ(tk_mail_recv(&w, TK_FOREVER), TK_OK); break;
        case EVENT:
            KT_EQ(tk_event_wait(&ev, 1, TK_EVENT_ANY | TK_EVENT_CLEAR, &got, TK_FOREVER), TK_OK);
            break;
        }
        hi_runs++;
    }
}

static void wake(int k)
{
    switch (k) {
    case POST: KT_EQ(tk_sem_post(&sem), TK_OK); break;
    case RESUME: KT_EQ(tk_thread_resume(&hi), TK_OK); break;
    case MAIL: KT_EQ(tk_mail_send(&hi, 1), TK_OK); break;
    case EVENT: KT_EQ(tk_event_set(&ev, 1), TK_OK); break;
    }
}

#if TK_IRQ_NESTING
static volatile int handler_saw = -1;
static void nested_wake(void *arg)
{
    (void)arg;
    unsigned long s = tk_irq_lock();
    KT_EQ(s & 8u, 8u);
    KT_EQ(tk_sem_post_from_isr(&sem), TK_OK);
    tk_irq_unlock(s);
    handler_saw = hi_runs; /* hi has not run yet */
}
#endif

static void low(void *arg)
{
    (void)arg;
    KT_EQ(tk_thread_create(&hi, "hi", high, 0, s_hi, sizeof s_hi, 2, 0), TK_OK);
    for (int k = 0; k < KINDS; k++) {
        int before = hi_runs;
        /* nested sections: the switch at the outer unlock */
        unsigned long s = tk_irq_lock();
        unsigned long s2 = tk_irq_lock();
        wake(k);
        tk_irq_unlock(s2);
        KT_EQ(hi_runs, before);
        tk_irq_unlock(s);
        KT_EQ(hi_runs, before + 1);
        /* with the scheduler locked: at its unlock */
        KT_EQ(tk_sched_lock(), TK_OK);
        s = tk_irq_lock();
        wake(k);
        tk_irq_unlock(s);
        KT_EQ(hi_runs, before + 1);
        KT_EQ(tk_sched_unlock(), TK_OK);
        KT_EQ(hi_runs, before + 2);
        /* once more, then hi waits for the next kind of wake */
        kind = k + 1;
        s = tk_irq_lock();
        wake(k);
        tk_irq_unlock(s);
        KT_EQ(hi_runs, before + 3);
        KT_EQ(tk_yield(), TK_OK);
    }
#if TK_IRQ_NESTING
    /* in a handler, which runs with interrupts enabled: its section's end does not switch,
     * the handler's end does */
    if (!kt_on_qemu()) {
        kind = POST;
        KT_EQ(tk_thread_resume(&hi), TK_OK); /* hi waits on the semaphore again */
        int before = hi_runs;
        KT_EQ(tk_irq_attach(TK_IRQ_SOFTWARE, nested_wake, 0), TK_OK);
        tk_irq_raise_software();
        KT_EQ(handler_saw, before);
        KT_EQ(hi_runs, before + 1);
    }
#endif
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    /* main, no thread yet: the unlock that enables interrupts has nothing to run */
    tk_irq_unlock(8u);
    KT_EQ(tk_irq_lock() & 8u, 8u);
    KT_EQ(tk_sem_init(&sem, 0, 10), TK_OK);
    KT_EQ(tk_event_init(&ev, 0), TK_OK);
    KT_EQ(tk_thread_create(&lo, "lo", low, 0, s_lo, sizeof s_lo, 5, 0), TK_OK);
    tk_start();
}
