/* --trace and --profile (trace.h).  A trace line:
 *   cycle pc raw-word  function+0xoffset  disassembly[  xN=value][  mem=address][  thread=name[  irq]]
 * The first three fields are what they always were (tools read them: bench/report's trace
 * walker): the cycle is the one the step began at, so for the first instruction of an
 * interrupt handler it is the cycle before the interrupt was taken.  The others are for
 * people.  mem= is the address a load or store accessed; thread= the kernel's current thread
 * (with " irq" inside an interrupt handler), when the image has a kernel tempo-sim knows. */
#include "trace.h"
#include "disasm.h"
#include "observe.h"
#include "profile.h"
#include "symbols.h"

static void trace_line(struct machine *m, uint64_t pc, uint64_t c0, const struct insn *d, uint64_t ea)
{
    const struct hart *h = &m->hart;
    FILE *f = m->trace;
    int w = h->xlen / 4;
    char text[DISASM_MAX];
    fprintf(f, "%llu %0*llx %08x  ", (unsigned long long)c0, w, (unsigned long long)pc, d->raw);
    size_t fn = m->symbols ? symtab_index(m->symbols, pc) : 0;
    if (m->symbols && fn < m->symbols->n)
        fprintf(f, "%s+0x%llx", m->symbols->f[fn].name, (unsigned long long)(pc - m->symbols->f[fn].lo));
    else
        fputc('?', f);
    disasm(text, d, pc, h->xlen);
    fprintf(f, "  %s", text);
    if (d->t.rd)
        fprintf(f, "  x%u=%0*llx", d->t.rd, w, (unsigned long long)h->x[d->t.rd]);
    if (d->t.cls == TC_LOAD || d->t.cls == TC_STORE)
        fprintf(f, "  mem=%0*llx", w, (unsigned long long)ea);
    const struct observe *o = m->obs;
    if (o && o->kernel)
        fprintf(f, "  thread=%s%s", observe_thread_name(o, o->rtos.cur), o->in_isr ? "  irq" : "");
    fputc('\n', f);
}

void trace_step(struct machine *m, uint64_t pc, uint64_t c0, uint64_t issue, const struct insn *d,
                uint64_t ea, bool retired)
{
    if (m->profile)
        profile_charge(m->profile, pc, m->hart.clk.cycle - c0, retired);
    if (m->trace && retired && (!m->obs || observe_in_window(m->obs, issue)))
        trace_line(m, pc, c0, d, ea);
    if (m->obs)
        observe_post(m, pc, issue, d, ea, retired);
}

void trace_trap(struct machine *m)
{
    const struct csr_file *c = &m->hart.csr;
    uint64_t cycle = m->hart.clk.cycle;
    if (m->obs && !observe_in_window(m->obs, cycle))
        return;
    fprintf(m->trace, "%llu trap mcause=0x%llx mepc=0x%llx mtval=0x%llx  %s\n",
            (unsigned long long)cycle, (unsigned long long)c->mcause,
            (unsigned long long)c->mepc, (unsigned long long)c->mtval,
            trap_cause_name(c->mcause, m->hart.xlen));
}
