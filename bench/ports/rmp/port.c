/* The benchmark porting layer (bench/port.h) on RMP: the same benchmark sources as the Tempo
 * kernel, mapped onto RMP's nearest equivalents (docs/rmp.md "The benchmark layer"):
 *   threads      -> RMP threads (static stacks), RMP_Thd_Suspend / _Resume, RMP_Thd_Yield,
 *                   RMP_Thd_Delay; RMP has no resume from an interrupt: see bp_thread_resume_isr
 *   mailbox      -> RMP's per-thread mailbox (RMP_Thd_Snd with no wait, _Snd_ISR, _Rcv)
 *   semaphores   -> RMP semaphores (RMP_Sem_Pend forever, _Post, _Post_ISR)
 *   mutex        -> RMP has none: a mutex over an RMP semaphore, its owner raised to a
 *                   waiter's priority with RMP_Thd_Set (priority inheritance), in the scheduler
 *                   lock (the cheapest correct thing an RMP user would write)
 *   FIFO         -> RMP_Fifo (intrusive: the node's link holds RMP's list head)
 *   msgq / bmq   -> RMP_Msgq / RMP_Bmq, which pass list nodes by reference: the layer copies
 *                   each bp_msg into a slot of its own with the node, and out again on receive
 *   pool         -> RMP has no fixed-block pool: a free list with interrupts masked (as the
 *                   FreeRTOS layer)
 *   malloc/free  -> RMP_Malloc / RMP_Free (RMP's TLSF allocator) inside the scheduler lock,
 *                   which RMP leaves to the caller
 *   alarms       -> an RMP alarm manager, advanced one tick at a time by an alarm thread above
 *                   every benchmark thread (RMP_Amgr_Proc must run in a thread)
 * Priorities: bench 1..15 map to RMP 1..15 (same direction; RMP's init thread, the idle, is 0);
 * the alarm thread is 16.  Every thread gets RMP's longest time slice (no slicing in a run). */
#include <stdint.h>
#include "rmp.h"
#include "bench.h"
#include "bsp.h"
#include "rmp_board.h"

/* Thread stack: the context (32 words), RMP's call frames and the suite's own. */
#define RMP_BP_STACK_WORDS 192u
#define RMP_BP_ALARM_PRIO  (BP_PRIO_MAX + 1)
/* The longest slice RMP_Thd_Crt accepts (Slice < RMP_SLICE_MAX) */
#define RMP_BP_SLICE       (RMP_SLICE_MAX - 1U)
/* Bytes of heap behind bp_malloc: BP_HEAP_BYTES plus RMP's TLSF tables and block headers,
 * and at least the 1024 words RMP_Mem_Init requires of a pool */
#define RMP_BP_HEAP_MIN    (BP_HEAP_BYTES + 2048u)
#define RMP_BP_HEAP_BYTES  (RMP_BP_HEAP_MIN > 1024u * sizeof(rmp_ptr_t) ? RMP_BP_HEAP_MIN \
                                                                        : 1024u * sizeof(rmp_ptr_t))
#define RMP_BP_PAINT       0xeeu

_Static_assert(sizeof(struct RMP_List) <= sizeof(((bp_node *)0)->link), "bench/port.h bp_node");
_Static_assert(RMP_BP_ALARM_PRIO < RMP_PREEMPT_PRIO_NUM, "rmp_platform_tempo.h priorities");

/* The layer sits on every measured path: its argument checks are forced inline. */
#define RMP_BP_INLINE static inline __attribute__((always_inline))
#define VALID(id, max) ((unsigned)(id) < (unsigned)(max))

/* Interrupt masking for the layer's own short critical sections in thread context. */
RMP_BP_INLINE uintptr_t irq_save(void)
{
    uintptr_t s;
    __asm__ volatile("csrrci %0, mstatus, 8" : "=r"(s)::"memory");
    return s;
}
RMP_BP_INLINE void irq_restore(uintptr_t s)
{
    __asm__ volatile("csrs mstatus, %0" ::"r"(s & 8u) : "memory");
}

/* The heap behind bp_malloc (RMP's TLSF pool), initialised by bp_start. */
static rmp_ptr_t heap[RMP_BP_HEAP_BYTES / sizeof(rmp_ptr_t)];
static uint8_t heap_ready;

