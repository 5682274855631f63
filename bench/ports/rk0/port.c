/* The benchmark porting layer (bench/port.h) on RK0: the same benchmark sources as the other
 * kernels, mapped onto RK0's own services:
 *   threads      -> kTaskInit (static stacks, RK_PREEMPT), kYield, kSleepDelay
 *   suspend      -> RK0 has no suspend/resume call: a task suspends itself waiting for a
 *                   flag of its event register (kEventGet) and is resumed by kEventSet, as
 *                   RK0's own Thread-Metric test does (its wiki's "RK0 Profiling" page).  A
 *                   thread suspended by another is marked, and suspends itself at its next
 *                   call of this layer (bp_park_check): the suites suspend others only where
 *                   those sit inside a layer call
 *   mailbox      -> a one-word RK0 mailbox (kMboxInit: a message queue of depth 1) per thread
 *   semaphores   -> counting semaphores;  mutex -> RK_MUTEX with RK_PRIO_INHERITANCE
 *   FIFO         -> a message queue of node pointers, RK_NO_WAIT both sides
 *   msgq / bmq   -> message queues of bp_msg (16 bytes: 4 ULONGs at RV32, 2 at RV64); msgq
 *                   send RK_NO_WAIT, bmq send and every receive RK_WAIT_FOREVER
 *   *_isr        -> the same services from the interrupt handler, RK_NO_WAIT
 *   pool         -> a memory partition (kMemPartitionInit) of BP_POOL_BLOCKS blocks
 *   malloc/free  -> none: RK0 has no variable-size allocator (bp_malloc returns NULL; the
 *                   kernel-metric Mem is not built for RK0, bench/ports/rk0/port.mk)
 *   alarms       -> periodic application timers (kTimerInit, RK_TIMER_RELOAD), whose
 *                   callouts RK0 runs in its post-processing system task
 * Priorities: bench 1..15 map to RK0 15..1 (RK0: 0 is the most urgent, its post-processing
 * task's).  RK0's error checking on, as it ships (rk0/kernel.mk): a fault ends the run, so
 * the layer refuses what the contract calls an error before RK0 sees it. */
#include <stdint.h>
#include <kapi.h>
#include "bench.h"
#include "bsp.h"
#include "rk_port.h"

/* Thread stack: the 32-slot frame (rk0/port/rk_port.S), the kernel's call frames and the
 * suite's own; in RK0's stack words (UINT), even and at least RK_MIN_STACKSIZE. */
#define RK_BP_STACK_WORDS (192 * sizeof(uintptr_t) / sizeof(RK_STACK))
_Static_assert(RK_BP_STACK_WORDS >= RK_MIN_STACKSIZE && RK_BP_STACK_WORDS % 2 == 0,
               "RK0 wants an even stack size of at least RK_MIN_STACKSIZE words");
#define RK_BP_FIFO_DEPTH 8
/* RK0 paints a new stack with RK_STACK_PATTERN (0xA5A5A5A5) below the frame: the same byte. */
#define RK_BP_STACK_PAINT 0xa5u
/* RK0 priority of bench priority p: 1 (bench 15) .. 15 (bench 1). */
#define RK_BP_PRIO(p) ((RK_PRIO)(BP_PRIO_MAX + 1 - (p)))
/* The event flag a suspended thread waits for. */
#define RK_BP_RESUME_FLAG 0x1UL
#define RK_MSG_WORDS (sizeof(bp_msg) / sizeof(ULONG))
_Static_assert(sizeof(bp_msg) % sizeof(ULONG) == 0, "bp_msg is a whole number of ULONGs");
_Static_assert(sizeof(ULONG) == sizeof(bp_node *), "a ULONG holds a pointer");

/* The layer sits on every measured path: its argument checks are forced inline. */
#define RK_INLINE static inline __attribute__((always_inline))

static int rk_status(RK_ERR s) { return s == RK_ERR_SUCCESS ? BP_OK : BP_EKERNEL; }

