/* Per-function profile: every code word is mapped once, at start-up, to the FUNC symbol
 * that contains it, so the loop's accounting is an array index (cpu.c: account()). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "profile.h"

enum { STT_NOTYPE = 0, STB_GLOBAL = 1, STB_WEAK = 2 };

struct func {
    const char *name;
    uint64_t lo, hi;
};
static struct func *funcs; /* sorted by address; funcs[nfuncs] = "(unknown)" */
static size_t nfuncs;

static int by_addr(const void *a, const void *b)
{
    const struct func *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

int profile_init(struct machine *m, const struct elf_image *img)
{
    const struct ram *c = m->code;
    funcs = calloc(img->nsym + 1, sizeof *funcs);
    if (!funcs)
        return -1;
    for (size_t i = 0; i < img->nsym; i++) {
        const struct elf_symbol *s = &img->sym[i];
        /* FUNC symbols, and global untyped ones in code: assembly routines often lack
         * `.type @function` (FreeRTOS's portASM.S) */
        bool global_label = s->type == STT_NOTYPE && (s->bind == STB_GLOBAL || s->bind == STB_WEAK);
        if (!(s->is_func || global_label) || s->value - c->base >= c->size)
            continue;
        funcs[nfuncs++] = (struct func){s->name, s->value, s->size ? s->value + s->size : 0};
    }
    qsort(funcs, nfuncs, sizeof *funcs, by_addr);
    /* aliases at one address: keep the first; a symbol without size ends at the next one */
    size_t n = 0;
    for (size_t i = 0; i < nfuncs; i++) {
        if (n && funcs[n - 1].lo == funcs[i].lo)
            continue;
        funcs[n++] = funcs[i];
    }
    nfuncs = n;
    for (size_t i = 0; i < nfuncs; i++) {
        uint64_t next = i + 1 < nfuncs ? funcs[i + 1].lo : c->base + c->size;
        if (!funcs[i].hi || funcs[i].hi > next)
            funcs[i].hi = next;
    }
    funcs[nfuncs] = (struct func){"(unknown)", 0, 0};
    m->prof_unknown = (uint32_t)nfuncs;
    m->prof_lo = nfuncs ? funcs[0].lo & ~3ull : c->base;
    m->prof_words = nfuncs ? (funcs[nfuncs - 1].hi - m->prof_lo + 3) / 4 : 0;
    m->prof_func = calloc(m->prof_words + 1, sizeof *m->prof_func);
    m->prof_cycles = calloc(nfuncs + 1, sizeof *m->prof_cycles);
    m->prof_insns = calloc(nfuncs + 1, sizeof *m->prof_insns);
    if (!m->prof_func || !m->prof_cycles || !m->prof_insns)
        return -1;
    for (uint64_t w = 0; w < m->prof_words; w++)
        m->prof_func[w] = m->prof_unknown;
    for (size_t i = 0; i < nfuncs; i++)
        for (uint64_t a = funcs[i].lo & ~3ull; a < funcs[i].hi; a += 4)
            m->prof_func[(a - m->prof_lo) / 4] = (uint32_t)i;
    return 0;
}

/* --profile / --trace accounting of one loop iteration (the slow loop of cpu.c): the
 * cycles since c0 go to the function of pc; a retired instruction is traced. */
void sim_account(struct machine *m, uint64_t pc, uint64_t c0, const struct insn *d, bool retired)
{
    if (m->prof_cycles) {
        uint64_t off = pc - m->prof_lo;
        uint32_t f = off < m->prof_words * 4 ? m->prof_func[off >> 2] : m->prof_unknown;
        m->prof_cycles[f] += m->cycle - c0;
        m->prof_insns[f] += retired;
    }
    if (m->trace && retired) {
        int w = m->xlen / 4;
        fprintf(m->trace, "%llu %0*llx %08x", (unsigned long long)c0, w, (unsigned long long)pc, d->raw);
        if (d->t.rd)
            fprintf(m->trace, " x%u=%0*llx", d->t.rd, w, (unsigned long long)m->x[d->t.rd]);
        fputc('\n', m->trace);
    }
}

static const struct machine *sort_m;
static int by_cycles(const void *a, const void *b)
{
    uint64_t x = sort_m->prof_cycles[*(const uint32_t *)a], y = sort_m->prof_cycles[*(const uint32_t *)b];
    return x > y ? -1 : x < y;
}

/* indices of the functions that ran, most cycles first; returns the count */
static size_t ranked(const struct machine *m, uint32_t *idx)
{
    size_t n = 0;
    for (uint32_t i = 0; i <= nfuncs; i++)
        if (m->prof_cycles[i] || m->prof_insns[i])
            idx[n++] = i;
    sort_m = m;
    qsort(idx, n, sizeof *idx, by_cycles);
    return n;
}

void profile_print(const struct machine *m, FILE *out)
{
    uint32_t *idx = malloc((nfuncs + 1) * sizeof *idx);
    if (!idx)
        return;
    size_t n = ranked(m, idx);
    double total = m->cycle ? (double)m->cycle : 1.0;
    fprintf(out, "tempo-sim profile (%llu cycles)\n%12s %7s %12s  %s\n",
            (unsigned long long)m->cycle, "cycles", "share", "instructions", "function");
    for (size_t k = 0; k < n; k++) {
        uint32_t i = idx[k];
        fprintf(out, "%12llu %6.2f%% %12llu  %s\n", (unsigned long long)m->prof_cycles[i],
                100.0 * (double)m->prof_cycles[i] / total, (unsigned long long)m->prof_insns[i],
                funcs[i].name);
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

int profile_json(const struct machine *m, const char *path)
{
    FILE *f = fopen(path, "w");
    uint32_t *idx = malloc((nfuncs + 1) * sizeof *idx);
    if (!f || !idx) {
        if (f)
            fclose(f);
        free(idx);
        return -1;
    }
    size_t n = ranked(m, idx);
    double total = m->cycle ? (double)m->cycle : 1.0;
    fprintf(f, "{\"total_cycles\": %llu, \"functions\": [", (unsigned long long)m->cycle);
    for (size_t k = 0; k < n; k++) {
        uint32_t i = idx[k];
        fprintf(f, "%s\n  {\"name\": ", k ? "," : "");
        json_string(f, funcs[i].name);
        fprintf(f, ", \"address\": %llu, \"cycles\": %llu, \"instructions\": %llu, \"share\": %.6f}",
                (unsigned long long)funcs[i].lo, (unsigned long long)m->prof_cycles[i],
                (unsigned long long)m->prof_insns[i], (double)m->prof_cycles[i] / total);
    }
    fprintf(f, "\n]}\n");
    free(idx);
    return fclose(f) ? -1 : 0;
}
