/* An interrupt enabled behind the kernel's back (mie set directly, its handler detached with
 * tk_irq_attach(irq, NULL)) taken by a thread: the external one on tempo-sim (the
 * simulator-control device), the software one on QEMU.  The fatal handler, on the exception
 * stack (not the thread's), reports it and returns, which for an interrupt ends the run with
 * 100 + TK_FATAL_IRQ (tests/kernel/cover_irqext.expect).  Written for `make coverage`. */
#include "ktest.h"

#define MIE_MSIE (1ul << 3)  /* privileged spec: mie.MSIE */
#define MIE_MEIE (1ul << 11) /* privileged spec: mie.MEIE */

static struct tk_thread ctl;
KT_STACK(s_ctl);

static void on_fault(const struct tk_fault *f)
{
    KT_CHECK(kt_on_exc_stack());
    KT_EQ(f->reason, TK_FATAL_IRQ);
    KT_CHECK(f->thread == &ctl);
    KT_CHECK(f->sp > (uintptr_t)s_ctl && f->sp < (uintptr_t)s_ctl + sizeof s_ctl); /* the thread's */
    KT_EQ(f->tval, 0);
    tk_fault_report(f);
}

static void control(void *arg)
{
    (void)arg;
    unsigned irq = kt_on_qemu() ? TK_IRQ_SOFTWARE : TK_IRQ_EXTERNAL;
    KT_EQ(tk_irq_attach(irq, NULL, 0), TK_OK);
    /* csrs mie, reg (encoded: test sources are compiled without Zicsr) */
    __asm__ volatile(".insn i 0x73, 2, x0, %0, 0x304" : : "r"(kt_on_qemu() ? MIE_MSIE : MIE_MEIE));
    kt_log("raising\n");
    if (kt_on_qemu())
        tk_irq_raise_software();
    else
        kt_irq_after(100);
    for (volatile int i = 0; i < 100000; i++)
        ;
    kt_log("not reached\n");
}

int main(void)
{
    KT_EQ(tk_init(), TK_OK);
    tk_set_fatal_handler(on_fault);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 10, 0), TK_OK);
    tk_start();
}
