/* The kernel metric suite (docs/benchmarks.md section 1: the metrics of a published
 * kernel-metric table, CH32V307 row).  One image per metric, chosen at build time with
 * -DBENCH_CASE=<function>.  Every sample is the cycle difference between a counter read before
 * the operation and one in the thread (or handler) that observes its effect, minus the cost of
 * the read itself (bench_read_overhead).  A flip variable checks that the two sides alternate
 * strictly, and every message carries its sequence number, checked on arrival.
 *
 * Samples during which the CLINT mtime changed may hold a timer tick: they are excluded and
 * counted ("NOTE excluded=N"), and the run continues until BENCH_ROUNDS samples are kept; their
 * number and the slowest of them are reported apart (tick_result: the worst case with a
 * tick interrupt inside the window, on a kernel that takes one).
 * Every kept sample is also counted in a histogram (bench_hist), printed after the figure. */
#include "bench.h"
#include "bsp/common/bsp.h" /* board_puts: the TICK line */

#define SUITE "kernel-metrics"

/* Thread ids and priorities (bench/port.h scale: bigger is more urgent). */
#define ID_A     1 /* the sender / first yielder */
#define ID_B     2 /* the receiver / second yielder */
#define PRIO_LOW 4
#define PRIO_HIGH 6

/* /I cases: the interrupt is armed this many cycles ahead, while the sender spins. */
#define IRQ_DELAY 16u
/* Mem: sizes drawn from 8..MEM_MAX_BYTES, 8 blocks per round (docs/benchmarks.md). */
#define MEM_BLOCKS    8
#define MEM_MAX_BYTES 256u
/* Alrm: periods of the five alarms (docs/benchmarks.md) and the run lengths in ticks: two
 * hyperperiods (lcm(1,2,3,5,7) = 210) with the alarms, one without. */
#define ALRM_HYPER      210u
#define ALRM_TICKS      (2u * ALRM_HYPER)
#define ALRM_BASE_TICKS ALRM_HYPER
/* Alrm: loop iterations timed to find the iteration cost before each run. */
#define ALRM_CALIBRATE 64
/* Alrm: the gaps are kept whole for the histogram, in a power of two of slots above the most
 * a run may have (one per tick, +1; checked). */
#define ALRM_GAPS_MAX  (ALRM_TICKS + 1u)
#define ALRM_GAP_SLOTS 512u
_Static_assert(ALRM_GAP_SLOTS >= ALRM_GAPS_MAX, "a slot for every gap");

static struct bench_stat st;
/* The kept samples' histogram, in the spare memory (bench.h BENCH_SPARE). */
#define HIST ((struct bench_hist *)BENCH_SPARE)
static uint32_t read_ovh, excluded, tick_max; /* tick_max: the slowest excluded sample */
static volatile uintptr_t t_mark;
static volatile uint32_t tick_mark, seq, flip;
static volatile int turn;

static __attribute__((noinline)) void tick_sample(uintptr_t now);
static void tick_result(const char *metric);

/* Keep the sample [t_mark, now] unless a tick may have fallen inside it. */
static void record(uintptr_t now, uint32_t tick_now)
{
    if (tick_now == tick_mark) {
        uint32_t v = (uint32_t)(now - t_mark);
        hist_add(HIST, v); /* first: stat_add's branches stay the last before the next sample */
        stat_add(&st, v);
    } else {
        tick_sample(now);
    }
}

static void finish(const char *metric)
{
    bench_result(SUITE, metric, &st, read_ovh);
    bench_histogram(metric, HIST, read_ovh);
    tick_result(metric);
    bench_note("excluded", excluded);
    bench_note("read_overhead", read_ovh);
    bp_sizes();
    bench_done();
}

static void mark(void)
{
    bench_cold();
    tick_mark = bench_mtime();
    t_mark = bp_cycles();
}

/* ---------------- Yield: two equal-priority threads ---------------- */

