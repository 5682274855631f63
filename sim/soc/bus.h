/* The bus: RAM regions and device windows.  The execute loop handles loads and stores to
 * ram[0] inline; everything else comes here.  An address no RAM and no device claims is an
 * access fault; host memory is only ever touched inside a region's bounds. */
#ifndef TEMPO_BUS_H
#define TEMPO_BUS_H
#include "decode.h"
#include "device.h"
#include "run.h"

/* A RAM region backed by host memory.  `dec` (code memory only) caches one predecoded
 * record per word; [dec_lo, dec_hi) bounds the offsets ever decoded so that stores far from
 * code skip the invalidation. */
struct ram {
    uint64_t base, size;
    uint8_t *mem;
    struct insn *dec;
    uint64_t dec_lo, dec_hi;
    /* told by ram_invalidate() of the words a store changed (the fast engine's blocks) */
    void (*watch)(void *ctx, uint64_t off, unsigned size);
    void *watch_ctx;
    /* stores through the data port leave it unchanged (the paper's instruction memory) */
    bool store_lost;
};

#define BUS_MAX_DEVICES 6

struct bus {
    struct ram ram[2];  /* ram[0]: checked first by loads and stores */
    struct ram *code;   /* the region instructions are fetched from */
    struct device dev[BUS_MAX_DEVICES];
    int ndev;
    /* riscv-tests' tohost: stores to its doubleword are watched */
    uint64_t tohost, tohost_dw; /* tohost_dw = tohost >> 3, or UINT64_MAX when there is none */
    unsigned tohost_size;
    struct run_state *run; /* a riscv-tests verdict in tohost ends the run */
};

/* BUS_LOST: a store into a store_lost region, which is left unchanged */
enum { BUS_RAM = 0, BUS_MMIO = 1, BUS_LOST = 2, BUS_FAULT = -1 };
int bus_load(struct bus *b, uint64_t addr, unsigned size, uint64_t *val);
/* machine_store() (machine.h) is the core's way here: it reports BUS_LOST as a hazard */
int bus_store(struct bus *b, uint64_t addr, unsigned size, uint64_t val);
/* a store reached tohost's doubleword: end the run when it holds a riscv-tests verdict */
void bus_tohost_check(struct bus *b);
/* forget the predecoded records of the words a store of `size` bytes at `off` touched */
void ram_invalidate(struct ram *r, uint64_t off, unsigned size);
/* Debug access (a debugger, the kernel awareness): n bytes of RAM at addr, no device touched,
 * nothing charged; writes keep fetch coherent.  0, or -1 when a byte lies outside RAM. */
int bus_peek(const struct bus *b, uint64_t addr, void *buf, uint64_t n);
int bus_poke(struct bus *b, uint64_t addr, const void *buf, uint64_t n);
/* a new device window; returns it for the device's init function to fill */
struct device *bus_window(struct bus *b);
#endif
