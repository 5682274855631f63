/* Eva harness: the wait queue (kernel/wait.c and kernel/kernel.h's list helpers).
 * Preconditions: up to 3 threads of priorities 0, 3 or 31, each queued at most once.
 * Sequences: every sequence of 6 steps Eva enumerates, each queueing a thread that is not
 * queued (tk__waitq_insert: the sorted insertion when the queue is not empty) or taking a
 * queued one out (tk__list_remove, as a wake or a timeout does).  Checked: no run-time
 * error, and after every step the queue is sorted by priority (asserted, walking the
 * circular list from its head). */
#include "common.h"
#include "../../kernel/wait.c"

#define N 3
static struct tk_thread t[N];
static struct tk_waitq q;
static int queued[N];

static void check_sorted(void)
{
    struct tk_thread *h = q.head;
    if (!h)
        return;
    struct tk_thread *p = h;
    //@ loop unroll N;
    for (int i = 0; i < N && p->next != h; i++) {
        //@ assert p->prio <= p->next->prio;
        //@ assert p->next->prev == p;
        p = p->next;
    }
}

int main(void)
{
    static const uint8_t prios[] = {0, 3, 31};
    //@ loop unroll N;
    for (int i = 0; i < N; i++) {
        int pi = Frama_C_interval(0, 2);
        //@ split pi;
        t[i].prio = prios[pi];
    }
    //@ loop unroll 6;
    for (int s = 0; s < 6; s++) {
        int k = Frama_C_interval(0, N - 1);
        //@ split k;
        if (!queued[k]) {
            tk__waitq_insert(&q, &t[k]);
            queued[k] = 1;
        } else {
            tk__list_remove(&q.head, &t[k]);
            queued[k] = 0;
        }
        check_sorted();
    }
    return 0;
}
