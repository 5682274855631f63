/* The long critical section of tk_irqlong.c and fr_irqlong.c: interrupts off around work that
 * takes far longer than a tick, then on again (the run goes on, so only --check's limit on
 * interrupt-disabled windows finds it). */
#ifndef BUG_IRQLONG_H
#define BUG_IRQLONG_H
static volatile unsigned sum;

static void __attribute__((noinline)) long_critical(void)
{
    __asm__ volatile("csrci mstatus, 8"); /* interrupts off */
    for (unsigned i = 0; i < 100000; i++)
        sum += i;
    __asm__ volatile("csrsi mstatus, 8"); /* bug */
}
#endif
