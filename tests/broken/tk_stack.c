/* A thread's stack is too small for what it calls: the frame of fill() reaches below the
 * stack, into the array that lies below it in memory.  Without a switch after it, the kernel
 * never looks at the guard word; --check stops at the instruction that moves sp below the
 * stack, before anything is written there.
 * expect: stack overflow|deep|fill */
#include "bsp.h"
#include "tempo.h"

static struct tk_thread deep_thread;
static uintptr_t deep_stack[256];

#include "bug_stack.h"

static void deep(void *arg)
{
    (void)arg;
    volatile uintptr_t seed = 3;
    board_exit(fill(&seed) == 10 ? 0 : 1);
}

int main(void)
{
    tk_init();
    tk_thread_create(&deep_thread, "deep", deep, 0, deep_stack, sizeof deep_stack, 5, 0);
    tk_start();
}
