/* bench/port.h on the Tempo kernel (kernel/include/tempo.h).  A thin mapping: every call is
 * one tk_* call on a statically allocated object; the only work added is the id lookup. */
#include "bench.h"
#include "tempo.h"

/* Stacks: enough for the benchmark bodies plus one interrupt frame at either width. */
#define PORT_STACK_WORDS 256u

static struct tk_thread threads[BP_MAX_THREADS];
static uintptr_t stacks[BP_MAX_THREADS][PORT_STACK_WORDS];
static void (*entries[BP_MAX_THREADS])(void);
static struct tk_sem sems[BP_MAX_SEMS];
static struct tk_mutex mutexes[BP_MAX_MUTEXES];
static struct tk_fifo fifos[BP_MAX_FIFOS];
static struct tk_msgq msgqs[BP_MAX_QUEUES];
static uint32_t msgq_bufs[BP_MAX_QUEUES][BP_QUEUE_DEPTH * BP_MSG_WORDS];
static struct tk_bmq bmqs[BP_MAX_QUEUES];
static uint32_t bmq_bufs[BP_MAX_QUEUES][BP_QUEUE_DEPTH * BP_MSG_WORDS];
static struct tk_pool pools[BP_MAX_POOLS];
static uintptr_t pool_bufs[BP_MAX_POOLS][TK_POOL_BYTES(BP_POOL_BLOCK, BP_POOL_BLOCKS) /
                                          sizeof(uintptr_t)];
static struct tk_heap heap;
static uintptr_t heap_mem[BP_HEAP_BYTES / sizeof(uintptr_t)];
static struct tk_alarm alarms[BP_MAX_ALARMS];
static struct alarm_cb {            /* what an alarm calls: the kernel passes it as the arg */
    void (*fn)(void *arg);
    void *arg;
} alarm_cbs[BP_MAX_ALARMS];

#define VALID(id, max) ((unsigned)(id) < (unsigned)(max))

static int rc_slow(int tk)
{
    switch (tk) {
    case TK_EFULL: return BP_EFULL;
    case TK_EAGAIN: return BP_EEMPTY;
    case TK_ENOMEM: return BP_ENOMEM;
    case TK_EINVAL: return BP_EINVAL;
    default: return BP_EKERNEL;
    }
}

/* Success costs one compare: the measured paths never take rc_slow.  Calls whose failures the
 * suites never tell apart return Tempo's own negative code unchanged (bench/port.h allows it),
 * which keeps them a bounds check and a tail call. */
static inline int rc(int tk)
{
    return tk == TK_OK ? BP_OK : rc_slow(tk);
}

/* bp priorities 1..15 (15 most urgent) onto Tempo's 0 (highest) .. 31: 15 -> 1 .. 1 -> 15. */
static unsigned prio_map(int prio)
{
    return (unsigned)(BP_PRIO_MAX + 1 - prio);
}

static void trampoline(void *arg)
{
    entries[(uintptr_t)arg]();
}

int bp_thread_create(int id, int prio, void (*entry)(void))
{
    if (!VALID(id, BP_MAX_THREADS) || prio < BP_PRIO_MIN || prio > BP_PRIO_MAX || !entry)
        return BP_EINVAL;
    entries[id] = entry;
    return rc(tk_thread_create(&threads[id], "bench", trampoline, (void *)(uintptr_t)id,
                               stacks[id], sizeof stacks[id], prio_map(prio), 0));
}

void bp_start(void (*entry)(void))
{
    tk_init();
    if (tk_heap_init(&heap, heap_mem, sizeof heap_mem) != TK_OK)
        for (;;)
            ;
    if (bp_thread_create(0, BP_PRIO_MAX, entry) != BP_OK)
        for (;;)
            ;
    tk_start();
}

int bp_thread_resume(int id)
{
    return VALID(id, BP_MAX_THREADS) ? tk_thread_resume(&threads[id]) : BP_EINVAL;
}

int bp_thread_resume_isr(int id)
{
    return VALID(id, BP_MAX_THREADS) ? tk_thread_resume_from_isr(&threads[id]) : BP_EINVAL;
}

int bp_thread_suspend(int id)
{
    return VALID(id, BP_MAX_THREADS) ? tk_thread_suspend(&threads[id]) : BP_EINVAL;
}

