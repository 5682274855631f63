/* Console UARTs (uart.h).  virt: THR at +0, LSR at +5 reading "transmitter empty" (0x60);
 * the divisor latch (LCR bit 7) is honoured so an initialisation sequence does not print
 * garbage; other registers read 0. */
#include "uart.h"

#define PAPER_UART_BASE   0x10010000u /* docs/boards.md "Paper SoC" */
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

static int paper_read(void *dev, uint64_t off, unsigned size, uint64_t *val)
{
    (void)dev;
    if (size > 4 || (off != PAPER_UART_TX && off != PAPER_UART_STATUS))
        return -1;
    *val = 0; /* status: never busy */
    return 0;
}

static int paper_write(void *dev, uint64_t off, unsigned size, uint64_t val)
{
    struct uart *u = dev;
    if (size > 4 || (off != PAPER_UART_TX && off != PAPER_UART_STATUS))
        return -1;
    if (off == PAPER_UART_TX)
        fputc((int)(val & 0xff), u->out), u->bytes++;
    return 0;
}

static int ns_read(void *dev, uint64_t off, unsigned size, uint64_t *val)
{
    struct uart *u = dev;
    if (size > 4)
        return -1;
    *val = off == NS_LSR ? NS_LSR_IDLE : off == NS_LCR ? u->lcr : 0;
    return 0;
}

static int ns_write(void *dev, uint64_t off, unsigned size, uint64_t val)
{
    struct uart *u = dev;
    if (size > 4)
        return -1;
    if (off == NS_THR && !(u->lcr & NS_LCR_DLAB))
        fputc((int)(val & 0xff), u->out), u->bytes++;
    else if (off == NS_LCR)
        u->lcr = (uint8_t)val;
    return 0;
}

static const struct device_ops paper_ops = {.read = paper_read, .write = paper_write};
static const struct device_ops ns_ops = {.read = ns_read, .write = ns_write};

void uart_init(struct uart *u, FILE *out, enum soc soc, struct device *win)
{
    *u = (struct uart){.out = out};
    *win = (struct device){
        .name = "uart",
        .base = soc == SOC_PAPER ? PAPER_UART_BASE : VIRT_UART_BASE,
        .size = soc == SOC_PAPER ? PAPER_UART_SIZE : VIRT_UART_SIZE,
        .ops = soc == SOC_PAPER ? &paper_ops : &ns_ops,
        .state = u,
    };
}
