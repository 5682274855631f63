/* Object paths the other tests do not take: an ALL wait satisfied at once by a call that
 * could block; an ALL waiter at the queue's tail that a set does not satisfy; a timed waiter
 * inserted in the middle of a wait queue (behind a more urgent waiter, ahead of two less
 * urgent ones), checked by the wake order; priority inheritance along a chain whose owner is
 * ready beside peers (moved out of the middle and the head of its ready list, into a level
 * that has a thread) and holds a mutex nobody waits for, and a change that leaves the owner's
 * priority as it is; the priority of a thread waiting for mail (no wait queue); interrupt
 * priorities set without nesting (bounds, before tk_init).  Written for `make coverage`. */
#include "ktest.h"

static __attribute__((noinline)) void eq_at(long a, long b, int line)
{
    if (a != b)
        kt_fail(__FILE__, line, "", a, b);
}
#define EQ(a, b) eq_at((long)(a), (long)(b), __LINE__)

static struct tk_thread ctl, w[4], owner, waiter, urgent, peer, other, mailer;
KT_STACK(s_ctl); KT_STACK(s_owner); KT_STACK(s_waiter); KT_STACK(s_urgent);
KT_STACK(s_peer); KT_STACK(s_other); KT_STACK(s_mailer);
static uintptr_t s_w[4][KT_STACK_WORDS] __attribute__((aligned(16)));
static struct tk_event ev;
static struct tk_sem sem;
static struct tk_mutex m_free, m_held;
static volatile int order[4], norder, all_woken;

static void ev_waiter(void *arg)
{
    (void)arg;
    uint32_t got = 0;
    EQ(tk_event_wait(&ev, 0x3, TK_EVENT_ALL, &got, TK_FOREVER), TK_OK);
    EQ(got, 0x3);
    all_woken = 1;
}

static void sem_waiter(void *arg)
{
    int i = (int)(uintptr_t)arg;
    EQ(tk_sem_pend(&sem, i == 3 ? 1000 : TK_FOREVER), TK_OK);
    order[norder++] = i;
}

/* Takes both mutexes (one nobody will wait for), then stays ready. */
static void owner_main(void *arg)
{
    (void)arg;
    EQ(tk_mutex_lock(&m_free, TK_FOREVER), TK_OK);
    EQ(tk_mutex_lock(&m_held, TK_FOREVER), TK_OK);
    for (;;)
        tk_yield();
}

static void locker_main(void *arg)
{
    (void)arg;
    EQ(tk_mutex_lock(&m_held, TK_FOREVER), TK_OK);
    EQ(tk_mutex_unlock(&m_held), TK_OK);
}

static void idle_main(void *arg)
{
    (void)arg;
    for (;;)
        tk_yield();
}

static void mailer_main(void *arg)
{
    (void)arg;
    uintptr_t word = 0;
    EQ(tk_mail_recv(&word, TK_FOREVER), TK_OK);
    EQ(word, 7);
}

static void create(struct tk_thread *t, void (*fn)(void *), void *arg, uintptr_t *stack,
                   unsigned prio)
{
    EQ(tk_thread_create(t, "t", fn, arg, stack, KT_STACK_WORDS * sizeof(uintptr_t), prio, 0),
       TK_OK);
}

