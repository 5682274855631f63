/* Thread-Metric, all eight tests (docs/benchmarks.md section 3; originally ThreadX's
 * utility/benchmarks/thread_metric), written here against bench/port.h.  Each test counts the
 * operations completed in a fixed period of simulated time; one image per test, chosen with
 * -DBENCH_CASE=<function>.  The reporter is thread 0 (most urgent): it sleeps through the
 * period and reads the counters on both sides of it; the counters of the threads of a test
 * must agree within +/-1 (the original criterion). */
#include "bench.h"

#define SUITE "thread-metric"

/* The period: TM_PERIOD_TICKS kernel ticks of 1 ms, i.e. 100 ms of simulated time
 * (10,000,000 cycles at 100 MHz) instead of the original 30 s (a shorter simulated period
 * is allowed when it is stated: docs/benchmarks.md). */
#define TM_PERIOD_TICKS 100u
/* Basic processing: the work per operation (the original uses a 1,024-word array; a quarter
 * of it fits the paper SoC's 32 KiB data memory with room for every stack). */
#define TM_BASIC_WORDS 256u

#define TM_THREADS 5
static volatile uint32_t counter[TM_THREADS + 1];
static int n_counters;
static const char *metric;

/* Counters agree within +/-1 of their average (the original Thread-Metric check). */
static void check_consistent(const uint32_t *c, int n)
{
    uint64_t sum = 0;
    for (int k = 0; k < n; k++)
        sum += c[k];
    int64_t avg = (int64_t)(sum / (uint64_t)n);
    for (int k = 0; k < n; k++)
        if ((int64_t)c[k] < avg - 1 || (int64_t)c[k] > avg + 1)
            bench_fail("Thread-Metric counters differ by more than 1", c[k], avg);
}

/* Reporter: warm up one tick, then count over exactly the period. */
static void report(void)
{
    uint32_t before[TM_THREADS + 1], after[TM_THREADS + 1];
    BENCH_OK(bp_sleep(1));
    uintptr_t c0 = bp_cycles();
    for (int k = 0; k < n_counters; k++)
        before[k] = counter[k];
    BENCH_OK(bp_sleep(TM_PERIOD_TICKS));
    for (int k = 0; k < n_counters; k++)
        after[k] = counter[k];
    uintptr_t c1 = bp_cycles();
    uint32_t total = 0;
    for (int k = 0; k < n_counters; k++)
        total += after[k] - before[k];
    if (total == 0)
        bench_fail("Thread-Metric: no operation completed", 0, 1);
    if (n_counters > 1)
        check_consistent(after, n_counters);
    bench_tm_result(metric, total, (uint32_t)(c1 - c0));
    bp_sizes();
    bench_done();
}

static void start(const char *name, int counters)
{
    metric = name;
    n_counters = counters;
}

/* ---------------- 1. basic processing (no kernel calls) ---------------- */

static volatile uint32_t basic[TM_BASIC_WORDS];

static void basic_thread(void)
{
    for (;;) {
        for (uint32_t i = 0; i < TM_BASIC_WORDS; i++)
            basic[i] = (basic[i] + i) ^ 0xF0F0F0F0u;
        counter[0]++;
    }
}

void tm_basic(void)
{
    start("basic processing", 1);
    BENCH_OK(bp_thread_create(1, 2, basic_thread));
    report();
}

/* ---------------- 2. cooperative scheduling (5 equal threads, relinquish) ---------------- */

static void coop(int k)
{
    for (;;) {
        counter[k]++;
        bp_yield();
    }
}
static void coop0(void) { coop(0); }
static void coop1(void) { coop(1); }
static void coop2(void) { coop(2); }
static void coop3(void) { coop(3); }
static void coop4(void) { coop(4); }
static void (*const coop_fn[TM_THREADS])(void) = {coop0, coop1, coop2, coop3, coop4};

void tm_coop(void)
{
    start("cooperative scheduling", TM_THREADS);
    for (int k = 0; k < TM_THREADS; k++)
        BENCH_OK(bp_thread_create(k + 1, 5, coop_fn[k]));
    report();
}

/* ---------------- 3. preemptive scheduling (5 priorities, resume chain) ---------------- */

/* Thread k has priority 2 + k and id k + 1; all but the lowest wait suspended. */
static void preempt(int k)
{
    if (k > 0)
        BENCH_OK(bp_thread_suspend(k + 1));
    for (;;) {
        if (k < TM_THREADS - 1)
            BENCH_OK(bp_thread_resume(k + 2)); /* runs it (and the chain above) at once */
        counter[k]++;
        if (k > 0)
            BENCH_OK(bp_thread_suspend(k + 1));
    }
}
static void pre0(void) { preempt(0); }
static void pre1(void) { preempt(1); }
static void pre2(void) { preempt(2); }
static void pre3(void) { preempt(3); }
static void pre4(void) { preempt(4); }
static void (*const pre_fn[TM_THREADS])(void) = {pre0, pre1, pre2, pre3, pre4};

