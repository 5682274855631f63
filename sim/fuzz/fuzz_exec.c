/* libFuzzer harness: the execute loop on random instruction words (make fuzz;
 * sim/fuzz/fuzz.mk).
 *
 * Input: byte 0 picks the width (bit 0), the SoC (bit 1), the traced loop (bit 2:
 * --trace, --profile and --coverage to /dev/null) and whether the last 6 bytes are 3 timing
 * parameters to --set (bit 3: a name and a value each, any value --set accepts, up to
 * 100,000 and the what-if predictors); bytes 1-31 set x1..x31, each to one of 16
 * addresses and values that matter (code, data, every device register, the ends of the
 * memories, 0, -1, ...) plus 4 x its high nibble, so random loads, stores, jumps and CSR
 * writes reach the devices and the memory edges; the rest is code, at the reset pc, where
 * mtvec also points (a trap reruns it).  The run stops at 5,000 cycles.  Checks: the run
 * ended, x0 is 0, an RV32 hart holds 32-bit values, mepc is 4-byte aligned, and the timing
 * model's books balance (base + stall cycles = cycles, what --stats checks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "coverage.h"
#include "elf.h"
#include "machine.h"
#include "profile.h"
#include "symbols.h"

#define EXPECT(c) do { if (!(c)) __builtin_trap(); } while (0)
#define MAX_CYCLES 5000

static FILE *devnull;

static uint64_t reg_value(uint8_t b, enum soc soc)
{
    static const uint64_t paper[16] = {
        0x00000000, 0x10000000, 0x02000000, 0x02000008, 0x10010000, 0x10010004, 0x10020000,
        0x10020008, 0x10020014, 0x10020018, 0x00007ffc, 0x10007ff8, 0x00800000,
        0xffffffffffffffff, 0x7fffffff, 0x80000000};
    static const uint64_t virt[16] = {
        0x80000000, 0x80008000, 0x02000000, 0x02004000, 0x0200bff8, 0x10000000, 0x10000005,
        0x00100000, 0x00110000, 0x00110008, 0x00110014, 0x800ffff8, 0x00800000,
        0xffffffffffffffff, 0x7fffffff, 0x00000000};
    return (soc == SOC_PAPER ? paper : virt)[b & 15] + 4 * (b >> 4);
}

/* --set name=value for three (name, value) byte pairs */
static void set_params(struct timing_params *p, const uint8_t *b)
{
    static const char *const names[] = {
        "alu_use", "load_use", "store_data", "branch_taken", "mispredict", "jal", "jalr",
        "store_ram", "store_mmio", "mul", "div32", "div64", "div_early", "data_port", "csr",
        "csr_raw", "read_lag", "trap_detect", "ecall_stage", "exc_stage", "mem_fault_stage",
        "fsm_ecall", "fsm_exc", "fsm_irq", "fsm_mret", "refill", "irq_flush", "mmio_effect",
        "mret_mepc_window", "predictor", "bp_entries", "bp_init", "bp_frozen"};
    const size_t n = sizeof names / sizeof names[0];
    for (int i = 0; i < 3; i++) {
        const char *name = names[b[2 * i] % n];
        unsigned v = b[2 * i + 1];
        if (!strcmp(name, "predictor") || !strcmp(name, "bp_init"))
            v &= 3;
        else if (!strcmp(name, "csr_raw"))
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
                             .ram_size = 64 << 10, .max_cycles = MAX_CYCLES,
                             .trace = traced ? devnull : NULL};
    timing_params_default(&cfg.timing);
    if (data[0] & 8) {
        set_params(&cfg.timing, data + size - 6);
        size -= 6;
    }
    EXPECT(machine_init(&m, &cfg, xlen) == 0);
    m.uart.out = devnull;
    struct ram *code = m.bus.code;
    size_t n = size - 32 < code->size ? size - 32 : code->size;
    memcpy(code->mem, data + 32, n);
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
    if (traced) {
        EXPECT(profile_init(&prof, &syms) == 0);
        m.profile = &prof;
        EXPECT(coverage_init(&cov, code->base, code->size) == 0);
        m.coverage = &cov;
    }
    cpu_run(&m);

    const struct hart *h = &m.hart;
    EXPECT(m.run.stop != STOP_NONE);
    EXPECT(h->x[0] == 0);
    for (int i = 0; i < 32 && xlen == 32; i++)
        EXPECT(h->x[i] >> 32 == 0);
    EXPECT(xlen == 64 || h->pc >> 32 == 0);
    EXPECT((h->csr.mepc & 3) == 0);
    uint64_t stalls = 0;
    for (int i = 0; i < ST_COUNT; i++)
        stalls += m.timing.stall[i];
    EXPECT(m.stats.issued + stalls == h->clk.cycle);
    if (traced) {
        EXPECT(coverage_write(&cov, code, "/dev/null", xlen, "fuzz", "input") == 0);
        coverage_free(&cov);
        profile_free(&prof);
    }
    symtab_free(&syms);
    machine_free(&m);
    return 0;
}
