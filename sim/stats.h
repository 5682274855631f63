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
};

struct machine;
void stats_print(const struct machine *m, FILE *out);
/* 0, or -1 when the file cannot be written */
int stats_json(const struct machine *m, const char *path, int exit_status);
#endif
