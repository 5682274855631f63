/* main ends its part with tk_thread_exit() before any kernel call: that starts the kernel
 * (tk_start, which initialises it first) with no thread at all, so the idle thread runs from
 * the start, finds no thread that could wait, reports no deadlock and sleeps in WFI until the
 * next timer event, 65,536 ticks ahead: tempo-sim skips the wait to its cycle limit and ends
 * the run there, in the idle thread (cover_noinit.expect: status 124).  On QEMU, which would
 * wait in real time, main ends the run as skipped.
 * Written for `make coverage`. */
#include "ktest.h"

int main(void)
{
    KT_EQ(tk_thread_self(), NULL); /* not initialised */
    kt_log("cover_noinit: main exits before tk_init");
    if (kt_on_qemu()) {
        kt_log("\ncover_noinit: skipped on QEMU (it would wait in real time)\n");
        board_exit(77); /* SKIP (tests/kernel/run.sh) */
    }
    tk_thread_exit();
}
