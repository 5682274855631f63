/* A refused wait leaves nothing behind: tk_mail_recv with a timeout it refuses (TK_EINVAL:
 * beyond TK_TIMEOUT_MAX, or any finite timeout with TK_CONFIG_TIMERS 0) must not leave the
 * caller marked as waiting for mail.  Then a later tk_mail_send must put the word in the
 * mailbox (not through the refused call's pointer) and must not make the caller ready a
 * second time: two threads of one priority then still take turns.  The same for every other
 * blocking call refused for its timeout: the object is left as it was. */
#include "ktest.h"

#if TK_CONFIG_TIMERS
#define BAD_TIMEOUT (TK_TIMEOUT_MAX + 1)
#else
#define BAD_TIMEOUT 5 /* no timeouts in this configuration (tempo.h) */
#endif
#define TURNS 20

static struct tk_thread a, b;
KT_STACK(s_a);
KT_STACK(s_b);
static volatile uint32_t turns_a, turns_b;
static struct tk_sem sem;
static struct tk_event ev;
static struct tk_mutex mtx;
static struct tk_msgq q;
static struct tk_bmq bq;
static uint32_t q_buf[2], bq_buf[1];

static void thread_a(void *arg)
{
    (void)arg;
    uintptr_t stale = 7, w = 0;
    KT_EQ(tk_mail_recv(&stale, BAD_TIMEOUT), TK_EINVAL);
    KT_EQ(tk_thread_state(&a), TK_STATE_READY);
    /* every other refused wait: nothing queued, nothing changed */
    uint32_t m[1], got;
    KT_EQ(tk_sem_pend(&sem, BAD_TIMEOUT), TK_EINVAL);
    KT_EQ(tk_event_wait(&ev, 1, TK_EVENT_ANY, &got, BAD_TIMEOUT), TK_EINVAL);
    KT_EQ(tk_msgq_recv(&q, m, BAD_TIMEOUT), TK_EINVAL);
    KT_EQ(tk_bmq_recv(&bq, m, BAD_TIMEOUT), TK_EINVAL);
    KT_EQ(tk_sem_post(&sem), TK_OK);
    KT_EQ(tk_sem_try(&sem), TK_OK);
    KT_EQ(tk_yield(), TK_OK); /* b: sends mail, locks the mutex, fills bq, then yields back */
    KT_EQ(tk_mutex_lock(&mtx, BAD_TIMEOUT), TK_EINVAL);
    m[0] = 1;
    KT_EQ(tk_bmq_send(&bq, m, BAD_TIMEOUT), TK_EINVAL);
    KT_EQ(stale, 7); /* the refused call's variable was not written */
    KT_EQ(tk_mail_recv(&w, TK_NOWAIT), TK_OK);
    KT_EQ(w, 42);
    for (int i = 0; i < TURNS; i++) {
        turns_a++;
        KT_EQ(tk_yield(), TK_OK);
    }
    KT_CHECK(turns_b >= TURNS - 1);
    kt_pass();
}

static void thread_b(void *arg)
{
    (void)arg;
    KT_EQ(tk_mail_send(&a, 42), TK_OK);
    KT_EQ(tk_mail_send(&a, 43), TK_EFULL); /* the word is in the mailbox */
    KT_EQ(tk_mutex_lock(&mtx, TK_FOREVER), TK_OK);
    uint32_t m[1] = {9};
    KT_EQ(tk_bmq_send(&bq, m, TK_NOWAIT), TK_OK);
    KT_EQ(tk_yield(), TK_OK);
    /* a's refused waits on the mutex and the full bmq queued nothing: */
    KT_EQ(tk_mutex_unlock(&mtx), TK_OK);
    KT_EQ(tk_bmq_recv(&bq, m, TK_NOWAIT), TK_OK);
    KT_EQ(m[0], 9);
    KT_EQ(tk_bmq_recv(&bq, m, TK_NOWAIT), TK_EAGAIN);
    for (;;) {
        /* with a in the ready list twice, b would never run again once a loops */
        KT_EQ(turns_b, turns_a > 0 ? turns_a - 1 : 0);
        turns_b++;
        KT_EQ(tk_yield(), TK_OK);
    }
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_sem_init(&sem, 0, 1), TK_OK);
    KT_EQ(tk_event_init(&ev, 0), TK_OK);
    KT_EQ(tk_mutex_init(&mtx), TK_OK);
    KT_EQ(tk_msgq_init(&q, q_buf, 4, 2), TK_OK);
    KT_EQ(tk_bmq_init(&bq, bq_buf, 4, 1), TK_OK);
    KT_EQ(tk_thread_create(&a, "a", thread_a, 0, s_a, sizeof s_a, 5, 0), TK_OK);
    KT_EQ(tk_thread_create(&b, "b", thread_b, 0, s_b, sizeof s_b, 5, 0), TK_OK);
    tk_start();
}
