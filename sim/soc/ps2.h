/* The paper SoC's PS/2 keyboard (docs/boards.md "PS/2 keyboard"): a scancode FIFO the
 * firmware polls.  Keys come from the command line (--keys, --keys-file), turned into Set-2
 * make and break codes that reach the FIFO one every PS2_CYCLES_PER_CODE cycles, starting
 * when the firmware first reads the status register (a typist who waits for the shell). */
#ifndef TEMPO_PS2_H
#define TEMPO_PS2_H
#include <stddef.h>
#include "device.h"

#define PS2_FIFO 8 /* the SoC's inline FIFO: 8 entries */
/* One 11-bit PS/2 frame at a keyboard clock of about 11 kHz: 1 ms at 100 MHz */
#define PS2_CYCLES_PER_CODE 100000u

struct ps2 {
    const struct clock *clk;
    uint8_t *codes;          /* the scancodes still to type (owned), codes[next..ncodes) */
    size_t ncodes, next;
    bool typing;             /* the firmware has looked at the keyboard: codes are on their way */
    uint64_t due;            /* the cycle codes[next] reaches the FIFO */
    uint8_t fifo[PS2_FIFO];  /* the RTL's FIFO memory: an empty FIFO reads its stale head */
    unsigned rd, wr;         /* free-running: wr - rd entries are waiting */
};

void ps2_init(struct ps2 *k, const struct clock *clk, struct device *win);
void ps2_free(struct ps2 *k);
/* Type `text` (n bytes): 0, or -1 with the reason in err (a character with no key on a US
 * keyboard).  Keys add to those given before. */
int ps2_type(struct ps2 *k, const char *text, size_t n, char *err, size_t errlen);
/* --keys' escapes (\n, \t, \b, \e, \\) decoded in place; the new length, or -1 for an unknown
 * escape. */
long ps2_unescape(char *s);
#endif