/* ---- threads ---- */
static RK_TASK_HANDLE bp_tasks[BP_MAX_THREADS];
static RK_STACK bp_stacks[BP_MAX_THREADS][RK_BP_STACK_WORDS] __attribute__((aligned(16)));
static void (*bp_entries[BP_MAX_THREADS])(void);
/* Layer id of each RK0 task id (the TCB's tid), for the caller's own id. */
static int8_t bp_id_of_tid[RK_NTHREADS];
/* suspended: suspended in the contract's sense (waiting for the flag, or marked);
 * parked: marked by another thread, not yet waiting (it waits at its next layer call). */
static volatile uint8_t bp_suspended[BP_MAX_THREADS], bp_parked[BP_MAX_THREADS];
/* Each thread's mailbox: one message of one ULONG. */
static RK_MBOX bp_mailbox[BP_MAX_THREADS];
static ULONG bp_mailbox_store[BP_MAX_THREADS][1];

RK_INLINE RK_TASK_HANDLE task_of(int id)
{
    return (unsigned)id < BP_MAX_THREADS ? bp_tasks[id] : NULL;
}

RK_INLINE int self_id(void) { return bp_id_of_tid[RK_gRunPtr->tid]; }

/* The caller waits for its resume flag (its own suspended flag already set). */
static void wait_resumed(void)
{
    (void)kEventGet(RK_BP_RESUME_FLAG, RK_EVENT_ANY, NULL, RK_WAIT_FOREVER);
}

/* A thread another one suspended (bp_thread_suspend) stops here, at its next layer call
 * after a kernel call that may have switched away from it. */
static __attribute__((noinline)) void park(int id)
{
    RK_CR_AREA
    RK_CR_ENTER
    int parked = bp_parked[id];
    bp_parked[id] = 0;
    RK_CR_EXIT
    if (parked)
        wait_resumed();
}

RK_INLINE void park_check(void)
{
    int id = self_id();
    if (id >= 0 && __builtin_expect(bp_parked[id], 0))
        park(id);
}

static VOID bp_thread_entry(VOID *arg)
{
    int id = (int)(intptr_t)arg;
    /* a task more urgent than its creator runs inside kTaskInit, before the creator has
     * recorded it: it records itself */
    bp_tasks[id] = RK_gRunPtr;
    bp_id_of_tid[RK_gRunPtr->tid] = (int8_t)id;
    bp_entries[id]();
    for (;;) { /* entries never return; if one does, it stops here */
        bp_suspended[id] = 1;
        wait_resumed();
    }
}

int bp_thread_create(int id, int prio, void (*entry)(void))
{
    if (id < 0 || id >= BP_MAX_THREADS || bp_tasks[id] || !entry || prio < BP_PRIO_MIN ||
        prio > BP_PRIO_MAX)
        return BP_EINVAL;
    bp_entries[id] = entry;
    /* painted so that the headroom can be told (RK0 paints only below its frame) */
    uint8_t *stack = (uint8_t *)bp_stacks[id];
    for (size_t i = 0; i < sizeof bp_stacks[id]; i++)
        stack[i] = RK_BP_STACK_PAINT;
    if (kMboxInit(&bp_mailbox[id], bp_mailbox_store[id], 1UL) != RK_ERR_SUCCESS)
        return BP_EKERNEL;
    RK_TASK_HANDLE handle;
    RK_ERR s = kTaskInit(&handle, bp_thread_entry, (VOID *)(intptr_t)id, "bp", bp_stacks[id],
                         RK_BP_STACK_WORDS, RK_BP_PRIO(prio), RK_PREEMPT);
    if (s != RK_ERR_SUCCESS)
        return BP_EKERNEL;
    bp_tasks[id] = handle;
    bp_id_of_tid[handle->tid] = (int8_t)id;
    return BP_OK;
}

static void (*bp_first)(void);

VOID kApplicationInit(VOID)
{
    for (unsigned i = 0; i < RK_NTHREADS; i++)
        bp_id_of_tid[i] = -1;
    if (bp_thread_create(0, BP_PRIO_MAX, bp_first) != BP_OK)
        rk_port_fatal("cannot create thread 0", 0, 0, RK_PORT_EXIT_KERNEL);
}

