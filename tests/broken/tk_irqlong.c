/* A thread keeps interrupts off for far longer than a tick, then turns them on and ends the
 * run normally: --check reports the window where interrupts come back on.
 * expect: interrupts disabled|worker|long_critical */
#include "bsp.h"
#include "tempo.h"

static struct tk_thread worker_thread;
static uintptr_t worker_stack[256];
#include "bug_irqlong.h"

static void worker(void *arg)
{
    (void)arg;
    long_critical();
    board_exit(0);
}

int main(void)
{
    tk_init();
    tk_thread_create(&worker_thread, "worker", worker, 0, worker_stack, sizeof worker_stack, 5, 0);
    tk_start();
}