int bp_yield(void) { return tk_yield(); }

int bp_sleep(uint32_t ticks) { return rc(tk_delay(ticks)); }

/* The handler is attached as it is, without a trampoline: a function of no arguments
 * ignores the one the kernel passes it (the RISC-V calling convention passes it in a0,
 * which the callee may clobber anyway), and the benchmark's interrupt latency is the
 * kernel's, not the cost of a call the layer would add.  The cast goes through
 * void (*)(void), the type GCC takes for "any function" (-Wcast-function-type). */
int bp_isr_install(void (*handler)(void))
{
    if (!handler)
        return BP_EINVAL;
    return rc(tk_irq_attach(TK_IRQ_EXTERNAL, (void (*)(void *))handler, 0));
}

#if TK_IRQ_NESTING
/* The interrupt priorities of the nested-latency case: any two with external > software. */
#define LOW_IRQ_PRIO  1u
#define HIGH_IRQ_PRIO 2u

int bp_isr_install_low(void (*handler)(void))
{
    if (!handler)
        return BP_EINVAL;
    int r = tk_irq_attach(TK_IRQ_SOFTWARE, (void (*)(void *))handler, 0);
    if (r == TK_OK)
        r = tk_irq_set_priority(TK_IRQ_SOFTWARE, LOW_IRQ_PRIO);
    if (r == TK_OK)
        r = tk_irq_set_priority(TK_IRQ_EXTERNAL, HIGH_IRQ_PRIO);
    return rc(r);
}

void bp_isr_raise_low(void) { tk_irq_raise_software(); }
#endif

#ifdef TK_IRQ_DIRECT_EXTERNAL
int bp_isr_direct_enable(void) { return rc(tk_irq_direct_enable(1)); }
void bp_isr_direct_end(void) { tk_irq_direct_end(); }
#endif

int bp_mail_send(int id, uint32_t value)
{
    return VALID(id, BP_MAX_THREADS) ? rc(tk_mail_send(&threads[id], value)) : BP_EINVAL;
}

int bp_mail_send_isr(int id, uint32_t value)
{
    return VALID(id, BP_MAX_THREADS) ? rc(tk_mail_send_from_isr(&threads[id], value)) : BP_EINVAL;
}

int bp_mail_recv(uint32_t *value)
{
    uintptr_t w;
    int r = tk_mail_recv(&w, TK_FOREVER);
    *value = (uint32_t)w;
    return rc(r);
}

int bp_sem_create(int id, uint32_t initial)
{
    return VALID(id, BP_MAX_SEMS) ? rc(tk_sem_init(&sems[id], initial, UINT32_MAX)) : BP_EINVAL;
}

int bp_sem_get(int id)
{
    return VALID(id, BP_MAX_SEMS) ? tk_sem_pend(&sems[id], TK_FOREVER) : BP_EINVAL;
}

int bp_sem_put(int id)
{
    return VALID(id, BP_MAX_SEMS) ? tk_sem_post(&sems[id]) : BP_EINVAL;
}

int bp_sem_put_isr(int id)
{
    return VALID(id, BP_MAX_SEMS) ? tk_sem_post_from_isr(&sems[id]) : BP_EINVAL;
}

int bp_mutex_create(int id)
{
    return VALID(id, BP_MAX_MUTEXES) ? rc(tk_mutex_init(&mutexes[id])) : BP_EINVAL;
}

int bp_mutex_lock(int id)
{
    return VALID(id, BP_MAX_MUTEXES) ? tk_mutex_lock(&mutexes[id], TK_FOREVER) : BP_EINVAL;
}

int bp_mutex_unlock(int id)
{
    return VALID(id, BP_MAX_MUTEXES) ? tk_mutex_unlock(&mutexes[id]) : BP_EINVAL;
}

/* bp_node.link[0] is the tk_fifo_node (the node is the item's first member). */
int bp_fifo_create(int id)
{
    return VALID(id, BP_MAX_FIFOS) ? rc(tk_fifo_init(&fifos[id])) : BP_EINVAL;
}

int bp_fifo_put(int id, bp_node *node)
{
    return VALID(id, BP_MAX_FIFOS) ? rc(tk_fifo_put(&fifos[id], (struct tk_fifo_node *)node))
                                   : BP_EINVAL;
}

