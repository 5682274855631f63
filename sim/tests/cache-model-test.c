/* Host unit test of the cache model (sim/timing/cache.c) against a reference model written here
 * independently: each set is a list of lines kept in recency order (most recent first), so
 * LRU is "evict the last one" and no time stamps are involved.  Seeded random address streams
 * (reuse of recent lines, strides, conflicts, every access size), both write policies,
 * several geometries and memory timings, with flushes, dirty fills and cleans mixed in: the
 * stall of every access and every counter at the end must agree.  Also the option parser
 * and the description string.  Prints one line per configuration; exit status 1 on the
 * first disagreement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cache.h"

/* ---- the reference model ---- */
#define REF_MAX_WAYS 64
struct ref_line {
    long long line; /* line number; negative: a foreign dirty line of cache_fill_dirty */
    int dirty;
};
struct ref_set {
    int n; /* valid lines, most recent first */
    struct ref_line l[REF_MAX_WAYS];
};
struct ref {
    unsigned size, line, ways, sets;
    int wt;
    unsigned latency, beat, width;
    struct ref_set *set;
    unsigned long long reads, writes, read_misses, write_misses, writebacks, mem_writes, stall;
};

static unsigned ref_transfer(const struct ref *r, unsigned bytes)
{
    unsigned beats = 0, moved = 0;
    while (moved < bytes) { /* count the beats one by one */
        moved += r->width;
        beats++;
    }
    return r->latency + (beats - 1) * r->beat;
}

static void ref_init(struct ref *r, unsigned size, unsigned line, unsigned ways, int wt,
                     unsigned latency, unsigned beat, unsigned width)
{
    memset(r, 0, sizeof *r);
    r->size = size, r->line = line, r->ways = ways, r->wt = wt;
    r->latency = latency, r->beat = beat, r->width = width;
    r->sets = size / line / ways;
    r->set = calloc(r->sets, sizeof *r->set);
}

/* Move entry i of set s to the front. */
static void ref_touch(struct ref_set *s, int i)
{
    struct ref_line x = s->l[i];
    memmove(&s->l[1], &s->l[0], (size_t)i * sizeof x);
    s->l[0] = x;
}

/* Insert `line` at the front, evicting the last line when the set is full. */
static unsigned ref_insert(struct ref *r, struct ref_set *s, long long line)
{
    unsigned cost = ref_transfer(r, r->line);
    if ((unsigned)s->n == r->ways) {
        if (s->l[s->n - 1].dirty) {
            r->writebacks++;
            cost += ref_transfer(r, r->line);
        }
        s->n--;
    }
    memmove(&s->l[1], &s->l[0], (size_t)s->n * sizeof s->l[0]);
    s->l[0] = (struct ref_line){line, 0};
    s->n++;
    return cost;
}

static int ref_find(const struct ref_set *s, long long line)
{
    for (int i = 0; i < s->n; i++)
        if (s->l[i].line == line)
            return i;
    return -1;
}

static unsigned ref_access(struct ref *r, unsigned long long addr, int write, unsigned size)
{
    long long line = (long long)(addr / r->line);
    struct ref_set *s = &r->set[line % r->sets];
    int i = ref_find(s, line);
    unsigned cost = 0;
    if (write) {
        r->writes++;
        if (r->wt) {
            r->mem_writes++;
            cost = ref_transfer(r, size);
            if (i >= 0)
                ref_touch(s, i);
            else
                r->write_misses++;
        } else {
            if (i >= 0) {
                ref_touch(s, i);
            } else {
                r->write_misses++;
                cost = ref_insert(r, s, line);
            }
            s->l[0].dirty = 1;
        }
    } else {
        r->reads++;
        if (i >= 0) {
            ref_touch(s, i);
        } else {
            r->read_misses++;
            cost = ref_insert(r, s, line);
        }
    }
    r->stall += cost;
    return cost;
}

static void ref_invalidate(struct ref *r)
{
    for (unsigned k = 0; k < r->sets; k++)
        r->set[k].n = 0;
}

static void ref_fill_dirty(struct ref *r)
{
    ref_invalidate(r);
    if (r->wt)
        return;
    for (unsigned k = 0; k < r->sets; k++) {
        r->set[k].n = (int)r->ways;
        for (unsigned w = 0; w < r->ways; w++)
            r->set[k].l[w] = (struct ref_line){-1 - (long long)w, 1};
    }
}