void bp_start(void (*entry)(void))
{
    bp_first = entry;
    kCoreInit();
    kInit();
    rk_port_fatal("kInit returned", 0, 0, RK_PORT_EXIT_CHECK);
}

/* A resume of a thread that is not suspended is the contract's error; a marked thread that
 * has not yet stopped just goes on. */
RK_INLINE int resume(int id)
{
    RK_TASK_HANDLE t = task_of(id);
    if (!t || !bp_suspended[id])
        return BP_EINVAL;
    bp_suspended[id] = 0;
    if (bp_parked[id]) {
        bp_parked[id] = 0;
        return BP_OK;
    }
    return rk_status(kEventSet(t, RK_BP_RESUME_FLAG));
}

int bp_thread_resume(int id)
{
    int rc = resume(id);
    park_check();
    return rc;
}

int bp_thread_resume_isr(int id) { return resume(id); }

int bp_thread_suspend(int id)
{
    if (!task_of(id))
        return BP_EINVAL;
    if (id == self_id()) {
        bp_suspended[id] = 1;
        wait_resumed();
        return BP_OK;
    }
    RK_CR_AREA
    RK_CR_ENTER
    if (!bp_suspended[id]) {
        bp_suspended[id] = 1;
        bp_parked[id] = 1;
    }
    RK_CR_EXIT
    return BP_OK;
}

/* kYield returns at once when no task of the same priority is ready. */
int bp_yield(void)
{
    kYield();
    park_check();
    return BP_OK;
}

int bp_sleep(uint32_t ticks)
{
    RK_ERR s = kSleepDelay((RK_TICK)ticks);
    park_check();
    return rk_status(s);
}

/* ---- interrupts: the port's trap entry calls the handler on the interrupt stack ---- */
int bp_isr_install(void (*handler)(void))
{
    if (!handler)
        return BP_EINVAL;
    rk_port_set_external_handler(handler);
    rk_port_enable_external();
    return BP_OK;
}

/* ---- mailbox: a one-ULONG RK0 mailbox per thread ---- */
/* RK0 hands a message straight to a waiting receiver, leaving the mailbox empty before the
 * receiver has run; the contract's mailbox stays full until the receiver has returned with
 * the word.  A flag per mailbox says so: set by the send, cleared by the receive. */
static volatile uint8_t bp_mail_full[BP_MAX_THREADS];

RK_INLINE int mail_send(int id, uint32_t value)
{
    if (!task_of(id))
        return BP_EINVAL;
    if (bp_mail_full[id])
        return BP_EFULL;
    /* set first: a more urgent receiver runs, and clears it, inside kMesgQueueSend */
    bp_mail_full[id] = 1;
    ULONG v = value;
    RK_ERR s = kMesgQueueSend(&bp_mailbox[id], &v, RK_NO_WAIT);
    if (s == RK_ERR_SUCCESS)
        return BP_OK;
    bp_mail_full[id] = 0;
    return s == RK_ERR_BUFFER_FULL ? BP_EFULL : BP_EKERNEL;
}

int bp_mail_send(int id, uint32_t value)
{
    int rc = mail_send(id, value);
    park_check();
    return rc;
}

int bp_mail_send_isr(int id, uint32_t value) { return mail_send(id, value); }

int bp_mail_recv(uint32_t *value)
{
    int id = self_id();
    if (!value || id < 0)
        return BP_EINVAL;
    ULONG v;
    RK_ERR s = kMesgQueueRecv(&bp_mailbox[id], &v, RK_WAIT_FOREVER);
    *value = (uint32_t)v;
    bp_mail_full[id] = 0;
    park_check();
    return rk_status(s);
}

/* ---- counting semaphores ---- */
static RK_SEMAPHORE bp_sems[BP_MAX_SEMS];
static uint8_t bp_sem_created[BP_MAX_SEMS];

int bp_sem_create(int id, uint32_t initial)
{
    if (id < 0 || id >= BP_MAX_SEMS || bp_sem_created[id])
        return BP_EINVAL;
    if (kSemaCountInit(&bp_sems[id], (UINT)initial) != RK_ERR_SUCCESS)
        return BP_EKERNEL;
    bp_sem_created[id] = 1;
    return BP_OK;
}

