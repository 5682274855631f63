/* The fast engine (fast.c): the execute loop of cpu.c, run a basic block at a time.
 *
 * A block (straight-line instructions ending at a branch, a jump, or before an instruction
 * the engine leaves to the reference loop) is decoded once into operations for a threaded
 * interpreter, after the reference loop has run it a few times.  Its timing comes from the
 * model itself: the model's pipeline state at a boundary between instructions (the stages'
 * contents, the fetch and trap-controller waits, the CSR file, memory and multiplier
 * phases, the predictor's counter; all relative to the current cycle) is interned, and the
 * first run of a block from a state puts the block through timing_retire_pc() on a scratch
 * model in that state, with the last instruction's outcomes (branch taken or not): cycles,
 * stall cycles by cause, predictor statistics and the state after it.  Later runs from the
 * same state take the result; runs follow each other from state to state without the model.
 *
 * Whenever the engine cannot vouch for the exact result it hands the instructions to the
 * reference loop (cpu_run_steps), with the model put back in the current state: a device
 * event or interrupt due within the block, an instruction that traps, touches a device,
 * stores into code (or into the words after a branch the model reads as its wrong path) or
 * to tohost, a divide that finishes early, CSR and system instructions.  A block stopped
 * part-way has its finished instructions charged through timing_retire_pc() first.  So
 * every run gives the same cycles, counters, stalls, traps and output as the reference
 * loop; make test checks it on every image (sim/tests/engines-test.sh).
 *
 * With observers (observe.h: the debugger, --measure, --timeline, the stack marks, a --trace
 * window, the profile, coverage), the reference loop it hands instructions to is the traced
 * one, and it hands it every instruction an observer acts on: the pcs observe_flags() marks
 * PCF_FAST_STOP (a flag set mid-run drops the blocks that hold its word), the block at
 * observe_fast_pc(), every block while observe_fast_all(), inside a trace window or from
 * observe_fast_at() on, stores into observe_fast_stores()'s range (the kernel's
 * current-thread variable, the debugger's write watchpoints), writes of sp other than ADDI
 * (run here with observe_sp()).  The observers' charge hooks (the profile,
 * coverage) get the timed runs' outcomes; sim/tests/engines-test.sh compares their files
 * too. */
#ifndef TEMPO_FAST_H
#define TEMPO_FAST_H

#include <stdbool.h>

struct machine;

/* Run until the machine stops, like cpu_run()'s reference loop; false (before anything
 * ran) when the engine does not apply (the predictor=table what-if) or there is no memory
 * for it. */
bool fast_run(struct machine *m);
#endif
