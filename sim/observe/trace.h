/* --trace and --profile: what one step of the traced loop did (cpu.c runs the traced loop,
 * an instance of the execute loop with these calls, only when an option asks for it). */
#ifndef TEMPO_TRACE_H
#define TEMPO_TRACE_H
#include <stdbool.h>
#include <stdint.h>
#include "machine.h"

/* The step at `pc` began at cycle c0 (before the loop's look at devices and interrupts: the
 * trace line's cycle) and issued at cycle `issue` (the observers' cycle); `d` is its instruction (NULL for a fetch fault), `ea` the
 * address a load or store accessed; `retired`: it completed (false when it trapped).
 * Charges the profile (c0 onwards), writes the trace line of a retired instruction inside
 * the trace window, then tells the observers (observe_post). */
void trace_step(struct machine *m, uint64_t pc, uint64_t c0, uint64_t issue, const struct insn *d,
                uint64_t ea, bool retired);
/* The trace line of a trap: "cycle trap mcause= mepc= mtval=" and the cause's name. */
void trace_trap(struct machine *m);
#endif
