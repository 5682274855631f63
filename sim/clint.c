/* The CLINT: mtime, mtimecmp and (virt) msip.  mtime is not stored: it is derived from the
 * cycle count, so the timer costs nothing per instruction; the execute loop only looks at
 * it when the cycle count reaches clint_event_cycle(). */
#include "tempo_sim.h"

/* spec/core-timing.md "CLINT": mtime += 1 every 100,000 core cycles (1 kHz at 100 MHz) */
#define PAPER_CYCLES_PER_TICK 100000u
/* spec/toolchain.md: QEMU virt's mtime runs at 10 MHz, i.e. every 10 cycles at 100 MHz */
#define VIRT_CYCLES_PER_TICK 10u
/* paper: spec/core-timing.md "Memory map"; virt: the SiFive layout (board.h) */
#define CLINT_BASE         0x02000000u
#define PAPER_MTIME        0x0u
#define PAPER_MTIMECMP     0x8u
#define PAPER_CLINT_SIZE   0x10u
#define VIRT_MSIP          0x0u
#define VIRT_MTIMECMP      0x4000u
#define VIRT_MTIME         0xbff8u
#define VIRT_CLINT_SIZE    0x10000u

uint64_t clint_mtime(const struct machine *m) { return m->cycle / m->cycles_per_tick + m->mtime_adj; }

bool clint_mtip(const struct machine *m) { return clint_mtime(m) >= m->mtimecmp; }

uint64_t clint_event_cycle(const struct machine *m)
{
    uint64_t now = clint_mtime(m);
    if (now >= m->mtimecmp)
        return m->cycle;
    uint64_t tick = m->cycle / m->cycles_per_tick, delta = m->mtimecmp - now;
    if (delta > UINT64_MAX / m->cycles_per_tick - tick)
        return UINT64_MAX; /* beyond the end of time */
    return (tick + delta) * m->cycles_per_tick;
}

/* A 64-bit register takes 8-byte accesses (RV64) and 4-byte accesses to either half;
 * any other size or offset is an access fault. */
static int reg64_read(uint64_t reg, uint64_t off, unsigned size, uint64_t *val)
{
    if (size == 8 && off == 0)
        *val = reg;
    else if (size == 4 && (off == 0 || off == 4))
        *val = (uint32_t)(reg >> (8 * off));
    else
        return -1;
    return 0;
}

static int reg64_write(uint64_t *reg, uint64_t off, unsigned size, uint64_t val)
{
    if (size == 8 && off == 0)
        *reg = val;
    else if (size == 4 && (off == 0 || off == 4))
        *reg = (*reg & ~(0xffffffffull << (8 * off))) | (val & 0xffffffffull) << (8 * off);
    else
        return -1;
    return 0;
}

static int mtime_write(struct machine *m, uint64_t off, unsigned size, uint64_t val)
{
    uint64_t t = clint_mtime(m);
    if (reg64_write(&t, off, size, val))
        return -1;
    m->mtime_adj = t - m->cycle / m->cycles_per_tick; /* keep the tick phase */
    return 0;
}

static int paper_read(struct machine *m, uint64_t off, unsigned size, uint64_t *val)
{
    if (off < PAPER_MTIMECMP)
        return reg64_read(clint_mtime(m), off - PAPER_MTIME, size, val);
    return reg64_read(m->mtimecmp, off - PAPER_MTIMECMP, size, val);
}

static int paper_write(struct machine *m, uint64_t off, unsigned size, uint64_t val)
{
    if (off < PAPER_MTIMECMP)
        return mtime_write(m, off - PAPER_MTIME, size, val);
    return reg64_write(&m->mtimecmp, off - PAPER_MTIMECMP, size, val);
}

static int virt_read(struct machine *m, uint64_t off, unsigned size, uint64_t *val)
{
    if (off == VIRT_MSIP && size == 4) {
        *val = m->msip;
        return 0;
    }
    if (off - VIRT_MTIMECMP < 8)
        return reg64_read(m->mtimecmp, off - VIRT_MTIMECMP, size, val);
    if (off - VIRT_MTIME < 8)
        return reg64_read(clint_mtime(m), off - VIRT_MTIME, size, val);
    return -1;
}

static int virt_write(struct machine *m, uint64_t off, unsigned size, uint64_t val)
{
    if (off == VIRT_MSIP && size == 4) {
        m->msip = val & 1;
        return 0;
    }
    if (off - VIRT_MTIMECMP < 8)
        return reg64_write(&m->mtimecmp, off - VIRT_MTIMECMP, size, val);
    if (off - VIRT_MTIME < 8)
        return mtime_write(m, off - VIRT_MTIME, size, val);
    return -1;
}

void clint_attach(struct machine *m)
{
    struct device *d = &m->dev[m->ndev++];
    d->name = "clint";
    d->base = CLINT_BASE;
    if (m->soc == SOC_PAPER) {
        m->cycles_per_tick = PAPER_CYCLES_PER_TICK;
        d->size = PAPER_CLINT_SIZE;
        d->read = paper_read;
        d->write = paper_write;
    } else {
        m->cycles_per_tick = VIRT_CYCLES_PER_TICK;
        d->size = VIRT_CLINT_SIZE;
        d->read = virt_read;
        d->write = virt_write;
    }
}
