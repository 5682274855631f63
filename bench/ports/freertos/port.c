/* The benchmark porting layer (bench/port.h) on FreeRTOS: the same benchmark sources as the
 * Tempo kernel, mapped onto FreeRTOS's nearest equivalents:
 *   threads      -> tasks (stacks from heap_4), vTaskSuspend / vTaskResume, taskYIELD
 *   mailbox      -> direct-to-task notifications (eSetValueWithoutOverwrite: a pending word
 *                   makes the mailbox full)
 *   semaphores   -> counting semaphores;  mutex -> FreeRTOS mutex (priority inheritance)
 *   FIFO         -> a queue of bp_node pointers, 0 timeout
 *   msgq / bmq   -> queues of bp_msg (msgq send: 0 timeout; bmq: portMAX_DELAY both sides)
 *   *_isr        -> the FromISR variants; the switch they request happens once, when the
 *                   interrupt returns (portYIELD_FROM_ISR after the benchmark's handler)
 *   pool         -> FreeRTOS has no fixed-block pool: a free list of BP_POOL_BLOCKS blocks
 *                   inside a critical section (the cheapest thing a FreeRTOS user would write)
 *   malloc/free  -> heap_4 pvPortMalloc / vPortFree
 *   alarms       -> auto-reload software timers (callbacks run in the timer task, above every
 *                   benchmark thread)
 * Priorities: bench 1..15 map to FreeRTOS 1..15 (same direction); the images are built with
 * configMAX_PRIORITIES 17 so the timer task (16) is above them, and without time slicing.
 * Kernel objects other than task stacks are static. */
#include <stdint.h>
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include "semphr.h"
#include "timers.h"
#include "bench.h"
#include "bsp.h"
#include "fr_board.h"

#if configMAX_PRIORITIES <= BP_PRIO_MAX + 1
#error "bench images need configMAX_PRIORITIES > BP_PRIO_MAX + 1 (build with -DFR_MAX_PRIORITIES=17)"
#endif
#if configUSE_TIMERS != 1
#error "bench images need software timers (FR_USE_TIMERS=1) for the alarms"
#endif

/* Task stack: the trap frame (31 words), the kernel's call frames and the suite's own. */
#define FR_BP_STACK_WORDS 192
#define FR_BP_FIFO_DEPTH  8 /* nodes a FIFO holds before bp_fifo_put reports BP_EFULL */
#define FR_BP_SEM_MAX     0x7fffffffu

/* The benchmark's interrupt handler (bp_isr_install). */
static void (*bp_handler)(void);
/* Set by every FromISR call that woke a more urgent task; consumed when the handler returns. */
static BaseType_t bp_isr_woken;

/* ---- threads ---- */
static TaskHandle_t bp_tasks[BP_MAX_THREADS];
static void (*bp_entries[BP_MAX_THREADS])(void);
/* Set while the thread is suspended through this layer: FreeRTOS's vTaskResume silently
 * ignores a task that is not suspended; the contract wants an error. */
static volatile uint8_t bp_suspended[BP_MAX_THREADS];

/* The layer sits on every measured path: its argument checks are forced inline (at -Os gcc
 * would call them, 12 cycles of call and return each on this core). */
#define FR_INLINE static inline __attribute__((always_inline))

FR_INLINE TaskHandle_t task_of(int id)
{
    return (unsigned)id < BP_MAX_THREADS ? bp_tasks[id] : NULL;
}

static void bp_task_entry(void *arg)
{
    bp_entries[(uintptr_t)arg]();
    vTaskSuspend(NULL); /* entries never return; if one does, it stops here */
    for (;;)
        ;
}

int bp_thread_create(int id, int prio, void (*entry)(void))
{
    if (id < 0 || id >= BP_MAX_THREADS || bp_tasks[id] || !entry || prio < BP_PRIO_MIN ||
        prio > BP_PRIO_MAX)
        return BP_EINVAL;
    bp_entries[id] = entry;
    if (xTaskCreate(bp_task_entry, "bp", FR_BP_STACK_WORDS, (void *)(uintptr_t)id,
                    (UBaseType_t)prio, &bp_tasks[id]) != pdPASS)
        return BP_ENOMEM;
    return BP_OK;
}

void bp_start(void (*entry)(void))
{
    fr_board_init();
    if (bp_thread_create(0, BP_PRIO_MAX, entry) != BP_OK) {
        board_puts("FAIL freertos: cannot create thread 0\n");
        board_exit(FR_EXIT_NO_MEMORY);
    }
    fr_start();
}