RK_INLINE RK_SEMAPHORE *sem_of(int id)
{
    return (unsigned)id < BP_MAX_SEMS && bp_sem_created[id] ? &bp_sems[id] : NULL;
}

int bp_sem_get(int id)
{
    RK_SEMAPHORE *s = sem_of(id);
    if (!s)
        return BP_EINVAL;
    RK_ERR e = kSemaphorePend(s, RK_WAIT_FOREVER);
    park_check();
    return rk_status(e);
}

int bp_sem_put(int id)
{
    RK_SEMAPHORE *s = sem_of(id);
    if (!s)
        return BP_EINVAL;
    RK_ERR e = kSemaphorePost(s);
    park_check();
    return rk_status(e);
}

int bp_sem_put_isr(int id)
{
    RK_SEMAPHORE *s = sem_of(id);
    return s ? rk_status(kSemaphorePost(s)) : BP_EINVAL;
}

/* ---- mutex with priority inheritance ---- */
static RK_MUTEX bp_mutexes[BP_MAX_MUTEXES];
static uint8_t bp_mutex_created[BP_MAX_MUTEXES];

int bp_mutex_create(int id)
{
    if (id < 0 || id >= BP_MAX_MUTEXES || bp_mutex_created[id])
        return BP_EINVAL;
    if (kMutexInit(&bp_mutexes[id], RK_PRIO_INHERITANCE) != RK_ERR_SUCCESS)
        return BP_EKERNEL;
    bp_mutex_created[id] = 1;
    return BP_OK;
}

int bp_mutex_lock(int id)
{
    if (id < 0 || id >= BP_MAX_MUTEXES || !bp_mutex_created[id])
        return BP_EINVAL;
    RK_ERR e = kMutexLock(&bp_mutexes[id], RK_WAIT_FOREVER);
    park_check();
    return rk_status(e);
}

/* With its error checking off RK0 does not refuse an unlock by a task that does not own
 * the mutex: the layer does, as the contract asks. */
int bp_mutex_unlock(int id)
{
    if (id < 0 || id >= BP_MAX_MUTEXES || !bp_mutex_created[id] ||
        bp_mutexes[id].ownerPtr != RK_gRunPtr)
        return BP_EINVAL;
    RK_ERR e = kMutexUnlock(&bp_mutexes[id]);
    park_check();
    return rk_status(e);
}

/* ---- non-blocking FIFO: a message queue of node pointers (one ULONG each) ---- */
static RK_MESG_QUEUE bp_fifos[BP_MAX_FIFOS];
static ULONG bp_fifo_store[BP_MAX_FIFOS][RK_BP_FIFO_DEPTH];
static uint8_t bp_fifo_created[BP_MAX_FIFOS];

int bp_fifo_create(int id)
{
    if (id < 0 || id >= BP_MAX_FIFOS || bp_fifo_created[id])
        return BP_EINVAL;
    if (kMesgQueueInit(&bp_fifos[id], bp_fifo_store[id], 1UL, RK_BP_FIFO_DEPTH) != RK_ERR_SUCCESS)
        return BP_EKERNEL;
    bp_fifo_created[id] = 1;
    return BP_OK;
}

RK_INLINE int fifo_put(int id, bp_node *node)
{
    if ((unsigned)id >= BP_MAX_FIFOS || !bp_fifo_created[id] || !node)
        return BP_EINVAL;
    ULONG v = (ULONG)(uintptr_t)node;
    RK_ERR s = kMesgQueueSend(&bp_fifos[id], &v, RK_NO_WAIT);
    return s == RK_ERR_SUCCESS ? BP_OK : s == RK_ERR_BUFFER_FULL ? BP_EFULL : BP_EKERNEL;
}

int bp_fifo_put(int id, bp_node *node) { return fifo_put(id, node); }
int bp_fifo_put_isr(int id, bp_node *node) { return fifo_put(id, node); }