/* ---- threads ---- */
static volatile struct RMP_Thd threads[BP_MAX_THREADS];
static rmp_ptr_t stacks[BP_MAX_THREADS][RMP_BP_STACK_WORDS];
static void (*entries[BP_MAX_THREADS])(void);
static uint8_t created[BP_MAX_THREADS];
static void (*start_entry)(void);

static void trampoline(void *arg)
{
    entries[(uintptr_t)arg]();
    /* entries never return; if one does, it stops here */
    for (;;)
        RMP_Thd_Suspend(RMP_Thd_Cur);
}

int bp_thread_create(int id, int prio, void (*entry)(void))
{
    if (!VALID(id, BP_MAX_THREADS) || created[id] || !entry || prio < BP_PRIO_MIN ||
        prio > BP_PRIO_MAX)
        return BP_EINVAL;
    entries[id] = entry;
    for (unsigned i = 0; i < RMP_BP_STACK_WORDS * sizeof(rmp_ptr_t); i++)
        ((uint8_t *)stacks[id])[i] = RMP_BP_PAINT;
    created[id] = 1;
    if (RMP_Thd_Crt(&threads[id], (void *)trampoline, (void *)(uintptr_t)id, stacks[id],
                    sizeof stacks[id], (rmp_ptr_t)prio, RMP_BP_SLICE) != 0) {
        created[id] = 0;
        return BP_EKERNEL;
    }
    return BP_OK;
}

/* RMP's main (rmp_kernel.c, built with -Dmain=rmp_kernel_main for the suites, whose own main
 * calls bp_start): low-level start-up, then RMP's init thread calls RMP_Init_Hook. */
int rmp_kernel_main(void);

void bp_start(void (*entry)(void))
{
    start_entry = entry;
    /* The heap is ready before any thread runs: never inside a timed bp_malloc. */
    heap_ready = RMP_Mem_Init(heap, sizeof heap) == 0;
    rmp_kernel_main();
    board_puts("FAIL rmp: the kernel returned\n");
    board_exit(RMP_EXIT_CHECK);
}

/* RMP's init thread, scheduler locked: the benchmark's thread 0. */
void RMP_Init_Hook(void)
{
    if (bp_thread_create(0, BP_PRIO_MAX, start_entry) != BP_OK) {
        board_puts("FAIL rmp: cannot create thread 0\n");
        board_exit(RMP_EXIT_CHECK);
    }
}

/* RMP's idle: its benchmark's (return, and RMP_Init calls it again). */
void RMP_Init_Idle(void)
{
}

RMP_BP_INLINE volatile struct RMP_Thd *thread_of(int id)
{
    return VALID(id, BP_MAX_THREADS) && created[id] ? &threads[id] : RMP_NULL;
}

int bp_thread_resume(int id)
{
    volatile struct RMP_Thd *t = thread_of(id);
    if (!t)
        return BP_EINVAL;
    return RMP_Thd_Resume(t) == 0 ? BP_OK : BP_EINVAL;
}

/* RMP_Thd_Resume is a thread call: its scheduler unlock would switch and unmask interrupts.
 * Inside an interrupt handler the layer holds the lock count one higher around it, so that
 * its unlock does neither; the switch it asked for (RMP_Sched_Pend) happens at the
 * interrupt's exit, as for RMP's own *_ISR calls. */
int bp_thread_resume_isr(int id)
{
    volatile struct RMP_Thd *t = thread_of(id);
    if (!t)
        return BP_EINVAL;
    RMP_Sched_Lock_Cnt++;
    rmp_ret_t r = RMP_Thd_Resume(t);
    RMP_Sched_Lock_Cnt--;
    return r == 0 ? BP_OK : BP_EINVAL;
}

int bp_thread_suspend(int id)
{
    volatile struct RMP_Thd *t = thread_of(id);
    if (!t)
        return BP_EINVAL;
    return RMP_Thd_Suspend(t) == 0 ? BP_OK : BP_EINVAL;
}

/* RMP_Thd_Yield switches through RMP's scheduler even when the caller is alone at its
 * priority (it then resumes the caller): RMP's real cost. */
int bp_yield(void)
{
    RMP_Thd_Yield();
    return BP_OK;
}

