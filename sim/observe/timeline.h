/* --timeline FILE.json|FILE.pftrace: what ran when, in the Chrome Trace Event Format (Perfetto,
 * chrome://tracing).  One track per thread with its running spans (named after the thread),
 * one track for interrupt handlers (entry to MRET, or to a thread switch inside the handler),
 * kernel-call spans (entry to return of the kernel's public calls: Tempo's tk_*, FreeRTOS's
 * API) nested in the span of the thread or handler that made them, and a "switch" marker on
 * the incoming thread's track at every switch.  A kernel call that blocks is cut where its
 * thread stops running and goes on when it runs again, so every span lies inside the one
 * that holds the CPU.  Time ("ts", "dur") is in microseconds of the 100 MHz core (1 cycle =
 * 0.01 us, exact: an event's cycle is its ts * 100); a span also has its length in cycles in
 * "args".  A --trace-from/--trace-to window bounds the file (spans are cut at its edges).  A
 * FILE.pftrace (or .perfetto-trace) holds the same in Perfetto's own protobuf format, under
 * a third of the bytes: time in ns (a cycle is 10 ns), no cycles in args. */
#ifndef TEMPO_TIMELINE_H
#define TEMPO_TIMELINE_H
#include <stdint.h>
#include "observer.h"

struct observe;
struct symtab;
struct timeline;

#include <stdbool.h>

/* Whether `path` names Perfetto's protobuf format (.pftrace, .perfetto-trace) rather than JSON */
bool timeline_is_perfetto(const char *path);
/* A timeline written to `path` as the run goes (by a thread of its own) and finished by
 * timeline_write(); the kernel calls' entries are flagged in o's map.  NULL (errno set)
 * when the file cannot be opened or there is no memory. */
struct timeline *timeline_new(struct observe *o, const struct symtab *syms, const char *path,
                              const char *image);
/* The timeline as an observer (observer.h), to register with observe_register(): thread
 * switches, interrupt handlers, kernel calls from their entry (PCF_CALL) to their return;
 * the end of the run closes what is open. */
struct observer timeline_observer(struct timeline *tl);
/* Write the file: 0, or -1 when it could not be written. */
int timeline_write(struct timeline *tl);
void timeline_free(struct timeline *tl);
#endif
