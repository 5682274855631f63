/* The RTL cross-check's micro-program image (tests/rtl/cases.S): runs every case, then prints
 * the values on one line in a compact code, because on the RTL each UART character costs
 * 8,680 cycles (115,200 baud at 100 MHz).  A value is written as base-16 digits '0'..'?'
 * (0x30..0x3f) for all but its last digit, and a last digit in base 63 '@'..'~' (0x40..0x7e):
 * v = (prefix digits as a number) * 63 + last; values below 63 take one character, below
 * 1,008 two.  A newline ends the line; tests/rtl/run.py decodes it and names the values from
 * the image's .rtl_names section.  Nothing here has an initial value: the RTL's data memory
 * starts empty. */
#include <stdint.h>
#include "bsp.h"

#define RTL_MAX_SLOTS 320

unsigned rtl_cases(uint32_t *results);

/* Not cleared by the start-up code (.noinit): a case that sends the core back to the reset
 * address resumes where it was (cases.S, MRET after `csrw mepc`) with the values so far. */
static uint32_t results[RTL_MAX_SLOTS] __attribute__((section(".noinit")));

static void put_compact(uint32_t v)
{
    char digits[8];
    int n = 0;
    uint32_t prefix = v / 63;
    while (prefix) {
        digits[n++] = (char)('0' + prefix % 16);
        prefix /= 16;
    }
    while (n)
        board_putc(digits[--n]);
    board_putc((char)('@' + v % 63));
}

int main(void)
{
    unsigned n = rtl_cases(results);
    if (n > RTL_MAX_SLOTS)
        n = RTL_MAX_SLOTS;
    for (unsigned i = 0; i < n; i++)
        put_compact(results[i]);
    put_compact((uint32_t)board_cycles()); /* the run so far: the RTL's speed */
    board_putc('\n');
    return 0;
}