int bp_fifo_put_isr(int id, bp_node *node) { return bp_fifo_put(id, node); }

int bp_fifo_get(int id, bp_node **node)
{
    return VALID(id, BP_MAX_FIFOS) ? rc(tk_fifo_get(&fifos[id], (struct tk_fifo_node **)node))
                                   : BP_EINVAL;
}

int bp_msgq_create(int id)
{
    return VALID(id, BP_MAX_QUEUES)
               ? rc(tk_msgq_init(&msgqs[id], msgq_bufs[id], sizeof(bp_msg), BP_QUEUE_DEPTH))
               : BP_EINVAL;
}

int bp_msgq_send(int id, const bp_msg *msg)
{
    return VALID(id, BP_MAX_QUEUES) ? rc(tk_msgq_send(&msgqs[id], msg)) : BP_EINVAL;
}

int bp_msgq_send_isr(int id, const bp_msg *msg)
{
    return VALID(id, BP_MAX_QUEUES) ? rc(tk_msgq_send_from_isr(&msgqs[id], msg)) : BP_EINVAL;
}

int bp_msgq_recv(int id, bp_msg *msg)
{
    return VALID(id, BP_MAX_QUEUES) ? tk_msgq_recv(&msgqs[id], msg, TK_FOREVER) : BP_EINVAL;
}

int bp_bmq_create(int id)
{
    return VALID(id, BP_MAX_QUEUES)
               ? rc(tk_bmq_init(&bmqs[id], bmq_bufs[id], sizeof(bp_msg), BP_QUEUE_DEPTH))
               : BP_EINVAL;
}

int bp_bmq_send(int id, const bp_msg *msg)
{
    return VALID(id, BP_MAX_QUEUES) ? tk_bmq_send(&bmqs[id], msg, TK_FOREVER) : BP_EINVAL;
}

int bp_bmq_send_isr(int id, const bp_msg *msg)
{
    return VALID(id, BP_MAX_QUEUES) ? rc(tk_bmq_send_from_isr(&bmqs[id], msg)) : BP_EINVAL;
}

int bp_bmq_recv(int id, bp_msg *msg)
{
    return VALID(id, BP_MAX_QUEUES) ? tk_bmq_recv(&bmqs[id], msg, TK_FOREVER) : BP_EINVAL;
}

int bp_pool_create(int id)
{
    if (!VALID(id, BP_MAX_POOLS))
        return BP_EINVAL;
    return rc(tk_pool_init(&pools[id], pool_bufs[id], sizeof pool_bufs[id], BP_POOL_BLOCK,
                           BP_POOL_BLOCKS));
}

int bp_pool_alloc(int id, void **block)
{
    return VALID(id, BP_MAX_POOLS) ? rc(tk_pool_alloc(&pools[id], block)) : BP_EINVAL;
}

int bp_pool_free(int id, void *block)
{
    return VALID(id, BP_MAX_POOLS) ? rc(tk_pool_free(&pools[id], block)) : BP_EINVAL;
}

void *bp_malloc(size_t bytes)
{
    void *p;
    return tk_heap_alloc(&heap, bytes, &p) == TK_OK ? p : 0;
}

void bp_free(void *p)
{
    (void)tk_heap_free(&heap, p);
}

static void alarm_trampoline(struct tk_alarm *a, void *arg)
{
    const struct alarm_cb *cb = arg; /* not found from a - alarms: a division per call */
    (void)a;
    cb->fn(cb->arg);
}

int bp_alarm_start(int id, uint32_t period_ticks, void (*fn)(void *arg), void *arg)
{
    if (!VALID(id, BP_MAX_ALARMS) || !fn || period_ticks == 0)
        return BP_EINVAL;
    alarm_cbs[id].fn = fn;
    alarm_cbs[id].arg = arg;
    int r = tk_alarm_init(&alarms[id], alarm_trampoline, &alarm_cbs[id]);
    if (r == TK_OK)
        r = tk_alarm_start(&alarms[id], period_ticks, period_ticks);
    return rc(r);
}

void bp_sizes(void)
{
    bench_size("tcb", sizeof(struct tk_thread));
    bench_size("sem", sizeof(struct tk_sem));
    bench_size("waitq", sizeof(struct tk_waitq));
    bench_size("current", sizeof(struct tk_thread *));
}
