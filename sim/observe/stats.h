/* --stats / --stats-json: cycles, instructions, CPI and where the cycles went. */
#ifndef TEMPO_STATS_H
#define TEMPO_STATS_H
#include <stdint.h>
#include <stdio.h>
#include "timing.h"

/* Counted by the execute loop and the trap entry. */
struct stats {
    uint64_t class_count[TC_COUNT]; /* retired instructions per timing class */
    uint64_t issued;    /* timing_retire + timing_mret calls: the base cycles */
    uint64_t wfi_idle;  /* cycles skipped by WFI */
    uint64_t traps, interrupts;
    uint64_t trap_digest; /* of every trap taken: cycle, mcause, mepc, mtval (stats_trap) */
};

/* Fold a trap into the digest: two runs with the same digest took the same traps at the
 * same cycles (the differential test of the execute loops compares it). */
static inline void stats_trap(struct stats *s, uint64_t cycle, uint64_t mcause, uint64_t mepc,
                              uint64_t mtval)
{
    const uint64_t words[4] = {cycle, mcause, mepc, mtval};
    uint64_t h = s->trap_digest ? s->trap_digest : 0xcbf29ce484222325ull; /* FNV-1a */
    for (int i = 0; i < 4; i++)
        for (int b = 0; b < 64; b += 8)
            h = (h ^ ((words[i] >> b) & 0xff)) * 0x100000001b3ull;
    s->trap_digest = h;
}

struct machine;
/* The machine's own figures; the observers' follow them (observe_stats_print()). */
void stats_print(const struct machine *m, FILE *out);
/* The same as a JSON object, with the members `more` writes (each after a comma) before its
 * end: 0, or -1 when the file cannot be written. */
int stats_json(const struct machine *m, const char *path, int exit_status,
               void (*more)(const struct machine *m, FILE *f));
#endif
