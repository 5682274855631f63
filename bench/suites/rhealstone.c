/* Rhealstone, all six tests (docs/benchmarks.md "Rhealstone"), with the paper's method after
 * the RTEMS implementation: time a loop of N rounds, subtract the same loop run empty (loop
 * overhead) and divide by the number of events.  One image per test, chosen with
 * -DBENCH_CASE=<function>.  Self-checks: the counters of the threads involved must show the
 * exact interleaving the test expects, and messages their contents.  Tick interrupts are not
 * excluded: like the paper, an average over the whole loop. */
#include "bench.h"

#define SUITE "rhealstone"

/* The paper (section III-B): N = 1,000 rounds. */
#define N 1000u
/* Interrupt latency: the interrupt is raised this far ahead of the arming store, plus a
 * varying 0..6 cycles so that it lands on different instructions of the interrupted loop. */
#define ILAT_LEAD 200u
#define ILAT_PHASES 7u

#define PRIO_LOW  4
#define PRIO_SAME 5
#define PRIO_MID  6
#define PRIO_HIGH 7
#define SEM_DONE  1

static volatile uint32_t count1, count2;
static volatile uintptr_t t_start;
static uint32_t loop_ovh, dir_ovh;

/* The figure of a test: (elapsed - loop) / events, in hundredths of a cycle (the paper's
 * method, section III-B).  Where RTEMS also subtracts a per-event "direct overhead" (an
 * operation doing part of the event's work without the event: a yield with nobody to switch
 * to, an uncontended lock, ...), that figure is printed too, as the variant named `variant`.
 * It is a cost only when the direct overhead really lacks the event: on FreeRTOS a yield with
 * no other task ready still traps and switches (to itself), so the subtraction leaves nothing
 * but noise.  The report publishes a variant only where it leaves a clear positive remainder
 * (bench/report/figures.py VARIANT_MIN_SHARE; docs/benchmarks.md "Rhealstone"). */
static void put_time(const char *metric, const char *variant, uint32_t elapsed, uint32_t events,
                     uint32_t loop, uint32_t direct)
{
    int64_t x100 = ((int64_t)elapsed - loop) * 100 / events;
    bench_result_avg(SUITE, metric, x100, events);
    if (variant)
        bench_result_avg(SUITE, variant, x100 - (int64_t)direct * 100, events);
    bench_note("elapsed", elapsed);
    bench_note("loop_overhead", loop);
    bench_note("direct_overhead", direct);
}

static void finish(void)
{
    bp_sizes();
    bench_done();
}

static void park(void)
{
    BENCH_OK(bp_thread_suspend(0));
    bench_fail("control thread resumed", 0, 0);
}

/* ---------------- task switch: two equal-priority threads yield ---------------- */

static void ts_second(void)
{
    t_start = bp_cycles();
    for (count1 = 0; count1 < N - 1; count1++)
        bp_yield();
    uint32_t elapsed = (uint32_t)(bp_cycles() - t_start);
    /* the first thread ran once between each pair of our yields */
    BENCH_EQ(count2, N - 2);
    /* 2(N-1) switches happened inside the window (RTEMS divides by 2N-1; we count them) */
    put_time("task switch", "task switch (direct overhead subtracted)", elapsed, 2u * (N - 1),
             loop_ovh, dir_ovh);
    finish();
}

static void ts_first(void)
{
    BENCH_OK(bp_yield()); /* let the second thread start */
    for (count2 = 0; count2 < N; count2++)
        bp_yield();
    bench_fail("task switch: first thread finished", count2, N - 2);
}

void rh_switch(void)
{
    uintptr_t t0 = bp_cycles();
    for (count1 = 0; count1 < N - 1; count1++)
        ;
    for (count2 = 0; count2 < N; count2++)
        ;
    loop_ovh = (uint32_t)(bp_cycles() - t0);
    /* direct overhead: one yield with no other thread at our priority (no switch) */
    t0 = bp_cycles();
    BENCH_OK(bp_yield());
    dir_ovh = (uint32_t)(bp_cycles() - t0);
    BENCH_OK(bp_thread_create(1, PRIO_SAME, ts_first));
    BENCH_OK(bp_thread_create(2, PRIO_SAME, ts_second));
    park();
}

/* ---------------- task preempt: low resumes high, high suspends itself ---------------- */

#define TP_HIGH 1
#define TP_LOW  2

