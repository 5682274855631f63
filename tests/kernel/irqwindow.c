/* An interrupt pending as a preempted thread is switched back in.  A thread switched out at
 * interrupt exit resumes through its switch frame and then unwinds its trap frame; an
 * interrupt taken between the two (interrupts are enabled when the switch frame has been
 * popped) whose exit switches away again must leave the thread's stack as it was, not a new
 * trap frame on top of the old one.  The trigger: a more urgent thread arms the test
 * interrupt a few cycles ahead and blocks, the handler wakes it, the preempted thread is
 * resumed; swept over the delay so that the interrupt lands on every instruction of the
 * switch back.  Asserts that the preempted thread's saved stack pointer is the same after
 * every round (each round pushed one trap frame more when the window was open) and that the
 * idle thread's is bounded the same way. */
#include "ktest.h"

extern struct tk_thread tk_idle; /* kernel/kernel.h */

#define ROUNDS 400

static struct tk_thread hi, lo;
KT_STACK(s_hi);
KT_STACK(s_lo);
static struct tk_sem sem;
static volatile uint32_t spins;

static void isr_body(void)
{
    KT_EQ(tk_sem_post_from_isr(&sem), TK_OK);
}

static void spinner(void *arg)
{
    (void)arg;
    for (;;)
        spins++;
}

/* Rounds of: arm the interrupt `delay` cycles ahead, block; the handler wakes us.  The thread
 * the interrupt cuts into (`victim`) was switched out at interrupt exit the first time: its
 * saved stack pointer must not move from then on. */
static void rounds(struct tk_thread *victim)
{
    kt_irq_fire(2000);
    KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK);
    uintptr_t sp0 = victim->sp;
    for (uint32_t d = 0; d < ROUNDS; d++) {
        kt_irq_fire(d % 200);
        KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK);
        KT_EQ(victim->sp, sp0);
    }
}

static void high(void *arg)
{
    (void)arg;
    /* The idle thread is the one preempted first (the spinner is not yet created) ... */
    rounds(&tk_idle);
    /* ... then a thread of the program's. */
    KT_EQ(tk_thread_create(&lo, "lo", spinner, 0, s_lo, sizeof s_lo, 5, 0), TK_OK);
    rounds(&lo);
    KT_CHECK(spins > 0);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    kt_irq_setup(isr_body);
    KT_EQ(tk_thread_create(&hi, "hi", high, 0, s_hi, sizeof s_hi, 1, 0), TK_OK);
    tk_start();
}
