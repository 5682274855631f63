/* The CLINT (clint.h).  Lines: MSIP = msip, MTIP = mtime >= mtimecmp. */
#include "clint.h"
#include "riscv/encoding.h"

/* docs/timing.md "CLINT": mtime += 1 every 100,000 core cycles (1 kHz at 100 MHz) */
#define PAPER_CYCLES_PER_TICK 100000u
/* docs/boards.md "Toolchain": QEMU virt's mtime runs at 10 MHz, i.e. every 10 cycles at 100 MHz */
#define VIRT_CYCLES_PER_TICK 10u
/* paper: docs/boards.md "Paper SoC"; virt: the SiFive layout (board.h) */
#define CLINT_BASE         0x02000000u
#define PAPER_MTIME        0x0u
#define PAPER_MTIMECMP     0x8u
#define PAPER_CLINT_SIZE   0x10u
#define VIRT_MSIP          0x0u
#define VIRT_MTIMECMP      0x4000u
#define VIRT_MTIME         0xbff8u
#define VIRT_CLINT_SIZE    0x10000u

static uint64_t tick(const struct clint *c) { return c->clk->cycle / c->cycles_per_tick; }

uint64_t clint_mtime(const struct clint *c) { return tick(c) + c->mtime_adj; }

static bool mtip(const struct clint *c) { return clint_mtime(c) >= c->mtimecmp; }

/* The cycle MTIP rises (the current one when it is up); UINT64_MAX: beyond the end of time. */
static uint64_t mtip_cycle(const struct clint *c)
{
    uint64_t now = clint_mtime(c);
    if (now >= c->mtimecmp)
        return c->clk->cycle;
    uint64_t t = tick(c), delta = c->mtimecmp - now;
    if (delta > UINT64_MAX / c->cycles_per_tick - t)
        return UINT64_MAX;
    return (t + delta) * c->cycles_per_tick;
}

static uint64_t clint_update(void *dev)
{
    const struct clint *c = dev;
    return (c->msip ? MIP_MSIP : 0) | (mtip(c) ? MIP_MTIP : 0);
}

static uint64_t clint_irq_rise(const void *dev, unsigned irq)
{
    const struct clint *c = dev;
    if (irq == IRQ_M_SOFT)
        return c->msip ? 0 : UINT64_MAX;
    if (irq != IRQ_M_TIMER)
        return UINT64_MAX;
    if (!mtip(c))
        return mtip_cycle(c);
    /* up: the cycle mtime reached mtimecmp */
    uint64_t late = clint_mtime(c) - c->mtimecmp, t = tick(c);
    return late > t ? 0 : (t - late) * c->cycles_per_tick;
}

static uint64_t clint_next_event(const void *dev)
{
    const struct clint *c = dev;
    return mtip(c) ? UINT64_MAX : mtip_cycle(c);
}

/* A 64-bit register takes 8-byte accesses (RV64) and 4-byte accesses to either 32-bit
 * word; any other size or offset is an access fault. */
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

static int mtime_write(struct clint *c, uint64_t off, unsigned size, uint64_t val)
{
    uint64_t t = clint_mtime(c);
    if (reg64_write(&t, off, size, val))
        return -1;
    c->mtime_adj = t - tick(c); /* keep the tick phase */
    return 0;
}

static int paper_read(void *dev, uint64_t off, unsigned size, uint64_t *val)
{
    struct clint *c = dev;
    if (off < PAPER_MTIMECMP)
        return reg64_read(clint_mtime(c), off - PAPER_MTIME, size, val);
    return reg64_read(c->mtimecmp, off - PAPER_MTIMECMP, size, val);
}

static int paper_write(void *dev, uint64_t off, unsigned size, uint64_t val)
{
    struct clint *c = dev;
    if (off < PAPER_MTIMECMP)
        return mtime_write(c, off - PAPER_MTIME, size, val);
    return reg64_write(&c->mtimecmp, off - PAPER_MTIMECMP, size, val);
}

static int virt_read(void *dev, uint64_t off, unsigned size, uint64_t *val)
{
    struct clint *c = dev;
    if (off == VIRT_MSIP && size == 4) {
        *val = c->msip;
        return 0;
    }
    if (off - VIRT_MTIMECMP < 8)
        return reg64_read(c->mtimecmp, off - VIRT_MTIMECMP, size, val);
    if (off - VIRT_MTIME < 8)
        return reg64_read(clint_mtime(c), off - VIRT_MTIME, size, val);
    return -1;
}

static int virt_write(void *dev, uint64_t off, unsigned size, uint64_t val)
{
    struct clint *c = dev;
    if (off == VIRT_MSIP && size == 4) {
        c->msip = val & 1;
        return 0;
    }
    if (off - VIRT_MTIMECMP < 8)
        return reg64_write(&c->mtimecmp, off - VIRT_MTIMECMP, size, val);
    if (off - VIRT_MTIME < 8)
        return mtime_write(c, off - VIRT_MTIME, size, val);
    return -1;
}

static const struct device_ops paper_ops = {
    .read = paper_read, .write = paper_write,
    .update = clint_update, .irq_rise = clint_irq_rise, .next_event = clint_next_event,
};
static const struct device_ops virt_ops = {
    .read = virt_read, .write = virt_write,
    .update = clint_update, .irq_rise = clint_irq_rise, .next_event = clint_next_event,
};

void clint_init(struct clint *c, const struct clock *clk, enum soc soc, struct device *win)
{
    *c = (struct clint){
        .clk = clk,
        .cycles_per_tick = soc == SOC_PAPER ? PAPER_CYCLES_PER_TICK : VIRT_CYCLES_PER_TICK,
        .mtimecmp = UINT64_MAX, /* docs/timing.md: mtimecmp resets to all ones */
    };
    *win = (struct device){
        .name = "clint",
        .base = CLINT_BASE,
        .size = soc == SOC_PAPER ? PAPER_CLINT_SIZE : VIRT_CLINT_SIZE,
        .ops = soc == SOC_PAPER ? &paper_ops : &virt_ops,
        .state = c,
    };
}