int bp_fifo_get(int id, bp_node **node)
{
    if ((unsigned)id >= BP_MAX_FIFOS || !bp_fifo_created[id] || !node)
        return BP_EINVAL;
    ULONG v;
    RK_ERR s = kMesgQueueRecv(&bp_fifos[id], &v, RK_NO_WAIT);
    if (s != RK_ERR_SUCCESS)
        return s == RK_ERR_BUFFER_EMPTY ? BP_EEMPTY : BP_EKERNEL;
    *node = (bp_node *)(uintptr_t)v;
    return BP_OK;
}

/* ---- message queues: msgq (receiver blocks) and bmq (both block) ---- */
typedef struct {
    RK_MESG_QUEUE queue;
    ULONG store[BP_QUEUE_DEPTH][RK_MSG_WORDS];
    uint8_t created;
} bp_queue;

static bp_queue bp_msgqs[BP_MAX_QUEUES], bp_bmqs[BP_MAX_QUEUES];

static int queue_create(bp_queue *set, int id)
{
    if (id < 0 || id >= BP_MAX_QUEUES || set[id].created)
        return BP_EINVAL;
    if (kMesgQueueInit(&set[id].queue, set[id].store, RK_MSG_WORDS, BP_QUEUE_DEPTH) != RK_ERR_SUCCESS)
        return BP_EKERNEL;
    set[id].created = 1;
    return BP_OK;
}

RK_INLINE RK_MESG_QUEUE *queue_of(bp_queue *set, int id)
{
    return (unsigned)id < BP_MAX_QUEUES && set[id].created ? &set[id].queue : NULL;
}

RK_INLINE int queue_send(RK_MESG_QUEUE *q, const bp_msg *msg, RK_TICK wait)
{
    if (!q || !msg)
        return BP_EINVAL;
    RK_ERR s = kMesgQueueSend(q, (VOID *)(uintptr_t)msg, wait);
    return s == RK_ERR_SUCCESS ? BP_OK : s == RK_ERR_BUFFER_FULL ? BP_EFULL : BP_EKERNEL;
}

RK_INLINE int queue_recv(RK_MESG_QUEUE *q, bp_msg *msg)
{
    if (!q || !msg)
        return BP_EINVAL;
    RK_ERR s = kMesgQueueRecv(q, msg, RK_WAIT_FOREVER);
    park_check();
    return rk_status(s);
}

RK_INLINE int queue_send_thread(RK_MESG_QUEUE *q, const bp_msg *msg, RK_TICK wait)
{
    int rc = queue_send(q, msg, wait);
    park_check();
    return rc;
}

int bp_msgq_create(int id) { return queue_create(bp_msgqs, id); }
int bp_msgq_send(int id, const bp_msg *msg) { return queue_send_thread(queue_of(bp_msgqs, id), msg, RK_NO_WAIT); }
int bp_msgq_send_isr(int id, const bp_msg *msg) { return queue_send(queue_of(bp_msgqs, id), msg, RK_NO_WAIT); }
int bp_msgq_recv(int id, bp_msg *msg) { return queue_recv(queue_of(bp_msgqs, id), msg); }
int bp_bmq_create(int id) { return queue_create(bp_bmqs, id); }
int bp_bmq_send(int id, const bp_msg *msg) { return queue_send_thread(queue_of(bp_bmqs, id), msg, RK_WAIT_FOREVER); }
int bp_bmq_send_isr(int id, const bp_msg *msg) { return queue_send(queue_of(bp_bmqs, id), msg, RK_NO_WAIT); }
int bp_bmq_recv(int id, bp_msg *msg) { return queue_recv(queue_of(bp_bmqs, id), msg); }

/* ---- fixed-block pool: an RK0 memory partition ---- */
static RK_MEM_PARTITION bp_pools[BP_MAX_POOLS];
static ULONG bp_pool_area[BP_MAX_POOLS][BP_POOL_BLOCKS * BP_POOL_BLOCK / sizeof(ULONG)];
static uint8_t bp_pool_created[BP_MAX_POOLS];

