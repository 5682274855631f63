/* Every thread exits, nothing is armed and no interrupt but the timer's is enabled: the idle
 * thread finds no thread waiting (every one has exited), so it reports no deadlock and
 * sleeps in WFI until the next timer event, 65,536 ticks ahead: tempo-sim skips the wait to
 * its cycle limit and ends the run there, in the idle thread (cover_allexit.expect: status
 * 124).  On QEMU, which would wait in real time, the last thread ends the run as skipped.  Written for `make coverage`. */
#include "ktest.h"

static struct tk_thread a, b;
KT_STACK(s_a); KT_STACK(s_b);
static struct tk_sem sem;
static struct tk_alarm alarm;

static void on_alarm(struct tk_alarm *al, void *arg)
{
    (void)al;
    (void)arg;
}

static void a_main(void *arg) /* waits for b, then exits */
{
    (void)arg;
    KT_EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK);
    kt_log("cover_allexit: every thread exits");
    if (kt_on_qemu()) {
        kt_log("\ncover_allexit: skipped on QEMU (it would wait in real time)\n");
        board_exit(77); /* SKIP (tests/kernel/run.sh) */
    }
}

static void b_main(void *arg) /* an alarm started and stopped (nothing stays armed), a post */
{
    (void)arg;
    KT_EQ(tk_alarm_start(&alarm, 5, 5), TK_OK);
    KT_EQ(tk_delay(7), TK_OK);
    KT_EQ(tk_alarm_stop(&alarm), TK_OK);
    KT_EQ(tk_sem_post(&sem), TK_OK);
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    KT_EQ(tk_alarm_init(&alarm, on_alarm, 0), TK_OK);
    KT_EQ(tk_thread_create(&a, "a", a_main, 0, s_a, sizeof s_a, 3, 0), TK_OK);
    KT_EQ(tk_thread_create(&b, "b", b_main, 0, s_b, sizeof s_b, 4, 0), TK_OK);
    tk_start();
}
