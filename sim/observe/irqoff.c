/* Interrupt-disabled windows (irqoff.h). */
#include <string.h>
#include "irqoff.h"
#include "symbols.h"

void irqoff_init(struct irqoff *t) { memset(t, 0, sizeof *t); }

void irqoff_set_limit(struct irqoff *t, uint64_t limit, irqoff_callback *over, void *ctx)
{
    t->limit = limit;
    t->over = over;
    t->ctx = ctx;
}

/* Keep w among the longest, sorted, one entry per (start, end) pair: a loop that opens the
 * same window a thousand times should not push every other place out of the list. */
static void keep(struct irqoff *t, const struct irqoff_window *w)
{
    unsigned i;
    for (i = 0; i < t->n; i++)
        if (t->top[i].start_pc == w->start_pc && t->top[i].end_pc == w->end_pc)
            break;
    if (i < t->n) {
        t->top[i].count++;
        if (w->cycles <= t->top[i].cycles)
            return;
        uint64_t count = t->top[i].count;
        for (; i + 1 < t->n; i++) /* take it out; it goes back in below */
            t->top[i] = t->top[i + 1];
        t->n--;
        struct irqoff_window c = *w;
        c.count = count;
        w = &c;
        i = t->n++;
        for (; i > 0 && t->top[i - 1].cycles < w->cycles; i--)
            t->top[i] = t->top[i - 1];
        t->top[i] = *w;
        return;
    }
    if (i == IRQOFF_KEEP) {
        if (w->cycles <= t->top[IRQOFF_KEEP - 1].cycles)
            return;
        i--;
    } else {
        t->n++;
    }
    for (; i > 0 && t->top[i - 1].cycles < w->cycles; i--)
        t->top[i] = t->top[i - 1];
    t->top[i] = *w;
    t->top[i].count = 1;
}

void irqoff_mie(struct irqoff *t, bool was, bool now, enum irqoff_by by, uint64_t pc,
                uint64_t cycle)
{
    if (was && !now) {
        t->open = true;
        t->cur = (struct irqoff_window){.start_cycle = cycle, .start_pc = pc,
                                        .start_by = (uint8_t)by};
    } else if (!was && now && t->open) {
        struct irqoff_window *w = &t->cur;
        uint64_t span = cycle > w->start_cycle ? cycle - w->start_cycle : 0;
        w->cycles = span > w->idle_cycles ? span - w->idle_cycles : 0;
        w->end_pc = pc;
        w->end_by = (uint8_t)by;
        t->open = false;
        t->count++;
        keep(t, w);
        if (t->limit && w->cycles > t->limit && t->over)
            t->over(t->ctx, w);
    }
}

const char *irqoff_by_name(unsigned by)
{
    static const char *const name[] = {"csr", "trap", "mret"};
    return by < sizeof name / sizeof *name ? name[by] : "?";
}

static const char *fn(const struct symtab *syms, uint64_t pc)
{
    return syms ? symtab_name(syms, pc) : "?";
}

void irqoff_print(const struct irqoff *t, const struct symtab *syms, FILE *out)
{
    fprintf(out, "  irq-off windows %llu, longest %llu cycles\n", (unsigned long long)t->count,
            (unsigned long long)irqoff_max(t));
    for (unsigned i = 0; i < t->n; i++) {
        const struct irqoff_window *w = &t->top[i];
        fprintf(out, "    %10llu  %s 0x%llx %s -> %s 0x%llx %s", (unsigned long long)w->cycles,
                irqoff_by_name(w->start_by), (unsigned long long)w->start_pc, fn(syms, w->start_pc),
                irqoff_by_name(w->end_by), (unsigned long long)w->end_pc, fn(syms, w->end_pc));
        if (w->count > 1)
            fprintf(out, " (%llu times)", (unsigned long long)w->count);
        if (w->idle_cycles)
            fprintf(out, " (and %llu waiting in WFI)", (unsigned long long)w->idle_cycles);
        fputc('\n', out);
    }
}

void irqoff_json(const struct irqoff *t, const struct symtab *syms, FILE *f)
{
    fprintf(f, "  \"irq_off\": {\"max_cycles\": %llu, \"count\": %llu, \"windows\": [",
            (unsigned long long)irqoff_max(t), (unsigned long long)t->count);
    for (unsigned i = 0; i < t->n; i++) {
        const struct irqoff_window *w = &t->top[i];
        /* function names are C identifiers or assembly labels: nothing to escape */
        fprintf(f, "%s\n    {\"cycles\": %llu, \"wfi_wait_cycles\": %llu, \"start_cycle\": %llu, "
                   "\"start_pc\": %llu, \"start_function\": \"%s\", \"start_by\": \"%s\", "
                   "\"end_pc\": %llu, \"end_function\": \"%s\", \"end_by\": \"%s\", \"count\": %llu}",
                i ? "," : "", (unsigned long long)w->cycles, (unsigned long long)w->idle_cycles,
                (unsigned long long)w->start_cycle, (unsigned long long)w->start_pc,
                fn(syms, w->start_pc), irqoff_by_name(w->start_by), (unsigned long long)w->end_pc,
                fn(syms, w->end_pc), irqoff_by_name(w->end_by), (unsigned long long)w->count);
    }
    fprintf(f, "]}");
}

int irqoff_write(const struct irqoff *t, const struct symtab *syms, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "{\n");
    irqoff_json(t, syms, f);
    fprintf(f, "\n}\n");
    int bad = ferror(f);
    return fclose(f) || bad ? -1 : 0;
}
