/* --measure NAME=FROM,TO: latency probes.  Every interval from a FROM event to the next TO
 * event is one sample; --stats / --stats-json give count, min, average, max and a histogram.
 * An event is the cycle of:
 *   SYMBOL[+OFF] or 0xADDR  the instruction at that address issuing (what rdcycle reads there)
 *   irq, irq:ext|timer|soft the assertion of an interrupt that is taken (its line rising)
 *   trap                    the first instruction of a trap handler (any trap)
 *   mret                    the first instruction after an MRET
 *   switch[:NAME]           the store that makes thread NAME (any thread) the kernel's current
 *   run[:NAME]              the first instruction thread NAME runs after that: on its own
 *                           stack, outside the kernel's switch and trap-exit code and outside
 *                           interrupt handlers
 * At each event the open interval of a probe whose TO it is closes, then a probe whose FROM
 * it is opens one (when none is open): FROM = TO measures periods. */
#ifndef TEMPO_MEASURE_H
#define TEMPO_MEASURE_H
#include <stdint.h>
#include <stdio.h>
#include "elf.h"
#include "observer.h"

struct observe;
struct measures;

struct measures *measure_new(struct observe *o);
/* Add the probe "NAME=FROM,TO": 0, or -1 with the reason in err. */
int measure_add(struct measures *ms, const char *spec, const struct elf_image *img, char *err,
                size_t errlen);
/* The probes as an observer (observer.h), to register with observe_register(): the events
 * above, and the probes' figures in --stats and --stats-json. */
struct observer measure_observer(struct measures *ms);
/* Does any probe need the kernel's threads (switch:, run:)? */
int measure_needs_kernel(const struct measures *ms);
void measure_print(const struct measures *ms, FILE *out);
/* After the run: a switch:NAME or run:NAME whose thread never existed (a misspelled name),
 * or NULL when every named thread was seen. */
const char *measure_unknown_thread(const struct measures *ms);
void measure_json(const struct measures *ms, FILE *f);
void measure_free(struct measures *ms);
#endif
