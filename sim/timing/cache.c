/* The cache model (cache.h). */
#include "cache.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CACHE_MAX_SIZE  (1u << 24) /* 16 MiB: larger than any memory of the SoCs' code */
#define CACHE_MIN_LINE  8u         /* an aligned access of up to 8 bytes stays in one line */
#define CACHE_MAX_LINE  1024u
/* tags no line number reaches (addresses are at most 64 bits, lines at least 8 bytes) */
#define TAG_INVALID UINT64_MAX
#define TAG_FOREIGN (UINT64_MAX - 1)

static bool pow2(uint64_t v) { return v && !(v & (v - 1)); }

/* One field of SIZE:LINE:WAYS: a decimal number, with K or M for the size. */
static int field(const char **s, bool size, uint64_t *v)
{
    const char *p = *s;
    if (!isdigit((unsigned char)*p))
        return -1;
    errno = 0;
    char *end;
    unsigned long long n = strtoull(p, &end, 10);
    if (errno || n > UINT32_MAX)
        return -1;
    if (size && (*end == 'K' || *end == 'k'))
        n <<= 10, end++;
    else if (size && (*end == 'M' || *end == 'm'))
        n <<= 20, end++;
    *v = n;
    *s = end;
    return 0;
}

int cache_parse(const char *s, bool data, struct cache_geometry *g, char *err, size_t errlen)
{
    uint64_t size, line, ways;
    const char *p = s;
    struct cache_geometry out = {0};
    if (field(&p, true, &size) || *p++ != ':' || field(&p, false, &line) || *p++ != ':' ||
        field(&p, false, &ways)) {
        snprintf(err, errlen, "'%s' is not SIZE:LINE:WAYS%s (e.g. 4K:32:2)", s, data ? "[:wt]" : "");
        return -1;
    }
    if (*p == ':' && data && (!strcmp(p + 1, "wt") || !strcmp(p + 1, "wb"))) {
        out.write_through = p[2] == 't';
        p += 3;
    }
    if (*p) {
        snprintf(err, errlen, "'%s': unexpected '%s'%s", s, p,
                 data ? " (the policy is :wt or :wb)" : " (an I$ takes no policy)");
        return -1;
    }
    if (!pow2(size) || !pow2(line) || !pow2(ways) || size > CACHE_MAX_SIZE ||
        line < CACHE_MIN_LINE || line > CACHE_MAX_LINE || line * ways > size) {
        snprintf(err, errlen,
                 "'%s': SIZE (at most %uM), LINE (%u to %u bytes) and WAYS must be powers of "
                 "two with LINE x WAYS <= SIZE", s, CACHE_MAX_SIZE >> 20, CACHE_MIN_LINE,
                 CACHE_MAX_LINE);
        return -1;
    }
    out.size = (uint32_t)size;
    out.line = (uint32_t)line;
    out.ways = (uint32_t)ways;
    *g = out;
    return 0;
}

static void put_size(char *buf, size_t len, uint32_t v)
{
    if (v % (1u << 20) == 0)
        snprintf(buf, len, "%uM", v >> 20);
    else if (v % (1u << 10) == 0)
        snprintf(buf, len, "%uK", v >> 10);
    else
        snprintf(buf, len, "%u", v);
}

void caches_describe(const struct caches *c, char *buf, size_t len)
{
    if (!c->on) {
        snprintf(buf, len, "none");
        return;
    }
    char is[16], ds[16], parts[2][64] = {"", ""};
    if (c->i.g.size) {
        put_size(is, sizeof is, c->i.g.size);
        snprintf(parts[0], sizeof parts[0], "icache=%s:%u:%u ", is, c->i.g.line, c->i.g.ways);
    }
    if (c->d.g.size) {
        put_size(ds, sizeof ds, c->d.g.size);
        snprintf(parts[1], sizeof parts[1], "dcache=%s:%u:%u:%s ", ds, c->d.g.line, c->d.g.ways,
                 c->d.g.write_through ? "wt" : "wb");
    }
    snprintf(buf, len, "%s%smem=%u:%u:%u", parts[0], parts[1], c->mem.latency, c->mem.beat,
             c->mem.width);
}