static void control(void *arg)
{
    (void)arg;
    uint32_t got = 0;
    /* ALL, present already, with a timeout: at once */
    EQ(tk_event_init(&ev, 0x7), TK_OK);
    EQ(tk_event_wait(&ev, 0x5, TK_EVENT_ALL, &got, TK_FOREVER), TK_OK);
    EQ(got, 0x5);
    /* an ALL waiter alone (the tail) that a set satisfies only in part */
    EQ(tk_event_init(&ev, 0), TK_OK);
    create(&w[0], ev_waiter, 0, s_w[0], 11);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_event_set(&ev, 0x1), TK_OK);
    EQ(all_woken, 0);
    EQ(tk_event_set(&ev, 0x2), TK_OK);
    EQ(tk_delay(1), TK_OK);
    EQ(all_woken, 1);

    /* the wait queue: 11, 13, 13 waiting, then a timed 12 goes behind the 11 */
    for (int i = 0; i < 3; i++)
        create(&w[i], sem_waiter, (void *)(uintptr_t)i, s_w[i], i ? 13 : 11);
    EQ(tk_delay(1), TK_OK);
    create(&w[3], sem_waiter, (void *)(uintptr_t)3, s_w[3], 12);
    EQ(tk_delay(1), TK_OK);
    for (int i = 0; i < 4; i++)
        EQ(tk_sem_post(&sem), TK_OK);
    EQ(tk_delay(1), TK_OK);
    EQ(norder, 4);
    EQ(order[0], 0);
    EQ(order[1], 3);
    EQ(order[2], 1);
    EQ(order[3], 2);

    /* the chain: owner (20) holds m_free and m_held and stays ready; waiter (15) waits for
     * m_held, so the owner runs at 15 beside peer (15); other (12) is ready at 12 */
    create(&owner, owner_main, 0, s_owner, 20);
    EQ(tk_delay(1), TK_OK);
    create(&waiter, locker_main, 0, s_waiter, 15);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_thread_priority(&owner), 15);
    create(&peer, idle_main, 0, s_peer, 15);
    create(&other, idle_main, 0, s_other, 12);
    EQ(tk_sched_lock(), TK_OK); /* nothing below this thread runs from here on */
    /* the waiter to 12: the owner leaves the head of level 15 (peer behind it) for 12 */
    EQ(tk_thread_set_priority(&waiter, 12), TK_OK);
    EQ(tk_thread_priority(&owner), 12);
    /* back to 15: the owner goes behind peer; then to 14: it leaves from behind peer */
    EQ(tk_thread_set_priority(&waiter, 15), TK_OK);
    EQ(tk_thread_priority(&owner), 15);
    EQ(tk_thread_set_priority(&waiter, 14), TK_OK);
    EQ(tk_thread_priority(&owner), 14);
    /* a more urgent waiter (11, still below this thread) decides the owner's priority: the
     * waiter's change stops there */
    create(&urgent, locker_main, 0, s_urgent, 11);
    EQ(tk_sched_unlock(), TK_OK);
    EQ(tk_delay(1), TK_OK);
    EQ(tk_thread_state(&urgent), TK_STATE_BLOCKED);
    EQ(tk_thread_priority(&owner), 11);
    EQ(tk_thread_set_priority(&waiter, 13), TK_OK);
    EQ(tk_thread_priority(&owner), 11);
    EQ(tk_thread_priority(&waiter), 13);

    /* a thread waiting for mail (more urgent: it waits at once): its priority changes, it
     * still gets the mail */
    create(&mailer, mailer_main, 0, s_mailer, 9);
    EQ(tk_thread_state(&mailer), TK_STATE_BLOCKED);
    EQ(tk_thread_set_priority(&mailer, 8), TK_OK);
    EQ(tk_thread_priority(&mailer), 8);
    EQ(tk_mail_send(&mailer, 7), TK_OK);
    EQ(tk_thread_state(&mailer), TK_STATE_EXITED); /* more urgent: ran at once */
    kt_pass();
}

int main(void)
{
    /* interrupt priorities without nesting: recorded, bounds checked (tempo.h) */
    EQ(tk_irq_set_priority(TK_IRQ_SOFTWARE, 1), TK_ESTATE); /* before tk_init */
    EQ(tk_init(), TK_OK);
    EQ(tk_irq_set_priority(5, 1), TK_EINVAL);
    EQ(tk_irq_set_priority(20, 1), TK_EINVAL);
    EQ(tk_irq_set_priority(TK_IRQ_TIMER, TK_IRQ_PRIO_MAX + 1), TK_EINVAL);
    EQ(tk_irq_set_priority(TK_IRQ_SOFTWARE, TK_IRQ_PRIO_MAX), TK_OK);
    EQ(tk_irq_set_priority(TK_IRQ_TIMER, 0), TK_OK);
    EQ(tk_irq_set_priority(TK_IRQ_EXTERNAL, 1), TK_OK);
    EQ(tk_sem_init(&sem, 0, 8), TK_OK);
    EQ(tk_mutex_init(&m_free), TK_OK);
    EQ(tk_mutex_init(&m_held), TK_OK);
    EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
