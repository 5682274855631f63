/* Kernel-neutral benchmark helpers (bench.h). */
#include "bench.h"
#include "bsp.h"

#ifndef BENCH_KERNEL
#error "build with -DBENCH_KERNEL=\"name\" (bench/bench.mk does)"
#endif

static const char *bench_suite = "?";

static void put_int(int64_t v)
{
    if (v < 0) {
        board_putc('-');
        board_put_uint((uint64_t)(-v));
    } else {
        board_put_uint((uint64_t)v);
    }
}

/* A value in hundredths as "123.45". */
static void put_x100(int64_t v)
{
    if (v < 0) {
        board_putc('-');
        v = -v;
    }
    board_put_uint((uint64_t)v / 100);
    board_putc('.');
    board_putc((char)('0' + (v / 10) % 10));
    board_putc((char)('0' + v % 10));
}

static void put_kv(const char *key, const char *value)
{
    board_putc(' ');
    board_puts(key);
    board_putc('=');
    board_puts(value);
}

static void put_head(const char *metric)
{
    board_puts("RESULT");
    put_kv("suite", bench_suite);
    board_puts(" metric=");
    /* metric names may hold spaces: replace them so the line stays key=value */
    for (const char *p = metric; *p; p++)
        board_putc(*p == ' ' ? '_' : *p);
}

void bench_begin(const char *suite, const char *name)
{
    bench_suite = suite;
    board_puts("BENCH");
    put_kv("kernel", BENCH_KERNEL);
    board_puts(" xlen=");
    board_put_uint(__riscv_xlen);
    put_kv("suite", suite);
    put_kv("case", name);
    board_putc('\n');
}

void bench_result(const char *suite, const char *metric, const struct bench_stat *s,
                  uint32_t offset)
{
    (void)suite;
    if (s->n == 0)
        bench_fail("no samples", 0, 1);
    put_head(metric);
    board_puts(" avg=");
    put_x100((int64_t)((s->sum * 100 + s->n / 2) / s->n) - (int64_t)offset * 100);
    board_puts(" min=");
    put_int((int64_t)s->min - offset);
    board_puts(" max=");
    put_int((int64_t)s->max - offset);
    board_puts(" samples=");
    board_put_uint(s->n);
    board_putc('\n');
}

/* Value:count pairs per HIST line: short lines for the host tool's log and any reader. */
#define BENCH_HIST_PER_LINE 16u

/* One pair of a HIST line; *pairs counts those on the current line (no static state: the
 * image's .bss stays as without histograms, see BENCH_SPARE). */
static void hist_pair(const char *metric, int64_t value, uint32_t count, uint32_t *pairs)
{
    if (*pairs == BENCH_HIST_PER_LINE) {
        board_putc('\n');
        *pairs = 0;
    }
    if (*pairs == 0) {
        board_puts("HIST");
        put_kv("suite", bench_suite);
        board_puts(" metric=");
        for (const char *p = metric; *p; p++)
            board_putc(*p == ' ' ? '_' : *p);
    }
    board_putc(' ');
    put_int(value);
    board_putc(':');
    board_put_uint(count);
    (*pairs)++;
}

static void hist_end(uint32_t pairs)
{
    if (pairs)
        board_putc('\n');
}

void bench_spare(size_t bytes)
{
    if ((size_t)(__stack_top - __bss_end) < bytes)
        bench_fail("no room for the histogram above .bss", __stack_top - __bss_end, (int64_t)bytes);
    memset(BENCH_SPARE, 0, bytes);
}

/* With caches whose misses cost cycles (tempo-sim --icache/--dcache before a memory with a
 * latency: the simulator-control device says so) nothing is counted: the counts' memory would
 * take cache lines from the code measured, and the cached figures would measure the histogram
 * too.  The distributions are the uncached runs'.  Before a free memory the run stays the one
 * without caches, instruction for instruction (bench/report/cache.py checks it). */
