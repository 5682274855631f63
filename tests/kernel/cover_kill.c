/* Stack overflows survived (the fatal handler returns: the thread is terminated, the others
 * go on), found on each path that checks: an exception in a thread whose guard word is
 * overwritten (reported as an overflow, not as the exception), a thread suspending itself
 * alone at its priority (the assembly fast path) and beside a peer (the C path) with its
 * guard overwritten or its stack pointer below the guard, and a thread found overflowed as it
 * blocks, which leaves the wait queue from behind its head and from its head with another
 * waiter behind.  Written for `make coverage`. */
#include "ktest.h"

#ifdef BOARD_PAPER
#define NOWHERE 0x30000000u /* no device: a load access fault (as tests/kernel/fault.c) */
#else
#define NOWHERE 0x0u
#endif

static __attribute__((noinline)) void eq_at(long a, long b, int line)
{
    if (a != b)
        kt_fail(__FILE__, line, "", a, b);
}
#define EQ(a, b) eq_at((long)(a), (long)(b), __LINE__)

static struct tk_thread ctl, victim, peer, waiter;
KT_STACK(s_ctl); KT_STACK(s_victim); KT_STACK(s_peer); KT_STACK(s_waiter);
static struct tk_sem sem;
static volatile int overflows;
static volatile uintptr_t sink;

static void on_fault(const struct tk_fault *f)
{
    EQ(f->reason, TK_FATAL_STACK);
    KT_CHECK(f->thread == &victim);
    overflows++;
}

/* ---- the victims: each overwrites its guard word (or leaves it below its stack pointer),
 * then does what finds it ---- */
enum how { LOAD, SUSPEND_GUARD, SUSPEND_SP, PEND };
/* SUSPEND_SP leaves the stack pointer below the stack: only a suspend that pushes nothing
 * before its check survives that, the speed build's (kernel.h).  Built for size the call
 * pushes a frame of its own there first (as for cover_stack, kernel/kernel.mk). */
#ifdef __OPTIMIZE_SIZE__
#define LAST_SUSPEND SUSPEND_GUARD
#else
#define LAST_SUSPEND SUSPEND_SP
#endif

/* A frame deeper than the whole stack, written only at its top (inside the stack). */
static __attribute__((noinline)) void suspend_deep(void)
{
    volatile uintptr_t deep[KT_STACK_WORDS + 16];
    deep[KT_STACK_WORDS + 15] = 1;
    tk_thread_suspend(&victim);
    sink = deep[KT_STACK_WORDS + 15];
}

static void victim_main(void *arg)
{
    enum how how = (enum how)(uintptr_t)arg;
    if (how == SUSPEND_SP)
        suspend_deep();
    *victim.stack_guard = 0;
    if (how == LOAD)
        sink = *(volatile uintptr_t *)(uintptr_t)NOWHERE;
    else if (how == SUSPEND_GUARD)
        tk_thread_suspend(&victim);
    else
        tk_sem_pend(&sem, 5);
    kt_fail(__FILE__, __LINE__, "survived", 0, 0);
}

/* Yields to the victim until it is gone, then suspends itself. */
static void peer_main(void *arg)
{
    (void)arg;
    for (;;) {
        if (tk_thread_state(&victim) == TK_STATE_EXITED)
            tk_thread_suspend(NULL);
        tk_yield();
    }
}

static void waiter_main(void *arg)
{
    (void)arg;
    EQ(tk_sem_pend(&sem, TK_FOREVER), TK_OK);
}

/* Run a victim at priority prio (more urgent than this thread: it runs at once) and check
 * it was terminated. */
static void run_victim(enum how how, unsigned prio)
{
    int n = overflows;
    EQ(tk_thread_create(&victim, "victim", victim_main, (void *)(uintptr_t)how, s_victim,
                        sizeof s_victim, prio, 0), TK_OK);
    EQ(overflows, n + 1);
    EQ(tk_thread_state(&victim), TK_STATE_EXITED);
}

static void control(void *arg)
{
    (void)arg;
    run_victim(LOAD, 5);
    run_victim(SUSPEND_GUARD, 5); /* alone at 5: the fast path */
    if (LAST_SUSPEND == SUSPEND_SP)
        run_victim(SUSPEND_SP, 5);
    /* beside a peer at 5: both made ready under the scheduler lock, the peer first */
    EQ(tk_thread_create(&peer, "peer", peer_main, 0, s_peer, sizeof s_peer, 5,
                        TK_THREAD_SUSPENDED), TK_OK);
    for (int how = SUSPEND_GUARD; how <= LAST_SUSPEND; how++) {
        int n = overflows;
        EQ(tk_sched_lock(), TK_OK);
        EQ(tk_thread_resume(&peer), TK_OK);
        EQ(tk_thread_create(&victim, "victim", victim_main, (void *)(uintptr_t)how, s_victim,
                            sizeof s_victim, 5, 0), TK_OK);
        EQ(tk_sched_unlock(), TK_OK);
        EQ(overflows, n + 1);
        EQ(tk_thread_state(&victim), TK_STATE_EXITED);
        EQ(tk_thread_state(&peer), TK_STATE_SUSPENDED);
    }
    /* found as it blocks: behind a waiter of priority 4, then ahead of one of 6 */
    EQ(tk_thread_create(&waiter, "w4", waiter_main, 0, s_waiter, sizeof s_waiter, 4, 0), TK_OK);
    run_victim(PEND, 5);
    EQ(tk_sem_post(&sem), TK_OK);
    EQ(tk_thread_state(&waiter), TK_STATE_EXITED);
    EQ(tk_thread_create(&waiter, "w6", waiter_main, 0, s_waiter, sizeof s_waiter, 6, 0), TK_OK);
    EQ(tk_delay(1), TK_OK); /* w6 blocks */
    run_victim(PEND, 5);
    EQ(tk_sem_post(&sem), TK_OK);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_thread_state(&waiter), TK_STATE_EXITED);
    kt_pass();
}

int main(void)
{
    EQ(tk_init(), TK_OK);
    tk_set_fatal_handler(on_fault);
    EQ(tk_sem_init(&sem, 0, 4), TK_OK);
    EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
