/* The dispatcher (observe.h): what the execute engines, trap.c and main() report becomes the
 * shared state's thread switches, window and stack marks, and events for the registered
 * observers (observer.h).  It knows no observer by name: each one is a struct observer. */
#include <string.h>
#include "machine.h"
#include "ops.h"
#include "observe.h"

int observe_register(struct machine *m, const struct observer *ob)
{
    struct observers *l = &m->observers;
    if (l->n == OBSERVERS_MAX)
        return -1;
    if (ob->fast_pc || ob->fast_at || ob->fast_stores)
        l->fast[l->nfast++] = (uint8_t)l->n;
    l->list[l->n++] = *ob;
    l->every_insn |= ob->every_insn;
    l->every_insn_in_window |= ob->every_insn_in_window;
    l->run_events |= ob->run_events;
    l->pre_stops |= ob->pre_stops;
    l->exec |= ob->exec != NULL;
    l->charge |= ob->charge != NULL;
    l->stores |= ob->fast_stores != NULL;
    return 0;
}

/* Hand e to every observer that takes events. */
static void emit(const struct machine *m, const struct observe_event *e)
{
    const struct observers *l = &m->observers;
    for (int i = 0; i < l->n; i++)
        if (l->list[i].event)
            l->list[i].event(l->list[i].ctx, e);
}

/* pc reached a window symbol: the window opens (the first time), or closes after this
 * instruction (the to-symbol, once the window is open). */
static void window_pc(struct observe *o, uint64_t pc, uint64_t cycle)
{
    struct window *w = &o->win;
    if (pc == w->from_pc && w->from_cycle == UINT64_MAX)
        w->from_cycle = cycle;
    if (pc == w->to_pc && w->from_cycle <= cycle && !w->closed) {
        w->closed = true;
        w->to_cycle = cycle + 1; /* this instruction is the last one in it */
    }
}

/* The kernel's current-thread variable (or its started flag) was written. */
static void switch_check(struct machine *m, uint64_t cycle)
{
    struct observe *o = m->obs;
    int old = o->rtos.cur, now = rtos_sync_current(&o->rtos);
    if (now == old)
        return;
    bool was_isr = o->in_isr;
    o->in_isr = false; /* a switch inside a handler ends it: the new thread's code runs on */
    o->run_pending = now;
    emit(m, &(struct observe_event){.kind = OBS_SWITCH, .cycle = cycle,
                                    .arg = (uint64_t)(int64_t)now, .from = old,
                                    .nested = was_isr});
}

/* The thread made current runs once sp lies in its own stack (the kernel made it current
 * while still on the old thread's stack, or on an interrupt stack); unknown extent: at once. */
static bool on_own_stack(const struct observe *o, uint64_t sp)
{
    const struct rtos_thread *t = &o->rtos.t[o->run_pending];
    return !t->stack_top || (sp > t->stack_base && sp <= t->stack_top);
}

bool observe_run_due(const struct observe *o, unsigned flags, uint64_t sp)
{
    return o->run_pending >= 0 && !o->in_isr && !(flags & PCF_SWITCH_CODE) && on_own_stack(o, sp);
}

/* The flags of the word at pc that the dispatcher acts on. */
static void flagged(struct machine *m, unsigned f, uint64_t pc, uint64_t cycle)
{
    struct observe *o = m->obs;
    if (f & PCF_WINDOW)
        window_pc(o, pc, cycle);
    if ((f & PCF_CREATE) && o->kernel)
        rtos_created(&o->rtos, m->hart.x[10]);
    if (f & PCF_CALL)
        emit(m, &(struct observe_event){.kind = OBS_CALL, .cycle = cycle, .arg = pc,
                                        .ra = m->hart.x[1], .sp = m->hart.x[2]});
    if (f & PCF_PROBE)
        emit(m, &(struct observe_event){.kind = OBS_PROBE, .cycle = cycle, .arg = pc});
}

bool observe_pre(struct machine *m, uint64_t pc)
{
    struct observe *o = m->obs;
    const struct observers *l = &m->observers;
    uint64_t cycle = m->hart.clk.cycle;
    for (int i = 0; i < l->n; i++) {
        if (!l->list[i].pre)
            continue;
        if (!l->list[i].pre(l->list[i].ctx, m, pc, cycle))
            return false;
        pc = m->hart.pc; /* the debugger may have moved it */
    }
    unsigned f = observe_flags(o, pc);
    if (f & (PCF_WINDOW | PCF_CREATE | PCF_CALL | PCF_PROBE))
        flagged(m, f, pc, cycle);
    if (observe_run_due(o, f, m->hart.x[2])) {
        emit(m, &(struct observe_event){.kind = OBS_RUN, .cycle = cycle,
                                        .arg = (uint64_t)(int64_t)o->run_pending});
        o->run_pending = -1;
    }
    return true;
}

static bool overlaps(uint64_t a, unsigned n, uint64_t b, unsigned m)
{
    return a < b + m && b < a + n;
}

bool observe_exec(struct machine *m, uint64_t pc, const struct insn *d, uint64_t ea)
{
    const struct observers *l = &m->observers;
    for (int i = 0; i < l->n; i++)
        if (l->list[i].exec && !l->list[i].exec(l->list[i].ctx, m, pc, d, ea))
            return false;
    return true;
}

void observe_kernel_store(struct machine *m, uint64_t ea, unsigned n, uint64_t issue)
{
    const struct rtos *r = &m->obs->rtos;
    if (overlaps(ea, n, r->current_var, r->ptr) ||
        (r->watch_started && overlaps(ea, n, r->started_var, r->started_size)))
        switch_check(m, issue);
}

