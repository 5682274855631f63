/* The benchmark porting layer: the only way a benchmark reaches a kernel.
 *
 * Every suite in bench/suites/ is written against this header alone (plus the
 * kernel-neutral helpers of bench/common/bench.h), so the very same benchmark source runs
 * on every kernel.  A kernel provides one C file implementing these calls, which includes
 * bench/common/bench.h (this header and the helpers a layer reports through: bench_size,
 * bench_fail), and a make fragment naming its sources: bench/ports/<kernel>/port.c and
 * port.mk (Tempo, FreeRTOS; docs/benchmarks.md "Porting layer").  In the spirit of Thread-Metric's tm_api.h: small,
 * kernel-neutral, objects named by small integer ids the benchmark chooses.
 *
 * Conventions for every call:
 * - Ids are 0 .. BP_MAX_<KIND>-1; the layer owns the objects (static storage).
 * - Calls return BP_OK (0) on success or a negative code; a benchmark treats any unexpected
 *   code as a failed run.  Where a suite tells failures apart the code is the BP_E* named in
 *   the call's comment (BP_EFULL, BP_EEMPTY, BP_ENOMEM); elsewhere a layer may pass its
 *   kernel's own negative code through, so that the wrapper stays a tail call.
 * - Context: "thread" calls only from a thread; "isr" calls only from the handler
 *   installed with bp_isr_install(); "init" calls from bp_start's entry before it blocks
 *   (they are also legal from any thread).
 * - Priorities: BP_PRIO_MIN (1, least urgent) .. BP_PRIO_MAX (15, most urgent); the layer
 *   maps them onto its kernel's scale.  Threads of equal priority run FIFO, no time slice.
 * - Time: the layer runs its kernel tick at BP_TICK_HZ (1 kHz: one mtime step on the paper
 *   SoC, the paper's configTICK_RATE_HZ). */
#ifndef TEMPO_BENCH_PORT_H
#define TEMPO_BENCH_PORT_H
#include <stddef.h>
#include <stdint.h>

#define BP_OK       0
#define BP_EINVAL  -1 /* bad id, argument or state */
#define BP_EFULL   -2 /* non-blocking send found the queue full */
#define BP_EEMPTY  -3 /* non-blocking receive found nothing */
#define BP_ENOMEM  -4 /* allocation failed */
#define BP_EKERNEL -5 /* the kernel reported any other error */

#define BP_MAX_THREADS 8 /* ids 0..7; id 0 is the thread bp_start creates */
#define BP_MAX_SEMS    4
#define BP_MAX_MUTEXES 2
#define BP_MAX_QUEUES  2 /* for each of msgq and bmq */
#define BP_MAX_FIFOS   1
#define BP_MAX_POOLS   1
#define BP_MAX_ALARMS  5
#define BP_PRIO_MIN    1
#define BP_PRIO_MAX    15
#define BP_TICK_HZ     1000
#define BP_MSG_WORDS   4 /* every queue carries 16-byte messages at both widths
                            (Thread-Metric's and Rhealstone's 4-word message) */
#define BP_QUEUE_DEPTH 4 /* capacity of every msgq and bmq, in messages */
#define BP_POOL_BLOCK  128 /* Thread-Metric memory test: 128-byte blocks */
#define BP_POOL_BLOCKS 4
#define BP_HEAP_BYTES  4096 /* arena behind bp_malloc (at least this many bytes) */

typedef struct {
    uint32_t w[BP_MSG_WORDS];
} bp_msg;

/* An item of the non-blocking FIFO.  `link` belongs to the layer while the item is queued
 * (room for an intrusive list node of up to two pointers); `value` is the benchmark's. */
typedef struct {
    void *link[2];
    uint32_t value;
} bp_node;

/* ---- start-up and threads ---- */

/* Initialise the kernel, create thread 0 at BP_PRIO_MAX running `entry`, and start
 * scheduling.  Never returns.  Called once from main(). */
void bp_start(void (*entry)(void)) __attribute__((noreturn));

/* Create thread `id` at `prio`, ready to run `entry` (entry must never return; it ends the
 * run with bench_exit or blocks forever).  The layer supplies the stack.  thread/init. */
int bp_thread_create(int id, int prio, void (*entry)(void));

/* Make suspended thread `id` ready again (switches at once if it is more urgent).  A
 * resume of a thread that is not suspended is an error.  thread. */
int bp_thread_resume(int id);

/* Same from the interrupt handler; the switch happens when the handler returns.  isr. */
int bp_thread_resume_isr(int id);

/* Suspend thread `id` (the caller itself included) until bp_thread_resume.  thread. */
int bp_thread_suspend(int id);

/* Yield to the next ready thread of the same priority; returns at once (no switch) when
 * there is none.  thread. */
int bp_yield(void);

/* Block the caller for `ticks` kernel ticks (1 ms each).  thread. */
int bp_sleep(uint32_t ticks);

/* ---- interrupts ---- */

/* Route the machine external interrupt (the simulator-control device, bsp/common/board.h
 * SIMCTL_IRQ_*) to `handler`, enable it, and return.  The layer's trap path calls
 * handler() in interrupt context, where the *_isr calls are legal; a thread made ready
 * there is switched to once, when the interrupt returns.  The handler acknowledges the
 * device itself (bench_irq_ack).  init. */
