/* A load access fault in main after tk_init() and before tk_start(): the fault names no
 * thread ("in main"); the fatal handler itself faults the same way, which ends the run at
 * once with 100 + TK_FATAL_EXCEPTION (tests/kernel/cover_excmain.expect).  Written for
 * `make coverage`. */
#include "ktest.h"

#ifdef BOARD_PAPER
#define NOWHERE 0x30000000u /* no device: a load access fault (as tests/kernel/fault.c) */
#else
#define NOWHERE 0x0u
#endif

static volatile int handled;

static uintptr_t load_nowhere(void)
{
    return *(volatile uintptr_t *)(uintptr_t)NOWHERE;
}

static void on_fault(const struct tk_fault *f)
{
    KT_EQ(f->reason, TK_FATAL_EXCEPTION);
    KT_CHECK(f->thread == NULL);
    KT_EQ(f->tval, NOWHERE);
    tk_fault_report(f);
    handled = 1;
    (void)load_nowhere(); /* a fault inside the handler */
    kt_log("not reached\n");
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    tk_set_fatal_handler(on_fault);
    kt_log("loading\n");
    (void)load_nowhere();
    kt_log("not reached\n");
    return 1;
}