void tm_preempt(void)
{
    start("preemptive scheduling", TM_THREADS);
    for (int k = 0; k < TM_THREADS; k++)
        BENCH_OK(bp_thread_create(k + 1, 2 + k, pre_fn[k]));
    report();
}

/* ---------------- 4. interrupt processing (handler posts a semaphore) ---------------- */

static void irq_post(void)
{
    bench_irq_ack();
    counter[1]++;
    BENCH_OK(bp_sem_put_isr(0));
}

static void irq_thread(void)
{
    for (;;) {
        bench_irq_raise();
        BENCH_OK(bp_sem_get(0));
        counter[0]++;
    }
}

void tm_irq(void)
{
    start("interrupt processing", 2);
    BENCH_OK(bp_sem_create(0, 0));
    BENCH_OK(bp_isr_install(irq_post));
    BENCH_OK(bp_thread_create(1, 2, irq_thread));
    report();
}

/* ---------------- 5. interrupt preemption (handler resumes a higher thread) ---------------- */

#define IP_HIGH 2

static void ip_handler(void)
{
    bench_irq_ack();
    counter[1]++;
    BENCH_OK(bp_thread_resume_isr(IP_HIGH));
}

static void ip_high(void)
{
    for (;;) {
        BENCH_OK(bp_thread_suspend(IP_HIGH));
        counter[2]++;
    }
}

static void ip_low(void)
{
    for (;;) {
        bench_irq_raise(); /* the handler resumes ip_high, which preempts us */
        counter[0]++;
    }
}

void tm_irqpre(void)
{
    start("interrupt preemption processing", 3);
    BENCH_OK(bp_isr_install(ip_handler));
    BENCH_OK(bp_thread_create(IP_HIGH, 4, ip_high));
    BENCH_OK(bp_thread_create(1, 2, ip_low));
    report();
}

/* ---------------- 6. message processing (16-byte send + receive) ---------------- */

static void msg_thread(void)
{
    bp_msg out, in;
    for (uint32_t i = 0;; i++) {
        out.w[0] = i;
        out.w[1] = i ^ 0x1234u;
        out.w[2] = ~i;
        out.w[3] = i * 7u;
        BENCH_OK(bp_bmq_send(0, &out));
        BENCH_OK(bp_bmq_recv(0, &in));
        if (in.w[0] != i || in.w[1] != (i ^ 0x1234u) || in.w[2] != ~i || in.w[3] != i * 7u)
            bench_fail("Thread-Metric message contents", in.w[0], i);
        counter[0]++;
    }
}

void tm_msg(void)
{
    start("message processing", 1);
    BENCH_OK(bp_bmq_create(0));
    BENCH_OK(bp_thread_create(1, 2, msg_thread));
    report();
}

/* ---------------- 7. synchronization processing (semaphore get + put) ---------------- */

static void sync_thread(void)
{
    for (;;) {
        BENCH_OK(bp_sem_get(0));
        BENCH_OK(bp_sem_put(0));
        counter[0]++;
    }
}

void tm_sync(void)
{
    start("synchronization processing", 1);
    BENCH_OK(bp_sem_create(0, 1));
    BENCH_OK(bp_thread_create(1, 2, sync_thread));
    report();
}

/* ---------------- 8. memory allocation (128-byte block allocate + free) ---------------- */

static void mem_thread(void)
{
    for (uint32_t i = 0;; i++) {
        void *p;
        BENCH_OK(bp_pool_alloc(0, &p));
        volatile uint8_t *b = p;
        b[0] = (uint8_t)i;
        b[BP_POOL_BLOCK - 1] = (uint8_t)~i;
        if (b[0] != (uint8_t)i || b[BP_POOL_BLOCK - 1] != (uint8_t)~i)
            bench_fail("Thread-Metric pool block", b[0], (uint8_t)i);
        BENCH_OK(bp_pool_free(0, p));
        counter[0]++;
    }
}

void tm_mem(void)
{
    start("memory allocation", 1);
    BENCH_OK(bp_pool_create(0));
    BENCH_OK(bp_thread_create(1, 2, mem_thread));
    report();
}

#ifndef BENCH_CASE
#error "build with -DBENCH_CASE=tm_basic (or tm_coop, ...)"
#endif

BENCH_MAIN(SUITE, BENCH_STR(BENCH_CASE), BENCH_CASE)