int bp_thread_resume(int id)
{
    TaskHandle_t t = task_of(id);
    if (!t || !bp_suspended[id])
        return BP_EINVAL;
    bp_suspended[id] = 0;
    vTaskResume(t);
    return BP_OK;
}

int bp_thread_resume_isr(int id)
{
    TaskHandle_t t = task_of(id);
    /* the interrupted thread is running, not suspended (see bp_thread_suspend) */
    if (!t || !bp_suspended[id] || t == xTaskGetCurrentTaskHandle())
        return BP_EINVAL;
    bp_suspended[id] = 0;
    bp_isr_woken |= xTaskResumeFromISR(t);
    return BP_OK;
}

/* No critical section around the flag and vTaskSuspend (it would add ~60 cycles to every
 * preemption round trip): a resume that lands in between is lost, exactly as with plain
 * vTaskSuspend/vTaskResume.  From an interrupt handler that case is caught: the target is the
 * interrupted thread itself, not yet suspended, and bp_thread_resume_isr says BP_EINVAL. */
int bp_thread_suspend(int id)
{
    TaskHandle_t t = task_of(id);
    if (!t)
        return BP_EINVAL;
    bp_suspended[id] = 1;
    vTaskSuspend(t);
    return BP_OK;
}

/* taskYIELD is an ECALL: FreeRTOS traps, saves the frame and reschedules even when nobody else
 * is ready at this priority (then it resumes the caller).  That is FreeRTOS's real cost. */
int bp_yield(void)
{
    taskYIELD();
    return BP_OK;
}

int bp_sleep(uint32_t ticks)
{
    vTaskDelay((TickType_t)ticks);
    return BP_OK;
}

/* ---- interrupts ---- */

/* Replaces fr_board.c's weak dispatcher: the port's trap handler calls this, on the ISR stack,
 * for every interrupt but the timer (a0 = mcause).  The benchmark's handler runs first; the one
 * switch its FromISR calls asked for happens after it (vTaskSwitchContext; the port's trap exit
 * then restores the chosen task). */
void freertos_risc_v_application_interrupt_handler(uintptr_t mcause, uintptr_t mepc)
{
    /* the expected case falls through: a taken branch may cost a misprediction here */
    if (__builtin_expect(mcause == (((uintptr_t)1 << (__riscv_xlen - 1)) | 11) && bp_handler, 1)) {
        bp_handler();
        BaseType_t woken = bp_isr_woken;
        bp_isr_woken = pdFALSE;
        portYIELD_FROM_ISR(woken);
        return;
    }
    fr_unhandled_interrupt(mcause, mepc);
}

int bp_isr_install(void (*handler)(void))
{
    if (!handler)
        return BP_EINVAL;
    bp_handler = handler;
    __asm__ volatile("csrs mie, %0" ::"r"((uintptr_t)1 << 11)); /* MEIE */
    return BP_OK;
}

/* ---- mailbox: task notifications ---- */
int bp_mail_send(int id, uint32_t value)
{
    TaskHandle_t t = task_of(id);
    if (!t)
        return BP_EINVAL;
    return xTaskNotify(t, value, eSetValueWithoutOverwrite) == pdPASS ? BP_OK : BP_EFULL;
}

int bp_mail_send_isr(int id, uint32_t value)
{
    TaskHandle_t t = task_of(id);
    if (!t)
        return BP_EINVAL;
    BaseType_t woken = pdFALSE;
    BaseType_t ok = xTaskNotifyFromISR(t, value, eSetValueWithoutOverwrite, &woken);
    bp_isr_woken |= woken;
    return ok == pdPASS ? BP_OK : BP_EFULL;
}

int bp_mail_recv(uint32_t *value)
{
    if (!value)
        return BP_EINVAL;
    return xTaskNotifyWait(0, 0, value, portMAX_DELAY) == pdPASS ? BP_OK : BP_EKERNEL;
}

/* ---- counting semaphores ---- */
static StaticSemaphore_t bp_sem_mem[BP_MAX_SEMS];
static SemaphoreHandle_t bp_sems[BP_MAX_SEMS];

int bp_sem_create(int id, uint32_t initial)
{
    if (id < 0 || id >= BP_MAX_SEMS || bp_sems[id] || initial > FR_BP_SEM_MAX)
        return BP_EINVAL;
    bp_sems[id] = xSemaphoreCreateCountingStatic(FR_BP_SEM_MAX, initial, &bp_sem_mem[id]);
    return bp_sems[id] ? BP_OK : BP_EKERNEL;
}

