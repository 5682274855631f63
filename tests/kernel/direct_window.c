/* tests/kernel/irqwindow.c for the direct external handler (kernel/include/tempo.h
 * TK_IRQ_DIRECT_EXTERNAL; built with it named kt_direct_isr, kernel/kernel.mk): the handler
 * wakes the more urgent thread and switches to it from inside itself (tk_irq_direct_end).  An
 * interrupt that lands in a resume window (the preempted thread switched back in, its frames
 * not yet unwound) must not stack the handler's frame and a new switch frame on top of the
 * old ones each round: the preempted thread's saved stack pointer stays the same. */
#include "ktest.h"

#define ROUNDS 400

static struct tk_thread hi, lo;
KT_STACK(s_hi);
KT_STACK(s_lo);
static struct tk_sem sem;
static volatile uint32_t spins;
extern struct tk_thread tk_idle; /* kernel/sched.c */

TK_IRQ_DIRECT(kt_direct_isr)
{
    kt_irq_ack();
    KT_EQ(tk_sem_post_from_isr(&sem), TK_OK);
    tk_irq_direct_end();
}

static void spinner(void *arg)
{
    (void)arg;
    for (;;)
        spins++;
}

static void rounds(struct tk_thread *victim)
{
    kt_irq_after(2000);
    KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK);
    uintptr_t sp0 = victim->sp;
    for (uint32_t d = 0; d < ROUNDS; d++) {
        kt_irq_after(d % 200);
        KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK);
        KT_EQ(victim->sp, sp0);
    }
}

static void high(void *arg)
{
    (void)arg;
    rounds(&tk_idle);
    KT_EQ(tk_thread_create(&lo, "lo", spinner, 0, s_lo, sizeof s_lo, 5, 0), TK_OK);
    rounds(&lo);
    KT_CHECK(spins > 0);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    KT_EQ(tk_irq_direct_enable(1), TK_OK);
    KT_EQ(tk_thread_create(&hi, "hi", high, 0, s_hi, sizeof s_hi, 1, 0), TK_OK);
    tk_start();
}
