/* A stray pointer into another thread's stack: while "sleeper" waits, "writer" clears what
 * it takes for its own buffer but is the unused part of the sleeper's stack, below the sp
 * the sleeper saved; the kernel would notice nothing until the sleeper's stack grew there.
 * expect: stray store|writer|clear_buffer */
#include "bsp.h"
#include "tempo.h"

static struct tk_thread sleeper_thread, writer_thread;
static uintptr_t sleeper_stack[256], writer_stack[256];

static void __attribute__((noinline)) clear_buffer(volatile uintptr_t *buf, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        buf[i] = 0; /* bug */
}

static void sleeper(void *arg)
{
    (void)arg;
    tk_delay(5);
    board_exit(0);
}

static void writer(void *arg)
{
    (void)arg;
    clear_buffer(&sleeper_stack[16], 8); /* meant: a buffer of its own */
    tk_delay(10);
}

int main(void)
{
    tk_init();
    tk_thread_create(&sleeper_thread, "sleeper", sleeper, 0, sleeper_stack, sizeof sleeper_stack, 4, 0);
    tk_thread_create(&writer_thread, "writer", writer, 0, writer_stack, sizeof writer_stack, 5, 0);
    tk_start();
}
