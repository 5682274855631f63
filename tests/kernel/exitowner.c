/* A thread that exits holding a mutex keeps it locked (tempo.h tk_thread_exit), and its
 * control block is not made a thread again while it does: the kernel tells the owner by its
 * control block, so a new thread there would be taken for the owner (its unlock returned
 * TK_OK, the next one faulted).  tk_thread_create returns TK_EBUSY; every other thread's
 * unlock is refused (TK_EPERM) and a lock waits (here: TK_EAGAIN).  A control block whose
 * thread exited holding nothing is made a thread again as before. */
#include "ktest.h"

static struct tk_thread ctl, owner;
KT_STACK(s_ctl);
KT_STACK(s_owner);
static struct tk_mutex m, m2;
static volatile int fresh_ran;

static void owner_main(void *arg)
{
    (void)arg;
    KT_EQ(tk_mutex_lock(&m, TK_FOREVER), TK_OK);
    KT_EQ(tk_mutex_lock(&m2, TK_FOREVER), TK_OK);
    KT_EQ(tk_mutex_unlock(&m2), TK_OK);
} /* exits holding m */

static void fresh_main(void *arg)
{
    (void)arg;
    KT_EQ(tk_mutex_unlock(&m), TK_EPERM);
    fresh_ran++;
}

static void ctl_main(void *arg)
{
    (void)arg;
    KT_EQ(tk_thread_create(&owner, "owner", owner_main, 0, s_owner, sizeof s_owner, 2, 0), TK_OK);
    KT_EQ(tk_thread_state(&owner), TK_STATE_EXITED);
    KT_EQ(tk_thread_create(&owner, "fresh", fresh_main, 0, s_owner, sizeof s_owner, 2, 0),
          TK_EBUSY);
    KT_EQ(tk_thread_state(&owner), TK_STATE_EXITED);
    KT_EQ(fresh_ran, 0);
    KT_EQ(tk_mutex_unlock(&m), TK_EPERM);
    KT_EQ(tk_mutex_trylock(&m), TK_EAGAIN);
    KT_EQ(tk_mutex_init(&m), TK_EBUSY);
    /* m2, released before the exit, is free */
    KT_EQ(tk_mutex_trylock(&m2), TK_OK);
    KT_EQ(tk_mutex_unlock(&m2), TK_OK);
    /* a control block whose thread held nothing: a thread again */
    static struct tk_thread plain;
    KT_EQ(tk_thread_create(&plain, "plain", fresh_main, 0, s_owner, sizeof s_owner, 2, 0), TK_OK);
    KT_EQ(fresh_ran, 1);
    KT_EQ(tk_thread_create(&plain, "plain", fresh_main, 0, s_owner, sizeof s_owner, 2, 0), TK_OK);
    KT_EQ(fresh_ran, 2);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_mutex_init(&m), TK_OK);
    KT_EQ(tk_mutex_init(&m2), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
