/* The default report of an exception (faultmsg.expect): the cause in words, the thread, pc and
 * mtval in hex, and status 102.  (It used to be "exception in thread reader, detail 5" with the
 * numbers in decimal.) */
#include "ktest.h"

#ifdef BOARD_PAPER
#define NOWHERE 0x30000000u /* no device: a load access fault */
#else
#define NOWHERE 0x0u
#endif

static struct tk_thread reader;
KT_STACK(s_reader);
static volatile uintptr_t sink;

static void reader_main(void *arg)
{
    (void)arg;
    sink = *(volatile uintptr_t *)(uintptr_t)NOWHERE;
    board_exit(0); /* not the expected status: the check fails */
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_thread_create(&reader, "reader", reader_main, 0, s_reader, sizeof s_reader, 3, 0),
          TK_OK);
    tk_start();
}
