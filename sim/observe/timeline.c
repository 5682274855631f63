/* The timeline (timeline.h).  A span takes its place in memory where it begins and its end
 * when it closes, so the spans are kept in the order they begin, the file's order.  Closed
 * spans are handed to a writer thread in batches and the file is written while the run goes
 * on: a kernel image makes an event every few dozen cycles, and formatting and writing its
 * hundred-odd bytes in the simulation's thread would cost more than the simulation (without
 * a thread, a batch is written where it is handed over).  The batches are small and queued,
 * so that the run does not wait for the writer's pace to even out, and at its end only for
 * a small last one.  A context is what can hold the CPU: the interrupt handler, main
 * (before the scheduler starts) or a thread; each has its open kernel calls. */
#define _GNU_SOURCE /* fallocate */
#include "timeline.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "machine.h"
#include "observe.h"
#include "riscv/encoding.h"
#include "symbols.h"

#define DEPTH 16
#define BATCH 8192       /* spans kept before the closed ones go to the writer */
#define QUEUE 4          /* batches handed to it and not yet written, at most */
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

/* a kernel call's entry and its index in the symbol table */
struct called {
    uint64_t pc;
    size_t fn;
};

struct event {
    uint64_t start, end;
    uint32_t what;  /* K_CALL: function index; K_IRQ: cause; K_SWITCH: the track left */
    uint16_t track;
    uint8_t kind;
    bool open;
};

/* A name the events use, as a JSON string */
struct name {
    const char *s;
    size_t n;
};

/* The file's text, built in a buffer of its own and written in large pieces: stdio's
 * formatting of each field would cost more than the simulation, and the host kernel takes
 * less for fewer writes (the kernel image's JSON timeline ran 7% faster on one core, on
 * ext4, with writes of 256 KB than of 64 KB).  room() makes space for an event, whose
 * pieces are then copied in unchecked (NAME_MAX_TEXT bounds the fixed text around its
 * names). */
#define NAME_MAX_TEXT 256
/* put_name() copies a name of up to this many bytes whole (NAME_MAX_TEXT leaves room past
 * it): every name the writer keeps has this many bytes of memory from its start on */
#define NAME_COPY 32
struct out {
    int fd;
    bool failed;    /* a write failed: the file is not whole */
    bool reserving; /* the file's blocks are reserved ahead of the writes (reserve()) */
    bool cut;       /* a regular file: cut to its length at the end (out_close()) */
    uint64_t written, reserved;
    char *p;
    char b[1 << 18];
};

/* Closed spans on their way to the file, with the threads' names when they were handed */
struct batch {
    struct event *ev;
    size_t n, cap;
    int threads;
    char thread[RTOS_MAX_THREADS][RTOS_NAME_MAX];
};

/* Perfetto's protobuf writer's state: the names it interned, the tracks it described, and
 * the ends of the spans it began and has not ended (the spans of one track at a time, the
 * one holding the core: pb_batch()) */
struct pb {
    const struct symtab *syms;
    bool *fn_named;              /* a function's name interned (symbol table order) */
    uint64_t next_iid;           /* the next thread name's */
    uint64_t run_iid[TRACKS];    /* a track's name, as interned (0: not yet described) */
    char run_name[TRACKS][RTOS_NAME_MAX];
    /* the batches begun, and the one in which each track's name was last looked at (a
     * batch holds one name a track) */
    uint64_t batches, looked[TRACKS];
    uint64_t pend[2 * DEPTH];
    int npend, cur;
    uint64_t last;               /* the cycle of the last event written */
};

/* The writer: the batches handed to it go to the file, in turn */
struct writer {
    struct out out;
    struct pb *pb;           /* NULL: JSON */
    const struct name *fn;   /* the functions' names (symbol table order) */
    struct name track[TRACKS];
    char track_text[TRACKS][6 * RTOS_NAME_MAX + 3];
    struct name start[TRACKS]; /* an event's text up to its ts, on each track */
    struct name irq[4];        /* irq_names as JSON */
    char irq_text[4][6 * sizeof "software interrupt" + 3];
    char start_text[TRACKS][NAME_COPY];
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t thread;
    bool threaded, stop;
    struct batch *queue;  /* QUEUE batches: the n-th handed is queue[n % QUEUE] */
    size_t handed, done; /* batches handed, and written */
};

struct timeline {
    struct observe *o;
    const struct symtab *syms;
    char image[256];
    struct ctx ctx[TRACKS];
    bool used[TRACKS];
    int active;                 /* the track holding the CPU */
    uint64_t ret;               /* its innermost open call's return address (UINT64_MAX: none) */
    struct called called[64];   /* kernel calls' entries and their symbols, as last looked up */
    uint64_t irq_cause;
    struct event *ev;           /* the spans from the base-th one on (a span's index is absolute) */
    size_t base, n, cap;
    struct batch batch[QUEUE];  /* the writer's queue */
    struct name *fn;
    struct writer *w;
    bool lost;                  /* out of memory: the file says so */
};

