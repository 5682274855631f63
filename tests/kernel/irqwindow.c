/* An interrupt pending as a preempted thread is switched back in.  A thread switched out at
 * interrupt exit resumes through its switch frame and then unwinds its trap frame; an
 * interrupt taken between the two (interrupts are enabled when the switch frame has been
 * popped) whose exit switches away again must leave the thread's stack as it was, not a new
 * trap frame on top of the old one.  The trigger: a more urgent thread arms the test
 * interrupt a few cycles ahead and blocks, the handler wakes it, the preempted thread is
 * resumed; swept over the delay so that the interrupt lands on every instruction of the
 * switch back.  Asserts that the preempted thread's saved stack pointer is the same after
 * every round (each round pushed one trap frame more when the window was open), the idle
 * thread's first, then a spinner's; then the same for a thread that holds the resume stub's
 * address in t0 itself, outside any window, whose state must survive every interrupt. */
#include "ktest.h"

extern struct tk_thread tk_idle; /* kernel/kernel.h */

#define ROUNDS 400

static struct tk_thread hi, lo, dec;
KT_STACK(s_hi);
KT_STACK(s_lo);
KT_STACK(s_dec);
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

/* A thread that holds the resume stub's address in t0 itself, away from any resume window
 * (its sp is not where a popped switch frame ended): its interrupts are ordinary ones, whose
 * trap frame keeps its registers.  The loop checks t0 every round. */
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
    if (kt_on_qemu()) { /* its test interrupt comes at once: no window to aim at */
        kt_log("irqwindow: tempo-sim only\n");
        kt_pass();
    }
    /* The idle thread is the one preempted first (the spinner is not yet created) ... */
    rounds(&tk_idle);
    /* ... then a thread of the program's. */
    KT_EQ(tk_thread_create(&lo, "lo", spinner, 0, s_lo, sizeof s_lo, 5, 0), TK_OK);
    rounds(&lo);
    KT_CHECK(spins > 0);
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
    kt_irq_setup(isr_body);
    KT_EQ(tk_thread_create(&hi, "hi", high, 0, s_hi, sizeof s_hi, 1, 0), TK_OK);
    tk_start();
}
