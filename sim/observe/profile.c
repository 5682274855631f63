/* Per-function profile (profile.h). */
#include "profile.h"
#include <stdlib.h>
#include "machine.h"

int profile_init(struct profile *p, const struct symtab *syms)
{
    size_t n = syms->n;
    *p = (struct profile){.syms = syms, .unknown = (uint32_t)n};
    p->lo = n ? syms->f[0].lo & ~3ull : 0;
    p->words = n ? (syms->f[n - 1].hi - p->lo + 3) / 4 : 0;
    p->func = calloc(p->words + 1, sizeof *p->func);
    p->cycles = calloc(n + 1, sizeof *p->cycles);
    p->insns = calloc(n + 1, sizeof *p->insns);
    if (!p->func || !p->cycles || !p->insns)
        return -1;
    return 0;
}

/* The function index of pc, a word of the map not mapped yet */
uint32_t profile_map(struct profile *p, uint64_t pc)
{
    const uint32_t f = (uint32_t)symtab_index(p->syms, pc & ~3ull);
    p->func[(pc - p->lo) >> 2] = f + 1;
    return f;
}

void profile_free(struct profile *p)
{
    free(p->func);
    free(p->cycles);
    free(p->insns);
}

static void on_post(void *ctx, struct machine *m, const struct observe_step *s)
{
    profile_charge(ctx, s->pc, m->hart.clk.cycle - s->c0, s->retired);
}

static void on_charge(void *ctx, uint64_t pc, const struct insn *d, uint64_t runs, uint64_t cycles,
                      uint64_t taken)
{
    (void)d, (void)taken;
    profile_charge(ctx, pc, cycles, runs);
}

struct observer profile_observer(struct profile *p)
{
    return (struct observer){.name = "profile", .ctx = p, .post = on_post, .charge = on_charge};
}

static const char *name(const struct profile *p, uint32_t i)
{
    return i < p->syms->n ? p->syms->f[i].name : "(unknown)";
}

static uint64_t address(const struct profile *p, uint32_t i)
{
    return i < p->syms->n ? p->syms->f[i].lo : 0;
}

static const struct profile *sort_p;
static int by_cycles(const void *a, const void *b)
{
    uint64_t x = sort_p->cycles[*(const uint32_t *)a], y = sort_p->cycles[*(const uint32_t *)b];
    return x > y ? -1 : x < y;
}

/* indices of the functions that ran, most cycles first; returns the count */
static size_t ranked(const struct profile *p, uint32_t *idx)
{
    size_t n = 0;
    for (uint32_t i = 0; i <= p->unknown; i++)
        if (p->cycles[i] || p->insns[i])
            idx[n++] = i;
    sort_p = p;
    qsort(idx, n, sizeof *idx, by_cycles);
    return n;
}

void profile_print(const struct profile *p, uint64_t total_cycles, FILE *out)
{
    uint32_t *idx = malloc((p->unknown + 1) * sizeof *idx);
    if (!idx)
        return;
    size_t n = ranked(p, idx);
    double total = total_cycles ? (double)total_cycles : 1.0;
    fprintf(out, "tempo-sim profile (%llu cycles)\n%12s %7s %12s  %s\n",
            (unsigned long long)total_cycles, "cycles", "share", "instructions", "function");
    for (size_t k = 0; k < n; k++) {
        uint32_t i = idx[k];
        fprintf(out, "%12llu %6.2f%% %12llu  %s\n", (unsigned long long)p->cycles[i],
                100.0 * (double)p->cycles[i] / total, (unsigned long long)p->insns[i], name(p, i));
    }
    free(idx);
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

int profile_json(const struct profile *p, uint64_t total_cycles, const char *path)
{
    FILE *f = fopen(path, "w");
    uint32_t *idx = malloc((p->unknown + 1) * sizeof *idx);
    if (!f || !idx) {
        if (f)
            fclose(f);
        free(idx);
        return -1;
    }
    size_t n = ranked(p, idx);
    double total = total_cycles ? (double)total_cycles : 1.0;
    fprintf(f, "{\"total_cycles\": %llu, \"functions\": [", (unsigned long long)total_cycles);
    for (size_t k = 0; k < n; k++) {
        uint32_t i = idx[k];
        fprintf(f, "%s\n  {\"name\": ", k ? "," : "");
        json_string(f, name(p, i));
        fprintf(f, ", \"address\": %llu, \"cycles\": %llu, \"instructions\": %llu, \"share\": %.6f}",
                (unsigned long long)address(p, i), (unsigned long long)p->cycles[i],
                (unsigned long long)p->insns[i], (double)p->cycles[i] / total);
    }
    fprintf(f, "\n]}\n");
    free(idx);
    int bad = ferror(f);
    return fclose(f) || bad ? -1 : 0;
}
