/* A thread turns interrupts off and waits for a flag that only an interrupt sets: nothing
 * ever happens again.  --check reports the hang, the spinning thread and that interrupts
 * are off.
 * expect: hang|spinner|wait_ready */
#include "bsp.h"
#include "tempo.h"

static struct tk_thread spin_thread;
static uintptr_t spin_stack[256];
#include "bug_irqoff.h"

static void spinner(void *arg)
{
    (void)arg;
    wait_ready();
    board_exit(0);
}

int main(void)
{
    tk_init();
    tk_thread_create(&spin_thread, "spinner", spinner, 0, spin_stack, sizeof spin_stack, 5, 0);
    tk_start();
}
