/* The benchmark porting layer (bench/port.h) on ThreadX: the same benchmark sources as the
 * other kernels, mapped onto ThreadX's own services:
 *   threads      -> TX_THREAD (static stacks), tx_thread_resume / tx_thread_suspend,
 *                   tx_thread_relinquish, tx_thread_sleep
 *   mailbox      -> a one-message queue of one ULONG per thread (ThreadX has no task
 *                   notification): a pending word makes the mailbox full
 *   semaphores   -> counting semaphores;  mutex -> TX_MUTEX with TX_INHERIT
 *   FIFO         -> a queue of bp_node pointers, TX_NO_WAIT both sides
 *   msgq / bmq   -> queues of bp_msg (16 bytes: 4 ULONGs at RV32, 2 at RV64); msgq send
 *                   TX_NO_WAIT, bmq send and every receive TX_WAIT_FOREVER
 *   *_isr        -> the same services from the interrupt handler (ThreadX's are callable from
 *                   an ISR with TX_NO_WAIT); the switch happens in _tx_thread_context_restore
 *   pool         -> a block pool of BP_POOL_BLOCKS blocks
 *   malloc/free  -> a byte pool (tx_byte_allocate / tx_byte_release)
 *   alarms       -> periodic application timers, processed in the tick ISR
 *                   (TX_TIMER_PROCESS_IN_ISR)
 * Priorities: bench 1..15 map to ThreadX 15..1 (ThreadX: 0 is the most urgent); preemption
 * threshold = priority (no threshold), no time slice.  Error checking off, as ThreadX's own
 * Thread-Metric layer builds: the calls go straight to the services. */
#ifndef TX_DISABLE_ERROR_CHECKING
#define TX_DISABLE_ERROR_CHECKING
#endif
#include <stdint.h>
#include "tx_api.h"
#include "bench.h"
#include "bsp.h"
#include "tx_board.h"

/* Thread stack: the 32-word interrupt frame, the kernel's call frames and the suite's own;
 * at least the port's TX_MINIMUM_STACK. */
#define TX_BP_STACK_WORDS 192
_Static_assert(TX_BP_STACK_WORDS * sizeof(uintptr_t) >= TX_MINIMUM_STACK, "thread stacks below TX_MINIMUM_STACK");
#define TX_BP_FIFO_DEPTH  8
#define TX_BP_STACK_PAINT 0xefu
/* ThreadX priority of bench priority p: 1 (bench 15) .. 15 (bench 1). */
#define TX_BP_PRIO(p) ((UINT)(BP_PRIO_MAX + 1 - (p)))
#define TX_MSG_ULONGS (sizeof(bp_msg) / sizeof(ULONG))
_Static_assert(sizeof(bp_msg) % sizeof(ULONG) == 0, "bp_msg is a whole number of ULONGs");

/* The layer sits on every measured path: its argument checks are forced inline. */
#define TX_INLINE static inline __attribute__((always_inline))

static int tx_status(UINT s) { return s == TX_SUCCESS ? BP_OK : BP_EKERNEL; }

/* ---- threads ---- */
static TX_THREAD bp_threads[BP_MAX_THREADS];
static uint8_t bp_created[BP_MAX_THREADS];
static uintptr_t bp_stacks[BP_MAX_THREADS][TX_BP_STACK_WORDS] __attribute__((aligned(16)));
static void (*bp_entries[BP_MAX_THREADS])(void);
/* Each thread's mailbox: one message of one ULONG. */
static TX_QUEUE bp_mailbox[BP_MAX_THREADS];
static ULONG bp_mailbox_store[BP_MAX_THREADS];

TX_INLINE TX_THREAD *thread_of(int id)
{
    return (unsigned)id < BP_MAX_THREADS && bp_created[id] ? &bp_threads[id] : TX_NULL;
}

static VOID bp_thread_entry(ULONG id)
{
    bp_entries[id]();
    tx_thread_suspend(tx_thread_identify()); /* entries never return; if one does, it stops here */
}

