/* --trace and --profile: what one step of the traced loop did (cpu.c runs the traced loop,
 * an instance of the execute loop with these calls, only when one of them is asked for). */
#ifndef TEMPO_TRACE_H
#define TEMPO_TRACE_H
#include <stdbool.h>
#include <stdint.h>
#include "machine.h"

/* The step at `pc` began at cycle c0; `d` is its instruction (NULL for a fetch fault);
 * `retired`: it completed (false when it trapped).  Charges the profile and writes the
 * trace line "cycle pc raw-word [xN=value]" of a retired instruction. */
void trace_step(struct machine *m, uint64_t pc, uint64_t c0, const struct insn *d, bool retired);
/* The trace line of a trap: "cycle trap mcause= mepc= mtval=". */
void trace_trap(struct machine *m);
#endif
