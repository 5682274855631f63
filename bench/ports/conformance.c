/* Conformance test of a kernel's benchmark layer (bench/ports/<kernel>/port.c) against the
 * contract of bench/port.h: every call, its error codes, wake order, priority inheritance,
 * the *_isr calls from the simulator's interrupt device, alarms and sleep.  The same test for
 * every kernel: what differs (its name, its stacks) comes from the layer's
 * bench/ports/<kernel>/bp_conformance.h, found on the include path (docs/benchmarks.md
 * "Porting layer").  Runs on tempo-sim (the interrupt device exists only there); built with
 * -DCONF_ON_QEMU it runs on QEMU virt without the interrupt and cycle-rate checks.  Prints
 * "<name>: PASS" and exits 0, or "<name>: FAIL ..." and exits 1.
 *
 * bp_conformance.h defines
 *   CONF_NAME                   the prefix of every line ("fr-port")
 *   CONF_STACK_UNUSED_WORDS(id) words of benchmark thread id's stack never used
 *   CONF_STACK_WORDS_MIN_FREE   ... of which at least this many must be left
 *   CONF_ISR_STACK_UNUSED()     bytes of the interrupt stack never used
 *   CONF_ISR_STACK_MIN_FREE     ... of which at least this many must be left
 * and optionally CONF_NO_HEAP: the kernel has no variable-size allocator (bp_malloc returns
 * NULL) */
#include <stdint.h>
#include "bench.h"
#include "bsp.h"
#include "board.h"
#include "bp_conformance.h"

#define CONF_EXIT_CHECK 1

static int failures;

static void expect(int64_t got, int64_t want, const char *what, int line)
{
    if (got == want)
        return;
    board_puts(CONF_NAME ": FAIL ");
    board_puts(what);
    board_puts(" line ");
    board_put_uint((uint64_t)line);
    board_puts(": got ");
    if (got < 0) {
        board_putc('-');
        got = -got;
    }
    board_put_uint((uint64_t)got);
    board_puts("\n");
    failures++;
}
#define EXPECT(got, want) expect((int64_t)(got), (int64_t)(want), #got, __LINE__)

/* bp_sizes() reports through bench_size (bench/common in the suites): print it here. */
static uint32_t sizes_seen;
void bench_size(const char *name, uint32_t bytes)
{
    board_puts(CONF_NAME ": size ");
    board_puts(name);
    board_puts("=");
    board_put_uint(bytes);
    board_puts("\n");
    sizes_seen++;
}

/* bp_sizes() fails a run through bench_fail (bench/common in the suites). */
void bench_fail(const char *what, int64_t got, int64_t expected)
{
    expect(got, expected, what, 0);
    board_exit(CONF_EXIT_CHECK);
}

/* An event log: who ran in which order. */
static char order[32];
static volatile unsigned order_len;
static void mark(char c)
{
    if (order_len < sizeof order - 1)
        order[order_len++] = c;
}
static int order_is(const char *want)
{
    unsigned i = 0;
    for (; want[i]; i++)
        if (i >= order_len || order[i] != want[i])
            return 0;
    return i == order_len;
}
static void order_reset(void) { order_len = 0; }

/* Thread 0 lets the less urgent threads run with bp_sleep(2), never 1: the next tick may be
 * only a few cycles away, two ticks leave them at least one whole tick (100,000 cycles). */
static void park(void)
{
    for (;;)
        bp_sleep(1000);
}

/* ---- threads, yield, suspend/resume ---- */
/* After its yields, thread 1 is the low thread of the priority-inheritance test. */
static void yielder_a(void)
{
    for (int i = 0; i < 3; i++) {
        mark('a');
        bp_yield();
    }
    EXPECT(bp_sem_get(1), BP_OK);
    EXPECT(bp_mutex_lock(0), BP_OK);
    mark('L');
    EXPECT(bp_sem_get(1), BP_OK);
    mark('U');
    EXPECT(bp_mutex_unlock(0), BP_OK);
    mark('P');
    park();
}
static void yielder_b(void)
{
    for (int i = 0; i < 3; i++) {
        mark('b');
        bp_yield();
    }
    park();
}
static void self_suspender(void)
{
    for (;;) {
        mark('s');
        EXPECT(bp_thread_suspend(3), BP_OK);
        mark('r');
    }
}