FR_INLINE SemaphoreHandle_t sem_of(int id)
{
    return (unsigned)id < BP_MAX_SEMS ? bp_sems[id] : NULL;
}

int bp_sem_get(int id)
{
    SemaphoreHandle_t sem = sem_of(id);
    if (!sem)
        return BP_EINVAL;
    return xSemaphoreTake(sem, portMAX_DELAY) == pdTRUE ? BP_OK : BP_EKERNEL;
}

int bp_sem_put(int id)
{
    SemaphoreHandle_t sem = sem_of(id);
    if (!sem)
        return BP_EINVAL;
    return xSemaphoreGive(sem) == pdTRUE ? BP_OK : BP_EFULL;
}

int bp_sem_put_isr(int id)
{
    SemaphoreHandle_t sem = sem_of(id);
    if (!sem)
        return BP_EINVAL;
    BaseType_t woken = pdFALSE;
    BaseType_t ok = xSemaphoreGiveFromISR(sem, &woken);
    bp_isr_woken |= woken;
    return ok == pdTRUE ? BP_OK : BP_EFULL;
}

/* ---- mutex with priority inheritance ---- */
static StaticSemaphore_t bp_mutex_mem[BP_MAX_MUTEXES];
static SemaphoreHandle_t bp_mutexes[BP_MAX_MUTEXES];
/* Without configASSERT FreeRTOS lets a non-owner give a mutex; the contract says error. */
static TaskHandle_t bp_mutex_owner[BP_MAX_MUTEXES];

int bp_mutex_create(int id)
{
    if (id < 0 || id >= BP_MAX_MUTEXES || bp_mutexes[id])
        return BP_EINVAL;
    bp_mutexes[id] = xSemaphoreCreateMutexStatic(&bp_mutex_mem[id]);
    return bp_mutexes[id] ? BP_OK : BP_EKERNEL;
}

int bp_mutex_lock(int id)
{
    if (id < 0 || id >= BP_MAX_MUTEXES || !bp_mutexes[id])
        return BP_EINVAL;
    if (xSemaphoreTake(bp_mutexes[id], portMAX_DELAY) != pdTRUE)
        return BP_EKERNEL;
    bp_mutex_owner[id] = xTaskGetCurrentTaskHandle();
    return BP_OK;
}

int bp_mutex_unlock(int id)
{
    if (id < 0 || id >= BP_MAX_MUTEXES || !bp_mutexes[id] ||
        bp_mutex_owner[id] != xTaskGetCurrentTaskHandle())
        return BP_EINVAL;
    bp_mutex_owner[id] = NULL;
    return xSemaphoreGive(bp_mutexes[id]) == pdTRUE ? BP_OK : BP_EKERNEL;
}

/* ---- non-blocking FIFO: a queue of node pointers ---- */
static StaticQueue_t bp_fifo_mem[BP_MAX_FIFOS];
static bp_node *bp_fifo_store[BP_MAX_FIFOS][FR_BP_FIFO_DEPTH];
static QueueHandle_t bp_fifos[BP_MAX_FIFOS];

int bp_fifo_create(int id)
{
    if (id < 0 || id >= BP_MAX_FIFOS || bp_fifos[id])
        return BP_EINVAL;
    bp_fifos[id] = xQueueCreateStatic(FR_BP_FIFO_DEPTH, sizeof(bp_node *),
                                      (uint8_t *)bp_fifo_store[id], &bp_fifo_mem[id]);
    return bp_fifos[id] ? BP_OK : BP_EKERNEL;
}

FR_INLINE QueueHandle_t fifo_of(int id)
{
    return (unsigned)id < BP_MAX_FIFOS ? bp_fifos[id] : NULL;
}

int bp_fifo_put(int id, bp_node *node)
{
    QueueHandle_t q = fifo_of(id);
    if (!q || !node)
        return BP_EINVAL;
    return xQueueSend(q, &node, 0) == pdTRUE ? BP_OK : BP_EFULL;
}

int bp_fifo_put_isr(int id, bp_node *node)
{
    QueueHandle_t q = fifo_of(id);
    if (!q || !node)
        return BP_EINVAL;
    BaseType_t woken = pdFALSE;
    BaseType_t ok = xQueueSendFromISR(q, &node, &woken);
    bp_isr_woken |= woken;
    return ok == pdTRUE ? BP_OK : BP_EFULL;
}