int bp_pool_create(int id)
{
    if (id < 0 || id >= BP_MAX_POOLS || bp_pool_created[id])
        return BP_EINVAL;
    if (kMemPartitionInit(&bp_pools[id], bp_pool_area[id], BP_POOL_BLOCK, BP_POOL_BLOCKS) !=
        RK_ERR_SUCCESS)
        return BP_EKERNEL;
    bp_pool_created[id] = 1;
    return BP_OK;
}

int bp_pool_alloc(int id, void **block)
{
    if (id < 0 || id >= BP_MAX_POOLS || !bp_pool_created[id] || !block)
        return BP_EINVAL;
    *block = kMemPartitionAlloc(&bp_pools[id]);
    return *block ? BP_OK : BP_ENOMEM;
}

/* RK0's kMemPartitionFree treats a block that is not the partition's as a fault (its error
 * checking halts): the layer refuses one first, as the contract's error. */
int bp_pool_free(int id, void *block)
{
    if (id < 0 || id >= BP_MAX_POOLS || !bp_pool_created[id])
        return BP_EINVAL;
    uintptr_t off = (uintptr_t)block - (uintptr_t)bp_pool_area[id];
    if (off >= sizeof bp_pool_area[id] || off % BP_POOL_BLOCK != 0)
        return BP_EINVAL;
    return rk_status(kMemPartitionFree(&bp_pools[id], block));
}

/* ---- variable-size allocator: RK0 has none ---- */
void *bp_malloc(size_t bytes)
{
    (void)bytes;
    return NULL;
}

void bp_free(void *p) { (void)p; }

/* ---- alarms: periodic application timers ---- */
static RK_TIMER bp_timers[BP_MAX_ALARMS];
static uint8_t bp_timer_created[BP_MAX_ALARMS];

int bp_alarm_start(int id, uint32_t period_ticks, void (*fn)(void *arg), void *arg)
{
    if (id < 0 || id >= BP_MAX_ALARMS || bp_timer_created[id] || !fn || period_ticks == 0)
        return BP_EINVAL;
    if (kTimerInit(&bp_timers[id], 0, (RK_TICK)period_ticks, fn, arg, RK_TIMER_RELOAD) !=
        RK_ERR_SUCCESS)
        return BP_EKERNEL;
    bp_timer_created[id] = 1;
    return BP_OK;
}

size_t rk_bp_stack_unused_words(int id)
{
    if (!task_of(id))
        return 0;
    /* above RK0's guard word, the stack's lowest (kInitStack_) */
    return bench_painted_words(&bp_stacks[id][1], sizeof bp_stacks[id] - sizeof(RK_STACK),
                               RK_BP_STACK_PAINT);
}

/* ---- sizes ---- */
/* A run whose stacks came this close to overflowing fails. */
#define RK_BP_STACK_WORDS_MIN_FREE 16

void bp_sizes(void)
{
    for (int id = 0; id < BP_MAX_THREADS; id++)
        if (task_of(id) && rk_bp_stack_unused_words(id) < RK_BP_STACK_WORDS_MIN_FREE)
            bench_fail("rk0: thread stack nearly exhausted (words unused)",
                       (int64_t)rk_bp_stack_unused_words(id), RK_BP_STACK_WORDS_MIN_FREE);
    if (rk_port_isr_stack_unused() < RK_BP_STACK_WORDS_MIN_FREE * sizeof(uintptr_t))
        bench_fail("rk0: interrupt stack nearly exhausted (bytes unused)",
                   (int64_t)rk_port_isr_stack_unused(),
                   (int64_t)(RK_BP_STACK_WORDS_MIN_FREE * sizeof(uintptr_t)));
    bench_size("tcb", sizeof(RK_TCB));
    /* the port saves the same 32-slot frame on a voluntary switch and on an interrupt */
    bench_size("context", RK_PORT_FRAME_BYTES);
    bench_size("frame", RK_PORT_FRAME_BYTES);
    /* the ready queues and the priority bit map */
    bench_size("ready", sizeof(RK_gReadyQueue) + sizeof(RK_gReadyBitmask));
    bench_size("current", sizeof(RK_gRunPtr));
    bench_size("queue", sizeof(RK_MESG_QUEUE));
    bench_size("semaphore", sizeof(RK_SEMAPHORE));
}