uint32_t mem_transfer(const struct mem_params *m, uint32_t bytes)
{
    uint32_t beats = (bytes + m->width - 1) / m->width;
    return m->latency + (beats > 1 ? beats - 1 : 0) * m->beat;
}

int cache_init(struct cache *c, const struct cache_geometry *g, const struct mem_params *mem)
{
    memset(c, 0, sizeof *c);
    c->g = *g;
    if (!g->size)
        return 0;
    size_t lines = g->size / g->line;
    c->line_shift = (unsigned)__builtin_ctz(g->line);
    c->set_mask = lines / g->ways - 1;
    c->tag = malloc(lines * sizeof *c->tag);
    c->stamp = calloc(lines, sizeof *c->stamp);
    c->dirty = calloc(lines, 1);
    c->recent = malloc(lines / g->ways * sizeof *c->recent);
    if (!c->tag || !c->stamp || !c->dirty || !c->recent)
        return -1;
    c->refill = mem_transfer(mem, g->line);
    cache_invalidate(c);
    return 0;
}

void cache_free(struct cache *c)
{
    free(c->tag);
    free(c->stamp);
    free(c->dirty);
    free(c->recent);
    c->tag = c->stamp = c->recent = NULL;
    c->dirty = NULL;
}

int caches_init(struct caches *c, const struct cache_config *cfg)
{
    memset(c, 0, sizeof *c);
    c->mem = cfg->mem;
    c->on = cfg->icache.size || cfg->dcache.size;
    return cache_init(&c->i, &cfg->icache, &c->mem) || cache_init(&c->d, &cfg->dcache, &c->mem)
               ? -1 : 0;
}

void caches_free(struct caches *c)
{
    cache_free(&c->i);
    cache_free(&c->d);
}

void cache_invalidate(struct cache *c)
{
    size_t lines = c->g.size / c->g.line;
    for (size_t k = 0; k < lines; k++)
        c->tag[k] = TAG_INVALID;
    memset(c->dirty, 0, lines);
    for (size_t s = 0; s <= c->set_mask; s++)
        c->recent[s] = CACHE_NO_LINE;
    c->mru = CACHE_NO_LINE;
    c->fills++;
}

void cache_fill_dirty(struct cache *c)
{
    cache_invalidate(c);
    if (c->g.write_through)
        return;
    size_t lines = c->g.size / c->g.line;
    for (size_t k = 0; k < lines; k++)
        c->tag[k] = TAG_FOREIGN;
    memset(c->dirty, 1, lines);
}

uint64_t cache_clean(struct cache *c)
{
    size_t lines = c->g.size / c->g.line;
    uint64_t cost = 0;
    for (size_t k = 0; k < lines; k++)
        if (c->dirty[k]) {
            c->dirty[k] = 0;
            c->writebacks++;
            cost += c->refill;
        }
    c->stall += cost;
    return cost;
}

/* The way of set `set` holding line `ln`, or -1. */
static int find(const struct cache *c, uint64_t set, uint64_t ln)
{
    const uint64_t *t = c->tag + set * c->g.ways;
    for (uint32_t w = 0; w < c->g.ways; w++)
        if (t[w] == ln)
            return (int)w;
    return -1;
}

/* Bring line `ln` into its set, evicting the LRU way (an invalid one first): the index of
 * its slot; the write-back of a dirty victim is added to *cost. */
static size_t allocate(struct cache *c, uint64_t set, uint64_t ln, uint32_t *cost)
{
    size_t base = set * c->g.ways, victim = base;
    for (size_t k = base; k < base + c->g.ways; k++) {
        if (c->tag[k] == TAG_INVALID) {
            victim = k;
            break;
        }
        if (c->stamp[k] < c->stamp[victim])
            victim = k;
    }
    if (c->dirty[victim]) {
        c->writebacks++;
        *cost += c->refill;
    }
    c->tag[victim] = ln;
    c->dirty[victim] = 0;
    c->fills++;
    *cost += c->refill;
    return victim;
}

