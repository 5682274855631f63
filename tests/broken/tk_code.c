/* A stray pointer into code: the thread patches a function's first instruction.  On the
 * paper SoC the store is lost (the data port cannot write instruction memory); on virt it
 * changes the code.  --check stops at the store either way.
 * expect: store into code|patcher|patch */
#include "bsp.h"
#include "tempo.h"

static struct tk_thread patch_thread;
static uintptr_t patch_stack[256];

#include "bug_code.h"

static void patcher(void *arg)
{
    (void)arg;
    patch((volatile uint32_t *)(uintptr_t)answer);
    board_exit(answer() == 42 ? 0 : 1);
}

int main(void)
{
    tk_init();
    tk_thread_create(&patch_thread, "patcher", patcher, 0, patch_stack, sizeof patch_stack, 5, 0);
    tk_start();
}
