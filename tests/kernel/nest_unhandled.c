/* Nested interrupts (TK_IRQ_NESTING=1): an interrupt with no handler, reported while a more
 * urgent one has been taken inside it.  The software interrupt (priority 1, no handler
 * attached) is raised from a self-jump; the external one (priority 2, handled) is armed to
 * come while the software one's trap entry runs, so it nests before the kernel looks at the
 * software one, leaving mcause and mepc its own.  The report must still name the software
 * interrupt and the self-jump it interrupted (port/riscv/port.c: the cause from the table
 * entry, the pc from the trap frame).  The fatal handler checks both and returns, which ends
 * the run with 100 + TK_FATAL_IRQ (nest_unhandled.expect). */
#include "ktest.h"

#if !TK_IRQ_NESTING
#error "nest_unhandled.c tests the TK_IRQ_NESTING configuration"
#endif

/* The external interrupt this many cycles after the software one is raised: the core takes
 * the software one about 15 cycles after the store, and its trap entry enables interrupts
 * about 50 later, so the external one comes inside the entry and is taken when it does. */
#define EXT_DELAY 50

static struct tk_thread ctl;
KT_STACK(s_ctl);
static volatile int ext_nested;
extern char nest_spin[]; /* the self-jump below */

static void ext_handler(void *arg)
{
    (void)arg;
    kt_irq_ack();
    ext_nested = tk_irq_nesting() == 2;
}

static void on_fault(const struct tk_fault *f)
{
    KT_EQ(f->reason, TK_FATAL_IRQ);
    KT_CHECK(ext_nested); /* the external handler ran inside the software interrupt's entry */
    KT_EQ(f->cause, (uintptr_t)1 << (8 * sizeof(uintptr_t) - 1) | TK_IRQ_SOFTWARE);
    KT_EQ(f->pc, (uintptr_t)nest_spin);
    KT_CHECK(f->thread == &ctl);
    kt_log("nest_unhandled: cause and pc of the software interrupt\n");
    tk_fault_report(f);
}

static void control(void *arg)
{
    (void)arg;
    KT_EQ(tk_irq_attach(TK_IRQ_EXTERNAL, ext_handler, 0), TK_OK);
    KT_EQ(tk_irq_set_priority(TK_IRQ_SOFTWARE, 1), TK_OK);
    KT_EQ(tk_irq_set_priority(TK_IRQ_EXTERNAL, 2), TK_OK);
    /* mie.MSIE without a handler (tk_irq_attach(..., NULL) would clear it): csrs mie, reg,
     * encoded (test sources are compiled without Zicsr) */
    __asm__ volatile(".insn i 0x73, 2, x0, %0, 0x304" : : "r"(1ul << TK_IRQ_SOFTWARE));
    kt_irq_after(EXT_DELAY);
    __asm__ volatile("sw %1, 0(%0)\n"
                     ".globl nest_spin\n"
                     "nest_spin: j nest_spin"
                     : : "r"((uintptr_t)BOARD_MSIP), "r"(1) : "memory");
}

int main(void)
{
    if (kt_on_qemu())
        kt_pass(); /* no simulator-control device */
    KT_EQ(tk_init(), TK_OK);
    tk_set_fatal_handler(on_fault);
    KT_EQ(tk_thread_create(&ctl, "ctl", control, 0, s_ctl, sizeof s_ctl, 1, 0), TK_OK);
    tk_start();
    return 0;
}
