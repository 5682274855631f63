/* --profile / --profile-json: cycles and instructions per function, as an observer
 * (observer.h) charged by the reference loop's steps and the fast engine's blocks.  A code
 * word is mapped to the function that holds it the first time it is charged (a map of the
 * whole code memory at start-up would cost more than a short run), so the accounting is an
 * array index. */
#ifndef TEMPO_PROFILE_H
#define TEMPO_PROFILE_H
#include <stdint.h>
#include <stdio.h>
#include "observer.h"
#include "symbols.h"

struct profile {
    const struct symtab *syms;
    uint32_t *func;      /* 1 + function index per word of [lo, lo + 4 * words); 0: not
                            mapped yet (profile_map) */
    uint64_t lo, words;
    uint32_t unknown;    /* index used for pcs outside every function: syms->n */
    uint64_t *cycles, *insns; /* per function index, unknown included */
};

/* 0, or -1 when out of memory. */
int profile_init(struct profile *p, const struct symtab *syms);
void profile_free(struct profile *p);
/* charge steps at `pc`: `cycles` to its function, and `retired` instructions (a step of the
 * reference loop: from its first cycle to the next step's, 1 if it retired; the fast
 * engine: an instruction's runs) */
uint32_t profile_map(struct profile *p, uint64_t pc);
static inline void profile_charge(struct profile *p, uint64_t pc, uint64_t cycles, uint64_t retired)
{
    uint64_t off = pc - p->lo;
    uint32_t f = off < p->words * 4 ? p->func[off >> 2] : p->unknown + 1;
    f = f ? f - 1 : profile_map(p, pc);
    p->cycles[f] += cycles;
    p->insns[f] += retired;
}
/* The observer: post and charge hooks. */
struct observer profile_observer(struct profile *p);
void profile_print(const struct profile *p, uint64_t total_cycles, FILE *out);
/* 0, or -1 when the file cannot be written */
int profile_json(const struct profile *p, uint64_t total_cycles, const char *path);
#endif
