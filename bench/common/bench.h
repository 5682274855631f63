/* Kernel-neutral helpers shared by every benchmark suite: statistics, the result lines the
 * host tool parses (bench/report/bench.py), self-check failures, the simulator's cycle-exact
 * interrupt device and a small deterministic random generator.  Nothing here touches a
 * kernel: suites reach the kernel through bench/port.h only. */
#ifndef TEMPO_BENCH_H
#define TEMPO_BENCH_H
#include <stddef.h>
#include <stdint.h>
#include "board.h"
#include "bench/port.h"

#define BENCH_REG32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* docs/benchmarks.md "Kernel metrics": 10,000 samples per metric. */
#define BENCH_ROUNDS 10000u

/* min / max / sum of samples in cycles. */
struct bench_stat {
    uint64_t sum;
    uint32_t min, max, n;
};

static inline void stat_init(struct bench_stat *s)
{
    s->sum = 0;
    s->min = UINT32_MAX;
    s->max = 0;
    s->n = 0;
}

static inline void stat_add(struct bench_stat *s, uint32_t v)
{
    s->sum += v;
    s->n++;
    if (v < s->min)
        s->min = v;
    if (v > s->max)
        s->max = v;
}

/* The exact distribution of a statistic's samples: one count per cycle value in a window of
 * BENCH_HIST_SPAN values from `base`, which the first sample sets BENCH_HIST_BELOW below
 * itself (later samples may be smaller).  The figures are deterministic cycle counts spread
 * over a few hundred values at most (Mem, the widest per-sample metric: 170 at RV32), so the
 * window holds them all; a sample outside it is only counted (`outside`) and the histogram is
 * then not printed. */
#define BENCH_HIST_SPAN  1024u
#define BENCH_HIST_BELOW 256u
struct bench_hist {
    uint32_t base, outside, n;
    uint16_t count[BENCH_HIST_SPAN]; /* at most BENCH_ROUNDS (10,000) samples per value */
};

/* Spare memory for the histograms: the data memory above .bss, the boot stack's, which no
 * one uses once the kernel runs (bp_start never returns; every thread and handler has its own
 * stack).  Not in .bss: the image's data layout, and so the gp-relative code the linker
 * relaxes against it and every figure, stays as without histograms (a 2 KiB array in .bss
 * moved other variables out of gp's reach and FreeRTOS's figures by up to 30 cycles; at RV64
 * FreeRTOS leaves only the boot stack's 2 KiB free).  bench_spare() checks it holds `bytes`
 * (else the run fails) and zeroes them; call it from a thread, before the samples. */
extern char __bss_end[], __stack_top[];
#define BENCH_SPARE ((void *)__bss_end)
void bench_spare(size_t bytes);

/* Count sample v.  A call, not inline code: the suites' measured functions compile as
 * without it (an inline count changed their register use and so a figure by a cycle). */
void hist_add(struct bench_hist *h, uint32_t v);

/* ---- result lines, one per figure, parsed by bench/report/bench.py:
 *   BENCH kernel=K xlen=X suite=S case=C       (first line)
 *   RESULT suite=S metric=M avg=A.AA min=N max=N samples=N   (Thread-Metric: count= period_cycles=)
 *   HIST suite=S metric=M V:C ...               (bench_histogram: the samples' distribution)
 *   SIZE name=N bytes=N   NOTE key=N   FAIL what (got G, expected E)   DONE
 * (spaces in a metric name are printed as '_') ---- */

/* "BENCH suite=... case=..." : the first line of every image. */
void bench_begin(const char *suite, const char *name);
/* A suite image's main(): starts the kernel (bp_start) with thread 0 printing the BENCH
 * line (bench_begin) and then calling run, the case chosen with -DBENCH_CASE.  A macro, not
 * a function taking run: the image's code up to the case stays as it was, so the phase of
 * the timer tick against the measured loops (and so every figure) does not move. */
#define BENCH_MAIN(suite, name, run)  \
    static void bench_control(void)   \
    {                                 \
        bench_begin(suite, name);     \
        run();                        \
    }                                 \
    int main(void)                    \
    {                                 \
        bp_start(bench_control);      \
    }
/* avg/min/max of a statistic, each minus `offset` cycles (a calibrated measurement
 * overhead, 0 for none). */
void bench_result(const char *suite, const char *metric, const struct bench_stat *s,
                  uint32_t offset);
/* The distribution behind a bench_result line, after it, each value minus `offset`:
 *   HIST suite=S metric=M V:C V:C ...   (value:count pairs, ascending; several lines for a
 * wide one, BENCH_HIST_PER_LINE pairs each).  Printed after the measurement, never inside it.
 * A histogram with samples outside its window prints "NOTE hist_outside=N" instead. */
