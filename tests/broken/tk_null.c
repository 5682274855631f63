/* A thread stores through a NULL pointer.  On the paper SoC address 0 is instruction memory,
 * which the core's data port cannot write: the store is lost without a fault and the thread
 * goes on with wrong data.  --check stops at the store.
 * expect: NULL pointer: store|worker|save_result */
#include "bsp.h"
#include "tempo.h"

#include "bug_null.h"

static struct tk_thread worker_thread;
static uintptr_t worker_stack[256];

static void worker(void *arg)
{
    (void)arg;
    save_result(42);
    board_exit(0);
}

int main(void)
{
    tk_init();
    tk_thread_create(&worker_thread, "worker", worker, 0, worker_stack, sizeof worker_stack, 5, 0);
    tk_start();
}
