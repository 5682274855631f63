/* FreeRTOS: two tasks take two mutexes in opposite orders and wait for each other forever,
 * while a third still wakes every tick (FreeRTOS does not refuse such a wait; Tempo does,
 * with TK_EDEADLK).  --check names both tasks, where they wait and the mutexes.
 * expect: deadlock|left|take_both */
#include "FreeRTOS.h"
#include "semphr.h"
#include "task.h"
#include "bsp.h"
#include "fr_board.h"

static StaticSemaphore_t m1_store, m2_store;
static SemaphoreHandle_t m1, m2;

static void __attribute__((noinline)) take_both(SemaphoreHandle_t first, SemaphoreHandle_t second)
{
    xSemaphoreTake(first, portMAX_DELAY);
    vTaskDelay(2); /* the other task takes its first mutex meanwhile */
    xSemaphoreTake(second, portMAX_DELAY); /* bug */
    xSemaphoreGive(second);
    xSemaphoreGive(first);
}

static void left(void *arg) { (void)arg; take_both(m1, m2); board_exit(0); }
static void right(void *arg) { (void)arg; take_both(m2, m1); board_exit(0); }
static void ticker(void *arg) { (void)arg; for (;;) vTaskDelay(1); }

int main(void)
{
    fr_board_init();
    m1 = xSemaphoreCreateMutexStatic(&m1_store);
    m2 = xSemaphoreCreateMutexStatic(&m2_store);
    xTaskCreate(left, "left", 256, NULL, 2, NULL);
    xTaskCreate(right, "right", 256, NULL, 2, NULL);
    xTaskCreate(ticker, "ticker", 256, NULL, 3, NULL);
    fr_start();
}
