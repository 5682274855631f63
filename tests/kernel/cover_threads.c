/* Thread calls at the edges: the idle thread (what tk_thread_self() names in main before
 * tk_start()) may not be changed (TK_EOBJ); an exited thread's priority and time slice may not
 * be set (TK_ESTATE); a time slice set to 0 on a thread without one changes nothing, and a
 * slice's length changed; calls before tk_init(); stacks out of range; main with interrupts
 * enabled before the start (the scheduler is locked until then: the calls that reschedule do
 * not switch, a blocking call returns TK_ELOCKED); an alarm armed before
 * the start; and main ends with tk_thread_exit() instead of tk_start() (which starts the
 * kernel).  Written
 * for `make coverage`. */
#include "ktest.h"

static struct tk_thread ctl, brief, late;
KT_STACK(s_ctl); KT_STACK(s_brief); KT_STACK(s_late);
static volatile int brief_ran, early_fired, late_ran;
static struct tk_alarm early;
static struct tk_event ev;
static struct tk_sem sem;

/* Resumed by main before the start (at priority 1): runs first once the kernel starts. */
static void late_main(void *arg)
{
    (void)arg;
    late_ran = 1;
}

static void brief_main(void *arg)
{
    (void)arg;
    brief_ran = 1;
}

/* s1 (5, a slice of 1 tick) locks the scheduler and runs on for 3 ticks: the slice rotates its
 * ready list twice meanwhile (the peer s2 becomes the head, then stays it), and it exits
 * locked, from behind the head. */
static struct tk_thread s1, s2, r1, r2;
KT_STACK(s_s1); KT_STACK(s_s2); KT_STACK(s_r1); KT_STACK(s_r2);
static volatile int s2_ran;

static void s1_main(void *arg)
{
    (void)arg;
    KT_EQ(tk_sched_lock(), TK_OK);
    tk_tick_t t0 = tk_tick_get();
    while (tk_tick_get() - t0 < 3)
        ;
    KT_EQ(s2_ran, 0);
    tk_thread_exit(); /* also ends the scheduler lock */
}

static void s2_main(void *arg)
{
    (void)arg;
    s2_ran = 1;
}

static void parked(void *arg)
{
    (void)arg;
}

