/* What the original Thread-Metric tests need from the board, beside ThreadX and ThreadX's own
 * Thread-Metric porting layer (tm_porting_layer_threadx.c), all three unmodified:
 * - printf, for the reporting thread (the cross toolchain has no C library);
 * - the routing of TM_CAUSE_INTERRUPT's interrupt (tm_porting_layer.h) to the test's handler;
 * - an end: the tests report every TM_TEST_DURATION seconds for ever.  This printf watches the
 *   lines the tests print: after TM_REPORTS "Time Period Total" lines it prints the last period
 *   as one machine-readable line and ends the run (exit 0); an "ERROR" line (a failed counter
 *   check) ends it with exit 1.
 * The figure is the last period's total, the first period holding the start-up: the line
 *   TMNATIVE test="<the test's title>" count=<operations> period_cycles=<cycles>
 * where period_cycles is measured with the cycle counter between the two reports' prints. */
#include <stdarg.h>
#include <stdint.h>
#include "tx_api.h"
#include "board.h"
#include "bsp.h"
#include "tx_board.h"

#ifndef TM_REPORTS
#define TM_REPORTS 2
#endif

#define REG32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* Each test defines one of these handlers (or neither). */
void tm_interrupt_handler(void) __attribute__((weak));
void tm_interrupt_preemption_handler(void) __attribute__((weak));

static void tm_external(void)
{
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_ACK) = 1;
    if (tm_interrupt_handler)
        tm_interrupt_handler();
    else if (tm_interrupt_preemption_handler)
        tm_interrupt_preemption_handler();
}

static void tm_software(void)
{
    REG32(BOARD_MSIP) = 0;
    if (tm_interrupt_handler)
        tm_interrupt_handler();
    else if (tm_interrupt_preemption_handler)
        tm_interrupt_preemption_handler();
}

/* Called at the end of _tx_initialize_low_level (tx_board.c). */
void tx_board_app_init(void)
{
    tx_board_set_external_handler(tm_external);
    tx_board_set_software_handler(tm_software);
    tx_board_enable_external();
    tx_board_enable_software();
}

static void put_ulong(unsigned long v)
{
    board_put_uint(v);
}

static void put_long(long v)
{
    if (v < 0) {
        board_putc('-');
        board_put_uint((uint64_t)-(int64_t)v);
    } else {
        board_put_uint((uint64_t)v);
    }
}

static int starts_with(const char *s, const char *prefix)
{
    while (*prefix)
        if (*s++ != *prefix++)
            return 0;
    return 1;
}

static const char *tm_title;       /* the last report's header */
static unsigned long tm_last_total; /* the last "Time Period Total" */
static unsigned tm_reports;
static uintptr_t tm_report_cycles[2];

/* The test's title: the header's text between "**** Thread-Metric " and " ****". */
static void put_title(void)
{
    const char *s = tm_title ? tm_title + 19 : "unknown ****";
    while (*s && !starts_with(s, " ****"))
        board_putc(*s++);
}

/* The formats the tests use: %lu, %d, %s and %%. */
int printf(const char *format, ...)
{
    uintptr_t now = board_cycles();
    va_list ap;
    va_start(ap, format);
    int is_total = starts_with(format, "Time Period Total");
    if (starts_with(format, "**** Thread-Metric "))
        tm_title = format;
    for (const char *p = format; *p; p++) {
        if (*p != '%') {
            board_putc(*p);
            continue;
        }
        p++;
        if (*p == 'l' && p[1] == 'u') {
            unsigned long v = va_arg(ap, unsigned long);
            if (is_total)
                tm_last_total = v;
            put_ulong(v);
            p++;
        } else if (*p == 'd') {
            put_long(va_arg(ap, int));
        } else if (*p == 's') {
            board_puts(va_arg(ap, const char *));
        } else if (*p == '%') {
            board_putc('%');
        } else {
            board_puts("?format");
            if (!*p)
                break;
        }
    }
    va_end(ap);
    if (starts_with(format, "ERROR"))
        board_exit(TX_BOARD_EXIT_CHECK);
    if (is_total) {
        tm_report_cycles[0] = tm_report_cycles[1];
        tm_report_cycles[1] = now;
        if (++tm_reports >= TM_REPORTS) {
            board_puts("TMNATIVE test=\"");
            put_title();
            board_puts("\" count=");
            board_put_uint(tm_last_total);
            board_puts(" period_cycles=");
            board_put_uint((uint64_t)(tm_report_cycles[1] - tm_report_cycles[0]));
            board_puts("\nDONE\n");
            board_exit(0);
        }
    }
    return 0;
}
