/* --stats and --profile reports (text and JSON). */
#ifndef TEMPO_PROFILE_H
#define TEMPO_PROFILE_H
#include <stdio.h>
#include "elf.h"
#include "tempo_sim.h"

/* Build the pc -> function table from the ELF FUNC symbols; 0, or -1 when out of memory. */
int profile_init(struct machine *m, const struct elf_image *img);
void profile_print(const struct machine *m, FILE *out);
int profile_json(const struct machine *m, const char *path);
void stats_print(const struct machine *m, FILE *out);
int stats_json(const struct machine *m, const char *path, int exit_status);
#endif
