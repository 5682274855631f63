/* Mutex deadlocks: a lock whose wait would close a cycle of owners returns TK_EDEADLK (two
 * threads crossing two mutexes, a cycle through three, with and without a timeout), while a
 * chain without a cycle waits as before and the priority inheritance along it still works. */
#include "ktest.h"

static struct tk_thread ctl, ta, tb, tc;
KT_STACK(s_ctl); KT_STACK(s_a); KT_STACK(s_b); KT_STACK(s_c);
static struct tk_mutex m1, m2, m3;

/* A thread that locks `first`, then (when resumed) `second`, records the result, and
 * releases what it holds when resumed again. */
struct script {
    struct tk_mutex *first, *second;
    tk_tick_t timeout;
    volatile int rc_first, rc_second;
};
static struct script sa, sb, sc;

static void run_script(void *arg)
{
    struct script *s = arg;
    s->rc_first = tk_mutex_lock(s->first, TK_FOREVER);
    tk_thread_suspend(NULL);
    s->rc_second = tk_mutex_lock(s->second, s->timeout);
    tk_thread_suspend(NULL);
    if (s->rc_second == TK_OK)
        tk_mutex_unlock(s->second);
    tk_mutex_unlock(s->first);
}

static void start(struct tk_thread *t, struct script *s, struct tk_mutex *first,
                  struct tk_mutex *second, tk_tick_t timeout, uintptr_t *stack, unsigned prio)
{
    s->first = first;
    s->second = second;
    s->timeout = timeout;
    s->rc_first = s->rc_second = 99;
    KT_EQ(tk_thread_create(t, "t", run_script, s, stack, KT_STACK_WORDS * sizeof(uintptr_t),
                           prio, 0), TK_OK);
    KT_EQ(s->rc_first, TK_OK); /* higher than ctl: it ran up to its suspension */
}

static void ctl_main(void *arg)
{
    (void)arg;
    KT_EQ(tk_mutex_init(&m1), TK_OK);
    KT_EQ(tk_mutex_init(&m2), TK_OK);
    KT_EQ(tk_mutex_init(&m3), TK_OK);

    /* Two threads crossing: A holds m1 and waits for m2; B holds m2 and asks for m1. */
    start(&ta, &sa, &m1, &m2, TK_FOREVER, s_a, 3);
    start(&tb, &sb, &m2, &m1, TK_FOREVER, s_b, 4);
    KT_EQ(tk_thread_resume(&ta), TK_OK); /* A blocks on m2; B inherits A's priority */
    KT_EQ(tk_thread_state(&ta), TK_STATE_BLOCKED);
    KT_EQ(tk_thread_priority(&tb), 3);
    KT_EQ(tk_thread_resume(&tb), TK_OK); /* B asks for m1: refused, not a deadlock */
    KT_EQ(sb.rc_second, TK_EDEADLK);
    KT_EQ(tk_thread_state(&tb), TK_STATE_SUSPENDED);
    KT_EQ(tk_thread_priority(&tb), 3); /* still holds m2, A still waits */
    KT_EQ(tk_thread_resume(&tb), TK_OK); /* B unlocks m2: A gets it, finishes, exits */
    KT_EQ(sa.rc_second, TK_OK);
    KT_EQ(tk_thread_state(&tb), TK_STATE_EXITED);
    KT_EQ(tk_thread_resume(&ta), TK_OK);
    KT_EQ(tk_thread_state(&ta), TK_STATE_EXITED);

    /* A cycle through three, the last lock with a timeout: A: m1 -> m2, B: m2 -> m3,
     * C: m3 -> m1.  TK_NOWAIT never waits, so it is TK_EAGAIN, not TK_EDEADLK. */
    start(&ta, &sa, &m1, &m2, TK_FOREVER, s_a, 3);
    start(&tb, &sb, &m2, &m3, TK_FOREVER, s_b, 3);
    start(&tc, &sc, &m3, &m1, 50, s_c, 3);
    KT_EQ(tk_thread_resume(&ta), TK_OK);
    KT_EQ(tk_thread_resume(&tb), TK_OK);
    KT_EQ(tk_thread_state(&ta), TK_STATE_BLOCKED);
    KT_EQ(tk_thread_state(&tb), TK_STATE_BLOCKED);
    KT_EQ(tk_mutex_lock(&m1, TK_NOWAIT), TK_EAGAIN);
    KT_EQ(tk_thread_resume(&tc), TK_OK);
    KT_EQ(sc.rc_second, TK_EDEADLK);
    /* ctl is outside the chain: waiting for m1 (owned by A, who waits for B, who waits for
     * C, who waits for nothing) is no cycle; a short timeout shows it really waited */
    tk_tick_t t0 = tk_tick_get();
    KT_EQ(tk_mutex_lock(&m1, 3), TK_ETIMEOUT);
    KT_CHECK(tk_tick_get() - t0 >= 2);
    KT_EQ(tk_thread_resume(&tc), TK_OK); /* C unlocks m3: B gets it, then A gets m2 */
    KT_EQ(tk_thread_state(&tc), TK_STATE_EXITED);
    KT_EQ(sb.rc_second, TK_OK);
    KT_EQ(tk_thread_resume(&tb), TK_OK);
    KT_EQ(sa.rc_second, TK_OK);
    KT_EQ(tk_thread_resume(&ta), TK_OK);
    KT_EQ(tk_thread_state(&ta), TK_STATE_EXITED);
    KT_EQ(tk_thread_state(&tb), TK_STATE_EXITED);

    /* Recursion is not a cycle; the mutexes are all free again. */
    KT_EQ(tk_mutex_lock(&m1, TK_FOREVER), TK_OK);
    KT_EQ(tk_mutex_lock(&m1, TK_FOREVER), TK_OK);
    KT_EQ(tk_mutex_unlock(&m1), TK_OK);
    KT_EQ(tk_mutex_unlock(&m1), TK_OK);
    KT_EQ(tk_mutex_init(&m2), TK_OK);
    KT_EQ(tk_mutex_init(&m3), TK_OK);
    KT_EQ(tk_thread_priority(NULL), 5);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
