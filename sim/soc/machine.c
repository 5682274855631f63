/* Building a machine for one SoC profile: memories, devices, reset state. */
#include <stdlib.h>
#include <string.h>
#include "machine.h"

/* docs/simulator.md "The simulated SoCs" and bsp/common/board.h */
#define PAPER_IMEM_BASE 0x00000000u
#define PAPER_DMEM_BASE 0x10000000u
#define VIRT_RAM_BASE   0x80000000u

static int ram_init(struct ram *r, uint64_t base, uint64_t size, int code)
{
    r->base = base;
    r->size = size;
    /* calloc of a large block maps zero pages lazily: untouched memory costs nothing */
    r->mem = calloc(1, size + 8);
    if (!r->mem)
        return -1;
    r->dec_lo = UINT64_MAX; /* nothing decoded yet */
    r->dec_hi = 0;
    if (code) {
        r->dec = calloc(size / 4, sizeof *r->dec); /* all OP_UNDECODED */
        if (!r->dec)
            return -1;
    }
    return 0;
}

static int memories_init(struct bus *b, const struct sim_config *cfg)
{
    if (cfg->soc == SOC_PAPER) {
        /* ram[0] = data memory (most loads/stores), ram[1] = instruction memory, which is
         * also readable as data (docs/timing.md "Memory") but not writable: the RTL's data
         * memory writes only its own addresses (0x1000_xxxx) and the instruction memory has
         * no write port, so a store there is lost without a fault */
        if (ram_init(&b->ram[0], PAPER_DMEM_BASE, cfg->dmem_size, 0) ||
            ram_init(&b->ram[1], PAPER_IMEM_BASE, cfg->imem_size, 1))
            return -1;
        b->ram[1].store_lost = true;
        b->code = &b->ram[1];
    } else {
        if (ram_init(&b->ram[0], VIRT_RAM_BASE, cfg->ram_size, 1))
            return -1;
        b->code = &b->ram[0];
    }
    return 0;
}

/* The devices of the SoC, their windows on the bus and their interrupt lines. */
static void devices_init(struct machine *m)
{
    struct device *clint = bus_window(&m->bus), *simctl;
    clint_init(&m->clint, &m->hart.clk, m->soc, clint);
    uart_init(&m->uart, stdout, m->soc, bus_window(&m->bus));
    simctl = bus_window(&m->bus);
    simctl_init(&m->simctl, &m->hart.clk, &m->clint, &m->run, m->soc, simctl);
    if (m->soc == SOC_VIRT)
        testdev_init(&m->test, &m->run, bus_window(&m->bus));
    if (m->soc == SOC_PAPER) {
        vga_init(&m->vga, bus_window(&m->bus));
        ps2_init(&m->kbd, &m->hart.clk, bus_window(&m->bus));
    }
    m->irq_dev[IRQ_M_SOFT] = clint;
    m->irq_dev[IRQ_M_TIMER] = clint;
    m->irq_dev[IRQ_M_EXT] = simctl;
}

int machine_init(struct machine *m, const struct sim_config *cfg, int xlen)
{
    memset(m, 0, sizeof *m);
    m->hart.xlen = xlen;
    m->soc = cfg->soc;
    run_init(&m->run, cfg->max_cycles, &m->hart.next_event);
    m->reference = cfg->reference;
    m->threaded = cfg->threaded;
    m->hazards.stop = cfg->hazard_stop;
    m->bus.tohost_dw = UINT64_MAX;
    m->bus.run = &m->run;
    timing_init(&m->timing, &cfg->timing);
    if (memories_init(&m->bus, cfg) || caches_init(&m->caches, &cfg->cache))
        return -1;
    timing_attach_code(&m->timing, m->bus.code->mem, m->bus.code->base, m->bus.code->size,
                       (unsigned)xlen);
    devices_init(m);
    m->simctl.caches = &m->caches;
    return 0;
}

void machine_free(struct machine *m)
{
    for (int i = 0; i < 2; i++) {
        free(m->bus.ram[i].mem);
        free(m->bus.ram[i].dec);
    }
    caches_free(&m->caches);
    ps2_free(&m->kbd);
}

uint64_t machine_mcycle(const struct machine *m) { return clock_mcycle(&m->hart.clk); }

uint64_t machine_update_devices(struct machine *m)
{
    uint64_t lines = 0;
    for (int i = 0; i < m->bus.ndev; i++) {
        const struct device *d = &m->bus.dev[i];
        if (d->ops->update)
            lines |= d->ops->update(d->state);
    }
    return lines;
}

int machine_store(struct machine *m, uint64_t addr, unsigned size, uint64_t val)
{
    int r = bus_store(&m->bus, addr, size, val);
    if (r == BUS_LOST) {
        hazard_store_lost(m, addr, size);
        return BUS_RAM; /* timed as any RAM store: the RTL's write phase does not look at the address */
    }
    if (r == BUS_MMIO)
        m->hart.next_event = 0; /* a device changed: re-evaluate interrupts and events */
    return r;
}