static unsigned ref_clean(struct ref *r)
{
    unsigned cost = 0;
    for (unsigned k = 0; k < r->sets; k++)
        for (int w = 0; w < r->set[k].n; w++)
            if (r->set[k].l[w].dirty) {
                r->set[k].l[w].dirty = 0;
                r->writebacks++;
                cost += ref_transfer(r, r->line);
            }
    r->stall += cost;
    return cost;
}

/* ---- the test ---- */
static unsigned long long rng = 88172645463325252ull;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static int failures;
#define FAIL(...)                                \
    do {                                         \
        printf("FAIL: " __VA_ARGS__);            \
        putchar('\n');                           \
        failures++;                              \
        return;                                  \
    } while (0)

static void run(unsigned size, unsigned line, unsigned ways, int wt, unsigned latency,
                unsigned beat, unsigned width, unsigned accesses)
{
    struct cache_geometry g = {size, line, ways, wt};
    struct mem_params mp = {latency, beat, width};
    struct cache c;
    struct ref r;
    if (cache_init(&c, &g, &mp))
        FAIL("cache_init");
    ref_init(&r, size, line, ways, wt, latency, beat, width);
    /* addresses in a region of 4 x the cache at a base like the paper's data memory */
    const unsigned long long base = 0x10000000ull;
    unsigned region = 4 * size;
    unsigned long long recent[16] = {0};
    for (unsigned n = 0; n < accesses; n++) {
        unsigned kind = rnd(1000);
        if (kind == 0) {
            cache_invalidate(&c);
            ref_invalidate(&r);
            continue;
        }
        if (kind == 1) {
            cache_fill_dirty(&c);
            ref_fill_dirty(&r);
            continue;
        }
        if (kind == 2) {
            unsigned a = (unsigned)cache_clean(&c), b = ref_clean(&r);
            if (a != b)
                FAIL("%u:%u:%u%s access %u: clean costs %u, reference %u", size, line, ways,
                     wt ? ":wt" : "", n, a, b);
            continue;
        }
        unsigned sz = 1u << rnd(4);
        unsigned long long addr;
        unsigned how = rnd(10);
        if (how < 5) /* reuse a recent address's neighbourhood */
            addr = recent[rnd(16)] + rnd(line);
        else if (how < 7) /* conflict: same set, another line */
            addr = recent[rnd(16)] + (unsigned long long)(1 + rnd(3)) * (size / ways);
        else
            addr = base + rnd(region);
        if (addr < base || addr >= base + region + 4ull * size)
            addr = base + rnd(region);
        addr &= ~(unsigned long long)(sz - 1);
        recent[n % 16] = addr & ~(unsigned long long)(line - 1);
        int write = rnd(3) == 0;
        unsigned a = write ? cache_write(&c, &mp, addr, sz) : cache_read(&c, addr);
        unsigned b = ref_access(&r, addr, write, sz);
        if (a != b)
            FAIL("%u:%u:%u%s mem %u:%u:%u access %u (%s of %u at 0x%llx): stall %u, reference %u",
                 size, line, ways, wt ? ":wt" : "", latency, beat, width, n,
                 write ? "store" : "load", sz, addr, a, b);
    }
#define SAME(f)                                                                         \
    if (c.f != r.f)                                                                     \
        FAIL("%u:%u:%u%s: " #f " %llu, reference %llu", size, line, ways, wt ? ":wt" : "", \
             (unsigned long long)c.f, (unsigned long long)r.f);
    SAME(reads) SAME(writes) SAME(read_misses) SAME(write_misses) SAME(writebacks)
    SAME(mem_writes) SAME(stall)
    /* the stream must exercise both outcomes, or the comparison proves little */
    if (r.read_misses == 0 || r.reads == r.read_misses || (!wt && r.writebacks == 0))
        FAIL("%u:%u:%u%s: a degenerate stream (read misses %llu of %llu, write-backs %llu)",
             size, line, ways, wt ? ":wt" : "", r.read_misses, r.reads, r.writebacks);
    printf("ok %6u:%u:%u:%s mem %u:%u:%u  %u accesses: %llu read misses, %llu write misses, "
           "%llu write-backs, %llu stall cycles\n", size, line, ways, wt ? "wt" : "wb", latency,
           beat, width, accesses, r.read_misses, r.write_misses, r.writebacks, r.stall);
    cache_free(&c);
    free(r.set);
}

