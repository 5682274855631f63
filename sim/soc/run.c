/* Run control (run.h). */
#include "run.h"

volatile sig_atomic_t machine_signal;

void run_init(struct run_state *r, uint64_t max_cycles, volatile uint64_t *next_event)
{
    r->stop = STOP_NONE;
    r->exit_code = 0;
    r->cycle_limit = max_cycles != 0; /* main() refuses limits beyond the end of time */
    r->max_cycles = r->cycle_limit ? max_cycles : MACHINE_END_OF_TIME;
    r->next_event = next_event;
}

void run_stop(struct run_state *r, enum stop why)
{
    if (r->stop == STOP_NONE)
        r->stop = why;
    *r->next_event = 0;
}

void run_exit(struct run_state *r, uint64_t code)
{
    if (r->stop == STOP_NONE)
        r->exit_code = code > EXIT_FW_MAX ? EXIT_FW_MAX : (int)code;
    run_stop(r, STOP_EXIT);
}
