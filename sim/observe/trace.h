/* --trace and --trace-file: one line per retired instruction and per trap, inside the
 * --trace-from/--trace-to window (observe.h), as an observer (observer.h) of the reference
 * loop; the fast engine leaves it every instruction inside the window. */
#ifndef TEMPO_TRACE_H
#define TEMPO_TRACE_H
#include "observer.h"

struct trace {
    FILE *f;
    struct machine *m;
    /* the step being traced switched threads (OBS_SWITCH): its line names the thread that
     * ran it, from, and whether it was in a handler */
    bool switched, from_isr;
    int from;
};

/* A step's line: the step's first cycle (observe_step.c0), pc and raw word, then function,
 * disassembly, the value written, the address accessed and the thread, for an instruction
 * that retired and issued inside the window.  A trap's line: "cycle trap mcause= mepc=
 * mtval=" and the cause's name, at the handler's first cycle inside the window. */
/* Register it once m->obs is set: it reads the window and the threads. */
struct observer trace_observer(struct trace *t);
#endif
