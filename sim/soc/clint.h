/* The CLINT: mtime, mtimecmp and the machine software interrupt bit (msip).  mtime is not
 * stored: it is derived from the cycle count, so the timer costs nothing per instruction.
 * The paper SoC's CLINT has no msip register: its bit is reached through the
 * simulator-control device (simctl.h), which on virt shares it with the CLINT's. */
#ifndef TEMPO_CLINT_H
#define TEMPO_CLINT_H
#include "device.h"

struct clint {
    const struct clock *clk;
    uint64_t cycles_per_tick; /* mtime += 1 every this many cycles */
    uint64_t mtime_adj;       /* mtime = cycle / cycles_per_tick + mtime_adj */
    uint64_t mtimecmp;
    bool msip;
};

/* Reset state for `soc`, and the CLINT's window on the bus in `*win`. */
void clint_init(struct clint *c, const struct clock *clk, enum soc soc, struct device *win);
uint64_t clint_mtime(const struct clint *c);
#endif
