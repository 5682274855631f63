/* The simulator speed kernel image (make bench-sim): the Tempo kernel taking ROUNDS
 * interrupts.  A low-priority thread raises the machine software interrupt (the CLINT's
 * msip); the handler posts a semaphore, which makes a higher-priority thread ready; it
 * preempts at the interrupt's exit, does a little work, and blocks on the semaphore again,
 * which switches back to the raiser.  Prints a checksum and exits 0.
 *
 * The work is the same on every simulator: the interrupt is raised by a store, not paced by
 * the CLINT timer (which QEMU runs on host time), and the kernel is built without timers
 * (TK_CONFIG_TIMERS 0), so no timer interrupt ever comes.  The raiser checks that each of its
 * interrupts woke the worker before it raises the next, and fails the run otherwise.
 *
 * The data it writes sits on 4 KiB pages of its own, as loop.c's does, for QEMU's sake. */
#include <stdint.h>
#include "bsp.h"
#include "tempo.h"

#ifndef ROUNDS
#define ROUNDS 50000
#endif
#define RAISER_PRIO 10
#define WORKER_PRIO 5 /* more urgent than the raiser: it preempts it */
#define STACK_WORDS 256

/* One page-aligned object starts the .data output section on a new page, and everything the
 * image writes (its own data and the kernel's, the boot stack at the top of RAM) follows it. */
#define IRQ_DATA __attribute__((section(".data.speed")))
static uintptr_t worker_stack[STACK_WORDS] IRQ_DATA __attribute__((aligned(4096)));
static uintptr_t raiser_stack[STACK_WORDS] IRQ_DATA;
static struct tk_thread worker_thread IRQ_DATA, raiser_thread IRQ_DATA;
static struct tk_sem wake IRQ_DATA;
static volatile uint32_t served IRQ_DATA; /* rounds the worker finished */
static uint32_t sum IRQ_DATA;

static uint32_t hash(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    return x ^ (x >> 16);
}

static void on_software(void *arg)
{
    (void)arg; /* the kernel has cleared msip already */
    if (tk_sem_post_from_isr(&wake) != TK_OK)
        board_fatal("irq", "post", served, 0, 3);
}

static void worker(void *arg)
{
    (void)arg;
    for (;;) {
        int rc = tk_sem_pend(&wake, TK_FOREVER);
        if (rc != TK_OK)
            board_fatal("irq", "pend", served, (uint32_t)-rc, 3);
        sum = hash(sum + served);
        served = served + 1;
    }
}

static void raiser(void *arg)
{
    (void)arg;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        tk_irq_raise_software();
        /* The worker has run by now (it preempts at the interrupt's exit): a round missed
         * would make the run a different amount of work, so it ends the run. */
        if (served != r + 1)
            board_fatal("irq", "round not served", r, served, 3);
    }
    board_puts("irq checksum ");
    board_put_uint(sum);
    board_puts(" rounds ");
    board_put_uint(served);
    board_putc('\n');
    board_exit(0);
}

int main(void)
{
    tk_init();
    int rc = tk_sem_init(&wake, 0, 1);
    if (rc == TK_OK)
        rc = tk_irq_attach(TK_IRQ_SOFTWARE, on_software, 0);
    if (rc == TK_OK)
        rc = tk_thread_create(&worker_thread, "worker", worker, 0, worker_stack, sizeof worker_stack,
                              WORKER_PRIO, 0);
    if (rc == TK_OK)
        rc = tk_thread_create(&raiser_thread, "raiser", raiser, 0, raiser_stack, sizeof raiser_stack,
                              RAISER_PRIO, 0);
    if (rc != TK_OK)
        board_fatal("irq", "start-up", (uint32_t)-rc, 0, 2);
    tk_start(); /* never returns */
}
