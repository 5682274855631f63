/* A software interrupt enabled behind the kernel's back (mie.MSIE set directly, no handler
 * attached) and taken in main, after tk_init() and before tk_start(), with interrupts
 * enabled early (tk_irq_unlock): reported as an unhandled interrupt "in main", the run ends
 * with 100 + TK_FATAL_IRQ (tests/kernel/cover_irqmain.expect).  Before it: the scheduler
 * lock refuses a caller that is no thread yet (TK_EISR), and tk_irq_attach refuses to run
 * before tk_init() (TK_ESTATE).  Written for `make coverage`. */
#include "ktest.h"

#define MSTATUS_MIE (1ul << 3) /* privileged spec: mstatus.MIE */
#define MIE_MSIE    (1ul << 3) /* privileged spec: mie.MSIE */

int main(void)
{
    KT_EQ(tk_irq_attach(TK_IRQ_SOFTWARE, NULL, 0), TK_ESTATE);
    KT_EQ(tk_irq_attach(TK_IRQ_EXTERNAL, NULL, 0), TK_ESTATE);
    KT_EQ(tk_init(), TK_OK);
    tk_irq_unlock(MSTATUS_MIE); /* interrupts on in main: allowed, nothing is enabled yet */
    KT_EQ(tk_sched_lock(), TK_EISR);
    KT_EQ(tk_sched_unlock(), TK_EISR);
    /* csrs mie, reg (encoded: test sources are compiled without Zicsr) */
    __asm__ volatile(".insn i 0x73, 2, x0, %0, 0x304" : : "r"(MIE_MSIE));
    kt_log("raising\n");
    tk_irq_raise_software();
    kt_log("not reached\n");
    return 1;
}
