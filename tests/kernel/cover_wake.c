/* Wakes of timed waiters that share a timer-wheel slot, from threads and from an interrupt
 * handler: three waiters of priorities 6, 7 and 5 block in that order, in one tick, with the
 * same timeout, so the wait queue reads b (5), a (6), c (7) and the wheel slot a, c, b.  The
 * wakes then take a timer from behind the slot's head (b), the head with others behind it (a)
 * and the head alone (c), and the wait queue's sorted insert walks past waiters and becomes
 * a new head.  Also: the head of a wait queue timing out with others still queued, a mailbox
 * wake, an alarm stopped and restarted while their timers share a slot, and a software
 * interrupt handler.  Written for
 * `make coverage`: every inlined copy of the timer and wait-queue helpers is its own branch. */
#include "ktest.h"

static __attribute__((noinline)) void eq_at(long a, long b, int line)
{
    if (a != b)
        kt_fail(__FILE__, line, "", a, b);
}
#define EQ(a, b) eq_at((long)(a), (long)(b), __LINE__)

#define TIMEOUT 20 /* ticks: within the timer wheel (32 slots), beyond each round */

static struct tk_thread ctl, ta, tb, tc, to;
KT_STACK(s_ctl); KT_STACK(s_a); KT_STACK(s_b); KT_STACK(s_c); KT_STACK(s_o);
static struct tk_sem sem, gate;
static struct tk_mutex mtx;
static struct tk_bmq bmq;
static uint32_t bbuf[4];
static struct tk_alarm al1, al2;
static volatile char order[4];
static volatile int norder, fired;

enum wait { W_SEM, W_MUTEX, W_BMQ, W_SEM_TIMEOUT };
static volatile enum wait what;

static void record(char id)
{
    order[norder++] = id;
}

static void waiter(void *arg)
{
    char id = (char)(uintptr_t)arg;
    uint32_t m = 0;
    switch (what) {
    case W_SEM:
        EQ(tk_sem_pend(&sem, TIMEOUT), TK_OK);
        break;
    case W_SEM_TIMEOUT: /* b (5) times out first, at the head with a still queued */
        EQ(tk_sem_pend(&sem, id == 'b' ? 3 : 6), TK_ETIMEOUT);
        break;
    case W_MUTEX:
        EQ(tk_mutex_lock(&mtx, TIMEOUT), TK_OK);
        EQ(tk_mutex_unlock(&mtx), TK_OK);
        break;
    case W_BMQ:
        EQ(tk_bmq_recv(&bmq, &m, TIMEOUT), TK_OK);
        EQ(m, norder); /* the messages are 0, 1, 2 in the order sent */
        break;
    }
    record(id);
}

/* a (6), c (7), b (5) block in this order, within the tick after a delay's wake. */
static void block_three(enum wait w)
{
    what = w;
    norder = 0;
    EQ(tk_delay(1), TK_OK);
    tk_tick_t t0 = tk_tick_get();
    EQ(tk_thread_create(&ta, "a", waiter, (void *)'a', s_a, sizeof s_a, 6, 0), TK_OK);
    EQ(tk_thread_create(&tc, "c", waiter, (void *)'c', s_c, sizeof s_c, 7, 0), TK_OK);
    EQ(tk_thread_create(&tb, "b", waiter, (void *)'b', s_b, sizeof s_b, 5, 0), TK_OK);
    EQ(tk_tick_get(), t0); /* one tick: one expiry, one wheel slot */
    EQ(tk_thread_state(&ta), TK_STATE_BLOCKED);
    EQ(tk_thread_state(&tb), TK_STATE_BLOCKED);
    EQ(tk_thread_state(&tc), TK_STATE_BLOCKED);
    EQ(norder, 0);
}

static void expect_bac(void)
{
    EQ(norder, 3);
    EQ(order[0], 'b');
    EQ(order[1], 'a');
    EQ(order[2], 'c');
}

static volatile int isr_kind, isr_rc;
static void isr_body(void)
{
    uint32_t m = (uint32_t)norder;
    isr_rc = isr_kind == W_SEM ? tk_sem_post_from_isr(&sem) : tk_bmq_send_from_isr(&bmq, &m);
}

/* Three wakes from the interrupt handler: each woken waiter runs at the interrupt's exit. */
static void wake_from_isr(enum wait w)
{
    isr_kind = w;
    for (int i = 1; i <= 3; i++) {
        isr_rc = 99;
        kt_irq_fire(200);
        while (norder < i)
            ;
        EQ(isr_rc, TK_OK);
    }
}

static void alarm_fn(struct tk_alarm *a, void *arg)
{
    (void)a;
    (void)arg;
    fired++;
}

static void owner(void *arg)
{
    (void)arg;
    EQ(tk_mutex_lock(&mtx, TK_NOWAIT), TK_OK);
    EQ(tk_sem_pend(&gate, TK_FOREVER), TK_OK);
    EQ(tk_thread_priority(NULL), 5);
    EQ(tk_mutex_unlock(&mtx), TK_OK); /* b takes it and runs */
    EQ(tk_thread_priority(NULL), 8);
}

