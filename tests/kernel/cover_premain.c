/* Threads created by main between tk_init and tk_start with interrupts enabled: one created
 * suspended (no reschedule), then one made ready, whose create reschedules as in a thread
 * but before the start (no switch).  Asserts that neither runs before tk_start and both
 * after.  Written for `make coverage`: the create's inlined reschedule before the start. */
#include "ktest.h"

static struct tk_thread ta, tb;
KT_STACK(s_a); KT_STACK(s_b);
static volatile int ran_a, ran_b;

/* mstatus.MIE on or off (with Zicsr named here: the nesting images' link keeps the newer ISA
 * spec, which has it apart). */
#define MIE_SET() __asm__ volatile(".option push\n.option arch, +zicsr\ncsrsi mstatus, 8\n.option pop")
#define MIE_CLEAR() __asm__ volatile(".option push\n.option arch, +zicsr\ncsrci mstatus, 8\n.option pop")

static void a_main(void *arg)
{
    (void)arg;
    ran_a = 1;
}

static void b_main(void *arg)
{
    (void)arg;
    ran_b = 1;
    KT_EQ(ran_a, 0);
    KT_EQ(tk_thread_state(&ta), TK_STATE_SUSPENDED);
    KT_EQ(tk_thread_resume(&ta), TK_OK); /* more urgent: runs at once */
    KT_EQ(ran_a, 1);
    kt_pass();
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    MIE_SET(); /* no source is enabled in mie yet */
    KT_EQ(tk_thread_create(&ta, "a", a_main, 0, s_a, sizeof s_a, 2, TK_THREAD_SUSPENDED),
          TK_OK);
    KT_EQ(tk_thread_create(&tb, "b", b_main, 0, s_b, sizeof s_b, 3, 0), TK_OK);
    KT_EQ(ran_a, 0);
    KT_EQ(ran_b, 0);
    KT_EQ(tk_thread_state(&tb), TK_STATE_READY);
    MIE_CLEAR();
    tk_start();
    return 1;
}
