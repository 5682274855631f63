/* Hello world on Tempo: main starts the kernel, one thread prints and ends the run.
 * Build and run:  make run            (tempo-sim, paper SoC, RV32)
 *                 make run SOC=virt XLEN=64
 *                 make run-qemu SOC=virt */
#include <stdio.h>
#include "board.h"
#include "bsp.h"
#include "tempo.h"

static struct tk_thread hello_thread;
static uintptr_t hello_stack[256];

static void hello(void *arg)
{
    const char *who = arg;
    printf("hello, %s: thread %s on the %s SoC, RV%d, tick %u\n", who,
           "hello", BOARD_NAME, __riscv_xlen, (unsigned)tk_tick_get());
    board_exit(0); /* the run's exit status */
}

int main(void)
{
    tk_init();
    int rc = tk_thread_create(&hello_thread, "hello", hello, "world", hello_stack,
                              sizeof hello_stack, 5, 0);
    if (rc != TK_OK) {
        printf("tk_thread_create: %d\n", rc);
        return 1;
    }
    tk_start(); /* never returns */
}