int bp_sleep(uint32_t ticks)
{
    if (ticks == 0)
        return bp_yield();
    return RMP_Thd_Delay(ticks) == 0 ? BP_OK : BP_EKERNEL;
}

/* ---- interrupts: rmp/board's vector saves the context, the handler runs on RMP's kernel
 * stack, the vector's exit switches if a *_ISR call readied a more urgent thread ---- */
int bp_isr_install(void (*handler)(void))
{
    if (!handler)
        return BP_EINVAL;
    rmp_board_irq_route(handler);
    return BP_OK;
}

/* ---- mailbox ---- */
int bp_mail_send(int id, uint32_t value)
{
    volatile struct RMP_Thd *t = thread_of(id);
    if (!t)
        return BP_EINVAL;
    /* no wait: a full mailbox is RMP_ERR_OPER */
    return RMP_Thd_Snd(t, value, 0U) == 0 ? BP_OK : BP_EFULL;
}

int bp_mail_send_isr(int id, uint32_t value)
{
    volatile struct RMP_Thd *t = thread_of(id);
    if (!t)
        return BP_EINVAL;
    return RMP_Thd_Snd_ISR(t, value) == 0 ? BP_OK : BP_EFULL;
}

int bp_mail_recv(uint32_t *value)
{
    rmp_ptr_t v;
    if (!value)
        return BP_EINVAL;
    if (RMP_Thd_Rcv(&v, RMP_SLICE_MAX) != 0)
        return BP_EKERNEL;
    *value = (uint32_t)v;
    return BP_OK;
}

/* ---- counting semaphores ---- */
static volatile struct RMP_Sem sems[BP_MAX_SEMS];
static uint8_t sem_created[BP_MAX_SEMS];

RMP_BP_INLINE volatile struct RMP_Sem *sem_of(int id)
{
    return VALID(id, BP_MAX_SEMS) && sem_created[id] ? &sems[id] : RMP_NULL;
}

int bp_sem_create(int id, uint32_t initial)
{
    if (!VALID(id, BP_MAX_SEMS) || sem_created[id] || initial > RMP_SEM_CNT_MAX)
        return BP_EINVAL;
    if (RMP_Sem_Crt(&sems[id], initial) != 0)
        return BP_EKERNEL;
    sem_created[id] = 1;
    return BP_OK;
}

int bp_sem_get(int id)
{
    volatile struct RMP_Sem *s = sem_of(id);
    if (!s)
        return BP_EINVAL;
    return RMP_Sem_Pend(s, RMP_SLICE_MAX) >= 0 ? BP_OK : BP_EKERNEL;
}

int bp_sem_put(int id)
{
    volatile struct RMP_Sem *s = sem_of(id);
    if (!s)
        return BP_EINVAL;
    return RMP_Sem_Post(s, 1U) == 0 ? BP_OK : BP_EFULL;
}

int bp_sem_put_isr(int id)
{
    volatile struct RMP_Sem *s = sem_of(id);
    if (!s)
        return BP_EINVAL;
    return RMP_Sem_Post_ISR(s, 1U) == 0 ? BP_OK : BP_EFULL;
}

/* ---- mutex with priority inheritance, over an RMP semaphore ---- */
static struct bp_mutex {
    volatile struct RMP_Sem sem;      /* the waiters block here */
    volatile struct RMP_Thd *owner;   /* NULL: free */
    rmp_ptr_t base_prio;              /* the owner's priority before it inherited any */
    unsigned waiters;
    uint8_t created;
} mutexes[BP_MAX_MUTEXES];

int bp_mutex_create(int id)
{
    if (!VALID(id, BP_MAX_MUTEXES) || mutexes[id].created)
        return BP_EINVAL;
    if (RMP_Sem_Crt(&mutexes[id].sem, 0U) != 0)
        return BP_EKERNEL;
    mutexes[id].created = 1;
    return BP_OK;
}