static int track_of(int thread) { return thread < 0 ? TRACK_MAIN : TRACK_THREAD0 + thread; }

static void hand(struct timeline *tl, size_t k);

/* The array full, the closed spans that begin before every span still to close or to begin
 * (at `start` or later) go to the writer, and it grows when little went: false when there
 * is no memory for more.  Out of span_begin()'s way: once a batch. */
static __attribute__((noinline, cold)) bool make_room(struct timeline *tl, uint64_t start)
{
    size_t open = 0;
    while (open < tl->n && !tl->ev[open].open)
        open++;
    const uint64_t before = open < tl->n && tl->ev[open].start < start ? tl->ev[open].start : start;
    size_t out = open;
    while (out && tl->ev[out - 1].start >= before)
        out--;
    hand(tl, out);
    if (tl->n > tl->cap / 2) { /* little went: more room */
        size_t cap = 2 * tl->cap;
        struct event *e = realloc(tl->ev, cap * sizeof *e);
        if (!e) {
            tl->lost = true;
            return false;
        }
        tl->ev = e;
        tl->cap = cap;
    }
    return true;
}

/* A span of kind k begins: its index, or NO_SPAN when there is no memory for it. */
static size_t span_begin(struct timeline *tl, enum kind k, int track, uint64_t start, uint32_t what)
{
    if (tl->n == tl->cap && !make_room(tl, start))
        return NO_SPAN;
    tl->ev[tl->n] = (struct event){start, start, what, (uint16_t)track, (uint8_t)k, true};
    return tl->base + tl->n++;
}

/* Span i ends at `end`, cut to the window; one wholly outside it is dropped (and its place
 * given back when no span begun later is left). */
static void span_end(struct timeline *tl, size_t i, uint64_t end)
{
    if (i == NO_SPAN)
        return;
    struct event *e = &tl->ev[i - tl->base];
    const struct window *w = &tl->o->win;
    e->open = false;
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
    struct called *called = &tl->called[pc >> 2 & 63];
    if (called->pc != pc)
        *called = (struct called){pc, symtab_index(tl->syms, pc)};
    const size_t fn = called->fn;
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

/* tl->ret after the active context or its calls changed */
static void follow_return(struct timeline *tl)
{
    const struct ctx *c = &tl->ctx[tl->active];
    tl->ret = c->depth ? c->c[c->depth - 1].ra : UINT64_MAX;
}

static void timeline_end(struct timeline *tl, uint64_t cycle)
{
    suspend(tl, tl->active, cycle);
    tl->ctx[tl->active].depth = 0;
}

static bool on_pre(void *ctx, struct machine *m, uint64_t pc, uint64_t cycle)
{
    struct timeline *tl = ctx;
    if (pc != tl->ret) /* the innermost open call's return address: nothing returns */
        return true;
    timeline_pre(tl, pc, m->hart.x[2], cycle);
    follow_return(tl);
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
    default: return; /* nothing of the timeline's changed */
    }
    follow_return(tl);
}

