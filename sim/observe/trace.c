/* --trace (trace.h).  A trace line:
 *   cycle pc raw-word  function+0xoffset  disassembly[  xN=value][  mem=address][  thread=name[  irq]]
 * The first three fields are what they always were (tools read them: bench/report's trace
 * walker): the cycle is the one the step began at, so for the first instruction of an
 * interrupt handler it is the cycle before the interrupt was taken.  The others are for
 * people.  mem= is the address a load or store accessed; thread= the kernel's current thread
 * (with " irq" inside an interrupt handler), when the image has a kernel tempo-sim knows. */
#include "trace.h"
#include "disasm.h"
#include "observe.h"
#include "machine.h"
#include "symbols.h"

static void trace_line(const struct trace *t, const struct machine *m, uint64_t pc, uint64_t c0,
                       const struct insn *d, uint64_t ea)
{
    const struct hart *h = &m->hart;
    FILE *f = t->f;
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
        fprintf(f, "  thread=%s%s", observe_thread_name(o, t->switched ? t->from : o->rtos.cur),
                (t->switched ? t->from_isr : o->in_isr) ? "  irq" : "");
    fputc('\n', f);
}

static void on_post(void *ctx, struct machine *m, const struct observe_step *s)
{
    struct trace *t = ctx;
    if (s->retired && observe_in_window(m->obs, s->issue))
        trace_line(t, m, s->pc, s->c0, s->d, s->ea);
    t->switched = false;
}

static void on_event(void *ctx, const struct observe_event *e)
{
    struct trace *t = ctx;
    const struct machine *m = t->m;
    const struct csr_file *c = &m->hart.csr;
    if (e->kind == OBS_SWITCH && !t->switched) {
        t->switched = true;
        t->from = e->from;
        t->from_isr = e->nested;
    }
    if (e->kind != OBS_TRAP || !observe_in_window(m->obs, e->cycle))
        return;
    fprintf(t->f, "%llu trap mcause=0x%llx mepc=0x%llx mtval=0x%llx  %s\n",
            (unsigned long long)e->cycle, (unsigned long long)c->mcause,
            (unsigned long long)c->mepc, (unsigned long long)c->mtval,
            trap_cause_name(c->mcause, m->hart.xlen));
}

struct observer trace_observer(struct trace *t)
{
    return (struct observer){.name = "trace", .ctx = t, .every_insn_in_window = true,
                             .post = on_post, .event = on_event};
}
