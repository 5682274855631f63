/* The timeline (timeline.h).  Spans are kept in memory as they close and written, sorted,
 * at the end.  A context is what can hold the CPU: the interrupt handler, main (before the
 * scheduler starts) or a thread; each has its open kernel calls. */
#include "timeline.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "machine.h"
#include "observe.h"
#include "riscv/encoding.h"
#include "symbols.h"

#define DEPTH 16
enum { TRACK_IRQ, TRACK_MAIN, TRACK_THREAD0, TRACKS = TRACK_THREAD0 + RTOS_MAX_THREADS };
enum kind { K_SWITCH, K_RUN, K_IRQ, K_CALL };

struct call {
    uint64_t ra, sp, start;
    uint32_t fn; /* index in the symbol table */
};

struct ctx {
    uint64_t start; /* of its current running span */
    struct call c[DEPTH];
    int depth;
};

struct event {
    uint64_t start, end;
    uint32_t what;  /* K_CALL: function index; K_IRQ: cause; K_SWITCH: the track left */
    uint16_t track;
    uint8_t kind;
};

struct timeline {
    struct observe *o;
    const struct symtab *syms;
    char path[4096], image[256];
    struct ctx ctx[TRACKS];
    bool used[TRACKS];
    int active;                 /* the track holding the CPU */
    uint64_t irq_cause;
    struct event *ev;
    size_t n, cap;
    bool lost;                  /* out of memory: the file says so */
};

static int track_of(int thread) { return thread < 0 ? TRACK_MAIN : TRACK_THREAD0 + thread; }

struct timeline *timeline_new(struct observe *o, const struct symtab *syms, const char *path,
                              const char *image)
{
    struct timeline *tl = calloc(1, sizeof *tl);
    if (!tl)
        return NULL;
    tl->o = o;
    tl->syms = syms;
    snprintf(tl->path, sizeof tl->path, "%s", path);
    const char *base = strrchr(image, '/');
    snprintf(tl->image, sizeof tl->image, "%s", base ? base + 1 : image);
    tl->active = TRACK_MAIN;
    tl->used[TRACK_MAIN] = true;
    if (o->kernel)
        for (size_t i = 0; i < syms->n; i++)
            if (syms->f[i].global && o->rtos.k->is_api(syms->f[i].name))
                observe_flag(o, syms->f[i].lo, PCF_CALL, true);
    return tl;
}

void timeline_free(struct timeline *tl)
{
    if (tl)
        free(tl->ev);
    free(tl);
}

/* Keep one event, cut to the window; spans wholly outside it are dropped. */
static void emit(struct timeline *tl, enum kind k, int track, uint64_t start, uint64_t end, uint32_t what)
{
    const struct window *w = &tl->o->win;
    if (k == K_SWITCH ? start < w->from_cycle || start >= w->to_cycle
                      : end <= w->from_cycle || start >= w->to_cycle)
        return;
    if (start < w->from_cycle)
        start = w->from_cycle;
    if (end > w->to_cycle)
        end = w->to_cycle;
    if (tl->n == tl->cap) {
        size_t cap = tl->cap ? 2 * tl->cap : 4096;
        struct event *e = realloc(tl->ev, cap * sizeof *e);
        if (!e) {
            tl->lost = true;
            return;
        }
        tl->ev = e;
        tl->cap = cap;
    }
    tl->ev[tl->n++] = (struct event){start, end, what, (uint16_t)track, (uint8_t)k};
    tl->used[track] = true;
}

/* The context stops holding the CPU at `cycle`: its span and its open calls end there (the
 * calls go on when it runs again: resume). */
static void suspend(struct timeline *tl, int track, uint64_t cycle)
{
    struct ctx *c = &tl->ctx[track];
    emit(tl, track == TRACK_IRQ ? K_IRQ : K_RUN, track, c->start, cycle,
         track == TRACK_IRQ ? (uint32_t)tl->irq_cause : 0);
    for (int i = 0; i < c->depth; i++)
        emit(tl, K_CALL, track, c->c[i].start, cycle, c->c[i].fn);
}

