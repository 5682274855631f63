/* Minimal context switch (docs/benchmarks.md section 4) and the profiled paths of the
 * analysis.  cs_yield: two equal-priority threads yield to each other CS_ROUNDS times;
 * cs_preempt: a low thread resumes a high one, which suspends itself, CS_ROUNDS times.
 *
 * The figures are taken by the host tool (bench/report/bench.py), not by the firmware:
 * - the minimal switch from the simulator's instruction trace: the cycles from the first
 *   instruction of the kernel's switch routine (named by the kernel's make fragment,
 *   BENCH_SWITCH_SYM_<kernel>) to the first instruction the next thread runs after it, as a
 *   kernel developer instrumenting the routine would count them, without instrumenting it;
 * - the per-function profile and the stall causes of one switch / one preemption round trip,
 *   as the difference of two runs with different CS_ROUNDS divided by the difference in
 *   rounds (exact: simulated time is deterministic; start-up and printing cancel out).
 * The firmware checks the strict alternation. */
#include "bench.h"

#ifndef CS_ROUNDS
#define CS_ROUNDS 64u
#endif

static volatile uint32_t turn, rounds;

static void end(void)
{
    bench_note("rounds", rounds);
    bp_sizes();
    bench_done();
}

static void yield_body(uint32_t me)
{
    for (;;) {
        turn = !me;
        BENCH_OK(bp_yield());
        BENCH_EQ(turn, me);
        if (++rounds >= CS_ROUNDS)
            end();
    }
}
static void yield_first(void) { yield_body(0); }
static void yield_second(void) { yield_body(1); }

#define HIGH 1
static void preempt_high(void)
{
    for (;;) {
        BENCH_OK(bp_thread_suspend(HIGH));
        BENCH_EQ(turn, 1);
        turn = 0;
    }
}

static void preempt_low(void)
{
    for (;;) {
        turn = 1;
        BENCH_OK(bp_thread_resume(HIGH));
        BENCH_EQ(turn, 0); /* high ran and suspended itself before resume returned */
        if (++rounds >= CS_ROUNDS)
            end();
    }
}

void cs_yield(void)
{
    BENCH_OK(bp_thread_create(1, 5, yield_first));
    BENCH_OK(bp_thread_create(2, 5, yield_second));
}

void cs_preempt(void)
{
    BENCH_OK(bp_thread_create(HIGH, 6, preempt_high));
    BENCH_OK(bp_thread_create(2, 4, preempt_low));
}

#ifndef BENCH_CASE
#error "build with -DBENCH_CASE=cs_yield (or cs_preempt)"
#endif

static void run(void)
{
    BENCH_CASE();
    BENCH_OK(bp_thread_suspend(0));
}

BENCH_MAIN("context-switch", BENCH_STR(BENCH_CASE), run)
