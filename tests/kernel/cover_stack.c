/* Stack-overflow detection at every kind of switch: a victim thread breaks its own guard
 * word, then makes a call that switches away from it (blocking on each object, sleeping,
 * yielding, suspending itself, waking or creating a higher thread, unlocking a mutex a
 * higher thread waits for, lowering its priority, unlocking the scheduler, an interrupt
 * that readies a higher thread).  Each switch site checks the outgoing thread's guard
 * (kernel/kernel.h tk__switch_return, the port's assembly fast paths, tk__isr_exit), so
 * each must report TK_FATAL_STACK for the victim to the fatal handler, which returns: the
 * victim is terminated and scheduling goes on (and a mutex owner whose waiter died gets
 * its own priority back).  Written for `make coverage`: the overflow direction of every
 * inlined copy of the check. */
#include "ktest.h"
#include "offsets.h" /* TK_SWITCH_FRAME: the frame a switch pushes (port/riscv) */

static struct tk_thread ctl, victim, high;
KT_STACK(s_ctl); KT_STACK(s_victim); KT_STACK(s_high);
static struct tk_sem sem, high_sem;
static struct tk_mutex mtx;
static struct tk_event ev;
static struct tk_msgq msgq;
static struct tk_bmq bmq;
static uint32_t qbuf[1], bbuf[1];

static volatile int fatals, last_reason;
static struct tk_thread *volatile last_thread;
static volatile int scenario, high_runs, low_sp;

static void on_fatal(const struct tk_fault *f)
{
    last_reason = f->reason;
    last_thread = f->thread;
    fatals++;
}

/* A higher thread that waits for whatever the victim will give it. */
static void high_body(void *arg)
{
    uint32_t m = 0;
    uintptr_t w;
    switch ((int)(uintptr_t)arg) {
    case 0: tk_sem_pend(&high_sem, TK_FOREVER); break;
    case 1: tk_mail_recv(&w, TK_FOREVER); break;
    case 2: tk_msgq_recv(&msgq, &m, TK_FOREVER); break;
    case 3: tk_bmq_recv(&bmq, &m, TK_FOREVER); break;
    case 4: tk_event_wait(&ev, 2, TK_EVENT_ANY, NULL, TK_FOREVER); break;
    case 5: tk_mutex_lock(&mtx, TK_FOREVER); tk_mutex_unlock(&mtx); break;
    case 6: tk_thread_suspend(NULL); break;
    case 7: tk_delay(1); break;
    case 8: tk_bmq_send(&bmq, &m, TK_FOREVER); break;
    }
    high_runs++;
}

static void nothing(void *arg)
{
    (void)arg;
}

static void isr_post(void)
{
    tk_sem_post_from_isr(&high_sem);
}

/* The second pass runs each call with the stack pointer so low that the switch frame
 * would reach the guard word (intact): the other half of the check.  The call is entered
 * straight from assembly, its arguments in a0..a4, on that stack; it must not return. */
static void died(void)
{
    kt_fail(__FILE__, __LINE__, "a switch on an exhausted stack returned", scenario, 0);
}

static __attribute__((noreturn)) void call_low(uintptr_t sp, uintptr_t fn, const uintptr_t *a)
{
    register uintptr_t a0 __asm__("a0") = a[0], a1 __asm__("a1") = a[1], a2 __asm__("a2") = a[2],
                       a3 __asm__("a3") = a[3], a4 __asm__("a4") = a[4];
    __asm__ volatile("mv sp, %0\n\tmv ra, %1\n\tjr %2"
                     : : "r"(sp), "r"((uintptr_t)died), "r"(fn), "r"(a0), "r"(a1), "r"(a2),
                         "r"(a3), "r"(a4)
                     : "ra", "memory");
    __builtin_unreachable();
}

enum { S_SEM, S_MUTEX, S_EVENT, S_MAIL, S_MSGQ, S_BMQ_RECV, S_BMQ_SEND, S_DELAY, S_DELAY_UNTIL,
       S_YIELD, S_SUSPEND, S_POST, S_MAIL_SEND, S_MSGQ_SEND, S_BMQ_SEND_WAKE, S_BMQ_RECV_WAKE,
       S_EVENT_SET, S_UNLOCK, S_RESUME, S_CREATE, S_SET_PRIO, S_SCHED_UNLOCK, S_ISR, S_COUNT };

