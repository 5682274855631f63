/* Round-robin slices ended by the tick's interrupt: two busy threads of one priority with a
 * slice of one tick take turns (the interrupt exit finds the running thread moved behind its
 * peer, no more urgent thread ready: the exit's C policy switches), then one of them locks
 * the scheduler across a slice's end (the policy keeps it running) and its peer runs only
 * after the unlock.  Asserts both threads' progress in each phase.  Written for
 * `make coverage`: the interrupt exit's switch by the C policy. */
#include "ktest.h"

#define PRIO 5 /* the two peers; the control thread is more urgent (2) */
#define TURNS 6 /* ticks the peers share: several slices each */
#define LOCKED 3 /* ticks the first peer holds the scheduler lock: past its slice */

static struct tk_thread ctl, pa, pb;
KT_STACK(s_ctl); KT_STACK(s_a); KT_STACK(s_b);
static volatile uint32_t runs[2];
static volatile int phase; /* 0: take turns, 1: a locks the scheduler, 2: stop */
static volatile uint32_t b_before, b_during;

static void peer(void *arg)
{
    int i = (int)(uintptr_t)arg;
    while (phase != 2) {
        runs[i]++;
        if (i == 0 && phase == 1) {
            KT_EQ(tk_sched_lock(), TK_OK);
            b_before = runs[1];
            tk_tick_t t0 = tk_tick_get();
            while ((tk_tick_t)(tk_tick_get() - t0) < LOCKED)
                runs[0]++;
            b_during = runs[1];
            phase = 3; /* done: the peers take turns again */
            KT_EQ(tk_sched_unlock(), TK_OK);
        }
    }
}

static void control(void *arg)
{
    (void)arg;
    KT_EQ(tk_thread_create(&pa, "a", peer, (void *)0, s_a, sizeof s_a, PRIO, 0), TK_OK);
    KT_EQ(tk_thread_create(&pb, "b", peer, (void *)1, s_b, sizeof s_b, PRIO, 0), TK_OK);
    KT_EQ(tk_thread_set_slice(&pa, 1), TK_OK);
    KT_EQ(tk_thread_set_slice(&pb, 1), TK_OK);
    KT_EQ(tk_delay(TURNS), TK_OK);
    KT_CHECK(runs[0] > 0 && runs[1] > 0); /* both ran: the slices switched them */
    uint32_t a0 = runs[0], b0 = runs[1];
    KT_EQ(tk_delay(TURNS), TK_OK);
    KT_CHECK(runs[0] > a0 && runs[1] > b0); /* and again */
    phase = 1;
    KT_EQ(tk_delay(TURNS + LOCKED), TK_OK);
    KT_EQ(phase, 3);                /* a held the lock for LOCKED ticks ... */
    KT_EQ(b_during, b_before);      /* ... during which b did not run */
    uint32_t b1 = runs[1];
    KT_EQ(tk_delay(TURNS), TK_OK);
    KT_CHECK(runs[1] > b1);         /* and b runs again after the unlock */
    phase = 2;
    KT_EQ(tk_delay(2), TK_OK);      /* both see the stop and exit */
    KT_EQ(tk_thread_state(&pa), TK_STATE_EXITED);
    KT_EQ(tk_thread_state(&pb), TK_STATE_EXITED);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 2, 0), TK_OK);
    tk_start();
    return 1;
}