int bp_mutex_lock(int id)
{
    if (!VALID(id, BP_MAX_MUTEXES) || !mutexes[id].created)
        return BP_EINVAL;
    struct bp_mutex *m = &mutexes[id];
    volatile struct RMP_Thd *self = RMP_Thd_Cur;
    RMP_Sched_Lock();
    if (!m->owner) {
        m->owner = self;
        m->base_prio = self->Prio;
        RMP_Sched_Unlock();
        return BP_OK;
    }
    if (m->owner == self) {
        RMP_Sched_Unlock();
        return BP_EINVAL;
    }
    /* The owner runs at least at the waiter's priority until it unlocks. */
    if (self->Prio > m->owner->Prio)
        RMP_Thd_Set(m->owner, self->Prio, RMP_BP_SLICE);
    m->waiters++;
    /* Blocks and unlocks the scheduler at once; the unlocker hands the mutex over. */
    if (RMP_Sem_Pend_Unlock(&m->sem, RMP_SLICE_MAX) < 0)
        return BP_EKERNEL;
    return BP_OK;
}

int bp_mutex_unlock(int id)
{
    if (!VALID(id, BP_MAX_MUTEXES) || !mutexes[id].created)
        return BP_EINVAL;
    struct bp_mutex *m = &mutexes[id];
    volatile struct RMP_Thd *self = RMP_Thd_Cur;
    RMP_Sched_Lock();
    if (m->owner != self) {
        RMP_Sched_Unlock();
        return BP_EINVAL;
    }
    if (self->Prio != m->base_prio)
        RMP_Thd_Set(self, m->base_prio, RMP_BP_SLICE);
    if (m->waiters) {
        /* RMP wakes its semaphore's waiters first come, first served (Wait_List, whose
         * entries are the threads' run-queue heads, their first member): the first owns the
         * mutex from here on */
        volatile struct RMP_Thd *next = (volatile struct RMP_Thd *)m->sem.Wait_List.Next;
        m->waiters--;
        m->owner = next;
        m->base_prio = next->Prio;
        RMP_Sem_Post(&m->sem, 1U);
    } else {
        m->owner = RMP_NULL;
    }
    RMP_Sched_Unlock();
    return BP_OK;
}

/* ---- non-blocking FIFO: RMP_Fifo, intrusive ---- */
static volatile struct RMP_Fifo fifos[BP_MAX_FIFOS];
static uint8_t fifo_created[BP_MAX_FIFOS];

RMP_BP_INLINE volatile struct RMP_Fifo *fifo_of(int id)
{
    return VALID(id, BP_MAX_FIFOS) && fifo_created[id] ? &fifos[id] : RMP_NULL;
}

int bp_fifo_create(int id)
{
    if (!VALID(id, BP_MAX_FIFOS) || fifo_created[id])
        return BP_EINVAL;
    if (RMP_Fifo_Crt(&fifos[id]) != 0)
        return BP_EKERNEL;
    fifo_created[id] = 1;
    return BP_OK;
}

int bp_fifo_put(int id, bp_node *node)
{
    volatile struct RMP_Fifo *f = fifo_of(id);
    if (!f || !node)
        return BP_EINVAL;
    return RMP_Fifo_Write(f, (volatile struct RMP_List *)node->link) == 0 ? BP_OK : BP_EKERNEL;
}

int bp_fifo_put_isr(int id, bp_node *node)
{
    volatile struct RMP_Fifo *f = fifo_of(id);
    if (!f || !node)
        return BP_EINVAL;
    return RMP_Fifo_Write_ISR(f, (volatile struct RMP_List *)node->link) == 0 ? BP_OK
                                                                                : BP_EKERNEL;
}

int bp_fifo_get(int id, bp_node **node)
{
    volatile struct RMP_Fifo *f = fifo_of(id);
    volatile struct RMP_List *l;
    if (!f || !node)
        return BP_EINVAL;
    if (RMP_Fifo_Read(f, &l) != 0)
        return BP_EEMPTY;
    /* the link is the node's first member */
    *node = (bp_node *)(uintptr_t)l;
    return BP_OK;
}

/* ---- message queues: RMP passes list nodes; the layer copies bp_msg into its slots ---- */
struct bp_slot {
    struct RMP_List node; /* first: RMP hands it back on receive */
    bp_msg msg;
    struct bp_slot *next_free;
};

/* A msgq holds at most BP_QUEUE_DEPTH messages: one slot each (no slot: BP_EFULL).  A bmq
 * also lends a slot to each sender blocked in RMP_Bmq_Snd, so it has one per thread more;
 * RMP_Bmq_Crt's limit bounds the queue itself. */