void observe_post(struct machine *m, const struct observe_step *s)
{
    struct observe *o = m->obs;
    const struct insn *d = s->d;
    if (o && d && s->retired && o->kernel) {
        if (d->t.cls == TC_STORE) {
            observe_kernel_store(m, s->ea, op_size(d->op), s->issue);
        } else if (d->t.rd == 2) {
            observe_sp(o, m->hart.x[2]);
        }
    }
    const struct observers *l = &m->observers;
    for (int i = 0; i < l->n; i++)
        if (l->list[i].post)
            l->list[i].post(l->list[i].ctx, m, s);
}

void observe_charge(struct machine *m, uint64_t pc, const struct insn *d, uint64_t runs,
                    uint64_t cycles, uint64_t taken)
{
    const struct observers *l = &m->observers;
    for (int i = 0; i < l->n; i++)
        if (l->list[i].charge)
            l->list[i].charge(l->list[i].ctx, pc, d, runs, cycles, taken);
}

/* [lo, hi) grown to take in [a, b) (an empty range stays out). */
static void hull(uint64_t *lo, uint64_t *hi, uint64_t a, uint64_t b)
{
    if (a >= b)
        return;
    *lo = a < *lo ? a : *lo;
    *hi = b > *hi ? b : *hi;
}

uint64_t observe_fast_pc(const struct observe *o, bool *all)
{
    const struct observers *l = &o->m->observers;
    uint64_t pc = UINT64_MAX;
    *all = false;
    for (int i = 0; i < l->nfast; i++) {
        const uint64_t *p = l->list[l->fast[i]].fast_pc;
        if (!p || *p == UINT64_MAX)
            continue;
        if (pc != UINT64_MAX && *p != pc)
            *all = true; /* two pcs: every instruction */
        else
            pc = *p;
    }
    return pc;
}

const uint64_t *observe_one_pc(const struct machine *m)
{
    const struct observers *l = &m->observers;
    return l->nfast == 1 ? l->list[l->fast[0]].fast_pc : NULL;
}

void observe_fast_view(const struct observe *o, struct observe_fast *v)
{
    const struct observers *l = &o->m->observers;
    *v = (struct observe_fast){.at = UINT64_MAX, .lo = UINT64_MAX,
                               .run = o->run_pending >= 0 && l->run_events};
    v->pc = observe_fast_pc(o, &v->all);
    if (o->kernel) { /* observe_post(): a store there may switch threads */
        const struct rtos *r = &o->rtos;
        hull(&v->lo, &v->hi, r->current_var, r->current_var + r->ptr);
        if (r->watch_started)
            hull(&v->lo, &v->hi, r->started_var, r->started_var + r->started_size);
    }
    for (int i = 0; i < l->nfast; i++) {
        const struct observer *ob = &l->list[l->fast[i]];
        if (ob->fast_at) {
            uint64_t a = ob->fast_at(ob->ctx);
            v->at = a < v->at ? a : v->at;
        }
        if (ob->fast_stores) {
            uint64_t a, b;
            ob->fast_stores(ob->ctx, &a, &b);
            hull(&v->lo, &v->hi, a, b);
        }
    }
}

void observe_fast_sync(struct machine *m)
{
    const struct observers *l = &m->observers;
    for (int i = 0; i < l->n; i++)
        if (l->list[i].fast_sync)
            l->list[i].fast_sync(l->list[i].ctx, m);
}

void observe_trap(struct machine *m, bool irq, uint64_t cause, uint64_t asserted)
{
    struct observe *o = m->obs;
    uint64_t cycle = m->hart.clk.cycle;
    if (irq) {
        struct rtos *r = &o->rtos;
        if (o->kernel && r->cur >= 0) {
            /* what the interrupt found: Tempo's interrupt frame lacks s0-s11 (rtos_tempo.c) */
            struct rtos_thread *t = &r->t[r->cur];
            memcpy(t->irq_regs, m->hart.x, sizeof t->irq_regs);
            t->irq_regs[0] = m->hart.csr.mepc;
            t->irq_valid = true;
        }
        bool nested = o->in_isr;
        o->in_isr = true;
        emit(m, &(struct observe_event){.kind = OBS_IRQ, .cycle = cycle, .arg = cause,
                                        .asserted = asserted, .nested = nested});
    }
    emit(m, &(struct observe_event){.kind = OBS_TRAP, .cycle = cycle, .arg = cause});
}

void observe_mret(struct machine *m)
{
    struct observe *o = m->obs;
    uint64_t cycle = m->hart.clk.cycle;
    if (o->in_isr) {
        o->in_isr = false;
        emit(m, &(struct observe_event){.kind = OBS_IRQ_END, .cycle = cycle});
    }
    emit(m, &(struct observe_event){.kind = OBS_MRET, .cycle = cycle});
}

void observe_end(struct machine *m)
{
    struct observe *o = m->obs;
    if (o->kernel)
        rtos_refresh(&o->rtos, NULL, 0); /* threads that never ran get their stacks listed */
    emit(m, &(struct observe_event){.kind = OBS_END, .cycle = m->hart.clk.cycle});
}

void observe_stats_print(const struct machine *m, FILE *out)
{
    if (!m->obs)
        return;
    observe_threads_print(m->obs, out);
    const struct observers *l = &m->observers;
    for (int i = 0; i < l->n; i++)
        if (l->list[i].report)
            l->list[i].report(l->list[i].ctx, out);
}

void observe_stats_json(const struct machine *m, FILE *f)
{
    if (!m->obs)
        return;
    observe_threads_json(m->obs, f);
    const struct observers *l = &m->observers;
    for (int i = 0; i < l->n; i++)
        if (l->list[i].report_json)
            l->list[i].report_json(l->list[i].ctx, f);
}
