/* Devices on the bus, apart from the core, in the manner of Spike's abstract_device_t: each
 * device owns its state and is reached only through struct device_ops.  Devices derive what
 * changes with time (mtime, a due IRQ_AT) from the hart's cycle count, so nothing runs per
 * instruction: the execute loop asks for the cycle of their next event and looks at them
 * again only then (or after a device register was written). */
#ifndef TEMPO_DEVICE_H
#define TEMPO_DEVICE_H
#include <stdbool.h>
#include <stdint.h>

enum soc { SOC_PAPER, SOC_VIRT };

/* The hart's clock: devices read it, only the hart advances it. */
struct clock {
    uint64_t cycle;      /* clock cycles since reset */
    uint64_t mcycle_adj; /* mcycle = cycle + mcycle_adj (a CSR write of mcycle moves it) */
};
static inline uint64_t clock_mcycle(const struct clock *c) { return c->cycle + c->mcycle_adj; }

struct device_ops {
    /* A register access of `size` bytes at offset `off` of the device's window: 0, or -1
     * for an access the device does not accept (the core raises an access fault). */
    int (*read)(void *dev, uint64_t off, unsigned size, uint64_t *val);
    int (*write)(void *dev, uint64_t off, unsigned size, uint64_t val);
    /* Bring the device up to the current cycle (latch what became due) and return the
     * interrupt lines it drives, as MIP_* bits.  NULL: the device drives none. */
    uint64_t (*update)(void *dev);
    /* The cycle line `irq` (IRQ_M_*) rose, or will rise with no register write; 0: up since
     * an unknown cycle; UINT64_MAX: down, and only a register write can raise it. */
    uint64_t (*irq_rise)(const void *dev, unsigned irq);
    /* The cycle of the device's next event (one of its lines rising by itself);
     * UINT64_MAX: none. */
    uint64_t (*next_event)(const void *dev);
};

/* One device's window on the bus. */
struct device {
    const char *name;
    uint64_t base, size;
    const struct device_ops *ops;
    void *state;
};

#endif