struct bp_queue {
    struct bp_slot *free;
    uint8_t created;
};
static struct bp_queue msgq_state[BP_MAX_QUEUES], bmq_state[BP_MAX_QUEUES];
static struct bp_slot msgq_slots[BP_MAX_QUEUES][BP_QUEUE_DEPTH];
static struct bp_slot bmq_slots[BP_MAX_QUEUES][BP_QUEUE_DEPTH + BP_MAX_THREADS];
static volatile struct RMP_Msgq msgqs[BP_MAX_QUEUES];
static volatile struct RMP_Bmq bmqs[BP_MAX_QUEUES];

static void slots_init(struct bp_queue *q, struct bp_slot *slot, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        slot[i].next_free = q->free;
        q->free = &slot[i];
    }
}

/* Take a free slot and copy the message in; NULL when none is left.  isr: interrupts are
 * already masked. */
RMP_BP_INLINE struct bp_slot *slot_take(struct bp_queue *q, const bp_msg *msg, int isr)
{
    uintptr_t s = isr ? 0 : irq_save();
    struct bp_slot *slot = q->free;
    if (slot)
        q->free = slot->next_free;
    if (!isr)
        irq_restore(s);
    if (slot)
        slot->msg = *msg;
    return slot;
}

RMP_BP_INLINE void slot_give(struct bp_queue *q, struct bp_slot *slot, int isr)
{
    uintptr_t s = isr ? 0 : irq_save();
    slot->next_free = q->free;
    q->free = slot;
    if (!isr)
        irq_restore(s);
}

/* Copy the received slot's message out and free the slot. */
RMP_BP_INLINE int slot_out(struct bp_queue *q, volatile struct RMP_List *node, bp_msg *msg)
{
    struct bp_slot *slot = (struct bp_slot *)(uintptr_t)node;
    *msg = slot->msg;
    slot_give(q, slot, 0);
    return BP_OK;
}

int bp_msgq_create(int id)
{
    if (!VALID(id, BP_MAX_QUEUES) || msgq_state[id].created)
        return BP_EINVAL;
    if (RMP_Msgq_Crt(&msgqs[id]) != 0)
        return BP_EKERNEL;
    slots_init(&msgq_state[id], msgq_slots[id], BP_QUEUE_DEPTH);
    msgq_state[id].created = 1;
    return BP_OK;
}

RMP_BP_INLINE int msgq_send(int id, const bp_msg *msg, int isr)
{
    if (!VALID(id, BP_MAX_QUEUES) || !msgq_state[id].created || !msg)
        return BP_EINVAL;
    struct bp_slot *slot = slot_take(&msgq_state[id], msg, isr);
    if (!slot)
        return BP_EFULL;
    rmp_ret_t r = isr ? RMP_Msgq_Snd_ISR(&msgqs[id], &slot->node)
                      : RMP_Msgq_Snd(&msgqs[id], &slot->node);
    if (r != 0) {
        slot_give(&msgq_state[id], slot, isr);
        return BP_EKERNEL;
    }
    return BP_OK;
}

int bp_msgq_send(int id, const bp_msg *msg) { return msgq_send(id, msg, 0); }
int bp_msgq_send_isr(int id, const bp_msg *msg) { return msgq_send(id, msg, 1); }

int bp_msgq_recv(int id, bp_msg *msg)
{
    volatile struct RMP_List *node;
    if (!VALID(id, BP_MAX_QUEUES) || !msgq_state[id].created || !msg)
        return BP_EINVAL;
    if (RMP_Msgq_Rcv(&msgqs[id], &node, RMP_SLICE_MAX) != 0)
        return BP_EKERNEL;
    return slot_out(&msgq_state[id], node, msg);
}

int bp_bmq_create(int id)
{
    if (!VALID(id, BP_MAX_QUEUES) || bmq_state[id].created)
        return BP_EINVAL;
    if (RMP_Bmq_Crt(&bmqs[id], BP_QUEUE_DEPTH) != 0)
        return BP_EKERNEL;
    slots_init(&bmq_state[id], bmq_slots[id], BP_QUEUE_DEPTH + BP_MAX_THREADS);
    bmq_state[id].created = 1;
    return BP_OK;
}