static void yield_body(int me)
{
    BENCH_EQ(turn, me);
    for (;;) {
        turn = !me;
        bench_cold();
        tick_mark = bench_mtime();
        t_mark = bp_cycles();
        int r = bp_yield();
        uintptr_t now = bp_cycles();
        uint32_t tk = bench_mtime();
        BENCH_OK(r);
        BENCH_EQ(turn, me); /* the other thread ran exactly once */
        record(now, tk);
        if (st.n >= BENCH_ROUNDS)
            finish("Yield");
    }
}
static void yield_a(void) { yield_body(0); }
static void yield_b(void) { yield_body(1); }

/* ---------------- thread -> thread wake-ups (Mail, Sem, Msgq, Bmq) ---------------- */

enum kind { K_MAIL, K_SEM, K_MSGQ, K_BMQ };
static enum kind kind;
static const char *metric_name;

static void make_msg(bp_msg *m, uint32_t i)
{
    m->w[0] = i;
    m->w[1] = ~i;
    m->w[2] = i * 2654435761u;
    m->w[3] = 0xA5A5A5A5u ^ i;
}

static void check_msg(const bp_msg *m, uint32_t i)
{
    bp_msg want;
    make_msg(&want, i);
    for (int k = 0; k < BP_MSG_WORDS; k++)
        BENCH_EQ(m->w[k], want.w[k]);
}

/* The receiver (higher priority): blocks, wakes, reads the counter, checks. */
static void receiver(void)
{
    for (uint32_t i = 0;; i++) {
        uint32_t v = 0;
        bp_msg m;
        int r;
        switch (kind) {
        case K_MAIL: r = bp_mail_recv(&v); break;
        case K_SEM: r = bp_sem_get(0); break;
        case K_MSGQ: r = bp_msgq_recv(0, &m); break;
        default: r = bp_bmq_recv(0, &m); break;
        }
        uintptr_t now = bp_cycles();
        uint32_t tk = bench_mtime();
        BENCH_OK(r);
        BENCH_EQ(flip, 1);
        BENCH_EQ(seq, i);
        if (kind == K_MAIL)
            BENCH_EQ(v, i);
        if (kind == K_MSGQ || kind == K_BMQ)
            check_msg(&m, i);
        flip = 0;
        record(now, tk);
        if (st.n >= BENCH_ROUNDS)
            finish(metric_name);
    }
}

/* The sender (lower priority): each send wakes the receiver at once. */
static void sender(void)
{
    for (uint32_t i = 0;; i++) {
        bp_msg m;
        make_msg(&m, i);
        seq = i;
        flip = 1;
        int r;
        switch (kind) {
        case K_MAIL: mark(); r = bp_mail_send(ID_B, i); break;
        case K_SEM: mark(); r = bp_sem_put(0); break;
        case K_MSGQ: mark(); r = bp_msgq_send(0, &m); break;
        default: mark(); r = bp_bmq_send(0, &m); break;
        }
        BENCH_OK(r);
        BENCH_EQ(flip, 0); /* the receiver ran before the send returned */
    }
}

/* ---------------- ISR -> thread wake-ups (Mail/I, Sem/I, Msgq/I, Bmq/I) ---------------- */

static bp_msg isr_msg;

static void handler(void)
{
    bench_irq_ack();
    t_mark = bp_cycles();
    int r;
    switch (kind) {
    case K_MAIL: r = bp_mail_send_isr(ID_B, seq); break;
    case K_SEM: r = bp_sem_put_isr(0); break;
    case K_MSGQ: r = bp_msgq_send_isr(0, &isr_msg); break;
    default: r = bp_bmq_send_isr(0, &isr_msg); break;
    }
    BENCH_OK(r);
}

/* The interrupted thread: arms the device and spins until the receiver has run. */
static void irq_sender(void)
{
    for (uint32_t i = 0;; i++) {
        make_msg(&isr_msg, i);
        seq = i;
        flip = 1;
        bench_cold();
        tick_mark = bench_mtime();
        bench_irq_after(IRQ_DELAY);
        while (flip)
            ;
    }
}

/* ---------------- FIFO: a put + get pair in one thread ---------------- */

