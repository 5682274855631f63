/* Faults: a thread that overflows its stack is caught at its next switch (guard word), the
 * handler is told which thread, the thread is terminated and the others go on; then a
 * synchronous exception reaches the fault handler with its cause. */
#include "ktest.h"

static struct tk_thread ctl, victim, other;
KT_STACK(s_ctl); KT_STACK(s_other);
/* The victim's stack sits above a sacrificial pad, so its overflow hurts nothing else. */
static uintptr_t victim_area[2 * KT_STACK_WORDS] __attribute__((aligned(16)));
#define VICTIM_STACK (&victim_area[KT_STACK_WORDS])

static volatile int fatal_reason, fatal_count;
static struct tk_thread *volatile fatal_thread;
static volatile uintptr_t fatal_detail;
static volatile int other_runs;

static void on_fatal(const struct tk_fault *f)
{
    fatal_reason = f->reason;
    fatal_thread = f->thread;
    fatal_detail = f->tval;
    fatal_count++;
    if (f->reason == TK_FATAL_EXCEPTION) {
        KT_EQ(f->cause, 2); /* mcause: illegal instruction */
        KT_CHECK(f->thread == &ctl);
        KT_EQ(tk_thread_state(&victim), TK_STATE_EXITED);
        KT_EQ(other_runs, 5);
        kt_pass();
    }
}

/* Eat stack until sp is below the guard word, then block: the switch checks the guard. */
static volatile uintptr_t sink;
static void eat(int depth)
{
    volatile uintptr_t frame[8];
    for (int i = 0; i < 8; i++)
        frame[i] = (uintptr_t)depth;
    sink += frame[depth & 7];
    if ((uintptr_t)frame > (uintptr_t)VICTIM_STACK - 64)
        eat(depth + 1);
    else
        tk_delay(1);
}
static void victim_main(void *arg)
{
    (void)arg;
    eat(0);
    for (;;) /* never reached: terminated at the switch */
        sink++;
}
static void other_main(void *arg)
{
    (void)arg;
    for (int i = 0; i < 5; i++) {
        other_runs++;
        tk_delay(1);
    }
}

static void ctl_main(void *arg)
{
    (void)arg;
    tk_set_fatal_handler(on_fatal);
    KT_EQ(tk_thread_create(&victim, "victim", victim_main, 0, VICTIM_STACK,
                           KT_STACK_WORDS * sizeof(uintptr_t), 3, 0), TK_OK);
    KT_EQ(tk_thread_create(&other, "other", other_main, 0, s_other, sizeof s_other, 4, 0),
          TK_OK);
    KT_EQ(tk_delay(10), TK_OK);
    KT_EQ(fatal_count, 1);
    KT_EQ(fatal_reason, TK_FATAL_STACK);
    KT_CHECK(fatal_thread == &victim);
    KT_EQ(fatal_detail, (uintptr_t)VICTIM_STACK);
    KT_EQ(tk_thread_state(&victim), TK_STATE_EXITED);
    KT_EQ(other_runs, 5);
    /* A synchronous exception: the handler checks it and ends the test. */
    __asm__ volatile(".word 0");
    KT_CHECK(0); /* not reached */
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
