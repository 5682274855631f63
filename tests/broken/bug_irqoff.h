/* The wait with interrupts off of tk_irqoff.c and fr_irqoff.c: interrupts off, then a wait
 * for a flag only an interrupt could set. */
#ifndef BUG_IRQOFF_H
#define BUG_IRQOFF_H
static volatile int ready;

static void __attribute__((noinline)) wait_ready(void)
{
    __asm__ volatile("csrci mstatus, 8"); /* interrupts off */
    while (!ready) /* bug */
        ;
}
#endif
