/* FreeRTOS: a task turns interrupts off and waits for a flag only an interrupt sets (the
 * Tempo twin: tk_irqoff.c).
 * expect: hang|spinner|wait_ready */
#include "FreeRTOS.h"
#include "task.h"
#include "bsp.h"
#include "fr_board.h"

#include "bug_irqoff.h"

static void spinner(void *arg)
{
    (void)arg;
    wait_ready();
    board_exit(0);
}

int main(void)
{
    fr_board_init();
    xTaskCreate(spinner, "spinner", 256, NULL, 2, NULL);
    fr_start();
}
