/* A deadlock found past a thread that has exited: the idle thread's check walks every thread
 * created (the newest first), steps over the exited one and finds the one that waits for
 * good.  The fault handler, on the exception stack, is told no thread and no fields, and
 * prints the default report; the run ends with 100 + TK_FATAL_DEADLOCK
 * (tests/kernel/cover_deadlock.expect).  Written for `make coverage`. */
#include "ktest.h"

static struct tk_thread ctl, brief;
KT_STACK(s_ctl); KT_STACK(s_brief);
static struct tk_sem never;

static void on_fatal(const struct tk_fault *f)
{
    KT_CHECK(kt_on_exc_stack());
    KT_EQ(f->reason, TK_FATAL_DEADLOCK);
    KT_CHECK(f->thread == NULL);
    KT_EQ(f->cause, 0);
    KT_EQ(f->pc, 0);
    KT_EQ(f->tval, 0);
    KT_EQ(f->sp, 0);
    tk_fault_report(f);
}

static void brief_main(void *arg)
{
    (void)arg;
}

static void control(void *arg)
{
    (void)arg;
    KT_EQ(tk_thread_create(&brief, "brief", brief_main, 0, s_brief, sizeof s_brief, 5, 0), TK_OK);
    KT_EQ(tk_thread_state(&brief), TK_STATE_EXITED);
    kt_log("waiting\n");
    tk_sem_pend(&never, TK_FOREVER);
    kt_log("not reached\n");
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    tk_set_fatal_handler(on_fatal);
    KT_EQ(tk_sem_init(&never, 0, 1), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