void bench_histogram(const char *metric, const struct bench_hist *h, uint32_t offset);
/* The same from a list of `n` samples (a statistic of few samples, kept whole: Alrm). */
void bench_histogram_of(const char *metric, const uint32_t *v, uint32_t n, uint32_t offset);
/* A derived average (Rhealstone): value in hundredths of a cycle, min and max absent. */
void bench_result_avg(const char *suite, const char *metric, int64_t avg_x100, uint32_t samples);
/* Thread-Metric: operations completed in a period of `period_cycles` cycles. */
void bench_tm_result(const char *metric, uint32_t count, uint32_t period_cycles);
/* A size the analysis shows ("SIZE name=N bytes=N"): called by a layer's bp_sizes(). */
void bench_size(const char *name, uint32_t bytes);
/* Words at the low end of a painted stack still holding the paint byte: what the thread never
 * wrote (a layer's stack check, for kernels without one of their own). */
static inline size_t bench_painted_words(const void *stack, size_t bytes, uint8_t paint)
{
    const uint8_t *p = stack;
    size_t n = 0;
    while (n < bytes && p[n] == paint)
        n++;
    return n / sizeof(uintptr_t);
}
/* Any extra figure worth keeping (calibration, excluded samples): "NOTE key=value". */
void bench_note(const char *key, int64_t value);
/* "DONE" and exit status 0. */
void bench_done(void) __attribute__((noreturn));

/* ---- self-checks ---- */

/* "FAIL <what> (got G, expected E)" and exit status 1.  Never returns. */
void bench_fail(const char *what, int64_t got, int64_t expected) __attribute__((noreturn));

#define BENCH_STR2(x) #x
#define BENCH_STR(x) BENCH_STR2(x)
/* A porting-layer call that must succeed. */
#define BENCH_OK(call)                                                                   \
    do {                                                                                 \
        int bench_rc_ = (call);                                                          \
        if (bench_rc_ != BP_OK)                                                          \
            bench_fail(#call " at " __FILE__ ":" BENCH_STR(__LINE__), bench_rc_, BP_OK); \
    } while (0)
/* got == expected, else the run fails. */
#define BENCH_EQ(got, expected)                                                          \
    do {                                                                                 \
        int64_t bench_g_ = (int64_t)(got), bench_e_ = (int64_t)(expected);               \
        if (bench_g_ != bench_e_)                                                        \
            bench_fail(#got " == " #expected " at " __FILE__ ":" BENCH_STR(__LINE__),    \
                       bench_g_, bench_e_);                                              \
    } while (0)

/* ---- time ---- */

/* The low word of the CLINT mtime: a sample during which it changed may contain a timer
 * tick, which the kernel-metric suite excludes (it counts them). */
static inline uint32_t bench_mtime(void)
{
    return BENCH_REG32(BOARD_MTIME);
}

/* Cost of the measurement itself: the smallest difference between two back-to-back
 * counter reads (docs/benchmarks.md "Kernel metrics": minus one counter read). */
uint32_t bench_read_overhead(void);

/* ---- the simulator-control interrupt device (bsp/common/board.h SIMCTL_*) ---- */

/* Raise the machine external interrupt when mcycle >= `cycle` (cycle-exact). */
static inline void bench_irq_at(uint64_t cycle)
{
    BENCH_REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT + 4) = (uint32_t)(cycle >> 32);
    BENCH_REG32(BOARD_SIMCTL + SIMCTL_IRQ_AT) = (uint32_t)cycle;
}
/* Raise it `cycles` after this store. */
static inline void bench_irq_after(uint32_t cycles)
{
    BENCH_REG32(BOARD_SIMCTL + SIMCTL_IRQ_AFTER) = cycles;
}
/* Raise it now (Thread-Metric's "cause interrupt"). */
static inline void bench_irq_raise(void)
{
    bench_irq_after(0);
}
/* Clear the pending interrupt (every handler does this first). */
static inline void bench_irq_ack(void)
{
    BENCH_REG32(BOARD_SIMCTL + SIMCTL_IRQ_ACK) = 1;
}

/* Images built with -DBENCH_COLD (bench/bench.mk: the cold variants) put the caches in
 * their worst state before each sample: every line invalid, every D$ line holding dirty data
 * of another program (simulator-control CACHE; nothing without caches).  Otherwise nothing:
 * the images of the warm runs are unchanged. */
static inline void bench_cold(void)
{
#ifdef BENCH_COLD
    BENCH_REG32(BOARD_SIMCTL + SIMCTL_CACHE) = SIMCTL_CACHE_COLD_DIRTY;
#endif
}

/* ---- deterministic pseudo-random numbers (a 32-bit LCG; same sequence every run) ---- */
uint32_t bench_rand(void);

/* gcc may emit these for struct copies and initialisers. */
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
#endif