static void fifo_thread(void)
{
    static bp_node node;
    for (uint32_t i = 0;; i++) {
        bp_node *got = 0;
        node.value = i;
        mark();
        int r1 = bp_fifo_put(0, &node);
        int r2 = bp_fifo_get(0, &got);
        uintptr_t now = bp_cycles();
        uint32_t tk = bench_mtime();
        BENCH_OK(r1);
        BENCH_OK(r2);
        BENCH_EQ((uintptr_t)got, (uintptr_t)&node);
        BENCH_EQ(got->value, i);
        BENCH_EQ(bp_fifo_get(0, &got), BP_EEMPTY);
        record(now, tk);
        if (st.n >= BENCH_ROUNDS)
            finish("FIFO");
    }
}

/* ---------------- Mem: malloc/free pairs of random sizes ---------------- */

static void mem_thread(void)
{
    for (uint32_t round = 0;; round++) {
        uint8_t *blk[MEM_BLOCKS];
        uint32_t size[MEM_BLOCKS], cost[MEM_BLOCKS], order[MEM_BLOCKS];
        uint32_t tick0 = bench_mtime();
        for (int k = 0; k < MEM_BLOCKS; k++) {
            size[k] = 8u + bench_rand() % (MEM_MAX_BYTES - 7u);
            bench_cold();
            uintptr_t t0 = bp_cycles();
            blk[k] = bp_malloc(size[k]);
            uintptr_t t1 = bp_cycles();
            if (!blk[k])
                bench_fail("bp_malloc returned NULL", (int64_t)size[k], 1);
            cost[k] = (uint32_t)(t1 - t0);
            for (uint32_t b = 0; b < size[k]; b++)
                blk[k][b] = (uint8_t)(k + round + b);
            order[k] = (uint32_t)k;
        }
        for (int k = MEM_BLOCKS - 1; k > 0; k--) { /* random free order */
            uint32_t j = bench_rand() % (uint32_t)(k + 1), t = order[k];
            order[k] = order[j];
            order[j] = t;
        }
        for (int n = 0; n < MEM_BLOCKS; n++) {
            uint32_t k = order[n];
            for (uint32_t b = 0; b < size[k]; b++) /* no block overlapped another */
                BENCH_EQ(blk[k][b], (uint8_t)(k + round + b));
            bench_cold();
            uintptr_t t0 = bp_cycles();
            bp_free(blk[k]);
            uintptr_t t1 = bp_cycles();
            cost[k] += (uint32_t)(t1 - t0);
        }
        if (bench_mtime() != tick0) { /* a tick fell somewhere in this round */
            excluded += MEM_BLOCKS;
            for (int k = 0; k < MEM_BLOCKS; k++)
                if (cost[k] - 2u * read_ovh > tick_max)
                    tick_max = cost[k] - 2u * read_ovh;
            continue;
        }
        /* each call was bracketed by two counter reads: subtract the read cost per call */
        for (int k = 0; k < MEM_BLOCKS && st.n < BENCH_ROUNDS; k++) {
            hist_add(HIST, cost[k] - 2u * read_ovh);
            stat_add(&st, cost[k] - 2u * read_ovh);
        }
        if (st.n >= BENCH_ROUNDS)
            finish("Mem");
    }
}

/* ---------------- Alrm: five periodic alarms, time taken per tick ---------------- */

static const uint32_t alrm_period[BP_MAX_ALARMS] = {1, 2, 3, 5, 7};
static volatile uint32_t alrm_count[BP_MAX_ALARMS];

static void alarm_fn(void *arg)
{
    (*(volatile uint32_t *)arg)++;
}

/* The spin loop of the Alrm case: the loop's own iterations and the interrupt gaps. */
struct spin {
    struct bench_stat gaps;  /* iterations longer than twice the longest normal one */
    uint64_t iter_sum;       /* normal iterations */
    uint32_t iter_n, iter_max;
    uint8_t record;          /* keep each gap for the histogram (not with caches: bench.c) */
};

/* The gaps of the last spin_gaps run, for the histogram, in the spare memory (bench.h
 * BENCH_SPARE; one array for both runs). */
#define ALRM_GAP ((uint32_t *)BENCH_SPARE)

/* Spin for `ticks` mtime steps; every iteration longer than twice the longest normal one is
 * time taken by an interrupt (and whatever it switched to, e.g. a timer task).  The first
 * ALRM_CALIBRATE iterations (right after a tick boundary) calibrate the loop. */
