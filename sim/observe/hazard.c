/* The modelled RTL behaviours that change what a program computes (machine.h: struct
 * hazards): each occurrence counted for --stats, the first of each kind said on stderr as it
 * happens, or with --hazards stop the run ended there with that line (main.c outcome). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "machine.h"
#include "symbols.h"

/* The first occurrence of a kind (count was 0): say it, or stop the run with it. */
static void first(struct machine *m, const char *fmt, ...)
{
    struct hazards *z = &m->hazards;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(z->line, sizeof z->line, fmt, ap);
    va_end(ap);
    if (z->stop) {
        run_stop(&m->run, STOP_HAZARD);
    } else {
        fflush(stdout);
        fprintf(stderr, "%s\n", z->line);
    }
}

void hazard_mret(struct machine *m)
{
    const struct hart *h = &m->hart;
    const struct symtab *st = m->symbols;
    if (m->hazards.mret_stale++)
        return;
    first(m, "tempo-sim: MRET hazard at cycle %llu: the MRET at pc 0x%llx in %s returned to the "
             "old mepc 0x%llx in %s, not to 0x%llx in %s written by the CSR instruction at pc "
             "0x%llx in %s %llu instruction(s) before it (the paper core's MRET reads mepc "
             "before a write this close reaches it; --set mret_mepc_window=0 closes the window)",
          (unsigned long long)h->clk.cycle, (unsigned long long)h->pc, symtab_name(st, h->pc),
          (unsigned long long)h->csr.mepc_old, symtab_name(st, h->csr.mepc_old),
          (unsigned long long)h->csr.mepc, symtab_name(st, h->csr.mepc),
          (unsigned long long)h->csr.mepc_write_pc, symtab_name(st, h->csr.mepc_write_pc),
          (unsigned long long)(m->timing.seq - m->timing.mepc_seq));
}

void hazard_ecall(struct machine *m)
{
    const struct hart *h = &m->hart;
    const struct symtab *st = m->symbols;
    if (m->hazards.ecall_back++)
        return;
    first(m, "tempo-sim: ECALL hazard at cycle %llu: the ECALL at pc 0x%llx in %s saved mepc "
             "0x%llx, the instruction before it, which waited in EXR for an operand (the paper's "
             "RV64 netlist does so; a handler that adds 4 runs the ECALL again; "
             "--set ecall_mepc_wait=0, the default, closes it)",
          (unsigned long long)h->clk.cycle, (unsigned long long)h->pc, symtab_name(st, h->pc),
          (unsigned long long)h->csr.mepc);
}

void hazard_store_lost(struct machine *m, uint64_t addr, unsigned size)
{
    const struct hart *h = &m->hart;
    if (m->hazards.store_lost++)
        return;
    first(m, "tempo-sim: lost store at cycle %llu: the %u-byte store at pc 0x%llx in %s to 0x%llx "
             "changed nothing: the paper core's data port cannot write its instruction memory "
             "(so its RTL drops the store, and so does tempo-sim; --check reports it as a store "
             "into code)",
          (unsigned long long)h->clk.cycle, size, (unsigned long long)h->pc,
          symtab_name(m->symbols, h->pc), (unsigned long long)addr);
}