uint32_t cache_read(struct cache *c, uint64_t addr)
{
    uint64_t ln = addr >> c->line_shift;
    c->reads++;
    if (ln == c->mru) /* the last line used: already the most recent of its set */
        return 0;
    uint64_t set = ln & c->set_mask;
    int w = find(c, set, ln);
    uint32_t cost = 0;
    size_t k;
    if (w >= 0) {
        k = set * c->g.ways + (size_t)w;
    } else {
        c->read_misses++;
        k = allocate(c, set, ln, &cost);
        c->stall += cost;
    }
    cache_use(c, ln, k);
    return cost;
}

long cache_slot(const struct cache *c, uint64_t addr)
{
    uint64_t ln = addr >> c->line_shift, set = ln & c->set_mask;
    int w = find(c, set, ln);
    return w < 0 ? -1 : (long)(set * c->g.ways + (uint64_t)w);
}

bool cache_read_hit_slow(struct cache *c, uint64_t addr)
{
    uint64_t ln = addr >> c->line_shift;
    if (ln != c->mru) {
        uint64_t set = ln & c->set_mask;
        int w = find(c, set, ln);
        if (w < 0)
            return false;
        cache_use(c, ln, set * c->g.ways + (size_t)w);
    }
    return true;
}

bool cache_write_hit_slow(struct cache *c, uint64_t addr)
{
    uint64_t ln = addr >> c->line_shift, set = ln & c->set_mask;
    int w = c->g.write_through ? -1 : find(c, set, ln);
    if (w < 0)
        return false;
    size_t k = set * c->g.ways + (size_t)w;
    c->dirty[k] = 1;
    cache_use(c, ln, k);
    return true;
}

uint32_t cache_write(struct cache *c, const struct mem_params *m, uint64_t addr, unsigned size)
{
    uint64_t ln = addr >> c->line_shift, set = ln & c->set_mask;
    const bool last = ln == c->mru; /* the line used last: already the most recent of its set */
    uint32_t cost = 0;
    c->writes++;
    if (c->g.write_through) {
        /* every store writes memory; a miss does not allocate (the LRU order is untouched) */
        c->mem_writes++;
        cost = mem_transfer(m, size);
        c->stall += cost;
        int w = last ? -1 : find(c, set, ln);
        if (w >= 0)
            cache_use(c, ln, set * c->g.ways + (size_t)w);
        else if (!last)
            c->write_misses++;
        return cost;
    }
    if (last) {
        c->dirty[c->mru_slot] = 1;
        return 0;
    }
    int w = find(c, set, ln);
    size_t k;
    if (w >= 0) {
        k = set * c->g.ways + (size_t)w;
    } else {
        c->write_misses++;
        k = allocate(c, set, ln, &cost);
        c->stall += cost;
    }
    c->dirty[k] = 1;
    cache_use(c, ln, k);
    return cost;
}

void caches_control(struct caches *c, uint32_t value)
{
    if (value != CACHE_CTL_COLD && value != CACHE_CTL_COLD_DIRTY)
        return;
    if (c->i.g.size)
        cache_invalidate(&c->i);
    if (c->d.g.size)
        (value == CACHE_CTL_COLD ? cache_invalidate : cache_fill_dirty)(&c->d);
}

uint32_t caches_status(const struct caches *c)
{
    return (c->i.g.size ? CACHE_CTL_HAS_I : 0) | (c->d.g.size ? CACHE_CTL_HAS_D : 0) |
           (c->d.g.size && !c->d.g.write_through ? CACHE_CTL_WB : 0) |
           (c->on && (c->mem.latency || c->mem.beat) ? CACHE_CTL_COSTLY : 0);
}
