/* FreeRTOS: a task's stack is too small for what it calls (the Tempo twin: tk_stack.c).
 * FreeRTOS is built here without its own stack check (configCHECK_FOR_STACK_OVERFLOW 0).
 * expect: stack overflow|deep|fill */
#include "FreeRTOS.h"
#include "task.h"
#include "bsp.h"
#include "fr_board.h"

#include "bug_stack.h"

static void deep(void *arg)
{
    (void)arg;
    volatile uintptr_t seed = 3;
    board_exit(fill(&seed) == 10 ? 0 : 1);
}

int main(void)
{
    fr_board_init();
    xTaskCreate(deep, "deep", 256, NULL, 2, NULL);
    fr_start();
}
