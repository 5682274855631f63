/* The timeline (timeline.h).  A span takes its place in memory where it begins and its end
 * when it closes, so the spans are kept in the order they begin, the file's order, and are
 * written as they are at the end.  A context is what can hold the CPU: the interrupt
 * handler, main (before the scheduler starts) or a thread; each has its open kernel calls. */
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
#define NO_SPAN SIZE_MAX /* a span that was not kept (out of memory) */
enum { TRACK_IRQ, TRACK_MAIN, TRACK_THREAD0, TRACKS = TRACK_THREAD0 + RTOS_MAX_THREADS };
enum kind { K_SWITCH, K_RUN, K_IRQ, K_CALL, K_GONE /* outside the window */ };

struct call {
    uint64_t ra, sp;
    size_t span; /* its current span */
    uint32_t fn; /* index in the symbol table */
};

struct ctx {
    size_t span; /* its current running span */
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

/* A span of kind k begins: its index, or NO_SPAN when there is no memory for it. */
static size_t span_begin(struct timeline *tl, enum kind k, int track, uint64_t start, uint32_t what)
{
    if (tl->n == tl->cap) {
        size_t cap = tl->cap ? 2 * tl->cap : 4096;
        struct event *e = realloc(tl->ev, cap * sizeof *e);
        if (!e) {
            tl->lost = true;
            return NO_SPAN;
        }
        tl->ev = e;
        tl->cap = cap;
    }
    tl->ev[tl->n] = (struct event){start, start, what, (uint16_t)track, (uint8_t)k};
    return tl->n++;
}

/* Span i ends at `end`, cut to the window; one wholly outside it is dropped (and its place
 * given back when no span begun later is left). */
static void span_end(struct timeline *tl, size_t i, uint64_t end)
{
    if (i == NO_SPAN)
        return;
    struct event *e = &tl->ev[i];
    const struct window *w = &tl->o->win;
    if (e->kind == K_SWITCH ? e->start < w->from_cycle || e->start >= w->to_cycle
                            : end <= w->from_cycle || e->start >= w->to_cycle) {
        e->kind = K_GONE;
        while (tl->n && tl->ev[tl->n - 1].kind == K_GONE)
            tl->n--;
        return;
    }
    if (e->start < w->from_cycle)
        e->start = w->from_cycle;
    e->end = end < w->to_cycle ? end : w->to_cycle;
    tl->used[e->track] = true;
}

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
    for (int t = 0; t < TRACKS; t++)
        tl->ctx[t].span = NO_SPAN;
    tl->ctx[TRACK_MAIN].span = span_begin(tl, K_RUN, TRACK_MAIN, 0, 0);
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

/* The context stops holding the CPU at `cycle`: its span and its open calls end there (the
 * calls go on when it runs again: resume). */
static void suspend(struct timeline *tl, int track, uint64_t cycle)
{
    struct ctx *c = &tl->ctx[track];
    span_end(tl, c->span, cycle);
    c->span = NO_SPAN;
    for (int i = 0; i < c->depth; i++) {
        span_end(tl, c->c[i].span, cycle);
        c->c[i].span = NO_SPAN;
    }
}

static void resume(struct timeline *tl, int track, uint64_t cycle)
{
    struct ctx *c = &tl->ctx[track];
    c->span = track == TRACK_IRQ ? span_begin(tl, K_IRQ, track, cycle, (uint32_t)tl->irq_cause)
                                 : span_begin(tl, K_RUN, track, cycle, 0);
    for (int i = 0; i < c->depth; i++)
        c->c[i].span = span_begin(tl, K_CALL, track, cycle, c->c[i].fn);
    tl->active = track;
}

static void timeline_switch(struct timeline *tl, int from, int to, uint64_t cycle)
{
    suspend(tl, tl->active, cycle);
    if (tl->active == TRACK_IRQ)
        tl->ctx[TRACK_IRQ].depth = 0; /* a handler that switches ends there */
    int t = track_of(to);
    resume(tl, t, cycle);
    span_end(tl, span_begin(tl, K_SWITCH, t, cycle, (uint32_t)track_of(from)), cycle);
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
    if (c->depth < DEPTH && fn < tl->syms->n) {
        const size_t span = span_begin(tl, K_CALL, tl->active, cycle, (uint32_t)fn);
        c->c[c->depth++] = (struct call){ra, sp, span, (uint32_t)fn};
    }
    tl->o->call_count++;
}

static void timeline_pre(struct timeline *tl, uint64_t pc, uint64_t sp, uint64_t cycle)
{
    struct ctx *c = &tl->ctx[tl->active];
    while (c->depth && c->c[c->depth - 1].ra == pc && c->c[c->depth - 1].sp == sp)
        span_end(tl, c->c[--c->depth].span, cycle);
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

/* The spans in the file's order (by_time).  They are kept in the order they began, which
 * is that order (a context's span before its calls, an outer call before an inner one);
 * this checks it, and sorts them where it might not hold (spans cut at the window's start
 * to the same cycle, say). */
static void sort_spans(struct timeline *tl)
{
    const struct event *last = NULL;
    for (size_t i = 0; i < tl->n; i++) {
        const struct event *e = &tl->ev[i];
        if (e->kind == K_GONE)
            continue;
        if (last && by_time(last, e) > 0) {
            qsort(tl->ev, tl->n, sizeof *tl->ev, by_time);
            return;
        }
        last = e;
    }
}

/* The events' text, built in a buffer of its own and written in large pieces: a timeline
 * of a kernel image holds millions of events, and stdio's formatting of each field would
 * cost more than the simulation.  room() makes space for an event, whose pieces are then
 * copied in unchecked (NAME_MAX_TEXT bounds the fixed text around its names). */
#define NAME_MAX_TEXT 256
struct out {
    FILE *f;
    char *p;
    char b[1 << 16];
};

static void room(struct out *o, size_t n)
{
    if ((size_t)(o->b + sizeof o->b - o->p) < n) {
        fwrite(o->b, 1, (size_t)(o->p - o->b), o->f);
        o->p = o->b;
    }
}

static void put(struct out *o, const char *s, size_t n)
{
    if (n > sizeof o->b) {
        room(o, sizeof o->b);
        fwrite(s, 1, n, o->f);
        return;
    }
    room(o, n);
    memcpy(o->p, s, n);
    o->p += n;
}

/* a string literal, in room made for it */
#define LIT(o, s) (memcpy((o)->p, s, sizeof s - 1), (o)->p += sizeof s - 1)

static void put_str(struct out *o, const char *s) { put(o, s, strlen(s)); }

/* v in decimal, in room made for it (20 digits at most) */
static void put_u64(struct out *o, uint64_t v)
{
    char d[20];
    int i = sizeof d;
    do
        d[--i] = (char)('0' + v % 10);
    while (v /= 10);
    memcpy(o->p, d + i, sizeof d - (size_t)i);
    o->p += sizeof d - (size_t)i;
}

/* microseconds at 100 MHz, exactly, in room made for them */
static void put_us(struct out *o, uint64_t cycles)
{
    put_u64(o, cycles / 100);
    o->p[0] = '.';
    o->p[1] = (char)('0' + cycles % 100 / 10);
    o->p[2] = (char)('0' + cycles % 10);
    o->p += 3;
}

/* s as a JSON string (quotes and escapes) at dst, which has room for 6 * strlen(s) + 3
 * bytes: its end (a NUL follows) */
static char *json_into(char *dst, const char *s)
{
    char *p = dst;
    *p++ = '"';
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            *p++ = '\\', *p++ = *s;
        else if ((unsigned char)*s < 0x20)
            p += sprintf(p, "\\u%04x", *s);
        else
            *p++ = *s;
    }
    *p++ = '"';
    *p = 0;
    return p;
}

static const char *track_name(const struct timeline *tl, int track)
{
    if (track == TRACK_IRQ)
        return "interrupts";
    if (track == TRACK_MAIN)
        return "main";
    return observe_thread_name(tl->o, track - TRACK_THREAD0);
}

/* A name the events use, as a JSON string */
struct name {
    const char *s;
    size_t n;
};

static struct name irq_name(uint64_t cause)
{
#define NAME(s) ((struct name){s, sizeof s - 1})
    return cause == IRQ_M_EXT     ? NAME("\"external interrupt\"")
           : cause == IRQ_M_TIMER ? NAME("\"timer interrupt\"")
           : cause == IRQ_M_SOFT  ? NAME("\"software interrupt\"")
                                  : NAME("\"interrupt\"");
#undef NAME
}

/* The text of name i (the track i, or the function of symbol index i - TRACKS) */
static const char *raw_name(const struct timeline *tl, size_t i)
{
    return i < TRACKS ? track_name(tl, (int)i) : tl->syms->f[i - TRACKS].name;
}

/* Every name as JSON, in one allocation (index: raw_name's): NULL without memory */
static struct name *json_names(const struct timeline *tl)
{
    const size_t n = TRACKS + tl->syms->n;
    size_t bytes = n * sizeof(struct name);
    for (size_t i = 0; i < n; i++)
        bytes += 6 * strlen(raw_name(tl, i)) + 3;
    struct name *names = malloc(bytes);
    if (!names)
        return NULL;
    char *p = (char *)(names + n);
    for (size_t i = 0; i < n; i++) {
        char *e = json_into(p, raw_name(tl, i));
        names[i] = (struct name){p, (size_t)(e - p)};
        p = e + 1;
    }
    return names;
}

/* s as a JSON string (image and kernel names: far shorter than the buffer) */
static void put_json(struct out *o, const char *s)
{
    room(o, 6 * strlen(s) + 3);
    o->p = json_into(o->p, s);
}

/* a name, in room made for it */
static void put_name(struct out *o, struct name n)
{
    memcpy(o->p, n.s, n.n);
    o->p += n.n;
}

/* The file's text after its header */
static void write_events(const struct timeline *tl, struct out *o, const struct name *names)
{
    put_str(o, "  {\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":");
    put_json(o, tl->image);
    put_str(o, "}}");
    for (int t = 0; t < TRACKS; t++) {
        if (!tl->used[t])
            continue;
        room(o, NAME_MAX_TEXT + names[t].n);
        LIT(o, ",\n  {\"ph\":\"M\",\"pid\":1,\"tid\":");
        put_u64(o, (uint64_t)t + 1);
        LIT(o, ",\"name\":\"thread_name\",\"args\":{\"name\":");
        put_name(o, names[t]);
        LIT(o, "}},\n  {\"ph\":\"M\",\"pid\":1,\"tid\":");
        put_u64(o, (uint64_t)t + 1);
        LIT(o, ",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":");
        put_u64(o, (uint64_t)t);
        LIT(o, "}}");
    }
    for (size_t i = 0; i < tl->n; i++) {
        const struct event *e = &tl->ev[i];
        struct name name, to = {"", 0};
        switch ((enum kind)e->kind) {
        case K_GONE: continue;
        case K_SWITCH: name = names[e->what], to = names[e->track]; break;
        case K_RUN: name = names[e->track]; break;
        case K_IRQ: name = irq_name(e->what); break;
        default: name = names[TRACKS + (size_t)e->what]; break;
        }
        room(o, NAME_MAX_TEXT + name.n + to.n);
        LIT(o, ",\n  {\"pid\":1,\"tid\":");
        put_u64(o, (uint64_t)e->track + 1);
        LIT(o, ",\"ts\":");
        put_us(o, e->start);
        switch ((enum kind)e->kind) {
        case K_SWITCH:
            LIT(o, ",\"ph\":\"i\",\"s\":\"t\",\"name\":\"switch\",\"cat\":\"switch\",\"args\":{\"cycle\":");
            put_u64(o, e->start);
            LIT(o, ",\"from\":");
            put_name(o, name);
            LIT(o, ",\"to\":");
            put_name(o, to);
            LIT(o, "}}");
            continue;
        case K_RUN: LIT(o, ",\"ph\":\"X\",\"cat\":\"thread\",\"name\":"); break;
        case K_IRQ: LIT(o, ",\"ph\":\"X\",\"cat\":\"interrupt\",\"name\":"); break;
        default: LIT(o, ",\"ph\":\"X\",\"cat\":\"kernel\",\"name\":"); break;
        }
        put_name(o, name);
        LIT(o, ",\"dur\":");
        put_us(o, e->end - e->start);
        LIT(o, ",\"args\":{\"cycle\":");
        put_u64(o, e->start);
        LIT(o, ",\"cycles\":");
        put_u64(o, e->end - e->start);
        LIT(o, "}}");
    }
    put_str(o, "\n]}\n");
}

int timeline_write(struct timeline *tl)
{
    const struct observe *ob = tl->o;
    struct out *o = malloc(sizeof *o);
    struct name *names = json_names(tl);
    bool ok = o && names && (o->f = fopen(tl->path, "w"));
    if (ok) {
        o->p = o->b;
        sort_spans(tl);
        put_str(o, "{\"displayTimeUnit\":\"ns\",\n \"otherData\":{\"generator\":\"tempo-sim\",\"image\":");
        put_json(o, tl->image);
        put_str(o, ",\"kernel\":");
        put_json(o, ob->kernel ? ob->rtos.k->name : "none");
        put_str(o, ",\"cycles_per_us\":100,\"complete\":");
        put_str(o, tl->lost ? "false" : "true");
        put_str(o, "},\n \"traceEvents\":[\n");
        write_events(tl, o, names);
        fwrite(o->b, 1, (size_t)(o->p - o->b), o->f);
        ok = !ferror(o->f);
        ok &= !fclose(o->f);
    }
    free(names);
    free(o);
    return ok ? 0 : -1;
}
