/* Producer and consumer on Tempo.  A periodic alarm (every 2 ticks, in the timer interrupt)
 * posts a semaphore; the producer waits on it and sends the next item through a blocking
 * queue; the consumer receives it.  Both update shared statistics under a mutex, which also
 * keeps their lines whole on the console.  After ITEMS items the consumer checks the sum and
 * ends the run: status 0 when everything arrived in order.
 *
 *   make run                      tempo-sim, paper SoC, RV32 (SOC=virt, XLEN=64 ...)
 *   make gdb                      stop it in gdb-multiarch: info threads, bt, watch
 *   make timeline                 prodcons.json for https://ui.perfetto.dev
 *   make run SIMFLAGS='--stats --measure wake=on_tick,run:cons' */
#include <stdio.h>
#include "board.h"
#include "bsp.h"
#include "tempo.h"

#define ITEMS 16
#define PERIOD 2 /* ticks between items */

static struct tk_thread producer_thread, consumer_thread;
static uintptr_t producer_stack[256], consumer_stack[256];
static struct tk_bmq queue;
static uint32_t queue_buf[4];
static struct tk_sem tick_sem;
static struct tk_alarm tick_alarm;
static struct tk_mutex stats_lock;
static struct {
    unsigned produced, consumed;
    uint32_t sum, last;
} stats;

static void check(const char *what, int rc)
{
    if (rc != TK_OK) {
        printf("%s failed: %d\n", what, rc);
        board_exit(2);
    }
}

/* timer interrupt: the alarm's callback may use the *_from_isr calls */
static void on_tick(struct tk_alarm *a, void *arg)
{
    (void)a;
    (void)arg;
    tk_sem_post_from_isr(&tick_sem);
}

static void producer(void *arg)
{
    (void)arg;
    for (uint32_t item = 1; item <= ITEMS; item++) {
        check("tk_sem_pend", tk_sem_pend(&tick_sem, TK_FOREVER));
        check("tk_mutex_lock", tk_mutex_lock(&stats_lock, TK_FOREVER));
        stats.produced++;
        check("tk_mutex_unlock", tk_mutex_unlock(&stats_lock));
        check("tk_bmq_send", tk_bmq_send(&queue, &item, TK_FOREVER));
    }
    check("tk_alarm_stop", tk_alarm_stop(&tick_alarm));
}

static void consumer(void *arg)
{
    (void)arg;
    for (;;) {
        uint32_t item;
        check("tk_bmq_recv", tk_bmq_recv(&queue, &item, TK_FOREVER));
        check("tk_mutex_lock", tk_mutex_lock(&stats_lock, TK_FOREVER));
        stats.consumed++;
        stats.sum += item;
        int in_order = item == stats.last + 1;
        stats.last = item;
        printf("tick %3u: item %2u consumed, sum %3u\n", (unsigned)tk_tick_get(), (unsigned)item,
               (unsigned)stats.sum);
        check("tk_mutex_unlock", tk_mutex_unlock(&stats_lock));
        if (!in_order)
            board_exit(3);
        if (item == ITEMS) {
            printf("done: %u produced, %u consumed, sum %u\n", stats.produced, stats.consumed,
                   (unsigned)stats.sum);
            board_exit(stats.sum == ITEMS * (ITEMS + 1) / 2 ? 0 : 1);
        }
    }
}

int main(void)
{
    printf("prodcons: Tempo on the %s SoC, RV%d\n", BOARD_NAME, __riscv_xlen);
    check("tk_init", tk_init());
    check("tk_bmq_init", tk_bmq_init(&queue, queue_buf, sizeof queue_buf[0], 4));
    check("tk_sem_init", tk_sem_init(&tick_sem, 0, 1));
    check("tk_mutex_init", tk_mutex_init(&stats_lock));
    check("tk_alarm_init", tk_alarm_init(&tick_alarm, on_tick, NULL));
    check("tk_alarm_start", tk_alarm_start(&tick_alarm, PERIOD, PERIOD));
    /* the consumer is the more urgent: it runs as soon as an item arrives */
    check("tk_thread_create", tk_thread_create(&consumer_thread, "cons", consumer, NULL,
                                               consumer_stack, sizeof consumer_stack, 2, 0));
    check("tk_thread_create", tk_thread_create(&producer_thread, "prod", producer, NULL,
                                               producer_stack, sizeof producer_stack, 3, 0));
    tk_start();
}
