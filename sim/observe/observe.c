/* The observers' shared state (observe.h): the flag map, the window, thread names and
 * stack marks.  The dispatcher that keeps it up to date is dispatch.c. */
#include "observe.h"
#include <stdlib.h>
#include <string.h>
#include "machine.h"
#include "symbols.h"

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
    o->m = m;
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
    /* the engine's blocks were cut by the flags they were translated with (PCF_FAST_STOP):
     * those that hold the word go, as after a store into it (a breakpoint set mid-run) */
    ram_invalidate(o->m->bus.code, 4 * w, 4);
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

const char *observe_thread_name(const struct observe *o, int i)
{
    if (i < 0 || i >= o->rtos.n)
        return "main";
    return o->rtos.t[i].name[0] ? o->rtos.t[i].name : "?";
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

void observe_threads_print(const struct observe *o, FILE *out)
{
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

void observe_threads_json(const struct observe *o, FILE *f)
{
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
}
