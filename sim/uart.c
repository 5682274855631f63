/* Console UARTs.  paper: a TX data register and a status register whose busy bit is
 * always 0 (output is instantaneous).  virt: enough of an NS16550 for a polled driver:
 * THR at +0, LSR at +5 reading "transmitter empty" (0x60); the divisor latch (LCR bit 7)
 * is honoured so an initialisation sequence does not print garbage. */
#include <stdio.h>
#include "tempo_sim.h"

#define PAPER_UART_BASE   0x10010000u /* spec/core-timing.md "Memory map" */
#define PAPER_UART_TX     0x0u
#define PAPER_UART_STATUS 0x4u
#define PAPER_UART_SIZE   0x8u
#define VIRT_UART_BASE    0x10000000u /* QEMU virt */
#define VIRT_UART_SIZE    0x100u
#define NS_THR 0
#define NS_LCR 3
#define NS_LSR 5
#define NS_LSR_IDLE 0x60 /* THR empty | transmitter empty */
#define NS_LCR_DLAB 0x80

static int paper_read(struct machine *m, uint64_t off, unsigned size, uint64_t *val)
{
    (void)m;
    if (size > 4 || (off != PAPER_UART_TX && off != PAPER_UART_STATUS))
        return -1;
    *val = 0; /* status: never busy */
    return 0;
}

static int paper_write(struct machine *m, uint64_t off, unsigned size, uint64_t val)
{
    (void)m;
    if (size > 4 || (off != PAPER_UART_TX && off != PAPER_UART_STATUS))
        return -1;
    if (off == PAPER_UART_TX)
        putchar((int)(val & 0xff));
    return 0;
}

static int ns_read(struct machine *m, uint64_t off, unsigned size, uint64_t *val)
{
    if (size > 4)
        return -1;
    *val = off == NS_LSR ? NS_LSR_IDLE : off == NS_LCR ? m->uart_lcr : 0;
    return 0;
}

static int ns_write(struct machine *m, uint64_t off, unsigned size, uint64_t val)
{
    if (size > 4)
        return -1;
    if (off == NS_THR && !(m->uart_lcr & NS_LCR_DLAB))
        putchar((int)(val & 0xff));
    else if (off == NS_LCR)
        m->uart_lcr = (uint8_t)val;
    return 0;
}

void uart_attach(struct machine *m)
{
    struct device *d = &m->dev[m->ndev++];
    d->name = "uart";
    if (m->soc == SOC_PAPER) {
        d->base = PAPER_UART_BASE;
        d->size = PAPER_UART_SIZE;
        d->read = paper_read;
        d->write = paper_write;
    } else {
        d->base = VIRT_UART_BASE;
        d->size = VIRT_UART_SIZE;
        d->read = ns_read;
        d->write = ns_write;
    }
}