__attribute__((noinline)) void hist_add(struct bench_hist *h, uint32_t v)
{
    if (BENCH_REG32(BOARD_SIMCTL + SIMCTL_CACHE) & SIMCTL_CACHE_COSTLY)
        return;
    if (h->n++ == 0)
        h->base = v > BENCH_HIST_BELOW ? v - BENCH_HIST_BELOW : 0;
    uint32_t k = v - h->base;
    if (k < BENCH_HIST_SPAN)
        h->count[k]++;
    else
        h->outside++;
}

void bench_histogram(const char *metric, const struct bench_hist *h, uint32_t offset)
{
    if (h->outside) {
        bench_note("hist_outside", h->outside);
        return;
    }
    uint32_t pairs = 0;
    for (uint32_t k = 0; k < BENCH_HIST_SPAN; k++)
        if (h->count[k])
            hist_pair(metric, (int64_t)h->base + k - offset, h->count[k], &pairs);
    hist_end(pairs);
}

void bench_histogram_of(const char *metric, const uint32_t *v, uint32_t n, uint32_t offset)
{
    /* each distinct value in ascending order: the smallest above the previous one */
    uint32_t pairs = 0;
    int64_t prev = -1;
    for (;;) {
        int64_t next = -1;
        uint32_t count = 0;
        for (uint32_t k = 0; k < n; k++) {
            if ((int64_t)v[k] <= prev)
                continue;
            if (next < 0 || v[k] < next) {
                next = v[k];
                count = 1;
            } else if (v[k] == next) {
                count++;
            }
        }
        if (next < 0)
            break;
        hist_pair(metric, next - offset, count, &pairs);
        prev = next;
    }
    hist_end(pairs);
}

void bench_result_avg(const char *suite, const char *metric, int64_t avg_x100, uint32_t samples)
{
    (void)suite;
    put_head(metric);
    board_puts(" avg=");
    put_x100(avg_x100);
    board_puts(" samples=");
    board_put_uint(samples);
    board_putc('\n');
}

void bench_tm_result(const char *metric, uint32_t count, uint32_t period_cycles)
{
    put_head(metric);
    board_puts(" count=");
    board_put_uint(count);
    board_puts(" period_cycles=");
    board_put_uint(period_cycles);
    board_putc('\n');
}

void bench_note(const char *key, int64_t value)
{
    board_puts("NOTE ");
    board_puts(key);
    board_putc('=');
    put_int(value);
    board_putc('\n');
}

void bench_size(const char *name, uint32_t bytes)
{
    board_puts("SIZE name=");
    board_puts(name);
    board_puts(" bytes=");
    board_put_uint(bytes);
    board_putc('\n');
}

void bench_done(void)
{
    board_puts("DONE\n");
    board_exit(0);
}

void bench_fail(const char *what, int64_t got, int64_t expected)
{
    board_puts("FAIL ");
    board_puts(what);
    board_puts(" (got ");
    put_int(got);
    board_puts(", expected ");
    put_int(expected);
    board_puts(")\n");
    board_exit(1);
}

uint32_t bench_read_overhead(void)
{
    uint32_t best = UINT32_MAX;
    for (int i = 0; i < 8; i++) {
        uintptr_t a = bp_cycles();
        uintptr_t b = bp_cycles();
        if ((uint32_t)(b - a) < best)
            best = (uint32_t)(b - a);
    }
    return best;
}

static uint32_t rand_state = 12345u;

uint32_t bench_rand(void)
{
    /* Numerical Recipes LCG; the high bits are the useful ones */
    rand_state = rand_state * 1664525u + 1013904223u;
    return rand_state >> 8;
}

/* Weak: a kernel that brings its own wins.  Word at a time when both sides are aligned, so a
 * kernel that copies messages with memcpy is not charged a byte loop. */
__attribute__((weak)) void *memcpy(void *dst, const void *src, size_t n)
{
    if ((((uintptr_t)dst | (uintptr_t)src | n) & (sizeof(uintptr_t) - 1)) == 0) {
        uintptr_t *d = dst;
        const uintptr_t *s = src;
        for (size_t k = 0; k < n / sizeof(uintptr_t); k++)
            d[k] = s[k];
        return dst;
    }
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}

__attribute__((weak)) void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}