static void victim_body(void *arg)
{
    (void)arg;
    uint32_t m = 0;
    uintptr_t w;
    tk_tick_t last = tk_tick_get();
    if (scenario == S_UNLOCK) {
        /* own the mutex, then let the higher thread block on it */
        KT_EQ(tk_mutex_lock(&mtx, TK_NOWAIT), TK_OK);
        KT_EQ(tk_thread_create(&high, "high", high_body, (void *)5, s_high, sizeof s_high, 1, 0),
              TK_OK);
    }
    if (scenario == S_SEM)
        KT_EQ(tk_thread_set_slice(NULL, 5), TK_OK); /* a sliced thread dies too */
    if (low_sp) {
        static uint32_t lm;
        static uintptr_t lw;
        static tk_tick_t llast;
        llast = tk_tick_get();
        uintptr_t f = 0, a[5] = {0};
        switch (scenario) {
/* a 32-bit argument sign-extended to the register, as the RV64 calling convention wants */
#define ARG(x) (sizeof(x) == 4 ? (uintptr_t)(intptr_t)(int32_t)(uintptr_t)(x) : (uintptr_t)(x))
#define CALL(fn, x0, x1, x2, x3, x4) \
    f = (uintptr_t)fn, a[0] = ARG(x0), a[1] = ARG(x1), a[2] = ARG(x2), a[3] = ARG(x3), \
    a[4] = ARG(x4)
        case S_SEM: CALL(tk_sem_pend, &sem, TK_FOREVER, 0, 0, 0); break;
        case S_MUTEX: CALL(tk_mutex_lock, &mtx, TK_FOREVER, 0, 0, 0); break;
        case S_EVENT: CALL(tk_event_wait, &ev, 1, TK_EVENT_ANY, NULL, TK_FOREVER); break;
        case S_MAIL: CALL(tk_mail_recv, &lw, 10, 0, 0, 0); break;
        case S_MSGQ: CALL(tk_msgq_recv, &msgq, &lm, TK_FOREVER, 0, 0); break;
        case S_BMQ_RECV: CALL(tk_bmq_recv, &bmq, &lm, TK_FOREVER, 0, 0); break;
        case S_BMQ_SEND: CALL(tk_bmq_send, &bmq, &lm, TK_FOREVER, 0, 0); break;
        case S_DELAY: CALL(tk_delay, 3, 0, 0, 0, 0); break;
        case S_DELAY_UNTIL: CALL(tk_delay_until, &llast, 3, 0, 0, 0); break;
        case S_YIELD: CALL(tk_yield, 0, 0, 0, 0, 0); break;
        case S_SUSPEND: CALL(tk_thread_suspend, NULL, 0, 0, 0, 0); break;
        case S_POST: CALL(tk_sem_post, &high_sem, 0, 0, 0, 0); break;
        case S_MAIL_SEND: CALL(tk_mail_send, &high, 1, 0, 0, 0); break;
        case S_MSGQ_SEND: CALL(tk_msgq_send, &msgq, &lm, 0, 0, 0); break;
        case S_BMQ_SEND_WAKE: CALL(tk_bmq_send, &bmq, &lm, TK_NOWAIT, 0, 0); break;
        case S_BMQ_RECV_WAKE: CALL(tk_bmq_recv, &bmq, &lm, TK_NOWAIT, 0, 0); break;
        case S_EVENT_SET: CALL(tk_event_set, &ev, 2, 0, 0, 0); break;
        case S_UNLOCK: CALL(tk_mutex_unlock, &mtx, 0, 0, 0, 0); break;
        case S_RESUME: CALL(tk_thread_resume, &high, 0, 0, 0, 0); break;
        case S_SET_PRIO: CALL(tk_thread_set_priority, NULL, 20, 0, 0, 0); break;
        case S_SCHED_UNLOCK:
            tk_sched_lock();
            tk_thread_resume(&high);
            CALL(tk_sched_unlock, 0, 0, 0, 0, 0);
            break;
#undef CALL
#undef ARG
        }
        uintptr_t g = (uintptr_t)tk_thread_self()->stack_guard;
        call_low((g + TK_SWITCH_FRAME) & ~(uintptr_t)15, f, a);
    }
    *tk_thread_self()->stack_guard = 0; /* the overflow */
    switch (scenario) {
    case S_SEM: tk_sem_pend(&sem, TK_FOREVER); break;
    case S_MUTEX: tk_mutex_lock(&mtx, TK_FOREVER); break; /* the controller owns it */
    case S_EVENT: tk_event_wait(&ev, 1, TK_EVENT_ANY, NULL, TK_FOREVER); break;
    case S_MAIL: tk_mail_recv(&w, 10); break;
    case S_MSGQ: tk_msgq_recv(&msgq, &m, TK_FOREVER); break;
    case S_BMQ_RECV: tk_bmq_recv(&bmq, &m, TK_FOREVER); break;
    case S_BMQ_SEND: tk_bmq_send(&bmq, &m, TK_FOREVER); break; /* full */
    case S_DELAY: tk_delay(3); break;
    case S_DELAY_UNTIL: tk_delay_until(&last, 3); break;
    case S_YIELD: tk_yield(); break;                           /* a peer is ready */
    case S_SUSPEND: tk_thread_suspend(NULL); break;
    case S_POST: tk_sem_post(&high_sem); break;
    case S_MAIL_SEND: tk_mail_send(&high, 1); break;
    case S_MSGQ_SEND: tk_msgq_send(&msgq, &m); break;
    case S_BMQ_SEND_WAKE: tk_bmq_send(&bmq, &m, TK_NOWAIT); break;
    case S_BMQ_RECV_WAKE: tk_bmq_recv(&bmq, &m, TK_NOWAIT); break; /* frees a sender */
    case S_EVENT_SET: tk_event_set(&ev, 2); break;
    case S_UNLOCK: tk_mutex_unlock(&mtx); break;               /* high waits for it */
    case S_RESUME: tk_thread_resume(&high); break;
    case S_CREATE:
        tk_thread_create(&high, "high", nothing, 0, s_high, sizeof s_high, 1, 0);
        break;
    case S_SET_PRIO: tk_thread_set_priority(NULL, 20); break;   /* below the controller */
    case S_SCHED_UNLOCK:
        tk_sched_lock();
        tk_thread_resume(&high);                               /* held back by the lock */
        tk_sched_unlock();
        break;
    case S_ISR:
        kt_irq_fire(100);
        for (volatile int i = 0; i < 100000; i++)
            ;
        break;
    }
    kt_fail(__FILE__, __LINE__, "the victim came back", scenario, 0);
}