static void parse_ok(const char *s, int data, unsigned size, unsigned line, unsigned ways, int wt)
{
    struct cache_geometry g;
    char err[200];
    if (cache_parse(s, data, &g, err, sizeof err))
        FAIL("parse '%s': %s", s, err);
    if (g.size != size || g.line != line || g.ways != ways || g.write_through != wt)
        FAIL("parse '%s' gave %u:%u:%u:%d", s, g.size, g.line, g.ways, g.write_through);
}

static void parse_bad(const char *s, int data)
{
    struct cache_geometry g = {0};
    char err[200] = "";
    if (!cache_parse(s, data, &g, err, sizeof err))
        FAIL("parse '%s' accepted (%u:%u:%u)", s, g.size, g.line, g.ways);
    if (!err[0])
        FAIL("parse '%s' refused without a reason", s);
}

static void describe(void)
{
    struct cache_config cfg = {.icache = {4096, 32, 2, 0}, .dcache = {16384, 64, 4, 1},
                               .mem = {20, 1, 4}};
    struct caches c;
    char buf[160];
    if (caches_init(&c, &cfg))
        FAIL("caches_init");
    caches_describe(&c, buf, sizeof buf);
    if (strcmp(buf, "icache=4K:32:2 dcache=16K:64:4:wt mem=20:1:4"))
        FAIL("description '%s'", buf);
    if (caches_status(&c) != (CACHE_CTL_HAS_I | CACHE_CTL_HAS_D | CACHE_CTL_COSTLY))
        FAIL("status %u", caches_status(&c));
    caches_free(&c);
    struct cache_config none = {.mem = {20, 1, 4}};
    if (caches_init(&c, &none) || c.on)
        FAIL("no cache configured, yet on");
    caches_describe(&c, buf, sizeof buf);
    if (strcmp(buf, "none") || caches_status(&c) != 0)
        FAIL("description without caches '%s'", buf);
}

int main(void)
{
    parse_ok("4K:32:2", 0, 4096, 32, 2, 0);
    parse_ok("4k:32:2:wt", 1, 4096, 32, 2, 1);
    parse_ok("1M:64:8:wb", 1, 1 << 20, 64, 8, 0);
    parse_ok("256:8:32", 1, 256, 8, 32, 0);
    parse_bad("4K:32:2:wt", 0);  /* an I$ has no write policy */
    parse_bad("4K:32:3", 1);     /* ways not a power of two */
    parse_bad("3K:32:2", 1);
    parse_bad("4K:4:2", 1);      /* lines shorter than an 8-byte access */
    parse_bad("4K:2048:1", 1);
    parse_bad("64:32:4", 1);     /* LINE x WAYS > SIZE */
    parse_bad("32M:32:2", 1);
    parse_bad("4K:32", 1);
    parse_bad("4K:32:2:", 1);
    parse_bad("4K:32:2:wx", 1);
    parse_bad("-4K:32:2", 1);
    parse_bad("4K:32:2 ", 1);
    parse_bad("99999999999999999999:32:2", 1);
    describe();
    static const unsigned geo[][3] = {
        {64, 8, 1}, {256, 16, 2}, {1024, 32, 4}, {4096, 32, 2}, {4096, 64, 1},
        {512, 32, 16}, /* fully associative: one set */
        {8192, 32, 8}, {2048, 8, 64},
    };
    static const unsigned mem[][3] = {{20, 1, 4}, {7, 3, 8}, {0, 0, 4}, {5, 2, 1}, {30, 1, 16}};
    for (unsigned k = 0; k < sizeof geo / sizeof geo[0]; k++)
        for (int wt = 0; wt <= 1; wt++)
            run(geo[k][0], geo[k][1], geo[k][2], wt, mem[k % 5][0], mem[k % 5][1],
                mem[k % 5][2], 200000);
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("cache model agrees with the reference model\n");
    return 0;
}
