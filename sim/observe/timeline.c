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

/* The events' text, built in a buffer of its own and written in large pieces: a timeline
 * of a kernel image holds millions of events, and stdio's formatting of each field would
 * cost more than the simulation. */
struct out {
    FILE *f;
    size_t n;
    char b[1 << 16];
};

static void put(struct out *o, const char *s, size_t n)
{
    if (o->n + n > sizeof o->b) {
        fwrite(o->b, 1, o->n, o->f);
        o->n = 0;
    }
    if (n > sizeof o->b) {
        fwrite(s, 1, n, o->f);
        return;
    }
    memcpy(o->b + o->n, s, n);
    o->n += n;
}

static void put_str(struct out *o, const char *s) { put(o, s, strlen(s)); }

static void put_u64(struct out *o, uint64_t v)
{
    char d[20];
    int i = sizeof d;
    do
        d[--i] = (char)('0' + v % 10);
    while (v /= 10);
    put(o, d + i, sizeof d - (size_t)i);
}

static void put_json(struct out *o, const char *s)
{
    char c[8];
    put(o, "\"", 1);
    for (const char *run = s;; s++) {
        if (*s && *s != '"' && *s != '\\' && (unsigned char)*s >= 0x20)
            continue;
        put(o, run, (size_t)(s - run));
        if (!*s)
            break;
        if (*s == '"' || *s == '\\')
            c[0] = '\\', c[1] = *s, put(o, c, 2);
        else
            put(o, c, (size_t)snprintf(c, sizeof c, "\\u%04x", *s));
        run = s + 1;
    }
    put(o, "\"", 1);
}

/* microseconds at 100 MHz, exactly */
static void put_us(struct out *o, const char *key, uint64_t cycles)
{
    const char frac[3] = {'.', (char)('0' + cycles % 100 / 10), (char)('0' + cycles % 10)};
    put(o, "\"", 1);
    put_str(o, key);
    put(o, "\": ", 3);
    put_u64(o, cycles / 100);
    put(o, frac, 3);
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
    struct out *o = malloc(sizeof *o);
    if (!o || !(o->f = fopen(tl->path, "w"))) {
        free(o);
        return -1;
    }
    o->n = 0;
    qsort(tl->ev, tl->n, sizeof *tl->ev, by_time);
    const struct observe *ob = tl->o;
    put_str(o, "{\"displayTimeUnit\": \"ns\",\n \"otherData\": {\"generator\": \"tempo-sim\", \"image\": ");
    put_json(o, tl->image);
    put_str(o, ", \"kernel\": ");
    put_json(o, ob->kernel ? ob->rtos.k->name : "none");
    put_str(o, ", \"cycles_per_us\": 100, \"complete\": ");
    put_str(o, tl->lost ? "false" : "true");
    put_str(o, "},\n \"traceEvents\": [\n");
    put_str(o, "  {\"ph\": \"M\", \"pid\": 1, \"name\": \"process_name\", \"args\": {\"name\": ");
    put_json(o, tl->image);
    put_str(o, "}}");
    for (int t = 0; t < TRACKS; t++) {
        if (!tl->used[t])
            continue;
        put_str(o, ",\n  {\"ph\": \"M\", \"pid\": 1, \"tid\": ");
        put_u64(o, (uint64_t)t + 1);
        put_str(o, ", \"name\": \"thread_name\", \"args\": {\"name\": ");
        put_json(o, track_name(tl, t));
        put_str(o, "}},\n  {\"ph\": \"M\", \"pid\": 1, \"tid\": ");
        put_u64(o, (uint64_t)t + 1);
        put_str(o, ", \"name\": \"thread_sort_index\", \"args\": {\"sort_index\": ");
        put_u64(o, (uint64_t)t);
        put_str(o, "}}");
    }
    for (size_t i = 0; i < tl->n; i++) {
        const struct event *e = &tl->ev[i];
        put_str(o, ",\n  {\"pid\": 1, \"tid\": ");
        put_u64(o, (uint64_t)e->track + 1);
        put_str(o, ", ");
        put_us(o, "ts", e->start);
        switch ((enum kind)e->kind) {
        case K_SWITCH:
            put_str(o, ", \"ph\": \"i\", \"s\": \"t\", \"name\": \"switch\", \"cat\": \"switch\", \"args\": {\"cycle\": ");
            put_u64(o, e->start);
            put_str(o, ", \"from\": ");
            put_json(o, track_name(tl, (int)e->what));
            put_str(o, ", \"to\": ");
            put_json(o, track_name(tl, e->track));
            put_str(o, "}}");
            continue;
        case K_RUN:
            put_str(o, ", \"ph\": \"X\", \"cat\": \"thread\", \"name\": ");
            put_json(o, track_name(tl, e->track));
            break;
        case K_IRQ:
            put_str(o, ", \"ph\": \"X\", \"cat\": \"interrupt\", \"name\": ");
            put_json(o, irq_name(e->what));
            break;
        case K_CALL:
            put_str(o, ", \"ph\": \"X\", \"cat\": \"kernel\", \"name\": ");
            put_json(o, tl->syms->f[e->what].name);
            break;
        }
        put_str(o, ", ");
        put_us(o, "dur", e->end - e->start);
        put_str(o, ", \"args\": {\"cycle\": ");
        put_u64(o, e->start);
        put_str(o, ", \"cycles\": ");
        put_u64(o, e->end - e->start);
        put_str(o, "}}");
    }
    put_str(o, "\n]}\n");
    fwrite(o->b, 1, o->n, o->f);
    int bad = ferror(o->f);
    bad |= fclose(o->f);
    free(o);
    return bad ? -1 : 0;
}
