/* tests/kernel/irqwindow.c for the direct external handler (kernel/include/tempo.h
 * TK_IRQ_DIRECT_EXTERNAL; built with it named kt_direct_isr, kernel/kernel.mk): the handler
 * wakes the more urgent thread and switches to it from inside itself (tk_irq_direct_end).  An
 * interrupt that lands in a resume window (the preempted thread switched back in, its frames
 * not yet unwound) must not stack the handler's frame and a new switch frame on top of the
 * old ones each round: the preempted thread's saved stack pointer stays the same.  The same
 * with the thread switched out by the kernel's interrupt exit instead (the software
 * interrupt the direct handler raises wakes the more urgent thread).  Then a
 * thread that holds the resume stub's address in t0 outside any window, whose interrupts must
 * be taken as ever. */
#include "ktest.h"

#define ROUNDS 400

static struct tk_thread hi, lo, dec;
KT_STACK(s_hi);
KT_STACK(s_lo);
KT_STACK(s_dec);
static struct tk_sem sem;
static volatile uint32_t spins;
extern struct tk_thread tk_idle; /* kernel/sched.c */

/* by_soft: the direct handler leaves the wake to the software interrupt it raises, whose
 * exit (the kernel's) switches the interrupted thread out: it then resumes in
 * tk_port_isr_resume, whose window the direct interrupt is aimed at next */
static volatile int by_soft;

TK_IRQ_DIRECT(kt_direct_isr)
{
    kt_irq_ack();
    if (by_soft) {
        tk_irq_raise_software();
        return;
    }
    KT_EQ(tk_sem_post_from_isr(&sem), TK_OK);
    tk_irq_direct_end();
}

static void soft_wake(void *arg)
{
    (void)arg;
    KT_EQ(tk_sem_post_from_isr(&sem), TK_OK);
}

static void spinner(void *arg)
{
    (void)arg;
    for (;;)
        spins++;
}

/* A thread that holds the resume stub's address in t0 itself, away from any window (its sp
 * is not where a popped switch frame ended): its direct interrupts are ordinary ones. */
extern char tk_port_isr_resume[];
static volatile uint32_t decoy_spins, decoy_bad;
static void decoy(void *arg)
{
    (void)arg;
    volatile uintptr_t frame[4]; /* a frame of its own: sp moves off the start's */
    frame[0] = 1;
    __asm__ volatile("mv t0, %0\n"
                     "1: lw t1, 0(%1)\n"
                     "   addi t1, t1, 1\n"
                     "   sw t1, 0(%1)\n"
                     "   beq t0, %0, 1b\n"
                     "   sw %0, 0(%2)\n"
                     "2: j 2b\n"
                     :
                     : "r"(tk_port_isr_resume), "r"(&decoy_spins), "r"(&decoy_bad)
                     : "t0", "t1", "memory");
    (void)frame[0];
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
    by_soft = 1;
    rounds(&lo);
    by_soft = 0;
    KT_EQ(tk_thread_suspend(&lo), TK_OK);
    KT_EQ(tk_thread_create(&dec, "decoy", decoy, 0, s_dec, sizeof s_dec, 5, 0), TK_OK);
    rounds(&dec);
    KT_CHECK(decoy_spins > 0);
    KT_EQ(decoy_bad, 0);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    KT_EQ(tk_irq_direct_enable(1), TK_OK);
    KT_EQ(tk_irq_attach(TK_IRQ_SOFTWARE, soft_wake, 0), TK_OK);
    KT_EQ(tk_thread_create(&hi, "hi", high, 0, s_hi, sizeof s_hi, 1, 0), TK_OK);
    tk_start();
}
