/* Faults in the direct-handler build (kernel/include/tempo.h TK_IRQ_DIRECT_EXTERNAL; built
 * with the handler named kt_direct_isr, kernel/kernel.mk): a stack overflow found by
 * tk_irq_direct_end as it switches away from the interrupted thread, once with its guard word
 * overwritten and once with its stack pointer below the guard word, each survived (the fatal
 * handler returns: the thread is terminated, the woken thread and the others go on); then an
 * illegal instruction, which this build's trap vector (the direct handler's test first) must
 * still send to the exception report, with its cause, pc and thread: the fault handler
 * checks them and ends the run with PASS. */
#include "ktest.h"

/* The interrupt comes this many cycles after it is armed: the victim is in its loop by then. */
#define IRQ_CYCLES 200

/* The victim's stack sits at the top of a larger region: the frames pushed below a stack
 * pointer already below the stack (the direct handler's, the kernel's) land in the region. */
#define PAD_WORDS 256
static uintptr_t region[PAD_WORDS + KT_STACK_WORDS] __attribute__((aligned(16)));
#define S_VICTIM (&region[PAD_WORDS])
#define VICTIM_BYTES (KT_STACK_WORDS * sizeof(uintptr_t))

static struct tk_thread ctl, victim, hi, bad;
KT_STACK(s_ctl); KT_STACK(s_hi); KT_STACK(s_bad);
static struct tk_fault seen;
static volatile int overflows, hi_runs;
static struct tk_thread *volatile isr_saw_thread; /* the thread the handler interrupted */
static volatile uintptr_t sink;
extern char kt_bad_insn[]; /* the illegal instruction (bad_main) */

enum how { GUARD, SP };

/* The direct handler: wakes `hi`, more urgent than the victim, so tk_irq_direct_end switches
 * away from the victim, and finds its overflow. */
TK_IRQ_DIRECT(kt_direct_isr)
{
    kt_irq_ack();
    isr_saw_thread = tk_thread_self();
    KT_EQ(tk_thread_resume_from_isr(&hi), TK_OK);
    tk_irq_direct_end();
}

static void on_fault(const struct tk_fault *f)
{
    if (f->reason == TK_FATAL_EXCEPTION) {
        KT_CHECK(f->thread == &bad);
        KT_EQ(f->cause, 2); /* illegal instruction */
        KT_EQ(f->pc, (uintptr_t)kt_bad_insn);
        KT_CHECK(f->sp > (uintptr_t)s_bad && f->sp < (uintptr_t)s_bad + sizeof s_bad);
        KT_EQ(overflows, 2);
        kt_pass();
    }
    seen = *f;
    overflows++; /* TK_FATAL_STACK: returning terminates the victim */
}

static void hi_main(void *arg)
{
    (void)arg;
    for (;;) {
        hi_runs++;
        tk_thread_suspend(NULL);
    }
}

static void spin(void)
{
    kt_irq_after(IRQ_CYCLES);
    for (;;)
        ; /* until the direct handler's switch finds the overflow */
}

/* A frame deeper than the whole stack, written only at its top (inside the stack): the
 * stack pointer is below the guard word, which stays intact. */
static __attribute__((noinline)) void deep_call(void)
{
    volatile uintptr_t deep[KT_STACK_WORDS + 16];
    deep[KT_STACK_WORDS + 15] = 1;
    spin();
    sink = deep[KT_STACK_WORDS + 15];
}

static void victim_main(void *arg)
{
    if ((enum how)(uintptr_t)arg == SP) {
        deep_call();
    } else {
        *victim.stack_guard = 0;
        spin();
    }
    kt_fail(__FILE__, __LINE__, "survived", 0, 0);
}

static void bad_main(void *arg)
{
    (void)arg;
    __asm__ volatile(".globl kt_bad_insn\nkt_bad_insn: .word 0"); /* all zeros: illegal */
    kt_fail(__FILE__, __LINE__, "no exception", 0, 0);
}

static void control(void *arg)
{
    (void)arg;
    KT_EQ(tk_irq_direct_enable(1), TK_OK);
    for (enum how how = GUARD; how <= SP; how++) {
        int n = overflows;
        isr_saw_thread = 0;
        /* more urgent than ctl: runs at once, until it is terminated */
        KT_EQ(tk_thread_create(&victim, "victim", victim_main, (void *)(uintptr_t)how,
                               S_VICTIM, VICTIM_BYTES, 5, 0), TK_OK);
        KT_CHECK(isr_saw_thread == &victim);
        KT_EQ(overflows, n + 1);
        KT_EQ(seen.reason, TK_FATAL_STACK);
        KT_CHECK(seen.thread == &victim);
        KT_EQ(seen.tval, (uintptr_t)S_VICTIM); /* the guard's address */
        if (how == SP)
            KT_CHECK(seen.sp < (uintptr_t)S_VICTIM);
        KT_EQ(tk_thread_state(&victim), TK_STATE_EXITED);
        KT_EQ(hi_runs, n + 1); /* woken by the handler, it ran once the victim was gone */
        KT_EQ(tk_thread_state(&hi), TK_STATE_SUSPENDED);
    }
    /* An exception through the direct build's vector: the fault handler ends the run. */
    KT_EQ(tk_thread_create(&bad, "bad", bad_main, 0, s_bad, sizeof s_bad, 5, 0), TK_OK);
    kt_fail(__FILE__, __LINE__, "no fault report", 0, 0);
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    tk_set_fatal_handler(on_fault);
    KT_EQ(tk_thread_create(&hi, "hi", hi_main, 0, s_hi, sizeof s_hi, 1, TK_THREAD_SUSPENDED),
          TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
