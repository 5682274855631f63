/* The simulator-control device (docs/simulator.md "The simulated SoCs"; both SoCs): EXIT, a cycle-exact
 * external interrupt (IRQ_AT, IRQ_AFTER, IRQ_ACK), the software-interrupt bit (MSIP), which
 * is the CLINT's msip, and CACHE (cache.h: make the caches cold, say which there are). */
#ifndef TEMPO_SIMCTL_H
#define TEMPO_SIMCTL_H
#include "clint.h"
#include "run.h"

struct caches;

struct simctl {
    const struct clock *clk;
    struct clint *clint;   /* MSIP reads and writes the CLINT's msip */
    struct run_state *run; /* EXIT */
    bool irq_armed;        /* IRQ_AT set and not reached yet */
    bool irq_pending;      /* MEIP: latched when mcycle reached IRQ_AT, until IRQ_ACK */
    uint64_t irq_at;       /* in mcycle units */
    uint32_t irq_at_hi;    /* staged high word of IRQ_AT */
    struct caches *caches; /* CACHE (cache.h); set by machine_init */
};

void simctl_init(struct simctl *s, const struct clock *clk, struct clint *clint,
                 struct run_state *run, enum soc soc, struct device *win);
#endif