static void spin_gaps(uint32_t ticks, struct spin *sp)
{
    uint32_t start = bench_mtime();
    while (bench_mtime() == start) /* align on a tick boundary */
        ;
    start = bench_mtime();
    uint32_t gap_min = UINT32_MAX, k = 0;
    uintptr_t prev = bp_cycles();
    while (bench_mtime() - start < ticks) {
        uintptr_t now = bp_cycles();
        uint32_t d = (uint32_t)(now - prev);
        if (d > gap_min) {
            if (sp->record)
                ALRM_GAP[sp->gaps.n % ALRM_GAP_SLOTS] = d; /* n is checked later */
            stat_add(&sp->gaps, d);
            /* the next iteration starts after this bookkeeping: with caches the store above
             * may miss, and that iteration would then pass for a gap */
            now = bp_cycles();
        } else {
            sp->iter_sum += d;
            sp->iter_n++;
            if (d > sp->iter_max)
                sp->iter_max = d;
        }
        if (++k == ALRM_CALIBRATE)
            gap_min = 2u * sp->iter_max;
        prev = now;
    }
}

static void alarm_thread(void)
{
    static struct spin base, with;
    stat_init(&base.gaps);
    stat_init(&with.gaps);
    with.record = base.record = !(BENCH_REG32(BOARD_SIMCTL + SIMCTL_CACHE) & SIMCTL_CACHE_COSTLY);
    spin_gaps(ALRM_BASE_TICKS, &base);
    for (int k = 0; k < BP_MAX_ALARMS; k++)
        BENCH_OK(bp_alarm_start(k, alrm_period[k], alarm_fn, (void *)&alrm_count[k]));
    for (int k = 0; k < BP_MAX_ALARMS; k++)
        alrm_count[k] = 0;
    uint32_t t0 = bench_mtime();
    spin_gaps(ALRM_TICKS, &with);
    uint32_t elapsed = bench_mtime() - t0;
    /* every alarm fired once per period over the run (+/-1 for the edges) */
    for (int k = 0; k < BP_MAX_ALARMS; k++) {
        int64_t want = elapsed / alrm_period[k], got = alrm_count[k];
        if (got < want - 1 || got > want + 1)
            bench_fail("alarm count", got, want);
    }
    /* one interrupt gap per tick (+/-1) */
    if (with.gaps.n + 1 < ALRM_TICKS || with.gaps.n > ALRM_GAPS_MAX)
        bench_fail("alarm gaps per tick", with.gaps.n, ALRM_TICKS);
    /* a gap holds one (interrupted) loop iteration: subtract the mean iteration, then the
     * cost of a tick without alarms (0 when the kernel does not tick without work) */
    uint32_t iter = (uint32_t)(with.iter_sum / with.iter_n);
    uint32_t base_avg = base.gaps.n ? (uint32_t)(base.gaps.sum / base.gaps.n) - iter : 0;
    struct bench_stat out = with.gaps;
    uint32_t sub = iter + base_avg;
    out.sum = with.gaps.sum - (uint64_t)sub * with.gaps.n;
    out.min = with.gaps.min - sub;
    out.max = with.gaps.max - sub;
    bench_result(SUITE, "Alrm", &out, 0);
    if (with.record)
        bench_histogram_of("Alrm", ALRM_GAP, with.gaps.n, sub);
    bench_note("loop_iteration_cycles", iter);
    bench_note("tick_only_cycles", base_avg);
    bench_note("tick_only_samples", base.gaps.n);
    bp_sizes();
    bench_done();
}

/* ---------------- set-up per case (thread 0, most urgent) ---------------- */

static void pair(void (*a)(void), void (*b)(void), int prio_a, int prio_b)
{
    BENCH_OK(bp_thread_create(ID_A, prio_a, a));
    BENCH_OK(bp_thread_create(ID_B, prio_b, b));
    BENCH_OK(bp_thread_suspend(0));
    bench_fail("control thread resumed", 0, 0);
}

static void objects(void)
{
    BENCH_OK(bp_sem_create(0, 0));
    BENCH_OK(bp_msgq_create(0));
    BENCH_OK(bp_bmq_create(0));
}