static void tp_high(void)
{
    t_start = bp_cycles();
    BENCH_OK(bp_thread_suspend(TP_HIGH));
    for (; count1 < N - 1;)
        bp_thread_suspend(TP_HIGH);
    uint32_t elapsed = (uint32_t)(bp_cycles() - t_start);
    BENCH_EQ(count1, N - 1);
    put_time("task preempt", "task preempt (direct overhead subtracted)", elapsed, N - 1,
             loop_ovh, dir_ovh);
    finish();
}

static void tp_low(void)
{
    /* direct overhead: from high's self-suspend to here (one switch back, not a preemption) */
    dir_ovh = (uint32_t)(bp_cycles() - t_start);
    t_start = bp_cycles();
    for (count1 = 0; count1 < N; count1++)
        bp_thread_resume(TP_HIGH);
    bench_fail("task preempt: low thread finished", count1, N - 1);
}

void rh_preempt(void)
{
    uintptr_t t0 = bp_cycles();
    for (count1 = 0; count1 < 2u * N - 1u; count1++)
        ;
    loop_ovh = (uint32_t)(bp_cycles() - t0);
    count1 = 0;
    BENCH_OK(bp_thread_create(TP_HIGH, PRIO_HIGH, tp_high));
    BENCH_OK(bp_thread_create(TP_LOW, PRIO_LOW, tp_low));
    park();
}

/* ---------------- interrupt latency: raise -> first statement of the handler ---------------- */

static volatile uintptr_t t_handler;
static volatile uint32_t irq_flip;

static void il_handler(void)
{
    t_handler = bp_cycles();
    bench_irq_ack();
    irq_flip = 0;
}

/* The thread's loop: arm the raise at an exact cycle, spin until the handler has run, the
 * sample is the handler's counter read minus the raise. */
static void ilat_measure(const char *metric)
{
    struct bench_stat s;
    stat_init(&s);
    for (uint32_t i = 0; i < N; i++) {
        irq_flip = 1;
        uint64_t target = (uint64_t)bp_cycles() + ILAT_LEAD + i % ILAT_PHASES;
        bench_irq_at(target);
        bench_cold(); /* the handler's path cold; the spin loop warms again long before */
        while (irq_flip)
            ;
        /* the handler read the counter at its first statement; the raise was at `target` */
        stat_add(&s, (uint32_t)(t_handler - (uintptr_t)target));
    }
    bench_result(SUITE, metric, &s, 0);
    finish();
}

static void il_thread(void)
{
    ilat_measure("interrupt latency");
}

void rh_ilatency(void)
{
    BENCH_OK(bp_isr_install(il_handler));
    BENCH_OK(bp_thread_create(1, PRIO_LOW, il_thread));
    park();
}

/* ---------------- nested interrupt latency (-DBENCH_NESTING images only) ----------------
 * The same raise -> first statement of il_handler, for an external interrupt arriving while a
 * less urgent handler runs: the thread arms the interrupt ILAT_LEAD cycles ahead and raises the
 * low one at once; the low handler spins until il_handler has run.  Then the interrupt alone
 * in the same image (the kernel built for nesting), the figure the nested one is held to. */
#ifdef BENCH_NESTING
static volatile uint32_t low_active, low_seen;
static volatile uint32_t nested_ok;

static void nl_low(void)
{
    low_active = 1;
    while (irq_flip)
        ;
    low_active = 0;
    low_seen = 1;
}

static void nl_handler(void)
{
    t_handler = bp_cycles();
    bench_irq_ack();
    nested_ok = low_active;
    irq_flip = 0;
}

static void nl_measure(const char *metric, int nested)
{
    struct bench_stat s;
    stat_init(&s);
    for (uint32_t i = 0; i < N; i++) {
        irq_flip = 1;
        low_seen = 0;
        uint64_t target = (uint64_t)bp_cycles() + ILAT_LEAD + i % ILAT_PHASES;
        bench_irq_at(target);
        if (nested)
            bp_isr_raise_low();
        bench_cold();
        while (irq_flip || (nested && !low_seen))
            ;
        if (nested && !nested_ok)
            bench_fail("the interrupt did not arrive inside the low handler", i, 0);
        stat_add(&s, (uint32_t)(t_handler - (uintptr_t)target));
    }
    bench_result(SUITE, metric, &s, 0);
}

static void nl_thread(void)
{
    nl_measure("nested interrupt latency", 1);
    nl_measure("interrupt latency (nesting build)", 0);
    finish();
}