int bp_thread_create(int id, int prio, void (*entry)(void))
{
    if (id < 0 || id >= BP_MAX_THREADS || bp_created[id] || !entry || prio < BP_PRIO_MIN ||
        prio > BP_PRIO_MAX)
        return BP_EINVAL;
    bp_entries[id] = entry;
    /* painted so that the headroom can be told (the kernel's stack filling is off) */
    uint8_t *stack = (uint8_t *)bp_stacks[id];
    for (size_t i = 0; i < sizeof bp_stacks[id]; i++)
        stack[i] = TX_BP_STACK_PAINT;
    if (tx_queue_create(&bp_mailbox[id], "mail", TX_1_ULONG, &bp_mailbox_store[id],
                        sizeof bp_mailbox_store[id]) != TX_SUCCESS)
        return BP_EKERNEL;
    bp_created[id] = 1;
    UINT s = tx_thread_create(&bp_threads[id], "bp", bp_thread_entry, (ULONG)id, stack,
                              sizeof bp_stacks[id], TX_BP_PRIO(prio), TX_BP_PRIO(prio),
                              TX_NO_TIME_SLICE, TX_AUTO_START);
    if (s != TX_SUCCESS) {
        bp_created[id] = 0;
        return BP_EKERNEL;
    }
    return BP_OK;
}

static void (*bp_first)(void);

VOID tx_application_define(VOID *first_unused_memory)
{
    (void)first_unused_memory;
    if (bp_thread_create(0, BP_PRIO_MAX, bp_first) != BP_OK)
        tx_board_fatal("cannot create thread 0", 0, 0, TX_BOARD_EXIT_NO_MEMORY);
}

void bp_start(void (*entry)(void))
{
    bp_first = entry;
    tx_kernel_enter();
    tx_board_fatal("tx_kernel_enter returned", 0, 0, TX_BOARD_EXIT_CHECK);
}

/* ThreadX refuses to resume a thread that is not suspended (TX_RESUME_ERROR): the contract's
 * error, from a thread and from the interrupt handler alike. */
int bp_thread_resume(int id)
{
    TX_THREAD *t = thread_of(id);
    if (!t)
        return BP_EINVAL;
    return tx_thread_resume(t) == TX_SUCCESS ? BP_OK : BP_EINVAL;
}

int bp_thread_resume_isr(int id) { return bp_thread_resume(id); }

int bp_thread_suspend(int id)
{
    TX_THREAD *t = thread_of(id);
    if (!t)
        return BP_EINVAL;
    return tx_status(tx_thread_suspend(t));
}

/* tx_thread_relinquish returns at once when no thread of the same priority is ready. */
int bp_yield(void)
{
    tx_thread_relinquish();
    return BP_OK;
}

int bp_sleep(uint32_t ticks) { return tx_status(tx_thread_sleep((ULONG)ticks)); }

/* ---- interrupts: the board's trap entry calls the handler after _tx_thread_context_save ---- */
int bp_isr_install(void (*handler)(void))
{
    if (!handler)
        return BP_EINVAL;
    tx_board_set_external_handler(handler);
    tx_board_enable_external();
    return BP_OK;
}

/* ---- mailbox: a one-ULONG queue per thread ---- */
/* A ThreadX queue hands a message straight to a waiting receiver, leaving the queue empty
 * before the receiver has run; the contract's mailbox stays full until the receiver has
 * returned with the word.  A flag per mailbox says so: set by the send, cleared by the
 * receive once it has the word (a send in between finds the mailbox full, as it is). */
static volatile uint8_t bp_mail_full[BP_MAX_THREADS];

TX_INLINE int mail_send(int id, uint32_t value)
{
    if (!thread_of(id))
        return BP_EINVAL;
    if (bp_mail_full[id])
        return BP_EFULL;
    /* set first: a more urgent receiver runs, and clears it, inside tx_queue_send */
    bp_mail_full[id] = 1;
    ULONG v = value;
    UINT s = tx_queue_send(&bp_mailbox[id], &v, TX_NO_WAIT);
    if (s == TX_SUCCESS)
        return BP_OK;
    bp_mail_full[id] = 0;
    return s == TX_QUEUE_FULL ? BP_EFULL : BP_EKERNEL;
}

int bp_mail_send(int id, uint32_t value) { return mail_send(id, value); }
int bp_mail_send_isr(int id, uint32_t value) { return mail_send(id, value); }

int bp_mail_recv(uint32_t *value)
{
    TX_THREAD *self = tx_thread_identify();
    if (!value || !self)
        return BP_EINVAL;
    ULONG v;
    int id = (int)(self - bp_threads);
    UINT s = tx_queue_receive(&bp_mailbox[id], &v, TX_WAIT_FOREVER);
    *value = (uint32_t)v;
    bp_mail_full[id] = 0;
    return tx_status(s);
}

/* ---- counting semaphores ---- */
static TX_SEMAPHORE bp_sems[BP_MAX_SEMS];
static uint8_t bp_sem_created[BP_MAX_SEMS];

