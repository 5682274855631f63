/* --coverage FILE: which instructions ran, and which way every conditional branch went.
 * One pair of counters per word of code memory, charged as an observer (observer.h) by the
 * reference loop (a step that fetched its instruction counts as executed, trapping or not;
 * a conditional branch also counts its direction) and by the fast engine (its blocks' runs);
 * written at exit as text that tools/coverage/lcov.py maps to
 * source lines through the image's DWARF:
 *   # tempo-sim coverage 1 RV32 paper image.elf
 *   <address hex> <executions>                      an instruction
 *   <address hex> <executions> <taken> <not taken>  a conditional branch
 * one line per instruction that ran, in address order. */
#ifndef TEMPO_COVERAGE_H
#define TEMPO_COVERAGE_H
#include <stdbool.h>
#include <stdint.h>
#include "bus.h"
#include "observer.h"

struct coverage {
    uint64_t lo, words;   /* code memory: [lo, lo + 4 * words) */
    uint64_t *executed;   /* per word */
    uint64_t *taken;      /* per word: times a conditional branch there was taken */
    uint8_t *branch;      /* per word: a conditional branch ran there */
};

/* 0, or -1 when out of memory (the arrays are allocated lazily by the host). */
int coverage_init(struct coverage *c, uint64_t lo, uint64_t size);
void coverage_free(struct coverage *c);
/* The step at pc fetched `d`; `taken`: it is a conditional branch that went to its target
 * (TF_TAKEN; a branch can trap only that way, on a misaligned target, so the not-taken
 * count is executions - taken). */
static inline void coverage_step(struct coverage *c, uint64_t pc, const struct insn *d, bool taken)
{
    uint64_t w = (pc - c->lo) >> 2; /* pc was fetched: inside code memory, aligned */
    c->executed[w]++;
    if (d->t.cls == TC_BRANCH) {
        c->branch[w] = 1;
        c->taken[w] += taken;
    }
}
/* The observer: post and charge hooks. */
struct observer coverage_observer(struct coverage *c);
/* Write the words of `code` that ran (they lie among those it ever decoded); 0, or -1 when
 * the file cannot be written. */
int coverage_write(const struct coverage *c, const struct ram *code, const char *path, int xlen,
                   const char *soc, const char *image);
#endif
