/* FreeRTOS: a task stores through a NULL pointer (the Tempo twin: tk_null.c).
 * expect: NULL pointer: store|worker|save_result */
#include "FreeRTOS.h"
#include "task.h"
#include "bsp.h"
#include "fr_board.h"

#include "bug_null.h"

static void worker(void *arg)
{
    (void)arg;
    save_result(42);
    board_exit(0);
}

int main(void)
{
    fr_board_init();
    xTaskCreate(worker, "worker", 256, NULL, 2, NULL);
    fr_start();
}
