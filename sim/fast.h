/* The fast engine (fast.c): the execute loop of cpu.c, run a basic block at a time.
 *
 * A block (straight-line instructions ending at a branch, a jump, or before an instruction
 * the engine leaves to the reference loop) is decoded once into operations for a threaded
 * interpreter.  Its timing comes from the model itself: at translation the block runs
 * through timing_retire_pc() on a scratch model whose registers are all ready, which gives
 * the block's cycles, pipeline time, stalls by cause and the scoreboard entries it leaves;
 * probing that scratch run with late registers tells which entry states leave the result
 * unchanged (the guard).  At run time only what the scratch run cannot know is computed,
 * with the model's own code: the conditional branch that ends a block (predictor) goes
 * through timing_retire_pc() on the machine's model.
 *
 * Whenever the engine cannot vouch for the exact result it hands the instructions to the
 * reference loop (cpu_run_steps): a block whose entry scoreboard is outside its guard, a
 * device event or interrupt due within the block, an instruction that traps, touches a
 * device, stores into code or to tohost, a divide that finishes early, CSR and system
 * instructions.  A block stopped part-way has its finished instructions charged through
 * timing_retire_pc() first.  So every run gives the same cycles, counters, stalls, traps
 * and output as the reference loop; make test checks it on every image (tests/diff). */
#ifndef TEMPO_FAST_H
#define TEMPO_FAST_H

#include <stdbool.h>

struct machine;

/* Run until the machine stops, like cpu_run()'s reference loop; false (before anything
 * ran) when there is no memory for the engine. */
bool fast_run(struct machine *m);
#endif
