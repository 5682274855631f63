/* Latency probes (measure.h). */
#include "measure.h"
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "observe.h"
#include "riscv/encoding.h"

enum measure_event { EV_PC, EV_IRQ, EV_TRAP, EV_MRET, EV_SWITCH, EV_RUN };

#define MEASURE_MAX 16
#define BINS 16

struct endpoint {
    enum measure_event ev;
    uint64_t arg;           /* pc, or interrupt cause */
    bool any;               /* irq, switch, run without a qualifier */
    char thread[RTOS_NAME_MAX];
};

struct probe {
    char name[48], from_text[80], to_text[80];
    struct endpoint from, to;
    bool open;
    uint64_t t0;
    size_t n;               /* samples in the log */
    uint64_t min, max;
    double sum;
};

/* One interval: its cycles and its probe (an index into measures.p). */
struct sample {
    uint64_t cycles;
    int probe;
};

/* The samples of every probe are in one log that the measures own (one buffer, grown in
 * one place: GCC's -fanalyzer follows it, where it lost per-probe buffers in the array). */
struct measures {
    struct observe *o;
    struct probe p[MEASURE_MAX];
    int n;
    struct sample *log;     /* every sample, for the histograms and the JSON's values */
    size_t nlog, cap;
};

struct measures *measure_new(struct observe *o)
{
    struct measures *ms = calloc(1, sizeof *ms);
    if (ms)
        ms->o = o;
    return ms;
}

void measure_free(struct measures *ms)
{
    if (ms)
        free(ms->log);
    free(ms);
}

static int parse_end(struct measures *ms, const char *text, const struct elf_image *img,
                     struct endpoint *e, char *err, size_t errlen)
{
    static const struct {
        const char *name;
        unsigned cause;
    } irqs[] = {{"ext", IRQ_M_EXT}, {"timer", IRQ_M_TIMER}, {"soft", IRQ_M_SOFT}};
    memset(e, 0, sizeof *e);
    const char *colon = strchr(text, ':');
    size_t head = colon ? (size_t)(colon - text) : strlen(text);
    const char *q = colon ? colon + 1 : NULL;
    if (head == 3 && !strncmp(text, "irq", 3)) {
        e->ev = EV_IRQ;
        e->any = !q;
        for (size_t i = 0; q && i < sizeof irqs / sizeof *irqs; i++)
            if (!strcmp(q, irqs[i].name))
                e->arg = irqs[i].cause, e->any = false, q = NULL;
        if (q) {
            snprintf(err, errlen, "'%s': an interrupt is irq, irq:ext, irq:timer or irq:soft", text);
            return -1;
        }
        return 0;
    }
    if ((head == 4 && !strncmp(text, "trap", 4) && !q) || (head == 4 && !strncmp(text, "mret", 4) && !q)) {
        e->ev = text[0] == 't' ? EV_TRAP : EV_MRET;
        e->any = true;
        return 0;
    }
    if ((head == 6 && !strncmp(text, "switch", 6)) || (head == 3 && !strncmp(text, "run", 3))) {
        e->ev = text[0] == 's' ? EV_SWITCH : EV_RUN;
        e->any = !q;
        if (q && (!*q || strlen(q) >= sizeof e->thread)) {
            snprintf(err, errlen, "'%s': no thread name after the colon", text);
            return -1;
        }
        if (q)
            snprintf(e->thread, sizeof e->thread, "%s", q);
        return 0;
    }
    e->ev = EV_PC;
    if (observe_symbol(img, text, &e->arg) || observe_flag(ms->o, e->arg, PCF_PROBE, true)) {
        snprintf(err, errlen, "'%s' is no event, no symbol and no address in code memory "
                 "(events: irq[:ext|timer|soft], trap, mret, switch[:THREAD], run[:THREAD])", text);
        return -1;
    }
    return 0;
}

const char *measure_unknown_thread(const struct measures *ms)
{
    for (int i = 0; i < ms->n; i++)
        for (int k = 0; k < 2; k++) {
            const struct endpoint *e = k ? &ms->p[i].to : &ms->p[i].from;
            if ((e->ev != EV_SWITCH && e->ev != EV_RUN) || e->any)
                continue;
            int t = 0;
            while (t < ms->o->rtos.n && strcmp(e->thread, observe_thread_name(ms->o, t)))
                t++;
            if (t == ms->o->rtos.n)
                return e->thread;
        }
    return NULL;
}

