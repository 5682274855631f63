/* Scheduling paths the functional tests leave out: every untimed blocking call made while a
 * peer of the same priority is ready (the blocking thread leaves a ready list that keeps
 * others); a thread suspending itself with a peer ready, with the scheduler locked and with
 * nothing else ready (an alarm resumes it); and priority inheritance along chains of mutex
 * owners: through owners blocked on mutexes and on a semaphore, to a ready owner and to the
 * caller itself, with owners holding several mutexes.  Written for `make coverage`. */
#include "ktest.h"

static __attribute__((noinline)) void eq_at(long a, long b, int line)
{
    if (a != b)
        kt_fail(__FILE__, line, "", a, b);
}
#define EQ(a, b) eq_at((long)(a), (long)(b), __LINE__)

#define PRIO_CTL 10

static struct tk_thread ctl, peer, o1, o2, o3, w, x, y;
KT_STACK(s_ctl); KT_STACK(s_peer); KT_STACK(s_o1); KT_STACK(s_o2); KT_STACK(s_o3);
KT_STACK(s_w); KT_STACK(s_x); KT_STACK(s_y);

static struct tk_bmq bmq;
static uint32_t bbuf[2];
static struct tk_msgq msgq;
static uint32_t qbuf[2];
static struct tk_event ev;
static struct tk_mutex m1, m2, m3, m4, pm;
static struct tk_sem gate;
static struct tk_alarm wake_alarm;

/* ---- blocking with a ready peer: the peer does what ends the wait ---- */
enum mode { M_NONE, M_SUSPEND, M_BMQ_RECV, M_BMQ_SEND, M_EVENT, M_MAIL, M_MSGQ, M_MUTEX };
static volatile enum mode mode;
static volatile int peer_acts;

static void peer_main(void *arg)
{
    (void)arg;
    uint32_t m = 5, r;
    EQ(tk_mutex_lock(&pm, TK_NOWAIT), TK_OK);
    for (;;) {
        if (tk_thread_state(&ctl) == TK_STATE_SUSPENDED || tk_thread_state(&ctl) == TK_STATE_BLOCKED) {
            switch (mode) {
            case M_SUSPEND:  EQ(tk_thread_resume(&ctl), TK_OK); break;
            case M_BMQ_RECV: EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK); break;
            case M_BMQ_SEND: EQ(tk_bmq_recv(&bmq, &r, TK_NOWAIT), TK_OK); break;
            case M_EVENT:    EQ(tk_event_set(&ev, 1), TK_OK); break;
            case M_MAIL:     EQ(tk_mail_send(&ctl, 9), TK_OK); break;
            case M_MSGQ:     EQ(tk_msgq_send(&msgq, &m), TK_OK); break;
            case M_MUTEX:    EQ(tk_mutex_unlock(&pm), TK_OK); break;
            default:         break;
            }
            peer_acts++;
        }
        tk_yield();
    }
}

static void block_with_peer(void)
{
    uint32_t m = 0, got = 0;
    uintptr_t word = 0;
    mode = M_SUSPEND;
    EQ(tk_thread_suspend(&ctl), TK_OK); /* by its pointer: the C path (a peer is ready) */
    EQ(tk_thread_suspend(NULL), TK_OK);
    mode = M_BMQ_RECV;
    EQ(tk_bmq_recv(&bmq, &m, TK_FOREVER), TK_OK);
    EQ(m, 5);
    mode = M_BMQ_SEND;
    m = 1;
    EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK);
    EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK); /* full */
    EQ(tk_bmq_send(&bmq, &m, TK_FOREVER), TK_OK);
    EQ(tk_bmq_recv(&bmq, &m, TK_NOWAIT), TK_OK);
    EQ(tk_bmq_recv(&bmq, &m, TK_NOWAIT), TK_OK);
    EQ(tk_bmq_recv(&bmq, &m, TK_NOWAIT), TK_EAGAIN);
    mode = M_EVENT;
    EQ(tk_event_wait(&ev, 1, TK_EVENT_ANY | TK_EVENT_CLEAR, &got, TK_FOREVER), TK_OK);
    EQ(got, 1);
    mode = M_MAIL;
    EQ(tk_mail_recv(&word, TK_FOREVER), TK_OK);
    EQ(word, 9);
    mode = M_MSGQ;
    EQ(tk_msgq_recv(&msgq, &m, TK_FOREVER), TK_OK);
    EQ(m, 5);
    mode = M_MUTEX;
    EQ(tk_mutex_lock(&pm, TK_FOREVER), TK_OK);
    EQ(tk_mutex_unlock(&pm), TK_OK);
    mode = M_NONE;
    EQ(peer_acts, 8);
    EQ(tk_thread_suspend(&peer), TK_OK); /* behind this thread in their ready list */
}