int bp_bmq_send(int id, const bp_msg *msg)
{
    if (!VALID(id, BP_MAX_QUEUES) || !bmq_state[id].created || !msg)
        return BP_EINVAL;
    struct bp_slot *slot = slot_take(&bmq_state[id], msg, 0);
    if (!slot)
        return BP_EKERNEL;
    if (RMP_Bmq_Snd(&bmqs[id], &slot->node, RMP_SLICE_MAX) != 0) {
        slot_give(&bmq_state[id], slot, 0);
        return BP_EKERNEL;
    }
    return BP_OK;
}

int bp_bmq_send_isr(int id, const bp_msg *msg)
{
    if (!VALID(id, BP_MAX_QUEUES) || !bmq_state[id].created || !msg)
        return BP_EINVAL;
    struct bp_slot *slot = slot_take(&bmq_state[id], msg, 1);
    if (!slot)
        return BP_EFULL;
    /* never blocks: a full queue is an error */
    if (RMP_Bmq_Snd_ISR(&bmqs[id], &slot->node) != 0) {
        slot_give(&bmq_state[id], slot, 1);
        return BP_EFULL;
    }
    return BP_OK;
}

int bp_bmq_recv(int id, bp_msg *msg)
{
    volatile struct RMP_List *node;
    if (!VALID(id, BP_MAX_QUEUES) || !bmq_state[id].created || !msg)
        return BP_EINVAL;
    if (RMP_Bmq_Rcv(&bmqs[id], &node, RMP_SLICE_MAX) != 0)
        return BP_EKERNEL;
    return slot_out(&bmq_state[id], node, msg);
}

/* ---- fixed-block pool: a free list with interrupts masked ---- */
typedef union bp_block {
    union bp_block *next;
    uint8_t bytes[BP_POOL_BLOCK];
} bp_block;

static bp_block pool_blocks[BP_MAX_POOLS][BP_POOL_BLOCKS];
static bp_block *pool_free_list[BP_MAX_POOLS];
static uint8_t pool_created[BP_MAX_POOLS];

int bp_pool_create(int id)
{
    if (!VALID(id, BP_MAX_POOLS) || pool_created[id])
        return BP_EINVAL;
    for (int i = 0; i < BP_POOL_BLOCKS; i++) {
        pool_blocks[id][i].next = pool_free_list[id];
        pool_free_list[id] = &pool_blocks[id][i];
    }
    pool_created[id] = 1;
    return BP_OK;
}

int bp_pool_alloc(int id, void **block)
{
    if (!VALID(id, BP_MAX_POOLS) || !pool_created[id] || !block)
        return BP_EINVAL;
    uintptr_t s = irq_save();
    bp_block *b = pool_free_list[id];
    if (b)
        pool_free_list[id] = b->next;
    irq_restore(s);
    *block = b;
    return b ? BP_OK : BP_ENOMEM;
}

int bp_pool_free(int id, void *block)
{
    if (!VALID(id, BP_MAX_POOLS) || !pool_created[id] ||
        (bp_block *)block < &pool_blocks[id][0] ||
        (bp_block *)block >= &pool_blocks[id][BP_POOL_BLOCKS])
        return BP_EINVAL;
    bp_block *b = block;
    uintptr_t s = irq_save();
    b->next = pool_free_list[id];
    pool_free_list[id] = b;
    irq_restore(s);
    return BP_OK;
}

/* ---- variable-size allocator: RMP's TLSF, in the scheduler lock ---- */

void *bp_malloc(size_t bytes)
{
    if (!heap_ready)
        return 0;
    RMP_Sched_Lock();
    void *p = RMP_Malloc(heap, bytes);
    RMP_Sched_Unlock();
    return p;
}

void bp_free(void *p)
{
    RMP_Sched_Lock();
    RMP_Free(heap, p);
    RMP_Sched_Unlock();
}

/* ---- alarms: an RMP alarm manager, advanced every tick by the alarm thread ---- */
static volatile struct RMP_Amgr amgr;
static volatile struct RMP_Alrm alarms[BP_MAX_ALARMS];
static void (*alarm_fn[BP_MAX_ALARMS])(void *);
static void *alarm_arg[BP_MAX_ALARMS];
static volatile struct RMP_Thd alarm_thread;
static rmp_ptr_t alarm_stack[RMP_BP_STACK_WORDS];
static uint8_t amgr_ready;

