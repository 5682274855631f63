/* The traced loop's observers (observe.h). */
#include "observe.h"
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gdb.h"
#include "machine.h"
#include "measure.h"
#include "symbols.h"
#include "timeline.h"

int observe_init(struct observe *o, struct machine *m, const struct elf_image *img,
                 const struct symtab *syms, bool kernel)
{
    memset(o, 0, sizeof *o);
    const struct ram *code = m->bus.code;
    o->pcf_lo = code->base;
    o->pcf_words = code->size / 4;
    o->pcf = calloc(o->pcf_words, 1); /* zero pages: untouched memory costs nothing */
    if (!o->pcf)
        return -1;
    o->run_pending = -1;
    o->win = (struct window){0, UINT64_MAX, UINT64_MAX, UINT64_MAX, false};
    o->rtos.m = m;
    o->rtos.cur = -1;
    if (!kernel)
        return 0;
    if (rtos_attach(&o->rtos, m, img)) {
        if (o->rtos.why[0])
            fprintf(stderr, "tempo-sim: no thread awareness: %s\n", o->rtos.why);
        return 0;
    }
    o->kernel = true;
    const struct rtos_kernel *k = o->rtos.k;
    for (size_t i = 0; i < syms->n; i++) {
        const struct func_sym *f = &syms->f[i];
        for (int s = 0; k->switch_code[s]; s++)
            if (!strcmp(f->name, k->switch_code[s]))
                for (uint64_t a = f->lo & ~3ull; a < f->hi; a += 4)
                    observe_flag(o, a, PCF_SWITCH_CODE, true);
        if (k->create_fn && !strcmp(f->name, k->create_fn))
            observe_flag(o, f->lo, PCF_CREATE, true);
    }
    return 0;
}

void observe_free(struct observe *o)
{
    free(o->pcf);
    o->pcf = NULL;
}

int observe_flag(struct observe *o, uint64_t addr, unsigned f, bool on)
{
    uint64_t w = (addr - o->pcf_lo) >> 2;
    if (w >= o->pcf_words || (addr & 3))
        return -1;
    o->pcf[w] = on ? o->pcf[w] | f : o->pcf[w] & ~f;
    return 0;
}

int observe_symbol(const struct elf_image *img, const char *text, uint64_t *addr)
{
    char name[256], *end;
    if (text[0] >= '0' && text[0] <= '9') {
        unsigned long long v = strtoull(text, &end, 0);
        if (*end)
            return -1;
        *addr = v;
        return 0;
    }
    snprintf(name, sizeof name, "%s", text);
    uint64_t off = 0;
    char *plus = strchr(name, '+');
    if (plus) {
        *plus = 0;
        off = strtoull(plus + 1, &end, 0);
        if (!plus[1] || *end)
            return -1;
    }
    uint64_t v;
    if (!elf_find_symbol(img, name, &v, NULL))
        return -1;
    *addr = v + off;
    return 0;
}

/* One bound of the window: a cycle count (digits) or a symbol in code memory. */
static int bound(struct observe *o, const struct elf_image *img, const char *text,
                 uint64_t *cycle, uint64_t *pc)
{
    if (!text)
        return 0;
    char *end;
    if (text[0] >= '0' && text[0] <= '9') {
        unsigned long long v = strtoull(text, &end, 0);
        if (*end)
            return -1;
        *cycle = v;
        return 0;
    }
    if (observe_symbol(img, text, pc) || observe_flag(o, *pc, PCF_WINDOW, true))
        return -1;
    *cycle = UINT64_MAX;
    return 0;
}