/* ---- suspending itself ---- */
static void resume_ctl(struct tk_alarm *a, void *arg)
{
    (void)a;
    (void)arg;
    EQ(tk_thread_resume_from_isr(&ctl), TK_OK);
}

static void suspend_self(void)
{
    EQ(tk_sched_lock(), TK_OK);
    EQ(tk_thread_suspend(&ctl), TK_ELOCKED);
    EQ(tk_sched_unlock(), TK_OK);
    /* alone: nothing else is ready, the idle thread runs until the alarm resumes it */
    EQ(tk_alarm_init(&wake_alarm, resume_ctl, 0), TK_OK);
    EQ(tk_alarm_start(&wake_alarm, 2, 0), TK_OK);
    tk_tick_t t0 = tk_tick_get();
    EQ(tk_thread_suspend(&ctl), TK_OK);
    EQ(tk_tick_get() - t0, 2);
}

/* ---- priority inheritance chains ---- */
static volatile int step;

/* o3 (20): holds m3 and m4, then waits on the gate semaphore (y, 12, waits there too). */
static void o3_main(void *arg)
{
    (void)arg;
    EQ(tk_mutex_lock(&m3, TK_NOWAIT), TK_OK);
    EQ(tk_mutex_lock(&m4, TK_NOWAIT), TK_OK);
    EQ(tk_sem_pend(&gate, TK_FOREVER), TK_OK);
    EQ(tk_thread_priority(NULL), 5);
    EQ(tk_mutex_unlock(&m4), TK_OK);
    EQ(tk_mutex_unlock(&m3), TK_OK);
}

/* o2 (20): holds m2, waits for m3. */
static void o2_main(void *arg)
{
    (void)arg;
    EQ(tk_mutex_lock(&m2, TK_NOWAIT), TK_OK);
    EQ(tk_mutex_lock(&m3, TK_FOREVER), TK_OK);
    EQ(tk_mutex_unlock(&m3), TK_OK);
    EQ(tk_mutex_unlock(&m2), TK_OK);
}

/* o1 (20): holds m1, waits for m2. */
static void o1_main(void *arg)
{
    (void)arg;
    EQ(tk_mutex_lock(&m1, TK_NOWAIT), TK_OK);
    EQ(tk_mutex_lock(&m2, TK_FOREVER), TK_OK);
    EQ(tk_mutex_unlock(&m2), TK_OK);
    EQ(tk_mutex_unlock(&m1), TK_OK);
}

/* w (5): waits for m1, raising o1, o2 and o3 to 5. */
static void w_main(void *arg)
{
    (void)arg;
    EQ(tk_mutex_lock(&m1, TK_FOREVER), TK_OK);
    step = 1;
    EQ(tk_mutex_unlock(&m1), TK_OK);
}

/* x (15): waits for m4 (o3 holds two mutexes with waiters). */
static void lock_m_main(void *arg)
{
    struct tk_mutex *m = arg;
    EQ(tk_mutex_lock(m, TK_FOREVER), TK_OK);
    EQ(tk_mutex_unlock(m), TK_OK);
}

static void ready_owner_main(void *arg)
{
    (void)arg;
    EQ(tk_mutex_lock(&m2, TK_NOWAIT), TK_OK);
    while (tk_thread_priority(NULL) != 3)
        tk_yield();
    EQ(tk_mutex_unlock(&m2), TK_OK);
}

static void x_main(void *arg)
{
    (void)arg;
    EQ(tk_mutex_lock(&m4, TK_FOREVER), TK_OK);
    EQ(tk_mutex_unlock(&m4), TK_OK);
}

static void y_main(void *arg)
{
    (void)arg;
    EQ(tk_sem_pend(&gate, TK_FOREVER), TK_OK);
}

