/* libFuzzer harness: the execute loop on random instruction words (make fuzz;
 * sim/fuzz/fuzz.mk).
 *
 * Input: byte 0 picks the width (bit 0), the SoC (bit 1), the traced loop (bit 2:
 * --trace, --profile and --coverage to /dev/null), whether the last 6 bytes are 3 timing
 * parameters to --set (bit 3: a name and a value each, any value --set accepts, up to
 * 100,000 and the what-if predictors), whether the 4 bytes before them configure the
 * caches (bit 4: --icache, --dcache and --mem-* from their bits, every geometry the options
 * accept or refuse, as cache_parse() judges them) and whether the code's CSR instructions
 * and loads and stores are aimed (bit 5: a CSR number becomes one the hart implements or a
 * neighbour, a load's or store's offset a small one, so that with the registers below they
 * reach CLINT, UART, exit-device and simulator-control registers); bytes 1-31 set x1..x31,
 * each to one of 16 addresses and values that matter (code, data, every device register,
 * the ends of the memories, 0, -1, ...) plus 4 x its high nibble, so random loads, stores,
 * jumps and CSR writes reach the devices and the memory edges; the rest is code, at the
 * reset pc, where
 * mtvec also points (a trap reruns it).  The run stops at 5,000 cycles.  Checks: the run
 * ended, x0 is 0, an RV32 hart holds 32-bit values, mepc is 4-byte aligned, and the timing
 * model's books balance (base + stall cycles, the caches' included, = cycles, what --stats
 * checks), and no cache counts more misses than accesses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "coverage.h"
#include "elf.h"
#include "machine.h"
#include "observe.h"
#include "profile.h"
#include "symbols.h"
#include "trace.h"

#define EXPECT(c) do { if (!(c)) __builtin_trap(); } while (0)
#define MAX_CYCLES 5000

static FILE *devnull;

static uint64_t reg_value(uint8_t b, enum soc soc)
{
    static const uint64_t paper[16] = {
        0x00000000, 0x10000000, 0x02000000, 0x02000008, 0x10010000, 0x10010004, 0x10020000,
        0x10030000, 0x10040014, 0x10040018, 0x00007ffc, 0x10007ff8, 0x00800000,
        0xffffffffffffffff, 0x7fffffff, 0x80000000};
    static const uint64_t virt[16] = {
        0x80000000, 0x80008000, 0x02000000, 0x02004000, 0x0200bff8, 0x10000000, 0x10000005,
        0x00100000, 0x00110000, 0x00110008, 0x00110014, 0x800ffff8, 0x00800000,
        0xffffffffffffffff, 0x7fffffff, 0x00000000};
    return (soc == SOC_PAPER ? paper : virt)[b & 15] + 4 * (b >> 4);
}

/* --icache and --dcache (with a :wt or :wb policy) and --mem-latency/beat/width from 4
 * bytes: sizes 64 bytes to 128 KiB, lines 4 to 512 bytes, 1 to 128 ways, so that some
 * geometries are refused (a 4-byte line, line x ways over the size) as the options refuse
 * them, which leaves that cache out. */
static void set_caches(struct cache_config *c, const uint8_t *b)
{
    char spec[40], err[160];
    for (int i = 0; i < 2; i++) {
        const uint8_t g = b[i], w = b[2];
        if (!(w >> (6 + i) & 1))
            continue; /* no such cache */
        snprintf(spec, sizeof spec, "%u:%u:%u%s", 64u << ((g & 15) % 12), 4u << (g >> 4 & 7),
                 1u << (w >> 3 * i & 7), i && (g & 0x80) ? ":wt" : "");
        struct cache_geometry *geo = i ? &c->dcache : &c->icache;
        if (cache_parse(spec, i == 1, geo, err, sizeof err))
            memset(geo, 0, sizeof *geo);
    }
    /* main memory: latency 0..7 or 0..679 cycles, beat 0..3, width 1, 4, 16 or 64 bytes
     * (the options accept 0 cycles and widths up to 64) */
    c->mem.latency = (b[3] & 7) * (b[3] & 8 ? 97u : 1u);
    c->mem.beat = b[3] >> 4 & 3;
    c->mem.width = 1u << (b[3] >> 6) * 2;
}

/* The CSRs the hart implements (csr.c), for aimed CSR instructions */
static const uint16_t csrs[] = {
    0x300, 0x301, 0x304, 0x344, 0x305, 0x340, 0x341, 0x342, 0x343, 0xb00, 0xb80, 0xb02,
    0xb82, 0xc00, 0xc80, 0xc01, 0xc81, 0xc02, 0xc82, 0xf11, 0xf12, 0xf13, 0xf14};

/* Aim code word w (see the header): a CSR instruction's number (bits 31:20) becomes one of
 * csrs[] (or, for 1 in 8, that one + 1: mostly one the hart lacks); a load's or store's
 * 12-bit offset becomes 0..28 in words. */
static uint32_t aim(uint32_t w)
{
    const uint32_t opcode = w & 0x7f, funct3 = w >> 12 & 7, top = w >> 20;
    if (opcode == 0x73 && funct3 != 0 && funct3 != 4) {
        const unsigned n = sizeof csrs / sizeof csrs[0];
        uint32_t csr = csrs[top % n] + (top >> 9 == 7);
        return (w & 0xfffff) | csr << 20;
    }
    if (opcode == 0x03) /* loads: imm[11:0] = bits 31:20 */
        return (w & 0xfffff) | (top & 0x1c) << 20;
    if (opcode == 0x23) /* stores: imm[11:5] = bits 31:25, imm[4:0] = bits 11:7 */
        return (w & 0x01fff07f) | ((w >> 7 & 0x1c) << 7);
    return w;
}

