/* main reads a local array it never filled: whatever the RAM held.  --check stops at the
 * load of memory nothing wrote since reset.  (Thread stacks are usually static arrays, which
 * the start-up code zeroes: their first reads are of zeros, not of garbage.)
 * expect: uninitialised load|main|sum_first */
#include "bsp.h"
#include "tempo.h"

static struct tk_thread idle_twin;
static uintptr_t twin_stack[256];
static void twin(void *arg) { (void)arg; for (;;) tk_delay(1); }

static int __attribute__((noinline)) sum_first(volatile int *v, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i]; /* bug */
    return s;
}

int main(void)
{
    volatile int v[8];
    tk_init();
    tk_thread_create(&idle_twin, "twin", twin, 0, twin_stack, sizeof twin_stack, 5, 0);
    v[0] = 1;
    board_exit(sum_first(v, 8) == 1 ? 0 : 1);
}
