/* The fast engine (fast.c): the execute loop of cpu.c, run a basic block at a time.
 *
 * A block (straight-line instructions ending at a branch, a jump, a CSR instruction or an
 * MRET, or before an instruction the engine leaves to the reference loop) is decoded once
 * into operations for a threaded interpreter, after the reference loop has run it a few
 * times.  Its timing comes from the
 * model itself: the model's pipeline state at a boundary between instructions (the stages'
 * contents, the fetch and trap-controller waits, the CSR file, memory and multiplier
 * phases, the predictor's counter; all relative to the current cycle) is interned, and the
 * first run of a block from a state puts the block through timing_retire_pc() on a scratch
 * model in that state, with the last instruction's outcomes (branch taken or not): cycles,
 * stall cycles by cause, predictor statistics and the state after it.  Later runs from the
 * same state take the result; runs follow each other from state to state without the model.
 * (--set predictor=table: the table's counters but the first stay outside the states; a
 * timed run is of a block, a state and the values of the counters it reads and writes.)
 *
 * Whenever the engine cannot vouch for the exact result it hands the instructions to the
 * reference loop (cpu_run_steps), with the model put back in the current state: a device
 * event or interrupt due within the block, an instruction that traps, touches a device,
 * stores into code (or into the words after a branch the model reads as its wrong path) or
 * to tohost, a divide that finishes early, the system instructions but MRET.  A block
 * stopped part-way has its finished instructions charged through timing_retire_pc() first
 * (an instruction that touched a device or made a store the observers act on ends the
 * blocks translated later, so that it is not charged again).  So
 * every run gives the same cycles, counters, stalls, traps and output as the reference
 * loop; make test checks it on every image (sim/tests/engines-test.sh).
 *
 * With observers (observe.h: the debugger, --measure, --timeline, the stack marks, a --trace
 * window, the profile, coverage), the reference loop it hands instructions to is the traced
 * one, and it hands it every instruction an observer acts on: the pcs observe_flags() marks
 * PCF_FAST_STOP (a flag set mid-run drops the blocks that hold its word; without a
 * debugger a block may start at a PCF_FAST_PRE pc or at observe_fast_view()'s pc, and its
 * entry calls observe_pre() there), the block at that pc under a debugger, every block
 * while its `all`, inside a trace window or from its `at` on, stores into its range [lo,
 * hi) (the debugger's write watchpoints, and the kernel's
 * current-thread variable under a debugger; without one such a store ends its block, and
 * the engine calls observe_kernel_store() for it), writes of sp other than ADDI and
 * XLEN-wide loads (run here with
 * observe_sp()), and a block at whose start observe_run_due() holds while its `run`.
 * The observers' charge hooks (the profile,
 * coverage) get the timed runs' outcomes; sim/tests/engines-test.sh compares their files
 * too. */
#ifndef TEMPO_FAST_H
#define TEMPO_FAST_H

#include <stdbool.h>

struct machine;

/* Run until the machine stops, like cpu_run()'s reference loop; false (before anything
 * ran) when there is no memory for it. */
bool fast_run(struct machine *m);
#endif