/* --set name=value for three (name, value) byte pairs */
static void set_params(struct timing_params *p, const uint8_t *b)
{
    static const char *const names[] = {
        "alu_use", "load_use", "store_data", "branch_taken", "mispredict", "jal", "jalr",
        "store_ram", "store_mmio", "mul", "div32", "div64", "div_early", "data_port", "csr",
        "csr_raw", "read_lag", "trap_detect", "ecall_stage", "exc_stage", "mem_fault_stage",
        "fsm_ecall", "fsm_exc", "fsm_irq", "fsm_mret", "refill", "irq_flush", "mmio_effect",
        "mret_mepc_window", "ecall_mepc_wait", "predictor", "bp_entries", "bp_init", "bp_frozen"};
    const size_t n = sizeof names / sizeof names[0];
    for (int i = 0; i < 3; i++) {
        const char *name = names[b[2 * i] % n];
        unsigned v = b[2 * i + 1];
        if (!strcmp(name, "predictor") || !strcmp(name, "bp_init"))
            v &= 3;
        else if (!strcmp(name, "csr_raw") || !strcmp(name, "ecall_mepc_wait"))
            v &= 1;
        else if (!strcmp(name, "bp_entries"))
            v = 1u << (v % 13);
        else if (v >= 128 && strcmp(name, "alu_use") && strcmp(name, "load_use"))
            v = (v - 128) * 787; /* up to 99,949 */
        else if (v > 200)
            v = 200;
        char set[48];
        snprintf(set, sizeof set, "%s=%u", name, v);
        /* every name is the table's; a value outside a parameter's range is refused, which
         * leaves the parameter as it was (the run goes on with the others) */
        EXPECT(timing_get_param(p, name) >= 0);
        timing_set_param(p, set);
    }
}

static void add(struct machine *m, struct observer ob)
{
    EXPECT(observe_register(m, &ob) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 42)
        return 0;
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    int xlen = data[0] & 1 ? 64 : 32;
    enum soc soc = data[0] & 2 ? SOC_VIRT : SOC_PAPER;
    bool traced = data[0] & 4;
    static struct machine m;
    struct sim_config cfg = {.soc = soc, .imem_size = 16 << 10, .dmem_size = 16 << 10,
                             .ram_size = 64 << 10, .max_cycles = MAX_CYCLES};
    timing_params_default(&cfg.timing);
    if (data[0] & 8) {
        set_params(&cfg.timing, data + size - 6);
        size -= 6;
    }
    if (data[0] & 16) {
        set_caches(&cfg.cache, data + size - 4);
        size -= 4;
    }
    EXPECT(machine_init(&m, &cfg, xlen) == 0);
    m.uart.out = devnull;
    struct ram *code = m.bus.code;
    size_t n = size - 32 < code->size ? size - 32 : code->size;
    memcpy(code->mem, data + 32, n);
    for (size_t k = 0; data[0] & 32 && k + 4 <= n; k += 4) {
        uint32_t w;
        memcpy(&w, code->mem + k, 4);
        w = aim(w);
        memcpy(code->mem + k, &w, 4);
    }
    for (int i = 1; i < 32; i++)
        m.hart.x[i] = xlen == 32 ? (uint32_t)reg_value(data[i], soc) : reg_value(data[i], soc);
    m.hart.pc = code->base;
    m.hart.csr.mtvec = code->base;

    struct elf_image none;
    struct symtab syms;
    struct profile prof;
    memset(&none, 0, sizeof none);
    EXPECT(symtab_init(&syms, &none, code->base, code->base + code->size) == 0);
    m.symbols = &syms;
    struct coverage cov;
    struct observe obs;
    struct trace trace = {.f = devnull, .m = &m};
    if (traced) { /* as main() registers them */
        EXPECT(profile_init(&prof, &syms) == 0);
        add(&m, profile_observer(&prof));
        EXPECT(coverage_init(&cov, code->base, code->size) == 0);
        add(&m, coverage_observer(&cov));
        EXPECT(observe_init(&obs, &m, &none, &syms, false) == 0);
        m.obs = &obs;
        add(&m, trace_observer(&trace));
    }
    cpu_run(&m);

    const struct hart *h = &m.hart;
    EXPECT(m.run.stop != STOP_NONE);
    EXPECT(h->x[0] == 0);
    for (int i = 0; i < 32 && xlen == 32; i++)
        EXPECT(h->x[i] >> 32 == 0);
    EXPECT(xlen == 64 || h->pc >> 32 == 0);
    EXPECT((h->csr.mepc & 3) == 0);
    /* the books, as --stats checks them: the pipeline's stalls and the cycles the caches'
     * misses stalled it (zero without caches); misses never exceed accesses */
    const struct cache *ic = &m.caches.i, *dc = &m.caches.d;
    uint64_t stalls = ic->stall + dc->stall;
    for (int i = 0; i < ST_COUNT; i++)
        stalls += m.timing.stall[i];
    EXPECT(m.stats.issued + stalls == h->clk.cycle);
    EXPECT(ic->read_misses <= ic->reads && dc->read_misses <= dc->reads);
    EXPECT(dc->write_misses <= dc->writes);
    if (traced) {
        EXPECT(coverage_write(&cov, code, "/dev/null", xlen, "fuzz", "input") == 0);
        coverage_free(&cov);
        profile_free(&prof);
        observe_free(&obs);
    }
    symtab_free(&syms);
    machine_free(&m);
    return 0;
}