static void test_threads(void)
{
    EXPECT(bp_thread_create(-1, 5, yielder_a), BP_EINVAL);
    EXPECT(bp_thread_create(BP_MAX_THREADS, 5, yielder_a), BP_EINVAL);
    EXPECT(bp_thread_create(1, 0, yielder_a), BP_EINVAL);
    EXPECT(bp_thread_create(1, BP_PRIO_MAX + 1, yielder_a), BP_EINVAL);
    EXPECT(bp_thread_create(1, 5, 0), BP_EINVAL);
    EXPECT(bp_thread_create(0, 5, yielder_a), BP_EINVAL); /* id 0 is taken by bp_start */
    EXPECT(bp_yield(), BP_OK);                             /* alone at its priority */
    EXPECT(bp_sem_create(1, 0), BP_OK);
    EXPECT(bp_mutex_lock(0), BP_EINVAL); /* not created yet */
    EXPECT(bp_mutex_create(0), BP_OK);
    EXPECT(bp_mutex_create(0), BP_EINVAL);

    /* Equal priority: FIFO, alternating on yield; they run only when thread 0 sleeps. */
    order_reset();
    EXPECT(bp_thread_create(1, 3, yielder_a), BP_OK);
    EXPECT(bp_thread_create(2, 3, yielder_b), BP_OK);
    EXPECT(order_len, 0);
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(order_is("ababab"), 1);

    /* A more urgent thread runs at once when created and when resumed. */
    order_reset();
    EXPECT(bp_thread_resume(3), BP_EINVAL); /* does not exist yet */
    EXPECT(bp_thread_create(3, 14, self_suspender), BP_OK);
    EXPECT(order_is(""), 1); /* 14 < 15: thread 0 keeps running */
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(order_is("s"), 1);
    EXPECT(bp_thread_resume(3), BP_OK);
    EXPECT(order_is("s"), 1); /* less urgent than thread 0: waits */
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(order_is("srs"), 1);
    EXPECT(bp_thread_resume(3), BP_OK);
    EXPECT(bp_thread_resume(3), BP_EINVAL); /* already resumed, not suspended */
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(order_is("srsrs"), 1);
    EXPECT(bp_thread_suspend(BP_MAX_THREADS), BP_EINVAL);
}

/* ---- mailbox, semaphores, queues between two threads ---- */
static volatile uint32_t mail_got;
static bp_msg msg_got;
static void mail_receiver(void)
{
    for (;;) {
        uint32_t v;
        EXPECT(bp_mail_recv(&v), BP_OK);
        mail_got = v;
        mark('m');
    }
}
static void sem_taker(void)
{
    for (;;) {
        EXPECT(bp_sem_get(0), BP_OK);
        mark('g');
    }
}
static void msgq_receiver(void)
{
    for (;;) {
        EXPECT(bp_msgq_recv(0, &msg_got), BP_OK);
        mark('q');
    }
}
static void bmq_sender(void)
{
    bp_msg m = {{0, 0, 0, 0}};
    for (uint32_t i = 0; i < BP_QUEUE_DEPTH + 2; i++) {
        m.w[0] = i;
        m.w[3] = ~i;
        EXPECT(bp_bmq_send(0, &m), BP_OK);
        mark('S');
    }
    park();
}

