/* The simulator-control device (simctl.h).  The external interrupt is cycle-exact: it is
 * pending from the first instruction boundary at which mcycle >= IRQ_AT. */
#include "simctl.h"
#include "cache.h"
#include "riscv/encoding.h"

#define PAPER_SIMCTL_BASE 0x10040000u /* above the paper SoC's own devices */
#define VIRT_SIMCTL_BASE  0x00110000u
#define SIMCTL_SIZE       0x20u
#define SIMCTL_EXIT       0x00u
#define SIMCTL_IRQ_AT     0x08u
#define SIMCTL_IRQ_AT_HI  0x0cu
#define SIMCTL_IRQ_ACK    0x10u
#define SIMCTL_IRQ_AFTER  0x14u
#define SIMCTL_MSIP       0x18u
#define SIMCTL_CACHE      0x1cu

static uint64_t simctl_update(void *dev)
{
    struct simctl *s = dev;
    if (s->irq_armed && clock_mcycle(s->clk) >= s->irq_at) {
        s->irq_armed = false; /* one shot: latched until IRQ_ACK */
        s->irq_pending = true;
    }
    return s->irq_pending ? MIP_MEIP : 0;
}

static uint64_t simctl_irq_rise(const void *dev, unsigned irq)
{
    const struct simctl *s = dev;
    if (irq != IRQ_M_EXT || (!s->irq_armed && !s->irq_pending))
        return UINT64_MAX;
    uint64_t now = s->clk->cycle, mc = clock_mcycle(s->clk);
    if (s->irq_at > mc)
        return s->irq_at - mc > UINT64_MAX - now ? UINT64_MAX : now + (s->irq_at - mc);
    return mc - s->irq_at > now ? 0 : now - (mc - s->irq_at);
}

static uint64_t simctl_next_event(const void *dev)
{
    const struct simctl *s = dev;
    if (!s->irq_armed)
        return UINT64_MAX;
    uint64_t now = s->clk->cycle, mc = clock_mcycle(s->clk);
    if (s->irq_at <= mc)
        return now;
    return s->irq_at - mc > UINT64_MAX - now ? UINT64_MAX : now + (s->irq_at - mc);
}

static void arm(struct simctl *s, uint64_t at)
{
    s->irq_at = at;
    s->irq_armed = true;
}

static int simctl_read(void *dev, uint64_t off, unsigned size, uint64_t *val)
{
    struct simctl *s = dev;
    if (size == 8 && off == SIMCTL_IRQ_AT) {
        *val = s->irq_at;
        return 0;
    }
    if (size != 4)
        return -1;
    switch (off) {
    case SIMCTL_EXIT: case SIMCTL_IRQ_AFTER: *val = 0; return 0;
    case SIMCTL_IRQ_AT: *val = (uint32_t)s->irq_at; return 0;
    case SIMCTL_IRQ_AT_HI: *val = s->irq_at >> 32; return 0;
    case SIMCTL_IRQ_ACK: *val = simctl_update(s) != 0; return 0;
    case SIMCTL_MSIP: *val = s->clint->msip; return 0;
    case SIMCTL_CACHE: *val = s->caches ? caches_status(s->caches) : 0; return 0;
    }
    return -1;
}

static int simctl_write(void *dev, uint64_t off, unsigned size, uint64_t val)
{
    struct simctl *s = dev;
    if (size == 8 && off == SIMCTL_IRQ_AT) {
        arm(s, val);
        return 0;
    }
    if (size == 8 && off == SIMCTL_EXIT) {
        run_exit(s->run, val);
        return 0;
    }
    if (size != 4)
        return -1;
    switch (off) {
    case SIMCTL_EXIT: run_exit(s->run, val); return 0;
    case SIMCTL_IRQ_AT_HI: s->irq_at_hi = (uint32_t)val; return 0;
    case SIMCTL_IRQ_AT: arm(s, (uint64_t)s->irq_at_hi << 32 | val); return 0;
    case SIMCTL_IRQ_ACK: s->irq_pending = s->irq_armed = false; return 0;
    case SIMCTL_IRQ_AFTER: arm(s, clock_mcycle(s->clk) + val); return 0;
    case SIMCTL_MSIP: s->clint->msip = val & 1; return 0;
    case SIMCTL_CACHE:
        if (s->caches)
            caches_control(s->caches, (uint32_t)val);
        return 0;
    }
    return -1;
}

static const struct device_ops simctl_ops = {
    .read = simctl_read, .write = simctl_write,
    .update = simctl_update, .irq_rise = simctl_irq_rise, .next_event = simctl_next_event,
};

void simctl_init(struct simctl *s, const struct clock *clk, struct clint *clint,
                 struct run_state *run, enum soc soc, struct device *win)
{
    *s = (struct simctl){.clk = clk, .clint = clint, .run = run};
    *win = (struct device){
        .name = "simctl",
        .base = soc == SOC_PAPER ? PAPER_SIMCTL_BASE : VIRT_SIMCTL_BASE,
        .size = SIMCTL_SIZE,
        .ops = &simctl_ops,
        .state = s,
    };
}
