/* --timeline FILE.json: what ran when, in the Chrome Trace Event Format (Perfetto,
 * chrome://tracing).  One track per thread with its running spans (named after the thread),
 * one track for interrupt handlers (entry to MRET, or to a thread switch inside the handler),
 * kernel-call spans (entry to return of the kernel's public calls: Tempo's tk_*, FreeRTOS's
 * API) nested in the span of the thread or handler that made them, and a "switch" marker on
 * the incoming thread's track at every switch.  A kernel call that blocks is cut where its
 * thread stops running and goes on when it runs again, so every span lies inside the one
 * that holds the CPU.  Time ("ts", "dur") is in microseconds of the 100 MHz core (1 cycle =
 * 0.01 us); every event also has its cycles in "args".  A --trace-from/--trace-to window
 * bounds the file (spans are cut at its edges). */
#ifndef TEMPO_TIMELINE_H
#define TEMPO_TIMELINE_H
#include <stdint.h>

struct observe;
struct symtab;
struct timeline;

/* A timeline written to `path` at the end (timeline_write); the kernel calls' entries are
 * flagged in o's map.  NULL when out of memory. */
struct timeline *timeline_new(struct observe *o, const struct symtab *syms, const char *path,
                              const char *image);
void timeline_switch(struct timeline *tl, int from, int to, uint64_t cycle);
void timeline_irq(struct timeline *tl, uint64_t cause, uint64_t asserted, uint64_t cycle);
void timeline_irq_end(struct timeline *tl, uint64_t cycle);
/* pc is a kernel call's entry; ra and sp as the caller left them */
void timeline_call(struct timeline *tl, uint64_t pc, uint64_t ra, uint64_t sp, uint64_t cycle);
/* before each instruction: the innermost open call returns when pc is its return address
 * with sp back to the caller's */
void timeline_pre(struct timeline *tl, uint64_t pc, uint64_t sp, uint64_t cycle);
/* The only pc at which timeline_pre() can do anything now: the innermost open call's
 * return address (UINT64_MAX: no call open).  The fast engine runs every other pc. */
uint64_t timeline_return_pc(const struct timeline *tl);
void timeline_end(struct timeline *tl, uint64_t cycle);
/* Write the file: 0, or -1 when it could not be written. */
int timeline_write(struct timeline *tl);
void timeline_free(struct timeline *tl);
#endif
