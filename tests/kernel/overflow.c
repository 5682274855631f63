/* A 1 KiB stack overflowed by a 1.6 KiB local array, with the default fault handler: the run
 * must end with the report naming the thread and status 101 (overflow.expect) on every board.
 * On the paper SoC the stack is the first of the data memory, so the array's first store
 * reaches below it and faults (the trap entry used to save its frame on that stack and fault
 * again, for ever, until the cycle limit).  On virt and QEMU code and data share the RAM:
 * what lies below a stack is trampled before the overflow is found at the thread's next
 * switch, and nothing can be promised if that is code or the kernel; here it is the
 * application's own data (a pad), and the report must name the thread. */
#include "ktest.h"

static struct tk_thread big, ctl;
#define WORDS (1024 / sizeof(uintptr_t))
#ifdef BOARD_PAPER
static uintptr_t big_stack[WORDS] __attribute__((section(".data.big"))) = {1};
#else
static struct {
    uintptr_t pad[WORDS]; /* trampled */
    uintptr_t stack[WORDS];
} big_area __attribute__((aligned(16)));
#define big_stack big_area.stack
#endif
KT_STACK(s_ctl);
static volatile uint32_t sink;

static void big_main(void *arg)
{
    (void)arg;
    volatile uint8_t buf[1600];
    for (unsigned i = 0; i < sizeof buf; i++)
        buf[i] = (uint8_t)i;
    sink = buf[7];
    tk_delay(1);
    kt_log("big: still running\n");
    board_exit(0);
}

static void ctl_main(void *arg)
{
    (void)arg;
    tk_delay(5);
    kt_log("ctl: no report\n");
    board_exit(0); /* not the expected status: the check fails */
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
#ifdef BOARD_PAPER
    KT_CHECK((uintptr_t)big_stack == BOARD_DMEM_BASE); /* nothing below it */
#endif
    KT_EQ(tk_thread_create(&big, "big", big_main, 0, big_stack, sizeof big_stack, 3, 0), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", ctl_main, 0, s_ctl, sizeof s_ctl, 5, 0), TK_OK);
    tk_start();
}