int bp_fifo_get(int id, bp_node **node)
{
    QueueHandle_t q = fifo_of(id);
    if (!q || !node)
        return BP_EINVAL;
    return xQueueReceive(q, node, 0) == pdTRUE ? BP_OK : BP_EEMPTY;
}

/* ---- message queues: msgq (receiver blocks) and bmq (both block) ---- */
typedef struct {
    StaticQueue_t mem;
    bp_msg store[BP_QUEUE_DEPTH];
    QueueHandle_t handle;
} bp_queue;

static bp_queue bp_msgqs[BP_MAX_QUEUES], bp_bmqs[BP_MAX_QUEUES];

static int queue_create(bp_queue *q)
{
    if (q->handle)
        return BP_EINVAL;
    q->handle = xQueueCreateStatic(BP_QUEUE_DEPTH, sizeof(bp_msg), (uint8_t *)q->store, &q->mem);
    return q->handle ? BP_OK : BP_EKERNEL;
}

FR_INLINE QueueHandle_t queue_of(bp_queue *set, int id)
{
    return (unsigned)id < BP_MAX_QUEUES ? set[id].handle : NULL;
}

FR_INLINE int queue_send_isr(QueueHandle_t q, const bp_msg *msg)
{
    if (!q || !msg)
        return BP_EINVAL;
    BaseType_t woken = pdFALSE;
    BaseType_t ok = xQueueSendFromISR(q, msg, &woken);
    bp_isr_woken |= woken;
    return ok == pdTRUE ? BP_OK : BP_EFULL;
}

FR_INLINE int queue_recv(QueueHandle_t q, bp_msg *msg)
{
    if (!q || !msg)
        return BP_EINVAL;
    return xQueueReceive(q, msg, portMAX_DELAY) == pdTRUE ? BP_OK : BP_EKERNEL;
}

int bp_msgq_create(int id)
{
    return id >= 0 && id < BP_MAX_QUEUES ? queue_create(&bp_msgqs[id]) : BP_EINVAL;
}

int bp_msgq_send(int id, const bp_msg *msg)
{
    QueueHandle_t q = queue_of(bp_msgqs, id);
    if (!q || !msg)
        return BP_EINVAL;
    return xQueueSend(q, msg, 0) == pdTRUE ? BP_OK : BP_EFULL;
}

int bp_msgq_send_isr(int id, const bp_msg *msg) { return queue_send_isr(queue_of(bp_msgqs, id), msg); }
int bp_msgq_recv(int id, bp_msg *msg) { return queue_recv(queue_of(bp_msgqs, id), msg); }

int bp_bmq_create(int id)
{
    return id >= 0 && id < BP_MAX_QUEUES ? queue_create(&bp_bmqs[id]) : BP_EINVAL;
}

int bp_bmq_send(int id, const bp_msg *msg)
{
    QueueHandle_t q = queue_of(bp_bmqs, id);
    if (!q || !msg)
        return BP_EINVAL;
    return xQueueSend(q, msg, portMAX_DELAY) == pdTRUE ? BP_OK : BP_EKERNEL;
}

int bp_bmq_send_isr(int id, const bp_msg *msg) { return queue_send_isr(queue_of(bp_bmqs, id), msg); }
int bp_bmq_recv(int id, bp_msg *msg) { return queue_recv(queue_of(bp_bmqs, id), msg); }

/* ---- fixed-block pool: a free list in a critical section ---- */
typedef union bp_block {
    union bp_block *next;
    uint8_t bytes[BP_POOL_BLOCK];
} bp_block;

static bp_block bp_pool_blocks[BP_MAX_POOLS][BP_POOL_BLOCKS];
static bp_block *bp_pool_free_list[BP_MAX_POOLS];
static uint8_t bp_pool_created[BP_MAX_POOLS];

int bp_pool_create(int id)
{
    if (id < 0 || id >= BP_MAX_POOLS || bp_pool_created[id])
        return BP_EINVAL;
    for (int i = 0; i < BP_POOL_BLOCKS; i++) {
        bp_pool_blocks[id][i].next = bp_pool_free_list[id];
        bp_pool_free_list[id] = &bp_pool_blocks[id][i];
    }
    bp_pool_created[id] = 1;
    return BP_OK;
}