static volatile int sw_runs;
static void sw_handler(void *arg)
{
    (*(volatile int *)arg)++;
}

static void mail_waiter(void *arg)
{
    (void)arg;
    uintptr_t word = 0;
    EQ(tk_mail_recv(&word, TIMEOUT), TK_OK);
    EQ(word, 42);
    record('a');
}

static void sleeper(void *arg)
{
    (void)arg;
    EQ(tk_delay(TIMEOUT), TK_OK);
    record('c');
}

static void control(void *arg)
{
    (void)arg;
    uint32_t m;
    kt_irq_setup(isr_body);

    /* semaphore: posts from this thread (priority 10: each woken waiter runs at once) */
    block_three(W_SEM);
    for (int i = 0; i < 3; i++)
        EQ(tk_sem_post(&sem), TK_OK);
    expect_bac();
    /* semaphore: posts from the interrupt handler */
    block_three(W_SEM);
    wake_from_isr(W_SEM);
    expect_bac();

    /* mutex: held by o (8), which waits on a semaphore meanwhile and inherits the waiters'
     * priorities there; each owner's unlock hands the mutex to the next waiter */
    EQ(tk_thread_create(&to, "o", owner, 0, s_o, sizeof s_o, 8, 0), TK_OK);
    block_three(W_MUTEX);
    EQ(tk_thread_priority(&to), 5); /* inherited from b */
    EQ(tk_sem_post(&gate), TK_OK);
    expect_bac();
    EQ(tk_thread_state(&to), TK_STATE_EXITED);

    /* blocking queue: sends from this thread, then from the interrupt handler */
    block_three(W_BMQ);
    for (m = 0; m < 3; m++)
        EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK);
    expect_bac();
    block_three(W_BMQ);
    wake_from_isr(W_BMQ);
    expect_bac();

    /* timeouts: the queue's head (b) times out while a waits behind it */
    block_three(W_SEM_TIMEOUT);
    EQ(tk_delay(10), TK_OK);
    EQ(norder, 3);
    EQ(order[0], 'b');
    EQ(order[1], 'a');
    EQ(order[2], 'c');

    /* mailbox: a waits for mail, c sleeps to the same tick (its timer behind a's) */
    norder = 0;
    EQ(tk_delay(1), TK_OK);
    EQ(tk_thread_create(&ta, "a", mail_waiter, 0, s_a, sizeof s_a, 6, 0), TK_OK);
    EQ(tk_thread_create(&tc, "c", sleeper, 0, s_c, sizeof s_c, 7, 0), TK_OK);
    EQ(tk_mail_send(&ta, 42), TK_OK);
    EQ(norder, 1);
    EQ(tk_thread_state(&tc), TK_STATE_SLEEPING);
    EQ(tk_delay(TIMEOUT + 1), TK_OK);
    EQ(norder, 2);
    EQ(order[1], 'c');

    /* alarms sharing a slot: restarted from behind the head, as the head with another behind,
     * as the head alone; stopped as the head with another behind, then alone */
    EQ(tk_alarm_init(&al1, alarm_fn, 0), TK_OK);
    EQ(tk_alarm_init(&al2, alarm_fn, 0), TK_OK);
    EQ(tk_delay(1), TK_OK);
    tk_tick_t t0 = tk_tick_get();
    EQ(tk_alarm_start(&al1, 20, 0), TK_OK);
    EQ(tk_alarm_start(&al2, 20, 0), TK_OK); /* slot: al1, al2 */
    EQ(tk_alarm_start(&al2, 20, 0), TK_OK); /* not the head */
    EQ(tk_alarm_start(&al1, 30, 0), TK_OK); /* the head, al2 behind */
    EQ(tk_alarm_start(&al2, 30, 0), TK_OK); /* the head alone; slot: al1, al2 */
    EQ(tk_alarm_stop(&al1), TK_OK);         /* the head, al2 behind */
    EQ(tk_tick_get(), t0);
    EQ(tk_delay(40), TK_OK);
    EQ(fired, 1); /* al2 only */
    EQ(tk_alarm_stop(&al2), TK_OK);         /* not armed any more */

    /* the software interrupt with a handler of its own (last: on QEMU it replaced the test
     * interrupt's) */
    EQ(tk_irq_attach(TK_IRQ_SOFTWARE, sw_handler, (void *)&sw_runs), TK_OK);
    tk_irq_raise_software();
    EQ(sw_runs, 1);
    EQ(tk_irq_attach(TK_IRQ_SOFTWARE, NULL, 0), TK_OK);
    tk_irq_raise_software(); /* disabled: not taken */
    EQ(sw_runs, 1);
    kt_pass();
}

int main(void)
{
    EQ(tk_init(), TK_OK);
    EQ(tk_sem_init(&sem, 0, 10), TK_OK);
    EQ(tk_sem_init(&gate, 0, 1), TK_OK);
    EQ(tk_mutex_init(&mtx), TK_OK);
    EQ(tk_bmq_init(&bmq, bbuf, sizeof(uint32_t), 4), TK_OK);
    EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
