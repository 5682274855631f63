/* Placeholder timing model (see timing.h); replaced by the timing issue. */
#include "timing.h"
#include <string.h>

const char *const stall_cause_name[ST_COUNT] = {
    "alu-use", "load-use", "branch", "mispredict", "jump", "store", "multiply", "divide",
    "csr", "trap", "refill",
};

void timing_init(struct timing *t) { memset(t, 0, sizeof *t); }

int timing_set_param(const char *assignment)
{
    fprintf(stderr, "tempo-sim: unknown parameter '%s'\n", assignment);
    return -1;
}

void timing_list_params(FILE *out) { (void)out; }