static void test_objects(void)
{
    EXPECT(bp_mail_recv(0), BP_EINVAL);
    EXPECT(bp_mail_send(BP_MAX_THREADS, 1), BP_EINVAL);
    EXPECT(bp_thread_create(4, 10, mail_receiver), BP_OK);
    EXPECT(bp_sleep(2), BP_OK); /* let it block in receive */
    order_reset();
    EXPECT(bp_mail_send(4, 0x1234u), BP_OK);
    EXPECT(bp_mail_send(4, 0x5678u), BP_EFULL); /* one word, not yet taken */
    EXPECT(order_is(""), 1);
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(order_is("m"), 1);
    EXPECT(mail_got, 0x1234u);

    EXPECT(bp_sem_create(BP_MAX_SEMS, 0), BP_EINVAL);
    EXPECT(bp_sem_create(0, 2), BP_OK);
    EXPECT(bp_sem_create(0, 0), BP_EINVAL); /* twice */
    EXPECT(bp_sem_get(2), BP_EINVAL);       /* never created */
    order_reset();
    EXPECT(bp_thread_create(5, 10, sem_taker), BP_OK);
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(order_is("gg"), 1); /* the initial count of 2, then it blocks */
    EXPECT(bp_sem_put(0), BP_OK);
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(order_is("ggg"), 1);

    bp_node nodes[9], *got;
    EXPECT(bp_fifo_get(0, &got), BP_EINVAL);
    EXPECT(bp_fifo_create(0), BP_OK);
    EXPECT(bp_fifo_get(0, &got), BP_EEMPTY);
    EXPECT(bp_fifo_put(0, 0), BP_EINVAL);
    int put_ok = 0;
    for (int i = 0; i < 9; i++) {
        nodes[i].value = (uint32_t)i;
        if (bp_fifo_put(0, &nodes[i]) == BP_OK)
            put_ok++;
    }
    EXPECT(put_ok >= 1, 1);
    for (int i = 0; i < put_ok; i++) {
        EXPECT(bp_fifo_get(0, &got), BP_OK);
        EXPECT(got->value, (uint32_t)i); /* first in, first out */
    }
    EXPECT(bp_fifo_get(0, &got), BP_EEMPTY);

    bp_msg m = {{1, 2, 3, 4}};
    EXPECT(bp_msgq_send(0, &m), BP_EINVAL);
    EXPECT(bp_msgq_create(0), BP_OK);
    for (int i = 0; i < BP_QUEUE_DEPTH; i++)
        EXPECT(bp_msgq_send(0, &m), BP_OK);
    EXPECT(bp_msgq_send(0, &m), BP_EFULL); /* never blocks */
    order_reset();
    EXPECT(bp_thread_create(6, 10, msgq_receiver), BP_OK);
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(order_is("qqqq"), 1);
    m.w[2] = 0xabcdu;
    EXPECT(bp_msgq_send(0, &m), BP_OK);
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(msg_got.w[2], 0xabcdu);
    EXPECT(msg_got.w[3], 4u);

    /* bmq: the sender blocks once the queue is full, the receiver unblocks it. */
    EXPECT(bp_bmq_create(0), BP_OK);
    order_reset();
    EXPECT(bp_thread_create(7, 10, bmq_sender), BP_OK);
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(order_is("SSSS"), 1); /* BP_QUEUE_DEPTH sends, then blocked */
    bp_msg r;
    for (uint32_t i = 0; i < BP_QUEUE_DEPTH + 2; i++) {
        EXPECT(bp_bmq_recv(0, &r), BP_OK);
        EXPECT(r.w[0], i);
        EXPECT(r.w[3], ~i);
        EXPECT(bp_sleep(2), BP_OK);
    }
    EXPECT(order_is("SSSSSS"), 1);
}

