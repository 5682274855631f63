/* The idle thread's stack guard overwritten (as by an interrupt handler that overran the
 * stack it ran on): found when the next interrupt switches away from the idle thread.  The
 * idle thread cannot be terminated, so the fatal handler's return ends the run with
 * 100 + TK_FATAL_STACK (tests/kernel/cover_idleguard.expect).  Written for `make coverage`. */
#include "ktest.h"

extern struct tk_thread tk_idle; /* the kernel's (kernel/sched.c) */

static struct tk_thread ctl;
KT_STACK(s_ctl);

static void on_fault(const struct tk_fault *f)
{
    KT_EQ(f->reason, TK_FATAL_STACK);
    KT_CHECK(f->thread == &tk_idle);
    tk_fault_report(f);
}

static void control(void *arg)
{
    (void)arg;
    *tk_idle.stack_guard = 0;
    kt_log("sleeping\n");
    tk_delay(2); /* the idle thread runs; the timer interrupt switches back from it */
    kt_log("not reached\n");
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    tk_set_fatal_handler(on_fault);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
