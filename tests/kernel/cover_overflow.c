/* Stack overflows found on the switch paths cover_kill.c does not take, each survived (the
 * fatal handler returns: the thread is terminated, the others go on): the C paths of
 * tk_yield (the caller no longer the head of its ready list when it is terminated) and of
 * tk_thread_resume, with the guard word overwritten and with the stack pointer below it; a
 * tk_thread_create that makes a more urgent thread run, and an interrupt exit that switches,
 * with the stack pointer below the guard word; and a thread terminated while it holds the
 * scheduler lock, which must not stay locked for the others.  Written for `make coverage`. */
#include "ktest.h"

/* The C path of the port's yield (kernel/ksched.h): called directly, as tests/kernel/policy.c
 * does, since the fast path does the common case itself.  tk_thread_resume is C alone. */
int tk__yield_c(void);

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

/* The victim's stack sits at the top of a larger region: the frames a call pushes below a
 * stack pointer already below the stack land in the region, not in another object. */
#define PAD_WORDS 256
static uintptr_t region[PAD_WORDS + KT_STACK_WORDS] __attribute__((aligned(16)));
#define S_VICTIM (&region[PAD_WORDS])

static struct tk_thread ctl, victim, peer, hi, hi2;
KT_STACK(s_ctl); KT_STACK(s_peer); KT_STACK(s_hi); KT_STACK(s_hi2);
static struct tk_alarm alarm;
static volatile int overflows;
static volatile uintptr_t sink;

enum how { YIELD_GUARD, YIELD_SP, RESUME_GUARD, RESUME_SP, CREATE_SP, IRQ_SP, LOCKED };
static volatile enum how running; /* the victim's way to its overflow */

/* Every field of the overflow (tempo.h): found at a switch, no cause or pc and the guard's
 * address for mtval; found by the load access fault it made (LOCKED), that exception's.  The
 * stack pointer is the victim's, in its region (below its stack when it went past it). */
static void on_fault(const struct tk_fault *f)
{
    EQ(f->reason, TK_FATAL_STACK);
    KT_CHECK(f->thread == &victim);
    if (running == LOCKED) {
        EQ(f->cause, 5);
        KT_CHECK(f->pc != 0);
        EQ(f->tval, NOWHERE);
    } else {
        EQ(f->cause, 0);
        EQ(f->pc, 0);
        EQ(f->tval, (uintptr_t)S_VICTIM);
    }
    KT_CHECK(f->sp > (uintptr_t)region && f->sp < (uintptr_t)(S_VICTIM + KT_STACK_WORDS));
    overflows++;
}

static void hi_main(void *arg)
{
    (void)arg;
    for (;;)
        tk_thread_suspend(NULL);
}

static void wake_hi(struct tk_alarm *a, void *arg)
{
    (void)a;
    (void)arg;
    EQ(tk_thread_resume_from_isr(&hi), TK_OK);
}

/* What finds the overflow, called with the guard word overwritten or from deep_call. */
static void trigger(enum how how)
{
    switch (how) {
    case YIELD_GUARD:
    case YIELD_SP:
        tk__yield_c();
        break;
    case RESUME_GUARD:
    case RESUME_SP:
        tk_thread_resume(&hi);
        break;
    case CREATE_SP:
        tk_thread_create(&hi2, "hi2", hi_main, 0, s_hi2, sizeof s_hi2, 1, 0);
        break;
    case IRQ_SP:
        EQ(tk_alarm_start(&alarm, 1, 0), TK_OK);
        for (;;)
            ; /* until the interrupt exit switches to hi */
    case LOCKED:
        EQ(tk_sched_lock(), TK_OK);
        sink = *(volatile uintptr_t *)(uintptr_t)NOWHERE;
        break;
    }
}

/* A frame deeper than the whole stack, written only at its top (inside the stack): the
 * stack pointer is below the guard word, which stays intact. */
static __attribute__((noinline)) void deep_call(enum how how)
{
    volatile uintptr_t deep[KT_STACK_WORDS + 16];
    deep[KT_STACK_WORDS + 15] = 1;
    trigger(how);
    sink = deep[KT_STACK_WORDS + 15];
}

static void victim_main(void *arg)
{
    enum how how = (enum how)(uintptr_t)arg;
    running = how;
    if (how == YIELD_SP || how == RESUME_SP || how == CREATE_SP || how == IRQ_SP) {
        deep_call(how);
    } else {
        *victim.stack_guard = 0;
        trigger(how);
    }
    kt_fail(__FILE__, __LINE__, "survived", 0, 0);
}

static void peer_main(void *arg)
{
    (void)arg;
    for (;;)
        tk_thread_suspend(NULL);
}

/* Run the victim at priority 5 (more urgent than this thread: it runs at once) and check it
 * was terminated. */
static void run_victim(enum how how)
{
    int n = overflows;
    EQ(tk_thread_create(&victim, "victim", victim_main, (void *)(uintptr_t)how, S_VICTIM,
                        KT_STACK_WORDS * sizeof(uintptr_t), 5, 0), TK_OK);
    EQ(overflows, n + 1);
    EQ(tk_thread_state(&victim), TK_STATE_EXITED);
}

static void control(void *arg)
{
    (void)arg;
    /* tk__yield_c beside a peer: the peer is the head of level 5 when the caller is found */
    for (enum how how = YIELD_GUARD; how <= YIELD_SP; how++) {
        EQ(tk_sched_lock(), TK_OK);
        EQ(tk_thread_create(&victim, "victim", victim_main, (void *)(uintptr_t)how, S_VICTIM,
                            KT_STACK_WORDS * sizeof(uintptr_t), 5, 0), TK_OK);
        EQ(tk_thread_resume(&peer), TK_OK); /* behind the victim */
        int n = overflows;
        EQ(tk_sched_unlock(), TK_OK);
        EQ(overflows, n + 1);
        EQ(tk_thread_state(&victim), TK_STATE_EXITED);
        EQ(tk_thread_state(&peer), TK_STATE_SUSPENDED); /* it ran, and suspended itself */
    }
    /* resuming a more urgent thread */
    EQ(tk_thread_create(&hi, "hi", hi_main, 0, s_hi, sizeof s_hi, 1, 0), TK_OK);
    EQ(tk_thread_state(&hi), TK_STATE_SUSPENDED);
    run_victim(RESUME_GUARD);
    EQ(tk_thread_state(&hi), TK_STATE_SUSPENDED);
    run_victim(RESUME_SP);
    EQ(tk_thread_state(&hi), TK_STATE_SUSPENDED);
    /* creating a more urgent thread, which runs and suspends itself */
    run_victim(CREATE_SP);
    EQ(tk_thread_state(&hi2), TK_STATE_SUSPENDED);
    /* an interrupt exit switching to hi */
    run_victim(IRQ_SP);
    EQ(tk_thread_state(&hi), TK_STATE_SUSPENDED);
    /* terminated with the scheduler locked: the lock ends with it */
    run_victim(LOCKED);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_sched_lock(), TK_OK);
    EQ(tk_sched_unlock(), TK_OK);
    kt_pass();
}

int main(void)
{
    EQ(tk_init(), TK_OK);
    tk_set_fatal_handler(on_fault);
    EQ(tk_alarm_init(&alarm, wake_hi, 0), TK_OK);
    EQ(tk_thread_create(&peer, "peer", peer_main, 0, s_peer, sizeof s_peer, 5,
                        TK_THREAD_SUSPENDED), TK_OK);
    EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