void rh_nlatency(void)
{
    BENCH_OK(bp_isr_install(nl_handler));
    BENCH_OK(bp_isr_install_low(nl_low));
    BENCH_OK(bp_thread_create(1, PRIO_LOW, nl_thread));
    park();
}
#endif

/* ---------------- interrupt latency, direct handler (-DBENCH_DIRECT images only) ------------
 * The same raise -> first statement as il_handler's, for a direct handler (bench/port.h
 * BP_ISR_DIRECT: reached from the trap vector with nothing saved, the compiler saving what it
 * uses), on the same thread loop. */
#ifdef BENCH_DIRECT
BP_ISR_DIRECT(dl_handler)
{
    t_handler = bp_cycles();
    bench_irq_ack();
    irq_flip = 0;
}

static void dl_thread(void)
{
    ilat_measure("interrupt latency (direct handler)");
}

void rh_dlatency(void)
{
    BENCH_OK(bp_isr_direct_enable());
    BENCH_OK(bp_thread_create(1, PRIO_LOW, dl_thread));
    park();
}
#endif

/* ---------------- semaphore shuffle: with and without the semaphore ---------------- */

static volatile int use_sem;
static volatile uint32_t done_count, iters[2];
static volatile uintptr_t t_end;

static void shuffle_body(int me)
{
    if (me == 0)
        t_start = bp_cycles();
    uint32_t i;
    for (i = 0; i < N; i++) {
        if (use_sem)
            bp_sem_get(0);
        bp_yield();
        if (use_sem)
            bp_sem_put(0);
        bp_yield();
    }
    iters[me] = i;
    if (++done_count == 2) {
        t_end = bp_cycles();
        BENCH_OK(bp_sem_put(SEM_DONE));
    }
    for (;;)
        bp_sleep(1000);
}
static void shuffle_a(void) { shuffle_body(0); }
static void shuffle_b(void) { shuffle_body(1); }

static uint32_t shuffle_run(int sem, int first_id)
{
    use_sem = sem;
    done_count = 0;
    iters[0] = iters[1] = 0;
    BENCH_OK(bp_thread_create(first_id, PRIO_SAME, shuffle_a));
    BENCH_OK(bp_thread_create(first_id + 1, PRIO_SAME, shuffle_b));
    BENCH_OK(bp_sem_get(SEM_DONE));
    BENCH_EQ(iters[0], N);
    BENCH_EQ(iters[1], N);
    return (uint32_t)(t_end - t_start);
}

void rh_semshuffle(void)
{
    BENCH_OK(bp_sem_create(0, 1));
    BENCH_OK(bp_sem_create(SEM_DONE, 0));
    uint32_t without = shuffle_run(0, 1);
    uint32_t with = shuffle_run(1, 3);
    /* RTEMS: 2N shuffles; the run without the semaphore is the overhead */
    put_time("semaphore shuffle", 0, with, 2u * N, without, 0);
    finish();
}

/* ---------------- deadlock break: priority inheritance resolves the inversion ---------------- */

static volatile int use_mutex;
static volatile uint32_t dl_mid_runs, dl_low_runs;
static volatile uintptr_t dl_elapsed;
static int dl_h, dl_m, dl_l;

static void dl_high(void)
{
    bp_thread_suspend(dl_h); /* parked until mid resumes us */
    t_start = bp_cycles();
    for (uint32_t i = 0; i < N; i++) {
        if (use_mutex)
            bp_mutex_lock(0); /* blocks: low holds it and inherits our priority */
        if (use_mutex)
            bp_mutex_unlock(0);
        bp_thread_suspend(dl_h);
    }
    dl_elapsed = bp_cycles() - t_start;
    BENCH_OK(bp_sem_put(SEM_DONE));
    bench_fail("deadlock break: high resumed after the run", 0, 0);
}

static void dl_mid(void)
{
    bp_thread_suspend(dl_m);
    for (;;) {
        dl_mid_runs++;
        bp_thread_resume(dl_h);
        bp_thread_suspend(dl_m);
    }
}

static void dl_low(void)
{
    for (;;) {
        dl_low_runs++;
        if (use_mutex)
            bp_mutex_lock(0);
        bp_thread_resume(dl_m);
        if (use_mutex)
            bp_mutex_unlock(0); /* high takes the mutex and preempts us */
    }
}

