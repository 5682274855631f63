/* Producer and consumer on FreeRTOS, the Tempo example's twin.  A periodic software timer
 * (every 2 ticks, in the timer task) gives a semaphore; the producer takes it and sends the
 * next item through a queue; the consumer receives it.  Both update shared statistics under
 * a mutex, which also keeps their lines whole on the console.  After ITEMS items the consumer
 * checks the sum, prints how much of the producer's stack FreeRTOS saw unused, and ends the
 * run: status 0 when everything arrived in order.
 *
 *   make FREERTOS_DIR=... run         tempo-sim, paper SoC, RV32 (SOC=virt, XLEN=64 ...)
 *   make FREERTOS_DIR=... gdb         stop it in gdb-multiarch: info threads, bt, watch
 *   make FREERTOS_DIR=... timeline    prodcons.json for https://ui.perfetto.dev */
#include <stdio.h>
#include "FreeRTOS.h"
#include "queue.h"
#include "semphr.h"
#include "task.h"
#include "timers.h"
#include "board.h"
#include "bsp.h"
#include "fr_board.h"

#define ITEMS 16
#define PERIOD pdMS_TO_TICKS(2)
#define STACK_WORDS 256

static QueueHandle_t queue;
static SemaphoreHandle_t tick_sem, stats_lock;
static TimerHandle_t tick_timer;
static TaskHandle_t producer_task, consumer_task;
static struct {
    unsigned produced, consumed;
    uint32_t sum, last;
} stats;

static void check(const char *what, int ok)
{
    if (!ok) {
        printf("%s failed\n", what);
        board_exit(2);
    }
}

/* the timer task runs the callbacks of software timers */
static void on_tick(TimerHandle_t t)
{
    (void)t;
    xSemaphoreGive(tick_sem);
}

static void producer(void *arg)
{
    (void)arg;
    for (uint32_t item = 1; item <= ITEMS; item++) {
        check("xSemaphoreTake", xSemaphoreTake(tick_sem, portMAX_DELAY) == pdTRUE);
        check("xSemaphoreTake", xSemaphoreTake(stats_lock, portMAX_DELAY) == pdTRUE);
        stats.produced++;
        check("xSemaphoreGive", xSemaphoreGive(stats_lock) == pdTRUE);
        check("xQueueSend", xQueueSend(queue, &item, portMAX_DELAY) == pdTRUE);
    }
    check("xTimerStop", xTimerStop(tick_timer, portMAX_DELAY) == pdPASS);
    vTaskSuspend(NULL);
}

static void consumer(void *arg)
{
    (void)arg;
    for (;;) {
        uint32_t item;
        check("xQueueReceive", xQueueReceive(queue, &item, portMAX_DELAY) == pdTRUE);
        check("xSemaphoreTake", xSemaphoreTake(stats_lock, portMAX_DELAY) == pdTRUE);
        stats.consumed++;
        stats.sum += item;
        int in_order = item == stats.last + 1;
        stats.last = item;
        printf("tick %3u: item %2u consumed, sum %3u\n", (unsigned)xTaskGetTickCount(),
               (unsigned)item, (unsigned)stats.sum);
        check("xSemaphoreGive", xSemaphoreGive(stats_lock) == pdTRUE);
        if (!in_order)
            board_exit(3);
        if (item == ITEMS) {
            printf("done: %u produced, %u consumed, sum %u\n", stats.produced, stats.consumed,
                   (unsigned)stats.sum);
            /* FreeRTOS's own measure (a painted stack), to compare with tempo-sim --stats */
            printf("producer stack unused %u bytes\n",
                   (unsigned)(uxTaskGetStackHighWaterMark(producer_task) * sizeof(StackType_t)));
            board_exit(stats.sum == ITEMS * (ITEMS + 1) / 2 ? 0 : 1);
        }
    }
}

int main(void)
{
    printf("prodcons: FreeRTOS on the %s SoC, RV%d\n", BOARD_NAME, __riscv_xlen);
    fr_board_init();
    check("xQueueCreate", (queue = xQueueCreate(4, sizeof(uint32_t))) != NULL);
    check("xSemaphoreCreateBinary", (tick_sem = xSemaphoreCreateBinary()) != NULL);
    check("xSemaphoreCreateMutex", (stats_lock = xSemaphoreCreateMutex()) != NULL);
    check("xTimerCreate", (tick_timer = xTimerCreate("tick", PERIOD, pdTRUE, NULL, on_tick)) != NULL);
    check("xTimerStart", xTimerStart(tick_timer, 0) == pdPASS);
    /* the consumer is the more urgent: it runs as soon as an item arrives */
    check("xTaskCreate", xTaskCreate(consumer, "cons", STACK_WORDS, NULL, 3, &consumer_task) == pdPASS);
    check("xTaskCreate", xTaskCreate(producer, "prod", STACK_WORDS, NULL, 2, &producer_task) == pdPASS);
    fr_start();
}
