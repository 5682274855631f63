/* Optional caches in front of a slower main memory: --icache, --dcache, --mem-latency,
 * --mem-beat, --mem-width (docs/caches.md).  Without them the SoC is the paper's: every
 * memory is a BRAM the core reads in its fixed pipeline slots, and nothing here runs.
 *
 * THE MODEL (timing only: the data always lives in the simulated memories, so caches can
 * never change what a program computes, only when it computes it).
 *  - A cache given puts its port behind it: the I$ serves instruction fetches, the D$ the
 *    loads and stores to memory (instruction memory read as data included); devices (MMIO)
 *    are never cached.  A port without a cache keeps today's BRAM timing.
 *  - A hit costs what the BRAM access costs today (the cache's data arrays are the BRAMs the
 *    core already reads in IF/IO and MEM; the tag compare sits in IO and MEM), so a run in
 *    which everything hits has today's cycle count.
 *  - Set-associative, LRU replacement, SIZE:LINE:WAYS all powers of two.  The D$ is
 *    write-back with write-allocate by default (a store miss fetches the line; a dirty victim
 *    is written back before the refill, as MicroBlaze's write-back D$ does: AMD UG984/UG1629
 *    "Data Cache Operation"), or write-through without write-allocate (`:wt`: every store
 *    also writes main memory; a store miss leaves the cache alone), with no write buffer.
 *  - Blocking caches on an in-order pipeline ("the pipeline is stalled until the access
 *    completes": UG984 "Pipeline Architecture"): memory stall cycles = misses x miss penalty
 *    (Hennessy & Patterson, Computer Architecture: A Quantitative Approach, appendix B.2).
 *    A miss is served whole: the line is refilled completely before the access completes
 *    (no critical-word-first, no early restart).
 *  - Main memory: one transfer of B beats of `width` bytes costs latency + (B - 1) x beat
 *    cycles (`latency` includes the first beat).  A refill and a write-back move one line
 *    (line / width beats), a write-through store its own bytes (an RV64 `sd` is two beats
 *    on a 4-byte memory).  Reads and writes cost the same.
 * How a miss stalls the pipeline is the execute loop's part (sim/core/cpu.c): a fetch miss
 * delays the instruction's issue (the front end waits while older instructions drain), a
 * data miss freezes the whole pipeline in MEM, like the RAM store's freeze. */
#ifndef TEMPO_CACHE_H
#define TEMPO_CACHE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct cache_geometry {
    uint32_t size, line, ways; /* bytes, bytes per line, lines per set; size 0: no cache */
    bool write_through;        /* D$ only */
};

/* Main memory behind the caches. */
struct mem_params {
    uint32_t latency; /* cycles from the request to the first beat, that beat included */
    uint32_t beat;    /* cycles per further beat */
    uint32_t width;   /* bytes per beat */
};

/* Defaults of --mem-latency, --mem-beat, --mem-width: a DRAM behind an FPGA memory
 * controller on a 32-bit bus at 100 MHz (docs/caches.md: the benchmark configuration). */
#define CACHE_MEM_LATENCY 20u
#define CACHE_MEM_BEAT    1u
#define CACHE_MEM_WIDTH   4u

struct cache_config {
    struct cache_geometry icache, dcache;
    struct mem_params mem;
    bool mem_given; /* a --mem-* option was given (a usage error without a cache) */
};

struct cache {
    struct cache_geometry g;
    unsigned line_shift;
    uint64_t set_mask;
    uint64_t *tag;    /* [set * ways + way]: the line number (address >> line_shift) */
    uint64_t *stamp;  /* LRU: the access count at the line's last use */
    uint8_t *dirty;
    uint64_t clock;   /* accesses so far: the LRU time */
    uint64_t mru;     /* line number of the last access, CACHE_NO_LINE after a flush */
    size_t mru_slot;  /* its index in tag[] */
    uint64_t *recent; /* [set]: the line of the set's last access (its stamp the set's
                         highest), or CACHE_NO_LINE: an access to it may skip its new stamp
                         (each set's LRU order stays the same; the engines skip more often
                         than cache_read(), which skips only mru) */
    uint64_t fills;   /* changes of the lines held (a refill, an invalidation): a lookup
                         made while this stays the same still holds */
    uint32_t refill;  /* cycles of a line transfer (refill or write-back) */
    /* counters */
    uint64_t reads, writes, read_misses, write_misses, writebacks, mem_writes, stall;
};
#define CACHE_NO_LINE UINT64_MAX

