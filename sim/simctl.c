/* The simulator-control device (README "The simulated SoCs"; both SoCs) and QEMU virt's
 * test device ("sifive_test", virt only).  The external interrupt is cycle-exact: it is
 * pending from the first instruction boundary at which mcycle >= IRQ_AT. */
#include "tempo_sim.h"

#define PAPER_SIMCTL_BASE 0x10020000u
#define VIRT_SIMCTL_BASE  0x00110000u
#define SIMCTL_SIZE       0x20u
#define SIMCTL_EXIT       0x00u
#define SIMCTL_IRQ_AT     0x08u
#define SIMCTL_IRQ_AT_HI  0x0cu
#define SIMCTL_IRQ_ACK    0x10u
#define SIMCTL_IRQ_AFTER  0x14u
#define SIMCTL_MSIP       0x18u
#define TEST_BASE         0x00100000u /* QEMU virt */
#define TEST_SIZE         0x1000u
#define TEST_PASS         0x5555u
#define TEST_FAIL         0x3333u

bool simctl_meip(struct machine *m)
{
    if (m->irq_armed && machine_mcycle(m) >= m->irq_at) {
        m->irq_armed = false; /* one shot: latched until IRQ_ACK */
        m->irq_pending = true;
    }
    return m->irq_pending;
}

uint64_t simctl_event_cycle(const struct machine *m)
{
    if (!m->irq_armed)
        return UINT64_MAX;
    uint64_t now = machine_mcycle(m);
    return m->irq_at <= now ? m->cycle : m->cycle + (m->irq_at - now);
}

static void arm(struct machine *m, uint64_t at)
{
    m->irq_at = at;
    m->irq_armed = true;
}

static int simctl_read(struct machine *m, uint64_t off, unsigned size, uint64_t *val)
{
    if (size == 8 && off == SIMCTL_IRQ_AT) {
        *val = m->irq_at;
        return 0;
    }
    if (size != 4)
        return -1;
    switch (off) {
    case SIMCTL_EXIT: case SIMCTL_IRQ_AFTER: *val = 0; return 0;
    case SIMCTL_IRQ_AT: *val = (uint32_t)m->irq_at; return 0;
    case SIMCTL_IRQ_AT_HI: *val = m->irq_at >> 32; return 0;
    case SIMCTL_IRQ_ACK: *val = simctl_meip(m); return 0;
    case SIMCTL_MSIP: *val = m->msip; return 0;
    }
    return -1;
}

static int simctl_write(struct machine *m, uint64_t off, unsigned size, uint64_t val)
{
    if (size == 8 && off == SIMCTL_IRQ_AT) {
        arm(m, val);
        return 0;
    }
    if (size == 8 && off == SIMCTL_EXIT) {
        machine_exit(m, val);
        return 0;
    }
    if (size != 4)
        return -1;
    switch (off) {
    case SIMCTL_EXIT: machine_exit(m, val); return 0;
    case SIMCTL_IRQ_AT_HI: m->irq_at_hi = (uint32_t)val; return 0;
    case SIMCTL_IRQ_AT: arm(m, (uint64_t)m->irq_at_hi << 32 | val); return 0;
    case SIMCTL_IRQ_ACK: m->irq_pending = m->irq_armed = false; return 0;
    case SIMCTL_IRQ_AFTER: arm(m, machine_mcycle(m) + val); return 0;
    case SIMCTL_MSIP: m->msip = val & 1; return 0;
    }
    return -1;
}

static int test_read(struct machine *m, uint64_t off, unsigned size, uint64_t *val)
{
    (void)m;
    (void)off;
    (void)size;
    *val = 0;
    return 0;
}

static int test_write(struct machine *m, uint64_t off, unsigned size, uint64_t val)
{
    if (off != 0 || size < 4)
        return -1;
    /* QEMU: 0x5555 = pass (status 0), (code << 16) | 0x3333 = fail with status `code`;
     * other values (0x7777 reset) are ignored */
    if ((val & 0xffff) == TEST_PASS)
        machine_exit(m, 0);
    else if ((val & 0xffff) == TEST_FAIL)
        machine_exit(m, (val >> 16) & 0xffff);
    return 0;
}

void simctl_attach(struct machine *m)
{
    struct device *d = &m->dev[m->ndev++];
    d->name = "simctl";
    d->base = m->soc == SOC_PAPER ? PAPER_SIMCTL_BASE : VIRT_SIMCTL_BASE;
    d->size = SIMCTL_SIZE;
    d->read = simctl_read;
    d->write = simctl_write;
    if (m->soc == SOC_VIRT) {
        d = &m->dev[m->ndev++];
        d->name = "test";
        d->base = TEST_BASE;
        d->size = TEST_SIZE;
        d->read = test_read;
        d->write = test_write;
    }
}
