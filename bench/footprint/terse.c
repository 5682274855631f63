/* The minimal configuration's fault path (bench/footprint/footprint.mk links it with the
 * minimal library: TK_CONFIG_FAULT_TEXT=0, TK_CONFIG_TIMERS=0, TK_CONFIG_IRQ=0).  A thread
 * executes an illegal instruction; the default handler prints the terse report, "tempo: fatal R T C P V S"
 * in hex (tempo.h), and ends the run with 100 + TK_FATAL_EXCEPTION = 102
 * (test-bench-footprint-runs checks both).  A timed wait first: without timers it is refused
 * with TK_EINVAL (exit status 1 if not). */
#include "tempo.h"
#include "bsp.h"

static struct tk_thread faulty_thread;
static uintptr_t faulty_stack[TK_STACK_MIN / sizeof(uintptr_t) * 2];
static struct tk_sem never;

static void faulty(void *arg)
{
    (void)arg;
    if (tk_sem_pend(&never, 5) != TK_EINVAL)
        board_exit(1);
    __asm__ volatile(".word 0"); /* all-zero: an illegal instruction (mcause 2) */
    board_exit(2);
}

int main(void)
{
    tk_init();
    tk_sem_init(&never, 0, 1);
    tk_thread_create(&faulty_thread, "faulty", faulty, 0, faulty_stack, sizeof faulty_stack, 1, 0);
    tk_start();
}