/* ---- mutex: ownership and priority inheritance ---- */
static void test_mutex(void)
{
    EXPECT(bp_mutex_unlock(0), BP_EINVAL); /* not the owner */
    EXPECT(bp_mutex_lock(0), BP_OK);
    EXPECT(bp_mutex_unlock(0), BP_OK);
    EXPECT(bp_mutex_unlock(0), BP_EINVAL);

    /* low (thread 1, priority 3) takes the mutex and waits on semaphore 1 holding it. */
    EXPECT(bp_sem_put(1), BP_OK);
    order_reset();
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(order_is("L"), 1);
    /* low made ready, mid (mail_receiver, priority 10) made ready; thread 0 (15) blocks on
     * the mutex: low inherits 15 and runs before mid ("U"), then drops back to 3 when it
     * unlocks, so thread 0 runs before low's "P" and mid runs before it too. */
    order_reset();
    EXPECT(bp_sem_put(1), BP_OK);
    EXPECT(bp_mail_send(4, 7), BP_OK);
    EXPECT(bp_mutex_lock(0), BP_OK);
    EXPECT(order_is("U"), 1);
    EXPECT(bp_mutex_unlock(0), BP_OK);
    EXPECT(bp_sleep(2), BP_OK);
    EXPECT(order_is("UmP"), 1);
    EXPECT(mail_got, 7u);
}

/* ---- pool, heap, alarms, sizes ---- */
static volatile uint32_t alarm_counts[2];
static void alarm_fn(void *arg) { alarm_counts[(uintptr_t)arg]++; }

static void test_memory_and_time(void)
{
    void *blocks[BP_POOL_BLOCKS + 1];
    EXPECT(bp_pool_alloc(0, &blocks[0]), BP_EINVAL);
    EXPECT(bp_pool_create(0), BP_OK);
    for (int i = 0; i < BP_POOL_BLOCKS; i++) {
        EXPECT(bp_pool_alloc(0, &blocks[i]), BP_OK);
        ((uint8_t *)blocks[i])[BP_POOL_BLOCK - 1] = (uint8_t)i;
    }
    EXPECT(bp_pool_alloc(0, &blocks[BP_POOL_BLOCKS]), BP_ENOMEM);
    EXPECT(bp_pool_free(0, order), BP_EINVAL); /* not a pool block */
    for (int i = 0; i < BP_POOL_BLOCKS; i++)
        EXPECT(bp_pool_free(0, blocks[i]), BP_OK);
    EXPECT(bp_pool_alloc(0, &blocks[0]), BP_OK);
    EXPECT(bp_pool_free(0, blocks[0]), BP_OK);

#if defined(CONF_NO_HEAP) /* the kernel has no variable-size allocator: bp_malloc says so */
    EXPECT(bp_malloc(24) == 0, 1);
#else
    void *p = bp_malloc(BP_HEAP_BYTES);
    EXPECT(p != 0, 1);
    bp_free(p);
    void *a = bp_malloc(24), *b = bp_malloc(200);
    EXPECT(a != 0 && b != 0 && a != b, 1);
    bp_free(a);
    bp_free(b);
#endif

    EXPECT(bp_alarm_start(0, 0, alarm_fn, 0), BP_EINVAL);
    EXPECT(bp_alarm_start(BP_MAX_ALARMS, 1, alarm_fn, 0), BP_EINVAL);
    uintptr_t t0 = bp_cycles();
    EXPECT(bp_alarm_start(0, 1, alarm_fn, (void *)0), BP_OK);
    EXPECT(bp_alarm_start(1, 3, alarm_fn, (void *)1), BP_OK);
    EXPECT(bp_alarm_start(1, 3, alarm_fn, (void *)1), BP_EINVAL);
    EXPECT(bp_sleep(30), BP_OK);
    uintptr_t slept = bp_cycles() - t0;
    EXPECT(alarm_counts[0] >= 29 && alarm_counts[0] <= 31, 1);
    EXPECT(alarm_counts[1] >= 9 && alarm_counts[1] <= 11, 1);
    /* docs/timing.md "Clock": 100 MHz core; a 1 kHz tick is 100,000 cycles on both SoCs. */
    const uint64_t tick_cycles = 100000000u / BP_TICK_HZ;
#if !defined(CONF_ON_QEMU) /* QEMU's cycle counter does not run at the modelled 100 MHz */
    EXPECT(slept >= 29 * tick_cycles && slept <= 31 * tick_cycles, 1);
#else
    (void)slept;
    (void)tick_cycles;
#endif

    sizes_seen = 0;
    bp_sizes();
    EXPECT(sizes_seen >= 5, 1);
}

