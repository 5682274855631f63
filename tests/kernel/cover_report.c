/* tk_fault_report, called by a handler that logs and goes on, on faults it is handed: a
 * deadlock report before tk_init() (no kernel state to walk: "unknown fault"), an overflow
 * with no thread, interrupt and exception causes beyond the named ones (printed in hex), a
 * reason it does not know, a thread without a name (its address), the deadlock report's
 * line for a thread that waits to receive from a blocking queue, and every cause it names.
 * tests/kernel/cover_report.expect names the lines the output must hold.  Also thread
 * names: none, and one longer than TK_NAME_MAX - 1 (cut).  Written for `make coverage`. */
#include "ktest.h"

#define IRQ_BIT ((uintptr_t)1 << (8 * sizeof(uintptr_t) - 1)) /* mcause: an interrupt */

static struct tk_thread ctl, anon, unnamed, longname, reader;
KT_STACK(s_ctl); KT_STACK(s_anon); KT_STACK(s_unnamed); KT_STACK(s_long); KT_STACK(s_reader);
static struct tk_bmq bmq;
static uint32_t bbuf[2];

static void report(int reason, struct tk_thread *t, uintptr_t cause)
{
    struct tk_fault f = {reason, t, cause, 0x100, 0x200, 0x300};
    tk_fault_report(&f);
}

static void parked(void *arg)
{
    (void)arg;
    tk_thread_suspend(NULL);
}

static void receive(void *arg)
{
    (void)arg;
    uint32_t m;
    KT_EQ(tk_bmq_recv(&bmq, &m, TK_FOREVER), TK_OK);
    KT_EQ(m, 7);
}

static void control(void *arg)
{
    (void)arg;
    KT_EQ(tk_thread_create(&anon, "", parked, 0, s_anon, sizeof s_anon, 20, TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(tk_thread_create(&unnamed, NULL, parked, 0, s_unnamed, sizeof s_unnamed, 20,
                           TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(unnamed.name[0], '\0');
    KT_EQ(tk_thread_create(&longname, "a-name-of-twenty-chars", parked, 0, s_long, sizeof s_long,
                           20, TK_THREAD_SUSPENDED), TK_OK);
    KT_EQ(longname.name[TK_NAME_MAX - 2], 't'); /* "a-name-of-twent": cut at 15 */
    KT_EQ(longname.name[TK_NAME_MAX - 1], '\0');
    KT_EQ(tk_thread_create(&reader, "reader", receive, 0, s_reader, sizeof s_reader, 5, 0), TK_OK);
    KT_EQ(tk_thread_state(&reader), TK_STATE_BLOCKED);

    report(TK_FATAL_STACK, NULL, 0);                       /* stack overflow in main */
    report(TK_FATAL_IRQ, &anon, IRQ_BIT | 7);              /* machine timer interrupt in thread 0x */
    report(TK_FATAL_IRQ, &ctl, IRQ_BIT | 20);              /* no name: 0x8000...14 */
    report(TK_FATAL_EXCEPTION, &ctl, 20);                  /* no name: 0x0000...14 */
    report(99, &ctl, 0);                                   /* unknown fault */
    for (uintptr_t c = 0; c < 16; c++)                     /* every cause by name */
        report(TK_FATAL_EXCEPTION, &ctl, c);
    for (uintptr_t c = 0; c < 12; c++)
        report(TK_FATAL_IRQ, &ctl, IRQ_BIT | c);
    report(TK_FATAL_DEADLOCK, NULL, 0);                    /* reader waits on the queue */

    uint32_t m = 7;
    KT_EQ(tk_bmq_send(&bmq, &m, TK_NOWAIT), TK_OK);
    KT_EQ(tk_thread_state(&reader), TK_STATE_EXITED);
    kt_pass();
}

int main(void)
{
    kt_log("before tk_init:\n");
    report(TK_FATAL_DEADLOCK, NULL, 0); /* no kernel state yet */
    KT_EQ(tk_init(), TK_OK);
    KT_EQ(tk_bmq_init(&bmq, bbuf, sizeof(uint32_t), 2), TK_OK);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
