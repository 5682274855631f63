/* FreeRTOS: a stray pointer into code (the Tempo twin: tk_code.c).
 * expect: store into code|patcher|patch */
#include "FreeRTOS.h"
#include "task.h"
#include "bsp.h"
#include "fr_board.h"

#include "bug_code.h"

static void patcher(void *arg)
{
    (void)arg;
    patch((volatile uint32_t *)(uintptr_t)answer);
    board_exit(answer() == 42 ? 0 : 1);
}

int main(void)
{
    fr_board_init();
    xTaskCreate(patcher, "patcher", 256, NULL, 2, NULL);
    fr_start();
}
