/* Stack overflows found by the interrupt exit, each survived (the fatal handler returns: the
 * thread is terminated, the others go on): a round-robin slice ending in a thread whose guard
 * word is overwritten, and in one whose stack pointer is below its guard word (the exit's C
 * policy switches to its peer), and an interrupt handler waking a more urgent thread in each
 * such thread (the exit's in-line switch).  It runs in the nesting configuration too
 * (kernel/kernel.mk TK_TESTS_nest), whose exit is its own copy.  Written for `make coverage`. */
#include "ktest.h"

#define PAD_WORDS 256 /* below the victim's stack: what a too-deep frame writes lands here */
static uintptr_t region[PAD_WORDS + KT_STACK_WORDS] __attribute__((aligned(16)));
#define S_VICTIM (&region[PAD_WORDS])

static struct tk_thread ctl, victim, peer, hi;
KT_STACK(s_ctl); KT_STACK(s_peer); KT_STACK(s_hi);
static struct tk_alarm alarm;
static volatile int overflows;
static volatile uintptr_t sink;

static void on_fault(const struct tk_fault *f)
{
    KT_EQ(f->reason, TK_FATAL_STACK);
    KT_CHECK(f->thread == &victim);
    overflows++;
}

enum how { SLICE_GUARD, SLICE_SP, IRQ_GUARD, IRQ_SP };

static void suspend_loop(void *arg)
{
    (void)arg;
    for (;;)
        tk_thread_suspend(NULL);
}

static void wake_hi(struct tk_alarm *a, void *arg)
{
    (void)a;
    (void)arg;
    KT_EQ(tk_thread_resume_from_isr(&hi), TK_OK);
}

static void spin(enum how how)
{
    if (how == IRQ_GUARD || how == IRQ_SP)
        KT_EQ(tk_alarm_start(&alarm, 1, 0), TK_OK);
    for (;;)
        ; /* until the interrupt exit finds the overflow */
}

/* A frame deeper than the whole stack, written only at its top (inside the stack): the
 * stack pointer is below the guard word, which stays intact. */
static __attribute__((noinline)) void deep_call(enum how how)
{
    volatile uintptr_t deep[KT_STACK_WORDS + 16];
    deep[KT_STACK_WORDS + 15] = 1;
    spin(how);
    sink = deep[KT_STACK_WORDS + 15];
}

static void victim_main(void *arg)
{
    enum how how = (enum how)(uintptr_t)arg;
    if (how == SLICE_SP || how == IRQ_SP) {
        deep_call(how);
    } else {
        *victim.stack_guard = 0;
        spin(how);
    }
    kt_fail(__FILE__, __LINE__, "survived", 0, 0);
}

static void control(void *arg)
{
    (void)arg;
    for (enum how how = SLICE_GUARD; how <= IRQ_SP; how++) {
        int slice = how == SLICE_GUARD || how == SLICE_SP;
        int n = overflows;
        KT_EQ(tk_sched_lock(), TK_OK);
        KT_EQ(tk_thread_create(&victim, "victim", victim_main, (void *)(uintptr_t)how,
                               S_VICTIM, KT_STACK_WORDS * sizeof(uintptr_t), 5, 0), TK_OK);
        if (slice) {
            KT_EQ(tk_thread_set_slice(&victim, 1), TK_OK);
            KT_EQ(tk_thread_resume(&peer), TK_OK); /* behind the victim */
        }
        KT_EQ(tk_sched_unlock(), TK_OK); /* the victim runs until it is terminated */
        KT_EQ(overflows, n + 1);
        KT_EQ(tk_thread_state(&victim), TK_STATE_EXITED);
        KT_EQ(tk_thread_state(&peer), TK_STATE_SUSPENDED); /* it ran, or never was resumed */
        KT_EQ(tk_thread_state(&hi), TK_STATE_SUSPENDED);   /* likewise */
    }
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    tk_set_fatal_handler(on_fault);
    KT_EQ(tk_alarm_init(&alarm, wake_hi, 0), TK_OK);
    KT_EQ(tk_thread_create(&peer, "peer", suspend_loop, 0, s_peer, sizeof s_peer, 5,
                           TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(tk_thread_create(&hi, "hi", suspend_loop, 0, s_hi, sizeof s_hi, 1,
                           TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
    return 1;
}