/* ---- interrupts: every *_isr call from the simulator's device ---- */
static volatile int isr_step;
static volatile uint32_t isr_runs;
static bp_node isr_node = {{0, 0}, 77};
static void isr_handler(void)
{
    bench_irq_ack();
    isr_runs++;
    bp_msg m = {{9, 8, 7, (uint32_t)isr_step}};
    switch (isr_step) {
    case 0: EXPECT(bp_sem_put_isr(0), BP_OK); break;       /* wakes sem_taker (5) */
    case 1: EXPECT(bp_mail_send_isr(4, 42), BP_OK); break; /* wakes mail_receiver (4) */
    case 2: EXPECT(bp_msgq_send_isr(0, &m), BP_OK); break; /* wakes msgq_receiver (6) */
    case 3: EXPECT(bp_thread_resume_isr(3), BP_OK); break; /* resumes self_suspender (3) */
    default: /* nobody waits: thread 0 keeps running, the items wait for it */
        EXPECT(bp_fifo_put_isr(0, &isr_node), BP_OK);
        EXPECT(bp_bmq_send_isr(0, &m), BP_OK);
        EXPECT(bp_thread_resume_isr(1), BP_EINVAL); /* sleeping, not suspended */
        break;
    }
}

static __attribute__((unused)) void test_isr(void)
{
    EXPECT(bp_isr_install(0), BP_EINVAL);
    EXPECT(bp_isr_install(isr_handler), BP_OK);
    static const char want[] = {'g', 'm', 'q', 'r'};
    for (isr_step = 0; isr_step < 4; isr_step++) {
        order_reset();
        bench_irq_after(200);
        /* the handler runs while thread 0 sleeps: 2 ticks, as the next tick may be closer
         * than 200 cycles */
        EXPECT(bp_sleep(2), BP_OK);
        /* the woken thread ran right after the handler (the most urgent ready one) */
        EXPECT(order_len >= 1 && order[0] == want[isr_step], 1);
    }
    EXPECT(isr_runs, 4u);
    EXPECT(mail_got, 42u);
    EXPECT(msg_got.w[3], 2u);
    bench_irq_after(50);
    for (volatile int i = 0; i < 200; i++) {
    }
    EXPECT(isr_runs, 5u);
    bp_node *got;
    EXPECT(bp_fifo_get(0, &got), BP_OK);
    EXPECT(got->value, 77u);
    bp_msg r;
    EXPECT(bp_bmq_recv(0, &r), BP_OK);
    EXPECT(r.w[0] == 9 && r.w[3] == 4, 1);
}

/* Headroom: every stack this layer and board set up kept enough unused. */
static void test_stack_headroom(void)
{
    for (int id = 0; id < BP_MAX_THREADS; id++) {
        size_t unused = CONF_STACK_UNUSED_WORDS(id);
        board_puts(CONF_NAME ": thread ");
        board_put_uint((uint64_t)id);
        board_puts(" stack words unused ");
        board_put_uint(unused);
        board_puts("\n");
        EXPECT(unused >= CONF_STACK_WORDS_MIN_FREE, 1);
    }
    size_t isr_unused = CONF_ISR_STACK_UNUSED();
    board_puts(CONF_NAME ": ISR stack bytes unused ");
    board_put_uint(isr_unused);
    board_puts("\n");
    EXPECT(isr_unused >= CONF_ISR_STACK_MIN_FREE, 1);
}

static void thread0(void)
{
    test_threads();
    test_objects();
    test_mutex();
    test_memory_and_time();
#if defined(CONF_ON_QEMU) /* no simulator-control device to raise interrupts */
    board_puts(CONF_NAME ": interrupt tests skipped (no simulator-control device)\n");
#else
    test_isr();
#endif
    test_stack_headroom();
    board_puts(failures ? CONF_NAME ": FAIL\n" : CONF_NAME ": PASS\n");
    board_exit(failures ? CONF_EXIT_CHECK : 0);
}

int main(void)
{
    bp_start(thread0);
}
