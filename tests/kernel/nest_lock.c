/* The nesting configuration's interrupt exit (the kernel built with TK_IRQ_NESTING=1) with
 * the scheduler locked: a handler wakes a more urgent thread while the interrupted thread
 * holds the scheduler lock, so the exit does not switch; the unlock does.  Then a mutex
 * handed to that more urgent waiter by its unlock (the unlock's own reschedule), and the
 * three sources' interrupt priorities in every order.  Asserts when the urgent thread runs
 * and each source's mask.  Written for `make coverage`: the in-line exit's locked case and
 * each comparison of the masks' update. */
#include "ktest.h"
#include "kernel.h" /* tk_k.irq[].mask: the masks the priorities give */

#if !TK_IRQ_NESTING
#error "nest_lock.c tests the TK_IRQ_NESTING configuration (kernel/kernel.mk builds it so)"
#endif

#define IRQ_DELAY 200 /* cycles from the request to the interrupt */

static struct tk_thread main_t, urgent;
KT_STACK(s_main); KT_STACK(s_urgent);
static struct tk_sem sem;
static struct tk_mutex mtx;
static volatile int handled, woken, locked_it;

/* Every order of three distinct priorities over the three sources: each source's mask
 * holds the sources of its priority or lower (port.c). */
static void priority_orders(void)
{
    static const unsigned src[3] = {TK_IRQ_SOFTWARE, TK_IRQ_TIMER, TK_IRQ_EXTERNAL};
    static const unsigned order[6][3] = {{1, 2, 3}, {1, 3, 2}, {2, 1, 3},
                                         {2, 3, 1}, {3, 1, 2}, {3, 2, 1}};
    for (int o = 0; o < 6; o++) {
        for (int i = 0; i < 3; i++)
            KT_EQ(tk_irq_set_priority(src[i], order[o][i]), TK_OK);
        for (int i = 0; i < 3; i++) {
            uintptr_t want = 0;
            for (int j = 0; j < 3; j++)
                if (order[o][j] <= order[o][i])
                    want |= (uintptr_t)1 << src[j];
            KT_EQ(tk_k.irq[src[i]].mask, want);
        }
    }
    for (int i = 0; i < 3; i++)
        KT_EQ(tk_irq_set_priority(src[i], 0), TK_OK);
}

static void post(void)
{
    KT_EQ(tk_sem_post_from_isr(&sem), TK_OK);
    handled = 1;
}

static void urgent_main(void *arg)
{
    (void)arg;
    KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK);
    woken = 1;
    KT_EQ(tk_mutex_lock(&mtx, TK_FOREVER), TK_OK);
    locked_it = 1;
    KT_EQ(tk_mutex_unlock(&mtx), TK_OK);
}

static void main_thread(void *arg)
{
    (void)arg;
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    KT_EQ(tk_mutex_init(&mtx), TK_OK);
    KT_EQ(tk_mutex_lock(&mtx, TK_FOREVER), TK_OK);
    kt_irq_setup(post);
    KT_EQ(tk_thread_create(&urgent, "urgent", urgent_main, 0, s_urgent, sizeof s_urgent, 2, 0),
          TK_OK); /* runs at once and waits for the semaphore */
    KT_EQ(tk_sched_lock(), TK_OK);
    kt_irq_fire(IRQ_DELAY);
    while (!handled)
        ;
    KT_EQ(woken, 0); /* ready, more urgent, but the scheduler is locked */
    KT_EQ(tk_thread_state(&urgent), TK_STATE_READY);
    KT_EQ(tk_sched_unlock(), TK_OK);
    KT_EQ(woken, 1); /* ran at the unlock, and now waits for the mutex */
    KT_EQ(locked_it, 0);
    KT_EQ(tk_mutex_unlock(&mtx), TK_OK);
    KT_EQ(locked_it, 1); /* handed the mutex and ran at the unlock */
    priority_orders();
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&main_t, "main", main_thread, 0, s_main, sizeof s_main, 5, 0), TK_OK);
    tk_start();
    return 1;
}