int observe_window(struct observe *o, const struct elf_image *img, const char *from, const char *to)
{
    struct window *w = &o->win;
    if (bound(o, img, from, &w->from_cycle, &w->from_pc) || bound(o, img, to, &w->to_cycle, &w->to_pc))
        return -1;
    return 0;
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

const char *observe_thread_name(const struct observe *o, int i)
{
    if (i < 0 || i >= o->rtos.n)
        return "main";
    return o->rtos.t[i].name[0] ? o->rtos.t[i].name : "?";
}

/* The kernel's current-thread variable (or its started flag) was written. */
static void switch_check(struct machine *m, uint64_t cycle)
{
    struct observe *o = m->obs;
    int old = o->rtos.cur, now = rtos_sync_current(&o->rtos);
    if (now == old)
        return;
    if (o->tl)
        timeline_switch(o->tl, old, now, cycle);
    o->in_isr = false; /* a switch inside a handler ends it: the new thread's code runs on */
    if (o->ms)
        measure_event(o->ms, EV_SWITCH, (uint64_t)(int64_t)now, cycle);
    o->run_pending = now;
    check_switch(m);
}

/* The thread made current runs once sp lies in its own stack (the kernel made it current
 * while still on the old thread's stack, or on an interrupt stack); unknown extent: at once. */
static bool on_own_stack(const struct observe *o, uint64_t sp)
{
    const struct rtos_thread *t = &o->rtos.t[o->run_pending];
    return !t->stack_top || (sp > t->stack_base && sp <= t->stack_top);
}

bool observe_pre(struct machine *m, uint64_t pc)
{
    struct observe *o = m->obs;
    uint64_t cycle = m->hart.clk.cycle;
    if (o->gdb) {
        if (!gdb_pre(m, pc, cycle))
            return false;
        pc = m->hart.pc; /* the debugger may have moved it */
    }
    if (o->tl)
        timeline_pre(o->tl, pc, m->hart.x[2], cycle);
    unsigned f = observe_flags(o, pc);
    if (f & (PCF_WINDOW | PCF_CREATE | PCF_CALL | PCF_PROBE)) {
        if (f & PCF_WINDOW)
            window_pc(o, pc, cycle);
        if ((f & PCF_CREATE) && o->kernel)
            rtos_created(&o->rtos, m->hart.x[10]);
        if ((f & PCF_CALL) && o->tl)
            timeline_call(o->tl, pc, m->hart.x[1], m->hart.x[2], cycle);
        if ((f & PCF_PROBE) && o->ms)
            measure_event(o->ms, EV_PC, pc, cycle);
    }
    if (o->run_pending >= 0 && !o->in_isr && !(f & PCF_SWITCH_CODE) && on_own_stack(o, m->hart.x[2])) {
        if (o->ms)
            measure_event(o->ms, EV_RUN, (uint64_t)o->run_pending, cycle);
        o->run_pending = -1;
    }
    return true;
}

static bool overlaps(uint64_t a, unsigned n, uint64_t b, unsigned m)
{
    return a < b + m && b < a + n;
}

void observe_post(struct machine *m, uint64_t pc, uint64_t cycle, const struct insn *d,
                  uint64_t ea, bool retired)
{
    struct observe *o = m->obs;
    if (d && retired && o->kernel) {
        struct rtos *r = &o->rtos;
        if (d->t.cls == TC_STORE) {
            unsigned n = d->op == OP_SB ? 1 : d->op == OP_SH ? 2 : d->op == OP_SW ? 4 : 8;
            if (overlaps(ea, n, r->current_var, r->ptr) ||
                (r->watch_started && overlaps(ea, n, r->started_var, r->started_size)))
                switch_check(m, cycle);
        } else if (d->t.rd == 2) {
            observe_sp(o, m->hart.x[2]);
        }
    }
    if (o->gdb)
        gdb_post(m, pc, d, ea, retired);
}

void observe_sp(struct observe *o, uint64_t sp)
{
    /* the stack mark of the thread whose stack holds sp, usually the current one (a switch
     * pushes the old thread's frame after the kernel made the new one current; handlers on
     * a stack of their own are charged to nobody) */
    struct rtos *r = &o->rtos;
    struct rtos_thread *t = r->cur >= 0 ? &r->t[r->cur] : NULL;
    /* (base, top]: an empty stack's sp is its top, which may be the next one's base */
    if (!t || sp <= t->stack_base || sp > t->stack_top) {
        t = NULL;
        for (int i = 0; i < r->n && !t; i++)
            if (sp > r->t[i].stack_base && sp <= r->t[i].stack_top)
                t = &r->t[i];
    }
    if (t && sp < t->lowest_sp)
        t->lowest_sp = sp;
}

uint64_t observe_fast_pc(const struct observe *o)
{
    return o->tl ? timeline_return_pc(o->tl) : UINT64_MAX;
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
        if (o->tl && !o->in_isr)
            timeline_irq(o->tl, cause, asserted, cycle);
        o->in_isr = true;
        if (o->ms)
            measure_event(o->ms, EV_IRQ, cause, asserted);
    }
    if (o->ms)
        measure_event(o->ms, EV_TRAP, cause, cycle);
}

