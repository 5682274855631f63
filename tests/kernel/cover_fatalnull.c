/* tk_set_fatal_handler(NULL) restores the default handler: a program that installed one (and
 * so links kernel/fatal.c) and removed it again gets the default report and the run ends
 * with 100 + TK_FATAL_EXCEPTION (tests/kernel/cover_fatalnull.expect), the handler never
 * called.  Written for `make coverage`. */
#include "ktest.h"

#ifdef BOARD_PAPER
#define NOWHERE 0x30000000u /* no device: a load access fault (as tests/kernel/fault.c) */
#else
#define NOWHERE 0x0u
#endif

static void on_fault(const struct tk_fault *f)
{
    (void)f;
    kt_fail(__FILE__, __LINE__, "the removed handler was called", 0, 0); /* exit status 1 */
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    tk_set_fatal_handler(on_fault);
    tk_set_fatal_handler(NULL);
    kt_log("restored\n");
    (void)*(volatile uintptr_t *)(uintptr_t)NOWHERE;
    kt_log("not reached\n");
    return 1;
}
