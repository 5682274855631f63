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