void km_yield(void) { pair(yield_a, yield_b, PRIO_LOW, PRIO_LOW); }

static void wake_case(enum kind k, const char *name, int isr)
{
    kind = k;
    metric_name = name;
    objects();
    if (isr)
        BENCH_OK(bp_isr_install(handler));
    pair(isr ? irq_sender : sender, receiver, PRIO_LOW, PRIO_HIGH);
}

void km_mail(void) { wake_case(K_MAIL, "Mail", 0); }
void km_sem(void) { wake_case(K_SEM, "Sem", 0); }
void km_msgq(void) { wake_case(K_MSGQ, "Msgq", 0); }
void km_bmq(void) { wake_case(K_BMQ, "Bmq", 0); }
void km_mail_i(void) { wake_case(K_MAIL, "Mail/I", 1); }
void km_sem_i(void) { wake_case(K_SEM, "Sem/I", 1); }
void km_msgq_i(void) { wake_case(K_MSGQ, "Msgq/I", 1); }
void km_bmq_i(void) { wake_case(K_BMQ, "Bmq/I", 1); }

#ifdef BENCH_DIRECT
/* Sem/I through a direct handler (bench/port.h BP_ISR_DIRECT; images built with -DBENCH_DIRECT,
 * make bench-direct-sem; not a published figure): the same post and the same sample, from
 * t_mark to the woken receiver, the switch done by bp_isr_direct_end. */
BP_ISR_DIRECT(dl_handler)
{
    bench_irq_ack();
    t_mark = bp_cycles();
    BENCH_OK(bp_sem_put_isr(0));
    bp_isr_direct_end();
}

void km_sem_id(void)
{
    kind = K_SEM;
    metric_name = "Sem/I";
    objects();
    BENCH_OK(bp_isr_direct_enable());
    pair(irq_sender, receiver, PRIO_LOW, PRIO_HIGH);
}
#endif

void km_fifo(void)
{
    BENCH_OK(bp_fifo_create(0));
    BENCH_OK(bp_thread_create(ID_A, PRIO_LOW, fifo_thread));
    BENCH_OK(bp_thread_suspend(0));
}

void km_mem(void)
{
    BENCH_OK(bp_thread_create(ID_A, PRIO_LOW, mem_thread));
    BENCH_OK(bp_thread_suspend(0));
}

void km_alrm(void)
{
    BENCH_OK(bp_thread_create(ID_A, PRIO_LOW, alarm_thread));
    BENCH_OK(bp_thread_suspend(0));
}

/* ---------------- samples with a tick inside (after the measured code: its layout stays) */

/* A sample during which mtime changed: counted, and the slowest kept (out of line: the kept
 * samples' path stays as it is). */
static __attribute__((noinline)) void tick_sample(uintptr_t now)
{
    uint32_t v = (uint32_t)(now - t_mark);
    excluded++;
    if (v > tick_max)
        tick_max = v;
}

/* After a metric's RESULT and HIST lines: its samples with a changed mtime, their number and
 * the slowest minus the read overhead (as max=), when there were any:
 *   TICK suite=kernel-metrics metric=M samples=N max=V */
static void tick_result(const char *metric)
{
    if (excluded == 0)
        return;
    board_puts("TICK suite=" SUITE " metric=");
    board_puts(metric); /* kernel-metric names have no spaces */
    board_puts(" samples=");
    board_put_uint(excluded);
    board_puts(" max=");
    board_put_uint(tick_max > read_ovh ? tick_max - read_ovh : 0);
    board_putc('\n');
}

#ifndef BENCH_CASE
#error "build with -DBENCH_CASE=km_yield (or km_mail, ...)"
#endif

static void run(void)
{
    stat_init(&st);
    bench_spare(sizeof(struct bench_hist) > ALRM_GAP_SLOTS * sizeof(uint32_t)
                    ? sizeof(struct bench_hist) : ALRM_GAP_SLOTS * sizeof(uint32_t));
    read_ovh = bench_read_overhead();
    BENCH_CASE();
}

BENCH_MAIN(SUITE, BENCH_STR(BENCH_CASE), run)