/* The machine's caches (sim/soc/machine.h). */
struct caches {
    bool on; /* an I$ or a D$ is configured: the execute loop's reference path (cpu.c) */
    struct cache i, d;
    struct mem_params mem;
};

/* "SIZE:LINE:WAYS[:wt|:wb]" (SIZE with a K or M suffix) into *g: 0, or -1 with the reason
 * in err.  `data`: the D$ (which alone takes :wt/:wb). */
int cache_parse(const char *s, bool data, struct cache_geometry *g, char *err, size_t errlen);
/* The configuration as one string: "none", or e.g.
 * "icache=4K:32:2 dcache=4K:32:2:wb mem=20:1:4" (mem = latency:beat:width). */
void caches_describe(const struct caches *c, char *buf, size_t len);

/* A cache of geometry g (size 0: none) at reset, all lines invalid: 0, or -1 out of memory. */
int cache_init(struct cache *c, const struct cache_geometry *g, const struct mem_params *mem);
void cache_free(struct cache *c);
int caches_init(struct caches *c, const struct cache_config *cfg);
void caches_free(struct caches *c);

/* Cycles one transfer of `bytes` to or from main memory takes. */
uint32_t mem_transfer(const struct mem_params *m, uint32_t bytes);

/* One access (fetch or load / store of `size` bytes, aligned: it never crosses a line); the
 * stall cycles it adds to a hit.  Updates the counters (stall included). */
uint32_t cache_read(struct cache *c, uint64_t addr);
uint32_t cache_write(struct cache *c, const struct mem_params *m, uint64_t addr, unsigned size);
/* For an engine that runs only hits itself (fast.c): the index in tag[] of the line of
 * addr, or -1 when the cache does not hold it; and an access that hits, made as
 * cache_read() / cache_write() would make it (LRU order, dirty bit) with true, or false
 * with nothing changed when it would miss or cost cycles (every write-through store does).
 * The reads and writes counts are the engine's to add (it counts its hits per timed run).
 * The last line used is the common case, inline. */
long cache_slot(const struct cache *c, uint64_t addr);
bool cache_read_hit_slow(struct cache *c, uint64_t addr);
bool cache_write_hit_slow(struct cache *c, uint64_t addr);
/* Line ln, in slot k, becomes the one used last (the LRU order) */
static inline void cache_use(struct cache *c, uint64_t ln, size_t k)
{
    c->stamp[k] = ++c->clock;
    c->mru = ln;
    c->mru_slot = k;
    c->recent[ln & c->set_mask] = ln;
}
static inline bool cache_read_hit(struct cache *c, uint64_t addr)
{
    if ((addr >> c->line_shift) == c->mru)
        return true;
    return cache_read_hit_slow(c, addr);
}
static inline bool cache_write_hit(struct cache *c, uint64_t addr)
{
    if ((addr >> c->line_shift) == c->mru && !c->g.write_through) {
        c->dirty[c->mru_slot] = 1;
        return true;
    }
    return cache_write_hit_slow(c, addr);
}
/* Every line invalid; dirty data is dropped (the simulated memory already holds it). */
void cache_invalidate(struct cache *c);
/* Every line valid and dirty, holding memory no program uses: the worst state a write-back
 * cache can be in (each miss first writes a victim back).  A write-through cache, which
 * never holds dirty lines, is invalidated instead. */
void cache_fill_dirty(struct cache *c);
/* Write every dirty line back (they stay valid, now clean): the stall cycles. */
uint64_t cache_clean(struct cache *c);

/* The simulator-control CACHE register (docs/simulator.md "The simulated SoCs"). */
#define CACHE_CTL_COLD       1u /* w: invalidate both caches */
#define CACHE_CTL_COLD_DIRTY 2u /* w: invalidate the I$, fill the D$ with dirty lines */
#define CACHE_CTL_HAS_I      1u /* r: bit 0, an I$ is configured */
#define CACHE_CTL_HAS_D      2u /* r: bit 1, a D$ */
#define CACHE_CTL_WB         4u /* r: bit 2, the D$ is write-back */
#define CACHE_CTL_COSTLY     8u /* r: bit 3, a miss costs cycles (main memory not free) */
void caches_control(struct caches *c, uint32_t value);
uint32_t caches_status(const struct caches *c);
#endif