int bp_sem_create(int id, uint32_t initial)
{
    if (id < 0 || id >= BP_MAX_SEMS || bp_sem_created[id])
        return BP_EINVAL;
    if (tx_semaphore_create(&bp_sems[id], "sem", (ULONG)initial) != TX_SUCCESS)
        return BP_EKERNEL;
    bp_sem_created[id] = 1;
    return BP_OK;
}

TX_INLINE TX_SEMAPHORE *sem_of(int id)
{
    return (unsigned)id < BP_MAX_SEMS && bp_sem_created[id] ? &bp_sems[id] : TX_NULL;
}

int bp_sem_get(int id)
{
    TX_SEMAPHORE *s = sem_of(id);
    return s ? tx_status(tx_semaphore_get(s, TX_WAIT_FOREVER)) : BP_EINVAL;
}

int bp_sem_put(int id)
{
    TX_SEMAPHORE *s = sem_of(id);
    return s ? tx_status(tx_semaphore_put(s)) : BP_EINVAL;
}

int bp_sem_put_isr(int id) { return bp_sem_put(id); }

/* ---- mutex with priority inheritance ---- */
static TX_MUTEX bp_mutexes[BP_MAX_MUTEXES];
static uint8_t bp_mutex_created[BP_MAX_MUTEXES];

int bp_mutex_create(int id)
{
    if (id < 0 || id >= BP_MAX_MUTEXES || bp_mutex_created[id])
        return BP_EINVAL;
    if (tx_mutex_create(&bp_mutexes[id], "mutex", TX_INHERIT) != TX_SUCCESS)
        return BP_EKERNEL;
    bp_mutex_created[id] = 1;
    return BP_OK;
}

int bp_mutex_lock(int id)
{
    if (id < 0 || id >= BP_MAX_MUTEXES || !bp_mutex_created[id])
        return BP_EINVAL;
    return tx_status(tx_mutex_get(&bp_mutexes[id], TX_WAIT_FOREVER));
}

/* ThreadX refuses a put by a thread that does not own the mutex (TX_NOT_OWNED). */
int bp_mutex_unlock(int id)
{
    if (id < 0 || id >= BP_MAX_MUTEXES || !bp_mutex_created[id])
        return BP_EINVAL;
    UINT s = tx_mutex_put(&bp_mutexes[id]);
    return s == TX_SUCCESS ? BP_OK : s == TX_NOT_OWNED ? BP_EINVAL : BP_EKERNEL;
}

/* ---- non-blocking FIFO: a queue of node pointers (one ULONG holds a pointer) ---- */
_Static_assert(sizeof(ULONG) == sizeof(bp_node *), "a ULONG holds a pointer");
static TX_QUEUE bp_fifos[BP_MAX_FIFOS];
static ULONG bp_fifo_store[BP_MAX_FIFOS][TX_BP_FIFO_DEPTH];
static uint8_t bp_fifo_created[BP_MAX_FIFOS];

int bp_fifo_create(int id)
{
    if (id < 0 || id >= BP_MAX_FIFOS || bp_fifo_created[id])
        return BP_EINVAL;
    if (tx_queue_create(&bp_fifos[id], "fifo", TX_1_ULONG, bp_fifo_store[id],
                        sizeof bp_fifo_store[id]) != TX_SUCCESS)
        return BP_EKERNEL;
    bp_fifo_created[id] = 1;
    return BP_OK;
}

TX_INLINE int fifo_put(int id, bp_node *node)
{
    if ((unsigned)id >= BP_MAX_FIFOS || !bp_fifo_created[id] || !node)
        return BP_EINVAL;
    ULONG v = (ULONG)(uintptr_t)node;
    UINT s = tx_queue_send(&bp_fifos[id], &v, TX_NO_WAIT);
    return s == TX_SUCCESS ? BP_OK : s == TX_QUEUE_FULL ? BP_EFULL : BP_EKERNEL;
}

int bp_fifo_put(int id, bp_node *node) { return fifo_put(id, node); }
int bp_fifo_put_isr(int id, bp_node *node) { return fifo_put(id, node); }

int bp_fifo_get(int id, bp_node **node)
{
    if ((unsigned)id >= BP_MAX_FIFOS || !bp_fifo_created[id] || !node)
        return BP_EINVAL;
    ULONG v;
    UINT s = tx_queue_receive(&bp_fifos[id], &v, TX_NO_WAIT);
    if (s != TX_SUCCESS)
        return s == TX_QUEUE_EMPTY ? BP_EEMPTY : BP_EKERNEL;
    *node = (bp_node *)(uintptr_t)v;
    return BP_OK;
}

