/* Stack marks against painted stacks.  Every word of two threads' stacks is painted before
 * they are created; "deep" fills a local array of DEEP_WORDS words in a function of its own,
 * "shallow" only sleeps.  When both have exited, "report" prints, for each, the bytes from its
 * stack's base to the lowest word that is no longer paint ("stack NAME unused N"), the measure
 * FreeRTOS's uxTaskGetStackHighWaterMark takes, which tempo-sim --stats-json's free_bytes
 * (from the lowest sp it saw) must match within one frame's unwritten words. */
#include "bsp.h"
#include "tempo.h"

#define PAINT ((uintptr_t)0x5a5a5a5a5a5a5a5aull)
#define WORDS 512
#define DEEP_WORDS 192

static uintptr_t deep_stack[WORDS], shallow_stack[WORDS], report_stack[WORDS];
static struct tk_thread deep_thread, shallow_thread, report_thread;

static __attribute__((noinline)) uintptr_t use(unsigned n)
{
    volatile uintptr_t a[DEEP_WORDS];
    uintptr_t s = 0;
    for (unsigned i = 0; i < n; i++)
        a[i] = i * 3u;
    for (unsigned i = 0; i < n; i++)
        s += a[i];
    return s;
}

static void deep(void *arg)
{
    (void)arg;
    if (use(DEEP_WORDS) != 3u * DEEP_WORDS * (DEEP_WORDS - 1) / 2)
        board_exit(2);
    tk_delay(1);
}

static void shallow(void *arg)
{
    (void)arg;
    tk_delay(1);
}

/* bytes from the stack's base (its guard word) to the lowest word no longer paint */
static unsigned unused(const uintptr_t *stack)
{
    unsigned n = 1;
    while (n < WORDS && stack[n] == PAINT)
        n++;
    return n * (unsigned)sizeof(uintptr_t);
}

static void report(void *arg)
{
    (void)arg;
    tk_delay(5);
    board_puts("stack deep unused ");
    board_put_uint(unused(deep_stack));
    board_puts("\nstack shallow unused ");
    board_put_uint(unused(shallow_stack));
    board_putc('\n');
    board_exit(0);
}

int main(void)
{
    for (unsigned i = 0; i < WORDS; i++)
        deep_stack[i] = shallow_stack[i] = PAINT;
    tk_init();
    tk_thread_create(&deep_thread, "deep", deep, 0, deep_stack, sizeof deep_stack, 1, 0);
    tk_thread_create(&shallow_thread, "shallow", shallow, 0, shallow_stack, sizeof shallow_stack, 2, 0);
    tk_thread_create(&report_thread, "report", report, 0, report_stack, sizeof report_stack, 3, 0);
    tk_start();
}
