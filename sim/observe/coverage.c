/* --coverage (coverage.h). */
#include "coverage.h"
#include <stdio.h>
#include <stdlib.h>

int coverage_init(struct coverage *c, uint64_t lo, uint64_t size)
{
    c->lo = lo;
    c->words = size / 4;
    c->executed = calloc(c->words, sizeof *c->executed);
    c->taken = calloc(c->words, sizeof *c->taken);
    c->branch = calloc(c->words, 1);
    return c->executed && c->taken && c->branch ? 0 : -1;
}

void coverage_free(struct coverage *c)
{
    free(c->executed);
    free(c->taken);
    free(c->branch);
    c->executed = c->taken = NULL;
    c->branch = NULL;
}

static void on_post(void *ctx, struct machine *m, const struct observe_step *s)
{
    (void)m;
    if (s->d)
        coverage_step(ctx, s->pc, s->d, s->taken);
}

static void on_charge(void *ctx, uint64_t pc, const struct insn *d, uint64_t runs, uint64_t cycles,
                      uint64_t taken)
{
    struct coverage *c = ctx;
    (void)cycles;
    if (!d)
        return;
    uint64_t w = (pc - c->lo) >> 2;
    c->executed[w] += runs;
    if (d->t.cls == TC_BRANCH) {
        c->branch[w] = 1;
        c->taken[w] += taken;
    }
}

struct observer coverage_observer(struct coverage *c)
{
    return (struct observer){.name = "coverage", .ctx = c, .post = on_post, .charge = on_charge};
}

int coverage_write(const struct coverage *c, const struct ram *code, const char *path, int xlen,
                   const char *soc, const char *image)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "# tempo-sim coverage 1 RV%d %s %s\n", xlen, soc, image);
    uint64_t end = code->dec_hi / 4 < c->words ? code->dec_hi / 4 : c->words;
    for (uint64_t w = code->dec_lo / 4; w < end; w++) {
        if (!c->executed[w])
            continue;
        fprintf(f, "%llx %llu", (unsigned long long)(c->lo + 4 * w), (unsigned long long)c->executed[w]);
        if (c->branch[w])
            fprintf(f, " %llu %llu", (unsigned long long)c->taken[w],
                    (unsigned long long)(c->executed[w] - c->taken[w]));
        fputc('\n', f);
    }
    int bad = ferror(f);
    return fclose(f) || bad ? -1 : 0;
}