/* ---- message queues: msgq (receiver blocks) and bmq (both block) ---- */
typedef struct {
    TX_QUEUE queue;
    bp_msg store[BP_QUEUE_DEPTH];
    uint8_t created;
} bp_queue;

static bp_queue bp_msgqs[BP_MAX_QUEUES], bp_bmqs[BP_MAX_QUEUES];

static int queue_create(bp_queue *set, int id)
{
    if (id < 0 || id >= BP_MAX_QUEUES || set[id].created)
        return BP_EINVAL;
    if (tx_queue_create(&set[id].queue, "queue", (UINT)TX_MSG_ULONGS, set[id].store,
                        sizeof set[id].store) != TX_SUCCESS)
        return BP_EKERNEL;
    set[id].created = 1;
    return BP_OK;
}

TX_INLINE TX_QUEUE *queue_of(bp_queue *set, int id)
{
    return (unsigned)id < BP_MAX_QUEUES && set[id].created ? &set[id].queue : TX_NULL;
}

TX_INLINE int queue_send(TX_QUEUE *q, const bp_msg *msg, ULONG wait)
{
    if (!q || !msg)
        return BP_EINVAL;
    UINT s = tx_queue_send(q, (VOID *)(uintptr_t)msg, wait);
    return s == TX_SUCCESS ? BP_OK : s == TX_QUEUE_FULL ? BP_EFULL : BP_EKERNEL;
}

TX_INLINE int queue_recv(TX_QUEUE *q, bp_msg *msg)
{
    if (!q || !msg)
        return BP_EINVAL;
    return tx_status(tx_queue_receive(q, msg, TX_WAIT_FOREVER));
}

int bp_msgq_create(int id) { return queue_create(bp_msgqs, id); }
int bp_msgq_send(int id, const bp_msg *msg) { return queue_send(queue_of(bp_msgqs, id), msg, TX_NO_WAIT); }
int bp_msgq_send_isr(int id, const bp_msg *msg) { return queue_send(queue_of(bp_msgqs, id), msg, TX_NO_WAIT); }
int bp_msgq_recv(int id, bp_msg *msg) { return queue_recv(queue_of(bp_msgqs, id), msg); }
int bp_bmq_create(int id) { return queue_create(bp_bmqs, id); }
int bp_bmq_send(int id, const bp_msg *msg) { return queue_send(queue_of(bp_bmqs, id), msg, TX_WAIT_FOREVER); }
int bp_bmq_send_isr(int id, const bp_msg *msg) { return queue_send(queue_of(bp_bmqs, id), msg, TX_NO_WAIT); }
int bp_bmq_recv(int id, bp_msg *msg) { return queue_recv(queue_of(bp_bmqs, id), msg); }

/* ---- fixed-block pool: a ThreadX block pool (each block carries one pointer of overhead) ---- */
#define TX_BP_POOL_BYTES (BP_POOL_BLOCKS * (BP_POOL_BLOCK + sizeof(void *)))
static TX_BLOCK_POOL bp_pools[BP_MAX_POOLS];
static uintptr_t bp_pool_area[BP_MAX_POOLS][TX_BP_POOL_BYTES / sizeof(uintptr_t)];
static uint8_t bp_pool_created[BP_MAX_POOLS];

int bp_pool_create(int id)
{
    if (id < 0 || id >= BP_MAX_POOLS || bp_pool_created[id])
        return BP_EINVAL;
    if (tx_block_pool_create(&bp_pools[id], "pool", BP_POOL_BLOCK, bp_pool_area[id],
                             sizeof bp_pool_area[id]) != TX_SUCCESS)
        return BP_EKERNEL;
    bp_pool_created[id] = 1;
    return BP_OK;
}

int bp_pool_alloc(int id, void **block)
{
    if (id < 0 || id >= BP_MAX_POOLS || !bp_pool_created[id] || !block)
        return BP_EINVAL;
    UINT s = tx_block_allocate(&bp_pools[id], block, TX_NO_WAIT);
    if (s != TX_SUCCESS)
        *block = TX_NULL;
    return s == TX_SUCCESS ? BP_OK : s == TX_NO_MEMORY ? BP_ENOMEM : BP_EKERNEL;
}

/* tx_block_release finds the pool from the block itself: a block of another pool or none is
 * refused here, where ThreadX (error checking off) would take it. */
int bp_pool_free(int id, void *block)
{
    if (id < 0 || id >= BP_MAX_POOLS || !bp_pool_created[id] ||
        (uint8_t *)block < (uint8_t *)bp_pool_area[id] ||
        (uint8_t *)block >= (uint8_t *)bp_pool_area[id] + sizeof bp_pool_area[id])
        return BP_EINVAL;
    return tx_status(tx_block_release(block));
}