struct observer timeline_observer(struct timeline *tl)
{
    return (struct observer){.name = "timeline", .ctx = tl, .pre = on_pre, .event = on_event,
                             .fast_pc = &tl->ret};
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

/* A batch's spans in the file's order (by_time).  They are kept in the order they began,
 * which is that order (a context's span before its calls, an outer call before an inner
 * one); this checks it, and sorts them where it might not hold (spans of no length at the
 * cycle another one begins, say).  A batch holds the spans that begin before every later
 * one (span_begin()), so the file is in that order too. */
static void sort_spans(struct batch *b)
{
    const struct event *last = NULL;
    for (size_t i = 0; i < b->n; i++) {
        const struct event *e = &b->ev[i];
        if (e->kind == K_GONE)
            continue;
        if (last && by_time(last, e) > 0) {
            qsort(b->ev, b->n, sizeof *b->ev, by_time);
            return;
        }
        last = e;
    }
}

/* The file's blocks reserved ahead of n more bytes on ext4 (without changing its length):
 * it then allocates them in one go, not a page at a time as the writes come, and the
 * kernel image's JSON timeline ran 5% faster on one core (on tmpfs, which has no blocks to
 * allocate, a reservation zeroes the pages before the writes fill them: 5% slower).  Each
 * reservation is as long as what is written (1 MB to 64 MB); out_close() gives back what
 * the file did not take. */
static void reserve(struct out *o, size_t n)
{
    if (!o->reserving || o->written + n <= o->reserved)
        return;
    const uint64_t step = o->written < 1u << 20 ? 1u << 20 : o->written > 64u << 20 ? 64u << 20 : o->written;
    if (fallocate(o->fd, FALLOC_FL_KEEP_SIZE, (off_t)o->reserved, (off_t)step))
        o->reserving = false; /* the disk full, say: the writes will tell */
    else
        o->reserved += step;
}

/* The buffer into the file */
static void flush(struct out *o)
{
    const char *s = o->b;
    size_t n = (size_t)(o->p - o->b);
    reserve(o, n);
    while (n && !o->failed) {
        const ssize_t k = write(o->fd, s, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            o->failed = true;
            break;
        }
        s += k;
        n -= (size_t)k;
        o->written += (uint64_t)k;
    }
    o->p = o->b;
}

/* The file written whole and closed, cut to its length (what an earlier file had past it,
 * and a reservation, given back): 0, or -1 when it could not be written. */
static int out_close(struct out *o)
{
    flush(o);
    if (o->cut && ftruncate(o->fd, (off_t)o->written))
        o->failed = true;
    return close(o->fd) || o->failed ? -1 : 0;
}

static void room(struct out *o, size_t n)
{
    if ((size_t)(o->b + sizeof o->b - o->p) < n)
        flush(o);
}

/* a string literal, in room made for it */
#define LIT(o, s) (memcpy((o)->p, s, sizeof s - 1), (o)->p += sizeof s - 1)

/* "00" to "99" */
static const char pairs[201] = "00010203040506070809101112131415161718192021222324252627282930313233"
                               "34353637383940414243444546474849505152535455565758596061626364656667"
                               "6869707172737475767778798081828384858687888990919293949596979899";

/* v's decimal digits (20 at most) */
static unsigned digits(uint64_t v)
{
    static const uint64_t p10[20] = {1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull,
                                     10000000ull, 100000000ull, 1000000000ull, 10000000000ull,
                                     100000000000ull, 1000000000000ull, 10000000000000ull,
                                     100000000000000ull, 1000000000000000ull, 10000000000000000ull,
                                     100000000000000000ull, 1000000000000000000ull,
                                     10000000000000000000ull};
    /* the count from v's bits (1233 / 4096 is about log10 2), then one look to settle it */
    unsigned n = (unsigned)(64 - __builtin_clzll(v | 1)) * 1233 >> 12;
    n += v >= p10[n];
    return n + !n;
}

/* v in decimal, in room made for it: its digits made two at a time from the end, straight
 * into the buffer (made in a scratch array a pair at a time and then copied on whole, they
 * stalled the host's store forwarding, which cannot hand several small stores to one wide
 * load: a third of the JSON writer's time) */
static void put_digits(struct out *o, uint64_t v)
{
    const unsigned n = digits(v);
    char *p = o->p += n;
    for (; v >= 100000000; v /= 100000000) /* eight digits at a time in 32 bits */
        for (uint32_t u = (uint32_t)(v % 100000000), i = 0; i < 4; i++, u /= 100)
            memcpy(p -= 2, pairs + 2 * (u % 100), 2);
    uint32_t u = (uint32_t)v;
    for (; u >= 100; u /= 100)
        memcpy(p -= 2, pairs + 2 * (u % 100), 2);
    if (u >= 10)
        memcpy(p - 2, pairs + 2 * u, 2);
    else
        p[-1] = (char)('0' + u);
}

/* v in decimal, in room made for it; below 1000 (most of a kernel's spans, in microseconds
 * or in cycles) without a count of its digits or a loop */
static inline void put_u64(struct out *o, uint64_t v)
{
    if (v >= 1000) {
        put_digits(o, v);
    } else if (v >= 100) {
        o->p[0] = (char)('0' + v / 100);
        memcpy(o->p + 1, pairs + 2 * (v % 100), 2);
        o->p += 3;
    } else if (v >= 10) {
        memcpy(o->p, pairs + 2 * v, 2);
        o->p += 2;
    } else {
        *o->p++ = (char)('0' + v);
    }
}

/* v cycles as microseconds at 100 MHz, exactly, in room made for them */
static void put_us(struct out *o, uint64_t v)
{
    put_u64(o, v / 100);
    *o->p++ = '.';
    memcpy(o->p, pairs + 2 * (v % 100), 2);
    o->p += 2;
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

/* s as a JSON string (image and kernel names: far shorter than the buffer) */
static void put_json(struct out *o, const char *s)
{
    room(o, 6 * strlen(s) + 3);
    o->p = json_into(o->p, s);
}

/* a name, in room made for it: one of up to NAME_COPY bytes as NAME_COPY bytes, a copy of a
 * known length, which takes no call (what follows overwrites the rest) */
static inline void put_name(struct out *o, struct name n)
{
    if (n.n <= NAME_COPY)
        memcpy(o->p, n.s, NAME_COPY);
    else
        memcpy(o->p, n.s, n.n);
    o->p += n.n;
}

/* The interrupt handlers' span names, by irq_kind() */
static const char *const irq_names[] = {"external interrupt", "timer interrupt", "software interrupt",
                                        "interrupt"};

static unsigned irq_kind(uint64_t cause)
{
    return cause == IRQ_M_EXT ? 0 : cause == IRQ_M_TIMER ? 1 : cause == IRQ_M_SOFT ? 2 : 3;
}

/* The functions' names as JSON, in one allocation: NULL without memory */
static struct name *json_functions(const struct symtab *syms)
{
    size_t bytes = syms->n * sizeof(struct name) + NAME_COPY;
    for (size_t i = 0; i < syms->n; i++)
        bytes += 6 * strlen(syms->f[i].name) + 3;
    struct name *names = malloc(bytes);
    if (!names)
        return NULL;
    char *p = (char *)(names + syms->n);
    for (size_t i = 0; i < syms->n; i++) {
        char *e = json_into(p, syms->f[i].name);
        names[i] = (struct name){p, (size_t)(e - p)};
        p = e + 1;
    }
    return names;
}

/* Track t's name, a thread's as batch b holds it */
static const char *track_name(const struct batch *b, int t)
{
    const int i = t - TRACK_THREAD0;
    return t == TRACK_IRQ ? "interrupts" : i < 0 || i >= b->threads ? "main" : b->thread[i];
}

/* The tracks' names as JSON */
static void json_tracks(struct writer *w, const struct batch *b)
{
    for (int t = 0; t < TRACKS; t++) {
        char *e = json_into(w->track_text[t], track_name(b, t));
        w->track[t] = (struct name){w->track_text[t], (size_t)(e - w->track_text[t])};
    }
}

/* Batch b's spans into the file as JSON, in order */
static void json_batch(struct writer *w, const struct batch *b)
{
    struct out *o = &w->out;
    json_tracks(w, b);
    for (size_t i = 0; i < b->n; i++) {
        const struct event *e = &b->ev[i];
        struct name name, to = {"", 0};
        switch ((enum kind)e->kind) {
        case K_GONE: continue;
        case K_SWITCH: name = w->track[e->what], to = w->track[e->track]; break;
        case K_RUN: name = w->track[e->track]; break;
        case K_IRQ: name = w->irq[irq_kind(e->what)]; break;
        default: name = w->fn[e->what]; break;
        }
        room(o, NAME_MAX_TEXT + name.n + to.n);
        put_name(o, w->start[e->track]);
        put_us(o, e->start);
        switch ((enum kind)e->kind) {
        case K_SWITCH:
            LIT(o, ",\"ph\":\"i\",\"s\":\"t\",\"name\":\"switch\",\"cat\":\"switch\",\"args\":{\"from\":");
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
        LIT(o, ",\"args\":{\"cycles\":");
        put_u64(o, e->end - e->start);
        LIT(o, "}}");
    }
}

/* Perfetto's own trace format (protos/perfetto/trace/perfetto_trace.proto, TrackEvent): the
 * same tracks, spans and switches in under a third of the JSON's bytes and far less work,
 * for long runs.  The file is a Trace, a run of TracePackets on one sequence:
 * names are interned (sent once, then named by number), each span is a begin and an end
 * packet at its cycle * 10 ns, and each switch an instant with its "from" and "to" tracks.
 * Field numbers are Perfetto's. */
#define PB_VARINT(field) ((field) << 3)
#define PB_BYTES(field) ((field) << 3 | 2)
enum { PB_SEQ = 1, PB_CLEARED = 1, PB_NEEDS_STATE = 2 }; /* the sequence, its flags */
enum { PB_BEGIN = 1, PB_END = 2, PB_INSTANT = 3 };       /* TrackEvent.Type */
enum { CAT_THREAD = 1, CAT_INTERRUPT, CAT_KERNEL, CAT_SWITCH };
/* the event names' numbers: the interrupts' (irq_names), the switch, then the functions'
 * (their symbol table index on), then the threads' as they come */
enum { IID_IRQ0 = 1, IID_SWITCH = IID_IRQ0 + 4, IID_FN0 };
enum { IID_FROM = 1, IID_TO };  /* the switch's annotations' names */
#define PB_NAME_MAX 1024        /* a name longer than this is cut (a symbol's, hardly) */

static inline __attribute__((always_inline)) uint8_t *pb_varint(uint8_t *p, uint64_t v)
{
    for (; v >= 0x80; v >>= 7)
        *p++ = (uint8_t)(v | 0x80);
    *p++ = (uint8_t)v;
    return p;
}

/* a field of n bytes (a string or an embedded message) */
static uint8_t *pb_bytes(uint8_t *p, unsigned tag, const void *s, size_t n)
{
    p = pb_varint(p, tag);
    p = pb_varint(p, n);
    memcpy(p, s, n);
    return p + n;
}

static uint8_t *pb_string(uint8_t *p, unsigned tag, const char *s)
{
    const size_t n = strlen(s);
    return pb_bytes(p, tag, s, n < PB_NAME_MAX ? n : PB_NAME_MAX);
}

/* A message of a number (field 1) and a string (field `string`), as field `field`: an
 * interned name (EventName, EventCategory, DebugAnnotationName: string 2, in InternedData)
 * or a switch's annotation (DebugAnnotation: name_iid and string_value 6, in TrackEvent) */
static uint8_t *pb_named(uint8_t *p, unsigned field, uint64_t iid, unsigned string, const char *name)
{
    uint8_t m[PB_NAME_MAX + 16], *q = m;
    *q++ = PB_VARINT(1);
    q = pb_varint(q, iid);
    q = pb_string(q, PB_BYTES(string), name);
    return pb_bytes(p, PB_BYTES(field), m, (size_t)(q - m));
}

static uint8_t *pb_interned(uint8_t *p, unsigned field, uint64_t iid, const char *name)
{
    return pb_named(p, field, iid, 2, name);
}

/* A TracePacket (Trace.packet) of n bytes into the file */
static void pb_packet(struct out *o, const uint8_t *body, size_t n)
{
    room(o, n + 8);
    uint8_t *p = (uint8_t *)o->p;
    *p++ = PB_BYTES(1);
    p = pb_varint(p, n);
    memcpy(p, body, n);
    o->p = (char *)(p + n);
}

/* A packet of the sequence with interned data (InternedData's n bytes at data) */
static void pb_intern(struct out *o, const uint8_t *data, size_t n, unsigned flags)
{
    uint8_t body[PB_NAME_MAX + 64], *p = body;
    *p++ = PB_VARINT(10), *p++ = PB_SEQ; /* trusted_packet_sequence_id */
    *p++ = PB_VARINT(13), *p++ = (uint8_t)flags;
    p = pb_bytes(p, PB_BYTES(12), data, n);
    pb_packet(o, body, (size_t)(p - body));
}

/* A TrackDescriptor packet (TracePacket field 60) for the n bytes at d */
static void pb_describe(struct out *o, const uint8_t *d, size_t n)
{
    uint8_t body[PB_NAME_MAX + 64], *p = body;
    p = pb_bytes(p, PB_BYTES(60), d, n);
    pb_packet(o, body, (size_t)(p - body));
}

/* A track's uuid (the process's is 1; its tid, as in the JSON, is track + 1) */
static uint64_t pb_uuid(int track) { return (uint64_t)track + 2; }

/* A TrackEvent at `cycle` on track t: name 0 for none; `more` is more of its fields (a
 * switch's two annotations, each with a name shorter than RTOS_NAME_MAX: 37 bytes at most).
 * Written in place: with a timestamp of 10 bytes at most, a name's number of 5 and a track's
 * of 2, the event and its packet are shorter than 128 bytes, so each length is one byte. */
static inline __attribute__((always_inline)) void pb_event(struct out *o, uint64_t cycle, unsigned type, int t, uint64_t name,
                     unsigned cat, const uint8_t *more, size_t n)
{
    room(o, 128);
    uint8_t *packet = (uint8_t *)o->p, *p = packet + 2;
    *p++ = PB_VARINT(8);
    p = pb_varint(p, cycle * 10);
    *p++ = PB_VARINT(10), *p++ = PB_SEQ;
    if (name)
        *p++ = PB_VARINT(13), *p++ = PB_NEEDS_STATE;
    *p++ = PB_BYTES(11);
    uint8_t *ev = ++p;
    *p++ = PB_VARINT(9), *p++ = (uint8_t)type;
    *p++ = PB_VARINT(11);
    p = pb_varint(p, pb_uuid(t));
    if (name) {
        *p++ = PB_VARINT(10);
        p = pb_varint(p, name);
    }
    if (cat)
        *p++ = PB_VARINT(3), *p++ = (uint8_t)cat;
    if (n)
        memcpy(p, more, n);
    p += n;
    ev[-1] = (uint8_t)(p - ev);
    packet[0] = PB_BYTES(1);
    packet[1] = (uint8_t)(p - packet - 2);
    o->p = (char *)p;
}

/* The file's first packets: the sequence's fixed names, the process (the image) */
static void pb_head(struct writer *w, const char *image)
{
    static const char *const cats[] = {"thread", "interrupt", "kernel", "switch"};
    uint8_t d[PB_NAME_MAX], *p = d;
    for (unsigned i = 0; i < 4; i++)
        p = pb_interned(p, 1, CAT_THREAD + i, cats[i]);
    for (unsigned i = 0; i < 4; i++)
        p = pb_interned(p, 2, IID_IRQ0 + i, irq_names[i]);
    p = pb_interned(p, 2, IID_SWITCH, "switch");
    p = pb_interned(p, 3, IID_FROM, "from");
    p = pb_interned(p, 3, IID_TO, "to");
    pb_intern(&w->out, d, (size_t)(p - d), PB_CLEARED | PB_NEEDS_STATE);
    uint8_t proc[PB_NAME_MAX + 16], *q = proc;
    *q++ = PB_VARINT(1), *q++ = 1; /* pid */
    q = pb_string(q, PB_BYTES(6), image);
    p = d;
    *p++ = PB_VARINT(1);
    p = pb_varint(p, 1); /* uuid */
    p = pb_bytes(p, PB_BYTES(3), proc, (size_t)(q - proc));
    pb_describe(&w->out, d, (size_t)(p - d));
}

/* Track t about to have its first event of the batch: described (again, when its name
 * changed), its name interned */
static void pb_track(struct writer *w, const struct batch *b, int t)
{
    struct pb *pb = w->pb;
    pb->looked[t] = pb->batches;
    const char *name = track_name(b, t);
    if (pb->run_iid[t] && !strcmp(pb->run_name[t], name))
        return;
    snprintf(pb->run_name[t], sizeof pb->run_name[t], "%s", name);
    uint8_t d[PB_NAME_MAX], *p = d;
    p = pb_interned(p, 2, pb->run_iid[t] = pb->next_iid++, name);
    pb_intern(&w->out, d, (size_t)(p - d), PB_NEEDS_STATE);
    uint8_t th[RTOS_NAME_MAX + 32], *q = th;
    *q++ = PB_VARINT(1), *q++ = 1; /* pid */
    *q++ = PB_VARINT(2);
    q = pb_varint(q, (uint64_t)t + 1); /* tid */
    q = pb_string(q, PB_BYTES(5), name);
    p = d;
    *p++ = PB_VARINT(1);
    p = pb_varint(p, pb_uuid(t));
    p = pb_bytes(p, PB_BYTES(4), th, (size_t)(q - th));
    pb_describe(&w->out, d, (size_t)(p - d));
}

/* The open spans (of the one track that has them) that end before `end` end, innermost
 * first; UINT64_MAX: all of them */
static inline __attribute__((always_inline)) void pb_end_to(struct writer *w, uint64_t end)
{
    struct pb *pb = w->pb;
    while (pb->npend && pb->pend[pb->npend - 1] < end) {
        pb->last = pb->pend[--pb->npend];
        pb_event(&w->out, pb->last, PB_END, pb->cur, 0, 0, NULL, 0);
    }
}

/* Batch b's spans into the file, in order.  The file holds a span's begin where it begins and
 * its end where the next span of its track begins after it, so each track's ends follow its
 * spans' nesting; only one track holds the core at a time (every span of the track before
 * has ended when another's begins), so it is enough to keep the open spans of one track. */
static void pb_batch(struct writer *w, const struct batch *b)
{
    struct pb *pb = w->pb;
    pb->batches++;
    for (size_t i = 0; i < b->n; i++) {
        const struct event *e = &b->ev[i];
        if (e->kind == K_GONE)
            continue;
        if (e->track != pb->cur) {
            pb_end_to(w, UINT64_MAX);
            pb->cur = e->track;
        }
        pb_end_to(w, e->end);
        pb->last = e->start;
        if (pb->looked[e->track] != pb->batches)
            pb_track(w, b, e->track);
        uint64_t name;
        unsigned cat;
        switch ((enum kind)e->kind) {
        case K_SWITCH: {
            uint8_t a[4 * RTOS_NAME_MAX + 64], *p = a;
            p = pb_named(p, 4, IID_FROM, 6, track_name(b, (int)e->what));
            p = pb_named(p, 4, IID_TO, 6, track_name(b, e->track));
            pb_event(&w->out, e->start, PB_INSTANT, e->track, IID_SWITCH, CAT_SWITCH, a, (size_t)(p - a));
            continue;
        }
        case K_RUN: name = pb->run_iid[e->track], cat = CAT_THREAD; break;
        case K_IRQ:
            name = IID_IRQ0 + irq_kind(e->what), cat = CAT_INTERRUPT;
            break;
        default:
            if (!pb->fn_named[e->what]) {
                uint8_t d[PB_NAME_MAX + 32], *p = d;
                p = pb_interned(p, 2, IID_FN0 + e->what, pb->syms->f[e->what].name);
                pb_intern(&w->out, d, (size_t)(p - d), PB_NEEDS_STATE);
                pb->fn_named[e->what] = true;
            }
            name = IID_FN0 + e->what, cat = CAT_KERNEL;
            break;
        }
        pb_event(&w->out, e->start, PB_BEGIN, e->track, name, cat, NULL, 0);
        if (pb->npend < (int)(sizeof pb->pend / sizeof pb->pend[0]))
            pb->pend[pb->npend++] = e->end;
    }
}

/* The file's last packets: what is still open ends; a run that lost events (no memory) says so
 * with a marker */
static void pb_tail(struct writer *w, bool lost)
{
    pb_end_to(w, UINT64_MAX);
    if (lost) {
        uint8_t n[64], *p = n;
        p = pb_string(p, PB_BYTES(23), "incomplete: events were lost (no memory)");
        pb_event(&w->out, w->pb->last, PB_INSTANT, TRACK_MAIN, 0, 0, n, (size_t)(p - n));
    }
}

/* Batch b's spans into the file */
static void write_batch(struct writer *w, struct batch *b)
{
    sort_spans(b);
    if (w->pb)
        pb_batch(w, b);
    else
        json_batch(w, b);
}

static void *writer_main(void *arg)
{
    struct writer *w = arg;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (w->done == w->handed && !w->stop)
            pthread_cond_wait(&w->cv, &w->mu);
        if (w->done == w->handed)
            break;
        struct batch *b = &w->queue[w->done % QUEUE];
        pthread_mutex_unlock(&w->mu);
        write_batch(w, b);
        pthread_mutex_lock(&w->mu);
        w->done++;
        pthread_cond_broadcast(&w->cv);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

/* Wait until at most `left` of the batches handed are still to be written. */
static void written(struct writer *w, size_t left)
{
    if (!w->threaded)
        return;
    pthread_mutex_lock(&w->mu);
    while (w->handed - w->done > left)
        pthread_cond_wait(&w->cv, &w->mu);
    pthread_mutex_unlock(&w->mu);
}

/* The threads' names now, into batch b */
static void names(const struct timeline *tl, struct batch *b)
{
    const struct observe *o = tl->o;
    b->threads = o->rtos.n;
    for (int i = 0; i < o->rtos.n; i++)
        snprintf(b->thread[i], sizeof b->thread[i], "%s", observe_thread_name(o, i));
}

/* The first k spans kept go to the writer, once its queue has room; the rest take the array
 * of the batch handed in that place before. */
static void hand(struct timeline *tl, size_t k)
{
    struct writer *w = tl->w;
    if (!w || !k)
        return;
    written(w, QUEUE - 1);
    struct batch *b = &tl->batch[w->handed % QUEUE]; /* w->queue's next place */
    if (b->cap < tl->cap) {
        struct event *e = realloc(b->ev, tl->cap * sizeof *e);
        if (!e)
            return; /* kept: span_begin() makes more room */
        b->ev = e;
        b->cap = tl->cap;
    }
    struct event *ev = b->ev;
    const size_t cap = b->cap;
    b->ev = tl->ev;
    b->cap = tl->cap;
    b->n = k;
    memcpy(ev, tl->ev + k, (tl->n - k) * sizeof *ev);
    tl->ev = ev;
    tl->cap = cap;
    tl->n -= k;
    tl->base += k;
    names(tl, b);
    if (!w->threaded) {
        write_batch(w, b);
        w->handed++, w->done++;
        return;
    }
    pthread_mutex_lock(&w->mu);
    w->handed++;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

static void writer_drop(struct writer *w)
{
    if (w->pb)
        free(w->pb->fn_named);
    free(w->pb);
    free(w);
}

bool timeline_is_perfetto(const char *path)
{
    const size_t n = strlen(path);
    return (n >= 8 && !strcmp(path + n - 8, ".pftrace")) || (n >= 15 && !strcmp(path + n - 15, ".perfetto-trace"));
}

/* The writer on `path` (emptied), its thread started when it can be: NULL when the file cannot
 * be opened or there is no memory. */
static struct writer *writer_new(const struct name *fn, const struct symtab *syms, struct batch *queue,
                                 const char *path)
{
    struct writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    if (timeline_is_perfetto(path)) {
        if (!(w->pb = calloc(1, sizeof *w->pb)) || !(w->pb->fn_named = calloc(syms->n + 1, sizeof(bool)))) {
            writer_drop(w);
            return NULL;
        }
        w->pb->syms = syms;
        w->pb->next_iid = IID_FN0 + syms->n;
        w->pb->cur = -1;
    }
    w->fn = fn;
    w->queue = queue;
    for (int i = 0; i < 4; i++) {
        char *e = json_into(w->irq_text[i], irq_names[i]);
        w->irq[i] = (struct name){w->irq_text[i], (size_t)(e - w->irq_text[i])};
    }
    for (int t = 0; t < TRACKS; t++) {
        const int n = snprintf(w->start_text[t], sizeof w->start_text[t],
                               ",\n  {\"pid\":1,\"tid\":%d,\"ts\":", t + 1);
        w->start[t] = (struct name){w->start_text[t], (size_t)n};
    }
    w->out.p = w->out.b;
    /* an earlier file is written over, not emptied first (out_close() cuts it to its new
     * length): its pages stay in the host's page cache, to be written into, not freed and
     * taken again (the kernel image's JSON timeline ran 10% faster on one core, on ext4, run
     * again on the same file), and ext4 does not write back at its close a file truncated
     * to nothing (auto_da_alloc), which took a tenth of that run */
    struct stat st;
    const int fd = open(path, O_WRONLY | O_CREAT, 0666);
    if (fd < 0 || fstat(fd, &st)) {
        if (fd >= 0)
            close(fd);
        writer_drop(w);
        return NULL;
    }
    w->out.fd = fd;
    struct statfs fs;
    w->out.cut = S_ISREG(st.st_mode);
    w->out.reserving = w->out.cut && !fstatfs(fd, &fs) && fs.f_type == EXT4_SUPER_MAGIC;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    w->threaded = pthread_create(&w->thread, NULL, writer_main, w) == 0;
    return w;
}

/* The writer's thread stopped, everything handed written; the file closed: 0, or -1 when
 * it could not be written. */
static int writer_free(struct writer *w)
{
    if (!w)
        return 0;
    if (w->threaded) {
        pthread_mutex_lock(&w->mu);
        w->stop = true;
        pthread_cond_broadcast(&w->cv);
        pthread_mutex_unlock(&w->mu);
        pthread_join(w->thread, NULL);
    }
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    const int status = out_close(&w->out);
    writer_drop(w);
    return status;
}

/* The JSON file's start: the process (the image) */
static void json_head(struct writer *w, const char *image)
{
    struct out *out = &w->out;
    room(out, NAME_MAX_TEXT);
    LIT(out, "{\"displayTimeUnit\":\"ns\",\n \"traceEvents\":[\n  {\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":");
    put_json(out, image);
    room(out, NAME_MAX_TEXT);
    LIT(out, "}}");
}

struct timeline *timeline_new(struct observe *o, const struct symtab *syms, const char *path,
                              const char *image)
{
    struct timeline *tl = calloc(1, sizeof *tl);
    if (!tl)
        return NULL;
    tl->o = o;
    tl->syms = syms;
    const char *base = strrchr(image, '/');
    snprintf(tl->image, sizeof tl->image, "%s", base ? base + 1 : image);
    tl->cap = BATCH;
    bool kept = (tl->ev = malloc(BATCH * sizeof *tl->ev)) != NULL;
    for (int i = 0; i < QUEUE; i++) {
        tl->batch[i].cap = BATCH;
        kept &= (tl->batch[i].ev = malloc(BATCH * sizeof *tl->ev)) != NULL;
    }
    tl->fn = json_functions(syms);
    if (!kept || !tl->fn || !(tl->w = writer_new(tl->fn, syms, tl->batch, path))) {
        timeline_free(tl);
        return NULL;
    }
    if (tl->w->pb)
        pb_head(tl->w, tl->image);
    else
        json_head(tl->w, tl->image);
    tl->active = TRACK_MAIN;
    tl->ret = UINT64_MAX;
    for (size_t i = 0; i < sizeof tl->called / sizeof tl->called[0]; i++)
        tl->called[i].pc = UINT64_MAX;
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

int timeline_write(struct timeline *tl)
{
    /* every span is closed at the end (OBS_END): the rest go, then the tracks' names and
     * what the file is */
    hand(tl, tl->n);
    struct writer *w = tl->w;
    written(w, 0);
    if (w->pb) {
        pb_tail(w, tl->lost);
        const int status = writer_free(tl->w);
        tl->w = NULL;
        return status;
    }
    names(tl, &tl->batch[0]);
    json_tracks(w, &tl->batch[0]);
    struct out *o = &w->out;
    for (int t = 0; t < TRACKS; t++) {
        if (!tl->used[t])
            continue;
        room(o, NAME_MAX_TEXT + w->track[t].n);
        LIT(o, ",\n  {\"ph\":\"M\",\"pid\":1,\"tid\":");
        put_u64(o, (uint64_t)t + 1);
        LIT(o, ",\"name\":\"thread_name\",\"args\":{\"name\":");
        put_name(o, w->track[t]);
        LIT(o, "}},\n  {\"ph\":\"M\",\"pid\":1,\"tid\":");
        put_u64(o, (uint64_t)t + 1);
        LIT(o, ",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":");
        put_u64(o, (uint64_t)t);
        LIT(o, "}}");
    }
    const struct observe *ob = tl->o;
    room(o, NAME_MAX_TEXT);
    LIT(o, "\n ],\n \"otherData\":{\"generator\":\"tempo-sim\",\"image\":");
    put_json(o, tl->image);
    room(o, NAME_MAX_TEXT);
    LIT(o, ",\"kernel\":");
    put_json(o, ob->kernel ? ob->rtos.k->name : "none");
    room(o, NAME_MAX_TEXT);
    LIT(o, ",\"cycles_per_us\":100,\"complete\":");
    if (tl->lost)
        LIT(o, "false}}\n");
    else
        LIT(o, "true}}\n");
    const int status = writer_free(tl->w);
    tl->w = NULL;
    return status;
}

void timeline_free(struct timeline *tl)
{
    if (!tl)
        return;
    writer_free(tl->w);
    free(tl->ev);
    for (int i = 0; i < QUEUE; i++)
        free(tl->batch[i].ev);
    free(tl->fn);
    free(tl);
}
