/* Thread calls at the edges: the idle thread (what tk_thread_self() names in main before
 * tk_start()) may not be changed (TK_EOBJ); an exited thread's priority and time slice may not
 * be set (TK_ESTATE); a time slice set to 0 on a thread without one changes nothing; and
 * main ends with tk_thread_exit() instead of tk_start() (which starts the kernel).  Written
 * for `make coverage`. */
#include "ktest.h"

static struct tk_thread ctl, brief;
KT_STACK(s_ctl); KT_STACK(s_brief);
static volatile int brief_ran;

static void brief_main(void *arg)
{
    (void)arg;
    brief_ran = 1;
}

static void control(void *arg)
{
    (void)arg;
    KT_EQ(tk_tick_get() < 2, 1);
    KT_EQ(tk_thread_create(&brief, "brief", brief_main, 0, s_brief, sizeof s_brief, 5, 0), TK_OK);
    KT_EQ(brief_ran, 1);
    KT_EQ(tk_thread_state(&brief), TK_STATE_EXITED);
    KT_EQ(tk_thread_set_priority(&brief, 3), TK_ESTATE);
    KT_EQ(tk_thread_set_slice(&brief, 2), TK_ESTATE);
    KT_EQ(tk_thread_priority(&brief), 5);
    KT_EQ(tk_thread_set_slice(NULL, 0), TK_OK); /* no slice before: nothing to undo */
    KT_EQ(tk_thread_set_slice(NULL, 0), TK_OK);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    struct tk_thread *idle = tk_thread_self(); /* before tk_start: the idle thread */
    KT_CHECK(idle != NULL);
    KT_EQ(tk_thread_priority(idle), TK_PRIO_COUNT);
    KT_EQ(tk_thread_priority(NULL), TK_PRIO_COUNT);
    KT_EQ(tk_thread_set_priority(idle, 3), TK_EOBJ);
    KT_EQ(tk_thread_set_priority(NULL, 3), TK_EOBJ);
    KT_EQ(tk_thread_set_slice(idle, 1), TK_EOBJ);
    KT_EQ(tk_thread_suspend(idle), TK_EOBJ);
    KT_EQ(tk_thread_state(NULL), TK_EOBJ);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_thread_exit(); /* starts the kernel: main's context ends */
}
