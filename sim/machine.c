/* Building a machine for one SoC profile: memories, devices, reset state. */
#include <stdlib.h>
#include <string.h>
#include "tempo_sim.h"

/* README "The simulated SoCs" and bsp/common/board.h */
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

int machine_init(struct machine *m, const struct sim_config *cfg, int xlen)
{
    memset(m, 0, sizeof *m);
    m->xlen = xlen;
    m->soc = cfg->soc;
    m->max_cycles = cfg->max_cycles ? cfg->max_cycles : UINT64_MAX;
    m->trace = cfg->trace;
    m->tohost_dw = UINT64_MAX;
    m->mtimecmp = UINT64_MAX; /* spec/core-timing.md: mtimecmp resets to all ones */
    timing_init(&m->timing);
    if (cfg->soc == SOC_PAPER) {
        /* ram[0] = data memory (most loads/stores), ram[1] = instruction memory, which is
         * also readable as data (spec/core-timing.md "Memory") */
        if (ram_init(&m->ram[0], PAPER_DMEM_BASE, cfg->dmem_size, 0) ||
            ram_init(&m->ram[1], PAPER_IMEM_BASE, cfg->imem_size, 1))
            return -1;
        m->code = &m->ram[1];
    } else {
        if (ram_init(&m->ram[0], VIRT_RAM_BASE, cfg->ram_size, 1))
            return -1;
        m->code = &m->ram[0];
    }
    timing_attach_code(&m->timing, m->code->mem, m->code->base, m->code->size, (unsigned)xlen);
    clint_attach(m);
    uart_attach(m);
    simctl_attach(m);
    return 0;
}

void machine_free(struct machine *m)
{
    for (int i = 0; i < 2; i++) {
        free(m->ram[i].mem);
        free(m->ram[i].dec);
    }
    free(m->prof_func);
    free(m->prof_cycles);
    free(m->prof_insns);
}

uint64_t machine_mcycle(const struct machine *m) { return m->cycle + m->mcycle_adj; }

void machine_exit(struct machine *m, uint64_t code)
{
    if (m->stop != STOP_NONE)
        return;
    m->stop = STOP_EXIT;
    m->exit_code = code > EXIT_FW_MAX ? EXIT_FW_MAX : (int)code;
    m->next_event = 0;
}
