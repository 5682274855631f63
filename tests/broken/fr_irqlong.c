/* FreeRTOS: a task keeps interrupts off for far longer than a tick (the Tempo twin:
 * tk_irqlong.c).
 * expect: interrupts disabled|worker|long_critical */
#include "FreeRTOS.h"
#include "task.h"
#include "bsp.h"
#include "fr_board.h"

#include "bug_irqlong.h"

static void worker(void *arg)
{
    (void)arg;
    long_critical();
    board_exit(0);
}

int main(void)
{
    fr_board_init();
    xTaskCreate(worker, "worker", 256, NULL, 2, NULL);
    fr_start();
}
