/* Console UARTs.  paper: a TX data register and a status register whose busy bit is
 * always 0 (output is instantaneous).  virt: enough of an NS16550 for a polled driver. */
#ifndef TEMPO_UART_H
#define TEMPO_UART_H
#include <stdio.h>
#include "device.h"

struct uart {
    FILE *out;   /* where transmitted bytes go (stdout) */
    uint8_t lcr; /* NS16550 line control register */
    uint64_t bytes; /* transmitted so far (the watchdog's progress, check.h) */
};

void uart_init(struct uart *u, FILE *out, enum soc soc, struct device *win);
#endif