void observe_mret(struct machine *m)
{
    struct observe *o = m->obs;
    uint64_t cycle = m->hart.clk.cycle;
    if (o->in_isr) {
        o->in_isr = false;
        if (o->tl)
            timeline_irq_end(o->tl, cycle);
    }
    if (o->ms)
        measure_event(o->ms, EV_MRET, 0, cycle);
}

void observe_end(struct machine *m)
{
    struct observe *o = m->obs;
    if (o->kernel)
        rtos_refresh(&o->rtos, NULL, 0); /* threads that never ran get their stacks listed */
    if (o->tl)
        timeline_end(o->tl, m->hart.clk.cycle);
}

void observe_stats_print(const struct machine *m, FILE *out)
{
    struct observe *o = m->obs;
    if (!o)
        return;
    if (o->kernel && o->rtos.n) {
        fprintf(out, "  threads (%s): stack bytes used of the stack's size, and free at the low-water mark\n",
                o->rtos.k->name);
        fprintf(out, "    %-16s %8s %8s %8s  %s\n", "thread", "used", "size", "free", "stack");
        for (int i = 0; i < o->rtos.n; i++) {
            const struct rtos_thread *t = &o->rtos.t[i];
            if (!t->stack_top)
                continue;
            uint64_t low = t->lowest_sp == UINT64_MAX ? t->stack_top - o->rtos.initial_frame : t->lowest_sp;
            fprintf(out, "    %-16s %8llu %8llu %8llu  0x%llx-0x%llx%s\n", observe_thread_name(o, i),
                    (unsigned long long)(t->stack_top - low),
                    (unsigned long long)(t->stack_top - t->stack_base),
                    (unsigned long long)(low - t->stack_base), (unsigned long long)t->stack_base,
                    (unsigned long long)t->stack_top, t->lowest_sp == UINT64_MAX ? " (never ran)" : "");
        }
    }
    if (o->ms)
        measure_print(o->ms, out);
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    fputc('"', f);
}

void observe_stats_json(const struct machine *m, FILE *f)
{
    struct observe *o = m->obs;
    if (!o)
        return;
    fprintf(f, ",\n  \"kernel\": ");
    if (o->kernel)
        json_str(f, o->rtos.k->name);
    else
        fputs("null", f);
    fprintf(f, ", \"threads\": [");
    int k = 0;
    for (int i = 0; o->kernel && i < o->rtos.n; i++) {
        const struct rtos_thread *t = &o->rtos.t[i];
        if (!t->stack_top)
            continue;
        uint64_t low = t->lowest_sp == UINT64_MAX ? t->stack_top - o->rtos.initial_frame : t->lowest_sp;
        fprintf(f, "%s\n    {\"name\": ", k++ ? "," : "");
        json_str(f, observe_thread_name(o, i));
        fprintf(f, ", \"tcb\": %llu, \"stack_base\": %llu, \"stack_top\": %llu, \"lowest_sp\": %llu, "
                   "\"used_bytes\": %llu, \"free_bytes\": %llu, \"ran\": %s}",
                (unsigned long long)t->tcb, (unsigned long long)t->stack_base,
                (unsigned long long)t->stack_top, (unsigned long long)low,
                (unsigned long long)(t->stack_top - low), (unsigned long long)(low - t->stack_base),
                t->lowest_sp == UINT64_MAX ? "false" : "true");
    }
    fprintf(f, "%s]", k ? "\n  " : "");
    if (o->ms)
        measure_json(o->ms, f);
}
