/* A device interrupt, played by tempo-sim: a thread asks for the machine external interrupt
 * a number of cycles ahead (bsp.h board_irq_after: the simulator-control device, which
 * exists only in tempo-sim), then waits on a semaphore; the handler acknowledges the device
 * and posts the semaphore.  Each round prints the cycles from the interrupt's due cycle to
 * the thread running again. (The due cycle is read just before the request, a few cycles early.)
 *
 *   make run                                  tempo-sim, paper SoC, RV32 (SOC=virt, XLEN=64)
 *   make run SIMFLAGS='--stats --measure lat=irq:ext,run:waiter'
 * QEMU has no simulator-control device: on real hardware the handler would serve a real
 * device and board_irq_after() would be that device's doing. */
#include <stdio.h>
#include "bsp.h"
#include "tempo.h"

#define ROUNDS 4
#define AHEAD 5000u /* cycles from the request to the interrupt */

static struct tk_thread waiter_thread;
static uintptr_t waiter_stack[256];
static struct tk_sem irq_sem;
static volatile uintptr_t irq_cycle; /* when the handler ran */

static void on_device(void *arg)
{
    (void)arg;
    board_irq_ack(); /* the line stays up until acknowledged */
    irq_cycle = board_cycles();
    tk_sem_post_from_isr(&irq_sem);
}

static void waiter(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        uintptr_t due = board_cycles() + AHEAD;
        board_irq_after(AHEAD);
        int rc = tk_sem_pend(&irq_sem, TK_FOREVER);
        uintptr_t now = board_cycles();
        if (rc != TK_OK) {
            printf("tk_sem_pend: %d\n", rc);
            board_exit(2);
        }
        printf("interrupt %d: handler %u cycles after the due cycle, thread %u\n", i + 1,
               (unsigned)(irq_cycle - due), (unsigned)(now - due));
    }
    printf("done: %d interrupts\n", ROUNDS);
    board_exit(0);
}

int main(void)
{
    tk_init();
    tk_sem_init(&irq_sem, 0, 1);
    int rc = tk_irq_attach(TK_IRQ_EXTERNAL, on_device, 0);
    if (rc == TK_OK)
        rc = tk_thread_create(&waiter_thread, "waiter", waiter, 0, waiter_stack, sizeof waiter_stack, 5, 0);
    if (rc != TK_OK) {
        printf("start-up: %d\n", rc);
        return 1;
    }
    tk_start(); /* never returns */
}