static uint32_t deadlock_run(int mutex, int first_id)
{
    use_mutex = mutex;
    dl_mid_runs = dl_low_runs = 0;
    dl_h = first_id;
    dl_m = first_id + 1;
    dl_l = first_id + 2;
    BENCH_OK(bp_thread_create(dl_h, PRIO_HIGH, dl_high));
    BENCH_OK(bp_thread_create(dl_m, PRIO_MID, dl_mid));
    BENCH_OK(bp_thread_create(dl_l, PRIO_LOW, dl_low));
    BENCH_OK(bp_sem_get(SEM_DONE));
    /* high ran N rounds; mid resumed it once per round and once to start it, low resumed
     * mid as often */
    BENCH_EQ(dl_mid_runs, N + 1);
    BENCH_EQ(dl_low_runs, N + 1);
    /* park the three threads (all ready) before the next run; only the last run (with the
     * mutex) ends with low holding it */
    BENCH_OK(bp_thread_suspend(dl_h));
    BENCH_OK(bp_thread_suspend(dl_m));
    BENCH_OK(bp_thread_suspend(dl_l));
    return (uint32_t)dl_elapsed;
}

void rh_deadlock(void)
{
    BENCH_OK(bp_mutex_create(0));
    BENCH_OK(bp_sem_create(SEM_DONE, 0));
    /* direct overhead: one uncontended lock */
    uintptr_t t0 = bp_cycles();
    BENCH_OK(bp_mutex_lock(0));
    uint32_t lock_ovh = (uint32_t)(bp_cycles() - t0);
    BENCH_OK(bp_mutex_unlock(0));
    uint32_t without = deadlock_run(0, 1);
    uint32_t with = deadlock_run(1, 4);
    put_time("deadlock break", "deadlock break (direct overhead subtracted)", with, N, without,
             lock_ovh);
    finish();
}

/* ---------------- intertask message latency: high blocks on a queue ---------------- */

#define ML_HIGH 2
static volatile uint32_t ml_sink; /* keeps the empty loop's accumulate from being optimised out */

static void ml_high(void)
{
    bp_msg m;
    /* direct overhead: a receive of a message already queued (no block, no switch) */
    uintptr_t t0 = bp_cycles();
    BENCH_OK(bp_bmq_recv(0, &m));
    dir_ovh = (uint32_t)(bp_cycles() - t0);
    BENCH_EQ(m.w[0], 0);
    uint32_t bad = 0;
    t_start = bp_cycles();
    for (count1 = 1; count1 < N; count1++) {
        bp_bmq_recv(0, &m);
        bad |= m.w[0] ^ count1;
    }
    uint32_t elapsed = (uint32_t)(bp_cycles() - t_start);
    BENCH_EQ(bad, 0);
    BENCH_EQ(m.w[1], ~(N - 1u));
    BENCH_EQ(m.w[3], 0x5A5A0000u + N - 1u);
    put_time("intertask message latency", "intertask message latency (direct overhead subtracted)",
             elapsed, N - 1, loop_ovh, dir_ovh);
    finish();
}

static void ml_low(void)
{
    bp_msg m = {{0, ~0u, 0, 0x5A5A0000u}};
    BENCH_OK(bp_bmq_send(0, &m));
    BENCH_OK(bp_thread_create(ML_HIGH, PRIO_HIGH, ml_high)); /* preempts us */
    for (uint32_t i = 1;; i++) {
        m.w[0] = i;
        m.w[1] = ~i;
        m.w[2] = i * 3u;
        m.w[3] = 0x5A5A0000u + i;
        bp_bmq_send(0, &m);
    }
}

void rh_mlatency(void)
{
    /* the loop of the measured thread, run empty (the same accumulate as in the run) */
    uint32_t bad = 0;
    bp_msg m = {{0, 0, 0, 0}};
    uintptr_t t0 = bp_cycles();
    for (count1 = 1; count1 < N; count1++)
        bad |= m.w[0] ^ count1;
    loop_ovh = (uint32_t)(bp_cycles() - t0);
    ml_sink = bad;
    BENCH_OK(bp_bmq_create(0));
    BENCH_OK(bp_thread_create(1, PRIO_LOW, ml_low));
    park();
}

#ifndef BENCH_CASE
#error "build with -DBENCH_CASE=rh_switch (or rh_preempt, ...)"
#endif

BENCH_MAIN(SUITE, BENCH_STR(BENCH_CASE), BENCH_CASE)