static void chains(void)
{
    /* the owners run while this thread sleeps: o3, then o2, then o1 block in turn */
    EQ(tk_thread_create(&y, "y", y_main, 0, s_y, sizeof s_y, 12, 0), TK_OK);
    EQ(tk_thread_create(&o3, "o3", o3_main, 0, s_o3, sizeof s_o3, 20, 0), TK_OK);
    EQ(tk_thread_create(&o2, "o2", o2_main, 0, s_o2, sizeof s_o2, 20, 0), TK_OK);
    EQ(tk_thread_create(&o1, "o1", o1_main, 0, s_o1, sizeof s_o1, 20, 0), TK_OK);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_thread_state(&o1), TK_STATE_BLOCKED);
    EQ(tk_thread_state(&o2), TK_STATE_BLOCKED);
    EQ(tk_thread_state(&o3), TK_STATE_BLOCKED);
    EQ(tk_thread_create(&x, "x", x_main, 0, s_x, sizeof s_x, 15, 0), TK_OK);
    EQ(tk_delay(1), TK_OK); /* x blocks on m4 */
    EQ(tk_thread_priority(&o3), 15);
    EQ(tk_thread_create(&w, "w", w_main, 0, s_w, sizeof s_w, 5, 0), TK_OK);
    EQ(tk_thread_priority(&o1), 5);
    EQ(tk_thread_priority(&o2), 5);
    EQ(tk_thread_priority(&o3), 5); /* through o1 -> m2 -> o2 -> m3 -> o3 */
    EQ(tk_thread_priority(&y), 12);
    /* lowering w lowers the chain, to x's 15 at o3 */
    EQ(tk_thread_set_priority(&w, 16), TK_OK);
    EQ(tk_thread_priority(&o1), 16);
    EQ(tk_thread_priority(&o3), 15);
    EQ(tk_thread_set_priority(&w, 5), TK_OK);
    EQ(tk_thread_priority(&o3), 5);
    /* o3 goes first on the gate now: one post unwinds the chain down to w */
    EQ(tk_sem_post(&gate), TK_OK);
    EQ(step, 1);
    EQ(tk_thread_state(&w), TK_STATE_EXITED);
    EQ(tk_thread_priority(&o1), 20); /* ready, behind this thread now */
    EQ(tk_thread_priority(&o3), 20);
    EQ(tk_sem_post(&gate), TK_OK);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_thread_state(&o3), TK_STATE_EXITED);
    EQ(tk_thread_state(&x), TK_STATE_EXITED);
    EQ(tk_thread_state(&o1), TK_STATE_EXITED);
    EQ(tk_thread_state(&y), TK_STATE_EXITED);

    /* a chain to this thread itself: it holds m1, o1 (20) waits for it; raising o1 raises
     * this thread, lowering o1 lowers it again */
    EQ(tk_mutex_lock(&m1, TK_NOWAIT), TK_OK);
    EQ(tk_thread_create(&o1, "o1", lock_m_main, &m1, s_o1, sizeof s_o1, 20, 0), TK_OK);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_thread_state(&o1), TK_STATE_BLOCKED);
    EQ(tk_thread_set_priority(&o1, 3), TK_OK);
    EQ(tk_thread_priority(NULL), 3);
    EQ(tk_thread_set_priority(&o1, 20), TK_OK);
    EQ(tk_thread_priority(NULL), PRIO_CTL);
    EQ(tk_mutex_unlock(&m1), TK_OK);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_thread_state(&o1), TK_STATE_EXITED);

    /* a chain to a ready owner: o2 (20) holds m2 and yields until it is raised to 3; o1 (20)
     * waits for m2; raising o1 raises o2, which runs at once and hands m2 over */
    EQ(tk_thread_create(&o2, "o2", ready_owner_main, 0, s_o2, sizeof s_o2, 20, 0), TK_OK);
    EQ(tk_thread_create(&o1, "o1", lock_m_main, &m2, s_o1, sizeof s_o1, 20, 0), TK_OK);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_thread_state(&o2), TK_STATE_READY);
    EQ(tk_thread_state(&o1), TK_STATE_BLOCKED);
    EQ(tk_thread_set_priority(&o1, 3), TK_OK);
    EQ(tk_thread_state(&o1), TK_STATE_EXITED);
    EQ(tk_thread_priority(&o2), 20);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_thread_state(&o2), TK_STATE_EXITED);
}

static void control(void *arg)
{
    (void)arg;
    EQ(tk_thread_create(&peer, "peer", peer_main, 0, s_peer, sizeof s_peer, PRIO_CTL, 0), TK_OK);
    block_with_peer();
    suspend_self();
    chains();
    kt_pass();
}

int main(void)
{
    EQ(tk_init(), TK_OK);
    EQ(tk_bmq_init(&bmq, bbuf, sizeof(uint32_t), 2), TK_OK);
    EQ(tk_msgq_init(&msgq, qbuf, sizeof(uint32_t), 2), TK_OK);
    EQ(tk_event_init(&ev, 0), TK_OK);
    EQ(tk_mutex_init(&m1), TK_OK);
    EQ(tk_mutex_init(&m2), TK_OK);
    EQ(tk_mutex_init(&m3), TK_OK);
    EQ(tk_mutex_init(&m4), TK_OK);
    EQ(tk_mutex_init(&pm), TK_OK);
    EQ(tk_sem_init(&gate, 0, 2), TK_OK);
    EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, PRIO_CTL, 0), TK_OK);
    tk_start();
}