int bp_pool_alloc(int id, void **block)
{
    if (id < 0 || id >= BP_MAX_POOLS || !bp_pool_created[id] || !block)
        return BP_EINVAL;
    taskENTER_CRITICAL();
    bp_block *b = bp_pool_free_list[id];
    if (b)
        bp_pool_free_list[id] = b->next;
    taskEXIT_CRITICAL();
    *block = b;
    return b ? BP_OK : BP_ENOMEM;
}

int bp_pool_free(int id, void *block)
{
    if (id < 0 || id >= BP_MAX_POOLS || !bp_pool_created[id] ||
        (bp_block *)block < &bp_pool_blocks[id][0] ||
        (bp_block *)block >= &bp_pool_blocks[id][BP_POOL_BLOCKS])
        return BP_EINVAL;
    bp_block *b = block;
    taskENTER_CRITICAL();
    b->next = bp_pool_free_list[id];
    bp_pool_free_list[id] = b;
    taskEXIT_CRITICAL();
    return BP_OK;
}

/* ---- variable-size allocator: heap_4 ---- */
void *bp_malloc(size_t bytes) { return pvPortMalloc(bytes); }
void bp_free(void *p) { vPortFree(p); }

/* ---- alarms: auto-reload software timers ---- */
static StaticTimer_t bp_timer_mem[BP_MAX_ALARMS];
static TimerHandle_t bp_timers[BP_MAX_ALARMS];
static void (*bp_alarm_fn[BP_MAX_ALARMS])(void *);
static void *bp_alarm_arg[BP_MAX_ALARMS];

static void bp_timer_callback(TimerHandle_t t)
{
    uintptr_t id = (uintptr_t)pvTimerGetTimerID(t);
    bp_alarm_fn[id](bp_alarm_arg[id]);
}

int bp_alarm_start(int id, uint32_t period_ticks, void (*fn)(void *arg), void *arg)
{
    if (id < 0 || id >= BP_MAX_ALARMS || bp_timers[id] || !fn || period_ticks == 0)
        return BP_EINVAL;
    bp_alarm_fn[id] = fn;
    bp_alarm_arg[id] = arg;
    bp_timers[id] = xTimerCreateStatic("alarm", (TickType_t)period_ticks, pdTRUE,
                                       (void *)(uintptr_t)id, bp_timer_callback,
                                       &bp_timer_mem[id]);
    if (!bp_timers[id])
        return BP_EKERNEL;
    return xTimerStart(bp_timers[id], 0) == pdPASS ? BP_OK : BP_EKERNEL;
}

size_t fr_bp_stack_unused_words(int id)
{
    TaskHandle_t t = task_of(id);
    return t ? (size_t)uxTaskGetStackHighWaterMark(t) : 0;
}

/* ---- sizes ---- */
/* The port's trap frame (portContext.h): x1, x5-x31, mepc, xCriticalNesting, mstatus. */
#define FR_FRAME_WORDS 31

/* A run whose stacks came this close to overflowing fails (checked when the suites report
 * their sizes, at the end of every run): FreeRTOS would not notice (no overflow check on the
 * switch path, as in the paper's build) and the figures could rest on corrupted memory. */
#define FR_BP_STACK_WORDS_MIN_FREE 16

void bp_sizes(void)
{
    for (int id = 0; id < BP_MAX_THREADS; id++)
        if (bp_tasks[id] && fr_bp_stack_unused_words(id) < FR_BP_STACK_WORDS_MIN_FREE)
            bench_fail("freertos: thread stack nearly exhausted (words unused)",
                       (int64_t)fr_bp_stack_unused_words(id), FR_BP_STACK_WORDS_MIN_FREE);
    if (fr_isr_stack_unused() < FR_BP_STACK_WORDS_MIN_FREE * sizeof(StackType_t))
        bench_fail("freertos: ISR stack nearly exhausted (bytes unused)",
                   (int64_t)fr_isr_stack_unused(),
                   (int64_t)(FR_BP_STACK_WORDS_MIN_FREE * sizeof(StackType_t)));
    bench_size("tcb", sizeof(StaticTask_t));
    /* A FreeRTOS yield is an ECALL trap: it saves the same frame as an interrupt. */
    bench_size("context", FR_FRAME_WORDS * sizeof(uintptr_t));
    bench_size("frame", FR_FRAME_WORDS * sizeof(uintptr_t));
    bench_size("ready", configMAX_PRIORITIES * sizeof(List_t));
    bench_size("current", sizeof(void *));
    bench_size("list", sizeof(List_t));
    bench_size("queue", sizeof(StaticQueue_t));
}
