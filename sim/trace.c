/* --trace and --profile (trace.h). */
#include "trace.h"
#include "profile.h"

void trace_step(struct machine *m, uint64_t pc, uint64_t c0, const struct insn *d, bool retired)
{
    const struct hart *h = &m->hart;
    if (m->profile)
        profile_charge(m->profile, pc, h->clk.cycle - c0, retired);
    if (m->trace && retired) {
        int w = h->xlen / 4;
        fprintf(m->trace, "%llu %0*llx %08x", (unsigned long long)c0, w, (unsigned long long)pc, d->raw);
        if (d->t.rd)
            fprintf(m->trace, " x%u=%0*llx", d->t.rd, w, (unsigned long long)h->x[d->t.rd]);
        fputc('\n', m->trace);
    }
}

void trace_trap(struct machine *m)
{
    const struct csr_file *c = &m->hart.csr;
    fprintf(m->trace, "%llu trap mcause=0x%llx mepc=0x%llx mtval=0x%llx\n",
            (unsigned long long)m->hart.clk.cycle, (unsigned long long)c->mcause,
            (unsigned long long)c->mepc, (unsigned long long)c->mtval);
}