/* ---- variable-size allocator: a byte pool ---- */
/* BP_HEAP_BYTES for the caller plus ThreadX's per-block overhead (two pointers) for the
 * blocks the suites hold at once. */
#define TX_BP_HEAP_BYTES (BP_HEAP_BYTES + 32 * 2 * sizeof(void *))
static TX_BYTE_POOL bp_heap;
static uintptr_t bp_heap_area[TX_BP_HEAP_BYTES / sizeof(uintptr_t)];
static uint8_t bp_heap_created;

void *bp_malloc(size_t bytes)
{
    if (!bp_heap_created) {
        if (tx_byte_pool_create(&bp_heap, "heap", bp_heap_area, sizeof bp_heap_area) != TX_SUCCESS)
            return NULL;
        bp_heap_created = 1;
    }
    VOID *p;
    return tx_byte_allocate(&bp_heap, &p, (ULONG)bytes, TX_NO_WAIT) == TX_SUCCESS ? p : NULL;
}

void bp_free(void *p)
{
    if (p)
        tx_byte_release(p);
}

/* ---- alarms: periodic application timers ---- */
static TX_TIMER bp_timers[BP_MAX_ALARMS];
static uint8_t bp_timer_created[BP_MAX_ALARMS];
static void (*bp_alarm_fn[BP_MAX_ALARMS])(void *);
static void *bp_alarm_arg[BP_MAX_ALARMS];

static VOID bp_timer_expired(ULONG id) { bp_alarm_fn[id](bp_alarm_arg[id]); }

int bp_alarm_start(int id, uint32_t period_ticks, void (*fn)(void *arg), void *arg)
{
    if (id < 0 || id >= BP_MAX_ALARMS || bp_timer_created[id] || !fn || period_ticks == 0)
        return BP_EINVAL;
    bp_alarm_fn[id] = fn;
    bp_alarm_arg[id] = arg;
    if (tx_timer_create(&bp_timers[id], "alarm", bp_timer_expired, (ULONG)id, (ULONG)period_ticks,
                        (ULONG)period_ticks, TX_AUTO_ACTIVATE) != TX_SUCCESS)
        return BP_EKERNEL;
    bp_timer_created[id] = 1;
    return BP_OK;
}

size_t tx_bp_stack_unused_words(int id)
{
    if (!thread_of(id))
        return 0;
    return bench_painted_words(bp_stacks[id], sizeof bp_stacks[id], TX_BP_STACK_PAINT);
}

/* ---- sizes ---- */
/* The port's frames (threadx/port/rv32/tx_port.S, ThreadX's RISC-V layout): a thread that
 * blocks in a kernel call saves 16 words, an interrupt 32. */
#define TX_SOLICITED_WORDS 16
#define TX_INTERRUPT_WORDS 32
/* A run whose stacks came this close to overflowing fails. */
#define TX_BP_STACK_WORDS_MIN_FREE 16

void bp_sizes(void)
{
    for (int id = 0; id < BP_MAX_THREADS; id++)
        if (thread_of(id) && tx_bp_stack_unused_words(id) < TX_BP_STACK_WORDS_MIN_FREE)
            bench_fail("threadx: thread stack nearly exhausted (words unused)",
                       (int64_t)tx_bp_stack_unused_words(id), TX_BP_STACK_WORDS_MIN_FREE);
    if (tx_board_system_stack_unused() < TX_BP_STACK_WORDS_MIN_FREE * sizeof(uintptr_t))
        bench_fail("threadx: system stack nearly exhausted (bytes unused)",
                   (int64_t)tx_board_system_stack_unused(),
                   (int64_t)(TX_BP_STACK_WORDS_MIN_FREE * sizeof(uintptr_t)));
    bench_size("tcb", sizeof(TX_THREAD));
    bench_size("context", TX_SOLICITED_WORDS * sizeof(uintptr_t));
    bench_size("frame", TX_INTERRUPT_WORDS * sizeof(uintptr_t));
    /* the ready lists' heads and the priority bit map */
    bench_size("ready", TX_MAX_PRIORITIES * sizeof(TX_THREAD *) + TX_MAX_PRIORITIES / 8);
    bench_size("current", sizeof(TX_THREAD *));
    bench_size("queue", sizeof(TX_QUEUE));
    bench_size("semaphore", sizeof(TX_SEMAPHORE));
}