static void resume(struct timeline *tl, int track, uint64_t cycle)
{
    struct ctx *c = &tl->ctx[track];
    c->start = cycle;
    for (int i = 0; i < c->depth; i++)
        c->c[i].start = cycle;
    tl->active = track;
}

static void timeline_switch(struct timeline *tl, int from, int to, uint64_t cycle)
{
    suspend(tl, tl->active, cycle);
    if (tl->active == TRACK_IRQ)
        tl->ctx[TRACK_IRQ].depth = 0; /* a handler that switches ends there */
    int t = track_of(to);
    resume(tl, t, cycle);
    emit(tl, K_SWITCH, t, cycle, cycle, (uint32_t)track_of(from));
}

static void timeline_irq(struct timeline *tl, uint64_t cause, uint64_t asserted, uint64_t cycle)
{
    (void)asserted;
    suspend(tl, tl->active, cycle);
    tl->irq_cause = cause;
    tl->ctx[TRACK_IRQ].depth = 0;
    resume(tl, TRACK_IRQ, cycle);
}

static void timeline_irq_end(struct timeline *tl, uint64_t cycle)
{
    if (tl->active != TRACK_IRQ)
        return;
    suspend(tl, TRACK_IRQ, cycle);
    tl->ctx[TRACK_IRQ].depth = 0;
    resume(tl, track_of(tl->o->rtos.cur), cycle);
}

static void timeline_call(struct timeline *tl, uint64_t pc, uint64_t ra, uint64_t sp, uint64_t cycle)
{
    struct ctx *c = &tl->ctx[tl->active];
    size_t fn = symtab_index(tl->syms, pc);
    if (c->depth < DEPTH && fn < tl->syms->n)
        c->c[c->depth++] = (struct call){ra, sp, cycle, (uint32_t)fn};
    tl->o->call_count++;
}

static void timeline_pre(struct timeline *tl, uint64_t pc, uint64_t sp, uint64_t cycle)
{
    struct ctx *c = &tl->ctx[tl->active];
    while (c->depth && c->c[c->depth - 1].ra == pc && c->c[c->depth - 1].sp == sp) {
        c->depth--;
        emit(tl, K_CALL, tl->active, c->c[c->depth].start, cycle, c->c[c->depth].fn);
    }
}

static uint64_t timeline_return_pc(const struct timeline *tl)
{
    const struct ctx *c = &tl->ctx[tl->active];
    return c->depth ? c->c[c->depth - 1].ra : UINT64_MAX;
}

static void timeline_end(struct timeline *tl, uint64_t cycle)
{
    suspend(tl, tl->active, cycle);
    tl->ctx[tl->active].depth = 0;
}

static bool on_pre(void *ctx, struct machine *m, uint64_t pc, uint64_t cycle)
{
    timeline_pre(ctx, pc, m->hart.x[2], cycle);
    return true;
}

static void on_event(void *ctx, const struct observe_event *e)
{
    struct timeline *tl = ctx;
    switch (e->kind) {
    case OBS_SWITCH: timeline_switch(tl, e->from, (int)(int64_t)e->arg, e->cycle); break;
    case OBS_IRQ:
        if (!e->nested) /* a nested interrupt stays in the handlers' span */
            timeline_irq(tl, e->arg, e->asserted, e->cycle);
        break;
    case OBS_IRQ_END: timeline_irq_end(tl, e->cycle); break;
    case OBS_CALL: timeline_call(tl, e->arg, e->ra, e->sp, e->cycle); break;
    case OBS_END: timeline_end(tl, e->cycle); break;
    default: break;
    }
}

static uint64_t on_fast_pc(const void *ctx) { return timeline_return_pc(ctx); }

struct observer timeline_observer(struct timeline *tl)
{
    return (struct observer){.name = "timeline", .ctx = tl, .pre = on_pre, .event = on_event,
                             .fast_pc = on_fast_pc};
}