static void alarm_hook(volatile struct RMP_Amgr *m, volatile struct RMP_Alrm *a,
                       rmp_cnt_t overdue)
{
    (void)m;
    (void)overdue;
    unsigned id = (unsigned)(a - alarms);
    alarm_fn[id](alarm_arg[id]);
}

static void alarm_loop(void *arg)
{
    (void)arg;
    for (;;) {
        RMP_Thd_Delay(1U);
        RMP_Amgr_Proc(&amgr, 1U);
    }
}

int bp_alarm_start(int id, uint32_t period_ticks, void (*fn)(void *arg), void *arg)
{
    if (!VALID(id, BP_MAX_ALARMS) || alarm_fn[id] || !fn || period_ticks == 0 ||
        period_ticks >= RMP_SLICE_MAX)
        return BP_EINVAL;
    if (!amgr_ready) {
        if (RMP_Amgr_Crt(&amgr) != 0 ||
            RMP_Thd_Crt(&alarm_thread, (void *)alarm_loop, RMP_NULL, alarm_stack,
                        sizeof alarm_stack, RMP_BP_ALARM_PRIO, RMP_BP_SLICE) != 0)
            return BP_EKERNEL;
        amgr_ready = 1;
    }
    alarm_fn[id] = fn;
    alarm_arg[id] = arg;
    if (RMP_Alrm_Init(&alarms[id], period_ticks, RMP_ALRM_AUTORLD, alarm_hook) != 0 ||
        RMP_Alrm_Set(&amgr, &alarms[id]) != 0)
        return BP_EKERNEL;
    return BP_OK;
}

/* ---- sizes ---- */
/* Words of thread `id`'s stack never written (0 for a bad id). */
size_t rmp_bp_stack_unused_words(int id)
{
    if (!VALID(id, BP_MAX_THREADS) || !created[id])
        return 0;
    return bench_painted_words(stacks[id], sizeof stacks[id], RMP_BP_PAINT);
}

/* A run whose stacks came this close to overflowing fails (checked when the suites report
 * their sizes, at the end of every run): RMP has no overflow check on its switch path. */
#define RMP_BP_STACK_WORDS_MIN_FREE 16

/* RMP's context: mstatus, pc, x1, x3-x31 (struct RMP_RV32P_Stack / RMP_RV64P_Stack), saved
 * alike by a yield and an interrupt. */
#define RMP_BP_FRAME_WORDS 32

void bp_sizes(void)
{
    for (int id = 0; id < BP_MAX_THREADS; id++)
        if (created[id] && rmp_bp_stack_unused_words(id) < RMP_BP_STACK_WORDS_MIN_FREE)
            bench_fail("rmp: thread stack nearly exhausted (words unused)",
                       (int64_t)rmp_bp_stack_unused_words(id), RMP_BP_STACK_WORDS_MIN_FREE);
    if (rmp_board_kernel_stack_unused() < RMP_BP_STACK_WORDS_MIN_FREE * sizeof(rmp_ptr_t))
        bench_fail("rmp: kernel stack nearly exhausted (bytes unused)",
                   (int64_t)rmp_board_kernel_stack_unused(),
                   (int64_t)(RMP_BP_STACK_WORDS_MIN_FREE * sizeof(rmp_ptr_t)));
    bench_size("tcb", sizeof(struct RMP_Thd));
    bench_size("context", RMP_BP_FRAME_WORDS * sizeof(rmp_ptr_t));
    bench_size("frame", RMP_BP_FRAME_WORDS * sizeof(rmp_ptr_t));
    /* RMP's run queues (one list head per priority) and their bitmap */
    bench_size("ready", RMP_PREEMPT_PRIO_NUM * sizeof(struct RMP_List) +
                            RMP_PRIO_WORD_NUM * sizeof(rmp_ptr_t));
    bench_size("current", sizeof(void *));
    bench_size("list", sizeof(struct RMP_List));
    bench_size("sem", sizeof(struct RMP_Sem));
}