int measure_add(struct measures *ms, const char *spec, const struct elf_image *img, char *err,
                size_t errlen)
{
    const char *eq = strchr(spec, '='), *comma = eq ? strchr(eq, ',') : NULL;
    if (!eq || eq == spec || !comma || comma == eq + 1 || !comma[1] || strchr(comma + 1, ',')) {
        snprintf(err, errlen, "'%s' is not NAME=FROM,TO", spec);
        return -1;
    }
    if (ms->n == MEASURE_MAX) {
        snprintf(err, errlen, "at most %d probes", MEASURE_MAX);
        return -1;
    }
    struct probe *p = &ms->p[ms->n];
    memset(p, 0, sizeof *p);
    if ((size_t)(eq - spec) >= sizeof p->name || (size_t)(comma - eq - 1) >= sizeof p->from_text ||
        strlen(comma + 1) >= sizeof p->to_text) {
        snprintf(err, errlen, "'%s': a part is too long", spec);
        return -1;
    }
    memcpy(p->name, spec, (size_t)(eq - spec));
    memcpy(p->from_text, eq + 1, (size_t)(comma - eq - 1));
    snprintf(p->to_text, sizeof p->to_text, "%s", comma + 1);
    for (int i = 0; i < ms->n; i++)
        if (!strcmp(ms->p[i].name, p->name)) {
            snprintf(err, errlen, "two probes named %s", p->name);
            return -1;
        }
    if (parse_end(ms, p->from_text, img, &p->from, err, errlen) ||
        parse_end(ms, p->to_text, img, &p->to, err, errlen))
        return -1;
    p->min = UINT64_MAX;
    ms->n++;
    return 0;
}

int measure_needs_kernel(const struct measures *ms)
{
    for (int i = 0; ms && i < ms->n; i++) {
        enum measure_event a = ms->p[i].from.ev, b = ms->p[i].to.ev;
        if (a == EV_SWITCH || a == EV_RUN || b == EV_SWITCH || b == EV_RUN)
            return 1;
    }
    return 0;
}

static bool matches(const struct measures *ms, const struct endpoint *e, enum measure_event ev,
                    uint64_t arg)
{
    if (e->ev != ev)
        return false;
    switch (ev) {
    case EV_PC: return e->arg == arg;
    case EV_IRQ: return e->any || e->arg == arg;
    case EV_SWITCH:
    case EV_RUN: return e->any || !strcmp(e->thread, observe_thread_name(ms->o, (int)(int64_t)arg));
    default: return true;
    }
}

/* Probe i's interval of v cycles. */
static void sample(struct measures *ms, int i, uint64_t v)
{
    if (ms->nlog == ms->cap) {
        size_t cap = ms->cap ? 2 * ms->cap : 256;
        struct sample *nlog = realloc(ms->log, cap * sizeof *nlog);
        if (!nlog)
            return; /* out of memory: the sample is lost */
        ms->log = nlog;
        ms->cap = cap;
    }
    ms->log[ms->nlog++] = (struct sample){.cycles = v, .probe = i};
    struct probe *p = &ms->p[i];
    p->n++;
    if (v < p->min)
        p->min = v;
    if (v > p->max)
        p->max = v;
    p->sum += (double)v;
}

/* An event: arg is the pc (EV_PC), the interrupt's cause (EV_IRQ, EV_TRAP) or the thread's
 * index (EV_SWITCH, EV_RUN; observe_thread_name). */
static void measure_event(struct measures *ms, enum measure_event ev, uint64_t arg, uint64_t cycle)
{
    for (int i = 0; i < ms->n; i++) {
        struct probe *p = &ms->p[i];
        if (p->open && matches(ms, &p->to, ev, arg)) {
            sample(ms, i, cycle - p->t0);
            p->open = false;
        }
        if (!p->open && matches(ms, &p->from, ev, arg)) {
            p->open = true;
            p->t0 = cycle;
        }
    }
}

/* BINS equal bins from min to max (one per value when the range is narrower). */
static uint64_t bin_width(const struct probe *p)
{
    uint64_t range = p->max - p->min + 1;
    return (range + BINS - 1) / BINS;
}

/* Probe i's histogram. */
static void histogram(const struct measures *ms, int i, uint64_t *count, int *nbins)
{
    const struct probe *p = &ms->p[i];
    uint64_t w = bin_width(p);
    *nbins = (int)((p->max - p->min) / w) + 1;
    memset(count, 0, BINS * sizeof *count);
    for (size_t k = 0; k < ms->nlog; k++)
        if (ms->log[k].probe == i)
            count[(ms->log[k].cycles - p->min) / w]++;
}