static int by_time(const void *a, const void *b)
{
    const struct event *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    if (x->end != y->end) /* the enclosing span first */
        return x->end > y->end ? -1 : 1;
    return x->kind < y->kind ? -1 : x->kind > y->kind;
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

/* microseconds at 100 MHz, exactly */
static void us(FILE *f, const char *key, uint64_t cycles)
{
    fprintf(f, "\"%s\": %llu.%02llu", key, (unsigned long long)(cycles / 100),
            (unsigned long long)(cycles % 100));
}

static const char *track_name(const struct timeline *tl, int track)
{
    if (track == TRACK_IRQ)
        return "interrupts";
    if (track == TRACK_MAIN)
        return "main";
    return observe_thread_name(tl->o, track - TRACK_THREAD0);
}

static const char *irq_name(uint64_t cause)
{
    return cause == IRQ_M_EXT ? "external interrupt" : cause == IRQ_M_TIMER ? "timer interrupt"
           : cause == IRQ_M_SOFT ? "software interrupt" : "interrupt";
}

int timeline_write(struct timeline *tl)
{
    FILE *f = fopen(tl->path, "w");
    if (!f)
        return -1;
    qsort(tl->ev, tl->n, sizeof *tl->ev, by_time);
    const struct observe *o = tl->o;
    fprintf(f, "{\"displayTimeUnit\": \"ns\",\n \"otherData\": {\"generator\": \"tempo-sim\", \"image\": ");
    json_str(f, tl->image);
    fprintf(f, ", \"kernel\": ");
    json_str(f, o->kernel ? o->rtos.k->name : "none");
    fprintf(f, ", \"cycles_per_us\": 100, \"complete\": %s},\n \"traceEvents\": [\n",
            tl->lost ? "false" : "true");
    fprintf(f, "  {\"ph\": \"M\", \"pid\": 1, \"name\": \"process_name\", \"args\": {\"name\": ");
    json_str(f, tl->image);
    fprintf(f, "}}");
    for (int t = 0; t < TRACKS; t++) {
        if (!tl->used[t])
            continue;
        fprintf(f, ",\n  {\"ph\": \"M\", \"pid\": 1, \"tid\": %d, \"name\": \"thread_name\", \"args\": {\"name\": ", t + 1);
        json_str(f, track_name(tl, t));
        fprintf(f, "}},\n  {\"ph\": \"M\", \"pid\": 1, \"tid\": %d, \"name\": \"thread_sort_index\", "
                   "\"args\": {\"sort_index\": %d}}", t + 1, t);
    }
    for (size_t i = 0; i < tl->n; i++) {
        const struct event *e = &tl->ev[i];
        fprintf(f, ",\n  {\"pid\": 1, \"tid\": %d, ", e->track + 1);
        us(f, "ts", e->start);
        switch ((enum kind)e->kind) {
        case K_SWITCH:
            fprintf(f, ", \"ph\": \"i\", \"s\": \"t\", \"name\": \"switch\", \"cat\": \"switch\", \"args\": {\"cycle\": %llu, \"from\": ",
                    (unsigned long long)e->start);
            json_str(f, track_name(tl, (int)e->what));
            fprintf(f, ", \"to\": ");
            json_str(f, track_name(tl, e->track));
            fprintf(f, "}}");
            continue;
        case K_RUN:
            fprintf(f, ", \"ph\": \"X\", \"cat\": \"thread\", \"name\": ");
            json_str(f, track_name(tl, e->track));
            break;
        case K_IRQ:
            fprintf(f, ", \"ph\": \"X\", \"cat\": \"interrupt\", \"name\": ");
            json_str(f, irq_name(e->what));
            break;
        case K_CALL:
            fprintf(f, ", \"ph\": \"X\", \"cat\": \"kernel\", \"name\": ");
            json_str(f, tl->syms->f[e->what].name);
            break;
        }
        fprintf(f, ", ");
        us(f, "dur", e->end - e->start);
        fprintf(f, ", \"args\": {\"cycle\": %llu, \"cycles\": %llu}}", (unsigned long long)e->start,
                (unsigned long long)(e->end - e->start));
    }
    fprintf(f, "\n]}\n");
    int bad = ferror(f);
    return fclose(f) || bad ? -1 : 0;
}