int bp_isr_install(void (*handler)(void));

/* Nested interrupts (only images built with -DBENCH_NESTING, for a kernel that nests them:
 * Tempo with TK_IRQ_NESTING=1; FreeRTOS on RISC-V does not).  Route a second, less urgent
 * interrupt source (Tempo: the CLINT software interrupt) to `handler` and make the external
 * one of bp_isr_install more urgent, so that it preempts `handler`.  init. */
int bp_isr_install_low(void (*handler)(void));
/* Raise that less urgent interrupt (its handler needs no acknowledgement). */
void bp_isr_raise_low(void);

/* A direct handler (only images built with -DBENCH_DIRECT, for a kernel that has one: Tempo
 * with TK_IRQ_DIRECT_EXTERNAL naming it, bench/bench.mk): the machine external interrupt goes
 * from the trap vector straight to the function defined with BP_ISR_DIRECT(name), which the
 * compiler saves for and returns from with mret; bp_isr_direct_enable enables the source
 * (init).  The handler may make the *_isr calls; if they made a thread ready, its last
 * statement is bp_isr_direct_end(), which switches to it at once (isr). */
#define BP_ISR_DIRECT(name) __attribute__((interrupt("machine"))) void name(void)
int bp_isr_direct_enable(void);
void bp_isr_direct_end(void);

/* ---- per-thread one-word mailbox (FreeRTOS: task notifications) ---- */

/* Post `value` to thread `id`'s mailbox (one word; a full mailbox is BP_EFULL).  thread. */
int bp_mail_send(int id, uint32_t value);
int bp_mail_send_isr(int id, uint32_t value); /* isr */
/* Block until the caller's own mailbox holds a word; take it.  thread. */
int bp_mail_recv(uint32_t *value);

/* ---- counting semaphores ---- */

int bp_sem_create(int id, uint32_t initial); /* init */
int bp_sem_get(int id);                      /* block until the count is > 0, take one; thread */
int bp_sem_put(int id);                      /* thread */
int bp_sem_put_isr(int id);                  /* isr */

/* ---- mutex with priority inheritance (Rhealstone deadlock break) ---- */

int bp_mutex_create(int id); /* init */
int bp_mutex_lock(int id);   /* block until free; the owner inherits the waiter's priority */
int bp_mutex_unlock(int id); /* owner only; drops the inherited priority.  thread */

/* ---- non-blocking FIFO (intrusive where the kernel allows) ---- */

int bp_fifo_create(int id);                      /* init */
int bp_fifo_put(int id, bp_node *node);          /* never blocks; thread */
int bp_fifo_put_isr(int id, bp_node *node);      /* isr */
/* Take the oldest item into *node, or BP_EEMPTY at once.  thread. */
int bp_fifo_get(int id, bp_node **node);

/* ---- message queue where only the receiver blocks (copied bp_msg) ---- */

int bp_msgq_create(int id);                     /* BP_QUEUE_DEPTH messages; init */
int bp_msgq_send(int id, const bp_msg *msg);    /* never blocks: BP_EFULL; thread */
int bp_msgq_send_isr(int id, const bp_msg *msg); /* isr */
int bp_msgq_recv(int id, bp_msg *msg);          /* blocks while empty; thread */

/* ---- bounded blocking queue: both sides block (also Thread-Metric's queue) ---- */

int bp_bmq_create(int id);                      /* BP_QUEUE_DEPTH messages; init */
int bp_bmq_send(int id, const bp_msg *msg);     /* blocks while full; thread */
int bp_bmq_send_isr(int id, const bp_msg *msg); /* never blocks: BP_EFULL; isr */
int bp_bmq_recv(int id, bp_msg *msg);           /* blocks while empty; thread */

/* ---- fixed-block memory pool: BP_POOL_BLOCKS blocks of BP_POOL_BLOCK bytes ---- */

int bp_pool_create(int id);              /* init */
int bp_pool_alloc(int id, void **block); /* BP_ENOMEM when exhausted; thread */
int bp_pool_free(int id, void *block);   /* thread */

/* ---- variable-size allocator (FreeRTOS: heap_4) over >= BP_HEAP_BYTES ---- */

void *bp_malloc(size_t bytes); /* NULL when it cannot; thread */
void bp_free(void *p);         /* thread */

/* ---- periodic alarms (FreeRTOS: software timers) ---- */

/* Call fn(arg) every `period_ticks` ticks from now on, until the run ends.  fn does a
 * few instructions of work and never blocks.  init/thread. */
int bp_alarm_start(int id, uint32_t period_ticks, void (*fn)(void *arg), void *arg);

/* ---- sizes for the analysis ---- */

/* Report the kernel's sizes that matter at this width, one bench_size() call each, with
 * these names where they apply: "tcb" (thread control block), "context" (bytes saved on a
 * voluntary switch), "frame" (bytes saved on an interrupt), "ready" (ready-list
 * structures), "current" (the current-thread variable).  Any extra names are shown too. */
void bp_sizes(void);

/* ---- the cycle counter (kernel-neutral; not implemented by a layer) ---- */

/* mcycle as the paper's firmware reads it; differences are taken modulo 2^XLEN. */
static inline uintptr_t bp_cycles(void)
{
    uintptr_t c;
    __asm__ volatile("rdcycle %0" : "=r"(c));
    return c;
}

#endif