static void start_high(int what, int prio)
{
    KT_EQ(tk_thread_create(&high, "high", high_body, (void *)(uintptr_t)what, s_high,
                           sizeof s_high, (unsigned)prio, 0), TK_OK);
}

static void control(void *arg)
{
    (void)arg;
    uint32_t m = 0;
    tk_set_fatal_handler(on_fatal);
    kt_irq_setup(isr_post);
    for (int s = 0; s < 2 * S_COUNT; s++) {
        low_sp = s >= S_COUNT;
        s %= S_COUNT;
        if (low_sp && (s == S_CREATE || s == S_ISR)) /* not a plain call */
            goto next;
        scenario = s;
        kt_log_num("scenario ", (uint64_t)s);
        int before = fatals, runs = high_runs;
        int peer = 0, hp = 1;
        KT_EQ(tk_sem_init(&high_sem, 0, 1), TK_OK);
        switch (s) {
        case S_MUTEX: KT_EQ(tk_mutex_lock(&mtx, TK_NOWAIT), TK_OK); break;
        case S_BMQ_SEND: KT_EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK); break;
        case S_YIELD: peer = 1; break;
        case S_POST: start_high(0, hp); break;
        case S_MAIL_SEND: start_high(1, hp); break;
        case S_MSGQ_SEND: start_high(2, hp); break;
        case S_BMQ_SEND_WAKE: start_high(3, hp); break;
        case S_BMQ_RECV_WAKE:
            KT_EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK);
            start_high(8, hp); /* blocks: the queue is full */
            break;
        case S_EVENT_SET: start_high(4, hp); break;
        case S_RESUME: start_high(6, hp); break;
        case S_SCHED_UNLOCK: start_high(6, hp); break;
        case S_ISR: start_high(0, hp); break;
        default: break;
        }
        /* the scenarios in which the victim readies (or creates) the higher thread */
        int wakes_high = s >= S_POST && s != S_SET_PRIO;
        /* the victim runs at once (priority 3, above the controller's 5) */
        KT_EQ(tk_thread_create(&victim, "victim", victim_body, 0, s_victim, sizeof s_victim,
                               peer ? 5 : 3, 0), TK_OK);
        if (peer)
            KT_EQ(tk_yield(), TK_OK); /* let the equal-priority victim run */
        KT_EQ(fatals, before + 1);
        KT_EQ(last_reason, TK_FATAL_STACK);
        KT_CHECK(last_thread == &victim);
        KT_EQ(tk_thread_state(&victim), TK_STATE_EXITED);
        KT_EQ(*victim.stack_guard, (uintptr_t)victim.stack_guard); /* intact, or restored */
        if (wakes_high) {
            while (tk_thread_state(&high) != TK_STATE_EXITED)
                KT_EQ(tk_delay(1), TK_OK);
            KT_CHECK(high_runs == runs + 1 || s == S_CREATE);
        }
        if (s == S_MUTEX) {
            /* the victim died waiting for the controller's mutex: the priority it lent
             * is given back at once, not at the unlock */
            KT_EQ(tk_thread_priority(NULL), 5);
            KT_EQ(tk_mutex_unlock(&mtx), TK_OK);
        }
        if (s == S_BMQ_SEND || s == S_BMQ_RECV_WAKE)
            (void)tk_bmq_recv(&bmq, &m, TK_NOWAIT);
        (void)tk_msgq_recv(&msgq, &m, TK_NOWAIT);
        (void)tk_event_clear(&ev, 0xffffffffu);
    next:
        s += low_sp ? S_COUNT : 0;
    }
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    KT_EQ(tk_mutex_init(&mtx), TK_OK);
    KT_EQ(tk_event_init(&ev, 0), TK_OK);
    KT_EQ(tk_msgq_init(&msgq, qbuf, 4, 1), TK_OK);
    KT_EQ(tk_bmq_init(&bmq, bbuf, 4, 1), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