void measure_print(const struct measures *ms, FILE *out)
{
    for (int i = 0; i < ms->n; i++) {
        const struct probe *p = &ms->p[i];
        fprintf(out, "  measure %s (%s -> %s): ", p->name, p->from_text, p->to_text);
        if (!p->n) {
            fprintf(out, "no interval\n");
            continue;
        }
        fprintf(out, "%zu intervals, min %llu, avg %.1f, max %llu cycles\n", p->n,
                (unsigned long long)p->min, p->sum / (double)p->n, (unsigned long long)p->max);
        uint64_t count[BINS], most = 0, w = bin_width(p);
        int nb;
        histogram(ms, i, count, &nb);
        for (int b = 0; b < nb; b++)
            most = count[b] > most ? count[b] : most;
        for (int b = 0; b < nb; b++) {
            unsigned long long lo = p->min + (uint64_t)b * w, hi = lo + w - 1;
            if (!count[b])
                continue; /* the JSON has every bin */
            int bar = (int)((count[b] * 40 + most - 1) / most);
            fprintf(out, "    %8llu-%-8llu %8llu %.*s\n", lo, hi, (unsigned long long)count[b], bar,
                    "########################################");
        }
    }
}

/* By probe, then by cycles */
static int cmp_sample(const void *a, const void *b)
{
    const struct sample *x = a, *y = b;
    if (x->probe != y->probe)
        return (x->probe > y->probe) - (x->probe < y->probe);
    return (x->cycles > y->cycles) - (x->cycles < y->cycles);
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        fprintf(f, *s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
    fputc('"', f);
}

void measure_json(const struct measures *ms, FILE *f)
{
    fprintf(f, ",\n  \"measures\": [");
    /* the log by probe and value: probe i's samples are the p[i].n after those of p[0..i) */
    qsort(ms->log, ms->nlog, sizeof *ms->log, cmp_sample);
    size_t at = 0;
    for (int i = 0; i < ms->n; i++) {
        const struct probe *p = &ms->p[i];
        fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
        json_str(f, p->name);
        fprintf(f, ", \"from\": ");
        json_str(f, p->from_text);
        fprintf(f, ", \"to\": ");
        json_str(f, p->to_text);
        fprintf(f, ", \"count\": %zu", p->n);
        if (!p->n) {
            fprintf(f, ", \"min\": null, \"avg\": null, \"max\": null, \"histogram\": [], \"values\": []}");
            continue;
        }
        fprintf(f, ", \"min\": %llu, \"avg\": %.3f, \"max\": %llu, \"histogram\": [",
                (unsigned long long)p->min, p->sum / (double)p->n, (unsigned long long)p->max);
        uint64_t count[BINS], w = bin_width(p);
        int nb;
        histogram(ms, i, count, &nb);
        for (int b = 0; b < nb; b++)
            fprintf(f, "%s{\"lo\": %llu, \"hi\": %llu, \"count\": %llu}", b ? ", " : "",
                    (unsigned long long)(p->min + (uint64_t)b * w),
                    (unsigned long long)(p->min + (uint64_t)b * w + w - 1), (unsigned long long)count[b]);
        /* every distinct value with its count, ascending (the report's per-cycle histograms) */
        fprintf(f, "], \"values\": [");
        const struct sample *v = ms->log + at;
        for (size_t k = 0, first = 1; k < p->n; first = 0) {
            size_t e = k;
            while (e < p->n && v[e].cycles == v[k].cycles)
                e++;
            fprintf(f, "%s[%llu, %zu]", first ? "" : ", ", (unsigned long long)v[k].cycles, e - k);
            k = e;
        }
        at += p->n;
        fprintf(f, "]}");
    }
    fprintf(f, "%s]", ms->n ? "\n  " : "");
}

static void on_event(void *ctx, const struct observe_event *e)
{
    struct measures *ms = ctx;
    switch (e->kind) {
    case OBS_PROBE: measure_event(ms, EV_PC, e->arg, e->cycle); break;
    case OBS_IRQ: measure_event(ms, EV_IRQ, e->arg, e->asserted); break; /* from the line's rise */
    case OBS_TRAP: measure_event(ms, EV_TRAP, e->arg, e->cycle); break;
    case OBS_MRET: measure_event(ms, EV_MRET, 0, e->cycle); break;
    case OBS_SWITCH: measure_event(ms, EV_SWITCH, e->arg, e->cycle); break;
    case OBS_RUN: measure_event(ms, EV_RUN, e->arg, e->cycle); break;
    default: break;
    }
}

static void on_report(const void *ctx, FILE *out) { measure_print(ctx, out); }
static void on_report_json(const void *ctx, FILE *f) { measure_json(ctx, f); }

struct observer measure_observer(struct measures *ms)
{
    return (struct observer){.name = "measure", .ctx = ms, .run_events = true, .event = on_event, .report = on_report,
                             .report_json = on_report_json};
}