static void control(void *arg)
{
    (void)arg;
    KT_EQ(late_ran, 1);
    KT_EQ(tk_tick_get() < 2, 1);
    KT_EQ(tk_delay(2), TK_OK);
    KT_EQ(early_fired, 1);
    KT_EQ(tk_thread_state(&brief), TK_STATE_SUSPENDED);
    KT_EQ(tk_thread_create(&brief, "brief", brief_main, 0, s_brief, sizeof s_brief, 5, 0), TK_ESTATE);
    KT_EQ(tk_thread_resume(&brief), TK_OK);
    KT_EQ(brief_ran, 1);
    KT_EQ(tk_thread_state(&brief), TK_STATE_EXITED);
    KT_EQ(tk_thread_set_priority(&brief, 3), TK_ESTATE);
    KT_EQ(tk_thread_set_slice(&brief, 2), TK_ESTATE);
    KT_EQ(tk_thread_priority(&brief), 6);
    KT_EQ(tk_thread_set_slice(NULL, 0), TK_OK); /* no slice before: nothing to undo */
    KT_EQ(tk_thread_set_slice(NULL, 0), TK_OK);
    KT_EQ(tk_thread_set_slice(NULL, 3), TK_OK);
    KT_EQ(tk_thread_set_slice(NULL, 5), TK_OK); /* a new length, still one slicer */
    KT_EQ(tk_thread_set_slice(NULL, 0), TK_OK);

    /* exit from behind the head of its ready list */
    KT_EQ(tk_thread_create(&s1, "s1", s1_main, 0, s_s1, sizeof s_s1, 5, TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(tk_thread_set_slice(&s1, 1), TK_OK);
    KT_EQ(tk_thread_create(&s2, "s2", s2_main, 0, s_s2, sizeof s_s2, 5, TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(tk_sched_lock(), TK_OK);
    KT_EQ(tk_thread_resume(&s1), TK_OK);
    KT_EQ(tk_thread_resume(&s2), TK_OK);
    KT_EQ(tk_sched_unlock(), TK_OK); /* s1 runs, then s2 */
    KT_EQ(tk_thread_state(&s1), TK_STATE_EXITED);
    KT_EQ(s2_ran, 1);

    /* priorities of ready threads behind another, and into a level already taken */
    KT_EQ(tk_thread_create(&r1, "r1", parked, 0, s_r1, sizeof s_r1, 20, 0), TK_OK);
    KT_EQ(tk_thread_create(&r2, "r2", parked, 0, s_r2, sizeof s_r2, 20, 0), TK_OK);
    KT_EQ(tk_thread_set_priority(&r2, 21), TK_OK); /* behind r1 */
    KT_EQ(tk_thread_set_priority(&r2, 20), TK_OK); /* beside r1 again */
    KT_EQ(tk_thread_priority(&r2), 20);
    KT_EQ(tk_delay(1), TK_OK);
    KT_EQ(tk_thread_state(&r1), TK_STATE_EXITED);
    KT_EQ(tk_thread_state(&r2), TK_STATE_EXITED);
    kt_pass();
}

static void early_fn(struct tk_alarm *a, void *arg)
{
    (void)a;
    (void)arg;
    early_fired++;
}

int main(void)
{
    /* before tk_init: there is no thread to name */
    KT_EQ(tk_thread_suspend(NULL), TK_EOBJ);
    KT_EQ(tk_thread_priority(NULL), TK_EOBJ);
    KT_EQ(tk_thread_set_priority(NULL, 3), TK_EOBJ);
    KT_EQ(tk_thread_set_slice(NULL, 1), TK_EOBJ);
    KT_EQ(tk_init(), TK_OK);
    /* stacks too large, and one whose end would wrap */
    KT_EQ(tk_thread_create(&ctl, "x", control, 0, s_ctl, TK_STACK_MAX + 16, 10, 0), TK_EINVAL);
    KT_EQ(tk_thread_create(&ctl, "x", control, 0, (void *)(UINTPTR_MAX - 1023), 2048, 10, 0),
          TK_EINVAL);
    /* an alarm armed before tk_start, with no time slice: the first event */
    KT_EQ(tk_alarm_init(&early, early_fn, 0), TK_OK);
    KT_EQ(tk_alarm_start(&early, 1, 0), TK_OK);
    struct tk_thread *idle = tk_thread_self(); /* before tk_start: the idle thread */
    KT_CHECK(idle != NULL);
    KT_EQ(tk_thread_priority(idle), TK_PRIO_COUNT);
    KT_EQ(tk_thread_priority(NULL), TK_PRIO_COUNT);
    KT_EQ(tk_thread_set_priority(idle, 3), TK_EOBJ);
    KT_EQ(tk_thread_set_priority(NULL, 3), TK_EOBJ);
    KT_EQ(tk_thread_set_slice(idle, 1), TK_EOBJ);
    KT_EQ(tk_thread_suspend(idle), TK_EOBJ);
    KT_EQ(tk_thread_state(NULL), TK_EOBJ);
    /* interrupts enabled in main (nothing can interrupt before tk_start): the calls that
     * reschedule find no thread, then one that cannot run before the start */
    tk_irq_unlock(1ul << 3); /* mstatus.MIE */
    KT_EQ(tk_event_init(&ev, 0), TK_OK);
    KT_EQ(tk_event_set(&ev, 1), TK_OK);
    KT_EQ(tk_thread_create(&brief, "brief", brief_main, 0, s_brief, sizeof s_brief, 5,
                           TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(tk_thread_set_priority(&brief, 6), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    /* main is no thread: a blocking call is refused, a resumed thread does not run yet */
    KT_EQ(tk_yield(), TK_ELOCKED);
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_ELOCKED);
    KT_EQ(tk_thread_create(&late, "late", late_main, 0, s_late, sizeof s_late, 1,
                           TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(tk_thread_resume(&late), TK_OK);
    KT_CHECK(tk_thread_self() == idle);
    KT_EQ(late_ran, 0);
    /* a ready thread's priority changed before the start: no switch, main goes on */
    KT_EQ(tk_thread_set_priority(&ctl, 9), TK_OK);
    KT_EQ(tk_thread_priority(&ctl), 9);
    KT_CHECK(tk_thread_self() == idle);
    KT_EQ(tk_thread_set_priority(&ctl, 10), TK_OK);
    KT_EQ(tk_event_set(&ev, 2), TK_OK);
    KT_EQ(tk_thread_set_priority(&ctl, 10), TK_OK);
    KT_EQ(brief_ran, 0);
    tk_thread_exit(); /* starts the kernel: main's context ends */
}
