/* The PS/2 keyboard (ps2.h).  Register map from the paper's MMIO_Interface.v and SoC top:
 * +0 the scancode at the FIFO's head, +4 bit 0 = the FIFO is not empty; any write to +4 pops
 * the head (the firmware writes 1).  The FIFO is evaluated lazily from the hart's clock:
 * between two accesses codes only arrive, so catching up at each access is exact. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ps2.h"

#define PS2_BASE   0x10030000u /* docs/boards.md "Paper SoC" */
#define PS2_SIZE   0x8u
#define PS2_DATA   0x0u
#define PS2_STATUS 0x4u
#define SET2_BREAK 0xF0
#define SET2_SHIFT 0x12 /* left shift */

/* Set-2 make codes of a US keyboard: the unshifted and the shifted character of each key. */
static const struct {
    char plain, shifted;
    uint8_t code;
} keys[] = {
    {'a', 'A', 0x1C}, {'b', 'B', 0x32}, {'c', 'C', 0x21}, {'d', 'D', 0x23}, {'e', 'E', 0x24},
    {'f', 'F', 0x2B}, {'g', 'G', 0x34}, {'h', 'H', 0x33}, {'i', 'I', 0x43}, {'j', 'J', 0x3B},
    {'k', 'K', 0x42}, {'l', 'L', 0x4B}, {'m', 'M', 0x3A}, {'n', 'N', 0x31}, {'o', 'O', 0x44},
    {'p', 'P', 0x4D}, {'q', 'Q', 0x15}, {'r', 'R', 0x2D}, {'s', 'S', 0x1B}, {'t', 'T', 0x2C},
    {'u', 'U', 0x3C}, {'v', 'V', 0x2A}, {'w', 'W', 0x1D}, {'x', 'X', 0x22}, {'y', 'Y', 0x35},
    {'z', 'Z', 0x1A}, {'1', '!', 0x16}, {'2', '@', 0x1E}, {'3', '#', 0x26}, {'4', '$', 0x25},
    {'5', '%', 0x2E}, {'6', '^', 0x36}, {'7', '&', 0x3D}, {'8', '*', 0x3E}, {'9', '(', 0x46},
    {'0', ')', 0x45}, {'`', '~', 0x0E}, {'-', '_', 0x4E}, {'=', '+', 0x55}, {'[', '{', 0x54},
    {']', '}', 0x5B}, {'\\', '|', 0x5D}, {';', ':', 0x4C}, {'\'', '"', 0x52}, {',', '<', 0x41},
    {'.', '>', 0x49}, {'/', '?', 0x4A}, {' ', 0, 0x29}, {'\n', 0, 0x5A}, {'\t', 0, 0x0D},
    {'\b', 0, 0x66}, {'\033', 0, 0x76},
};

static void catch_up(struct ps2 *k)
{
    uint64_t now = k->clk->cycle;
    while (k->typing && k->next < k->ncodes && k->due <= now && k->wr - k->rd < PS2_FIFO) {
        k->fifo[k->wr++ % PS2_FIFO] = k->codes[k->next++];
        k->due += PS2_CYCLES_PER_CODE;
    }
}

static int ps2_read(void *dev, uint64_t off, unsigned size, uint64_t *val)
{
    struct ps2 *k = dev;
    if ((off != PS2_DATA || size > 8) && (off != PS2_STATUS || size > 4))
        return -1;
    if (off == PS2_STATUS && !k->typing) {
        k->typing = true;
        k->due = k->clk->cycle + PS2_CYCLES_PER_CODE;
    }
    catch_up(k);
    *val = off == PS2_DATA ? k->fifo[k->rd % PS2_FIFO] : k->wr != k->rd;
    return 0;
}

static int ps2_write(void *dev, uint64_t off, unsigned size, uint64_t val)
{
    struct ps2 *k = dev;
    (void)val; /* the RTL pops on any write to the status register */
    if ((off != PS2_DATA || size > 8) && (off != PS2_STATUS || size > 4))
        return -1;
    if (off != PS2_STATUS)
        return 0; /* the scancode register is read-only: the write is ignored */
    catch_up(k);
    bool full = k->wr - k->rd == PS2_FIFO;
    if (k->wr != k->rd)
        k->rd++;
    /* A code that found the FIFO full waited (as a keyboard does while the host holds the
     * clock): it enters now, and the next one an interval later. */
    if (full && k->typing && k->next < k->ncodes && k->due <= k->clk->cycle) {
        k->due = k->clk->cycle;
        catch_up(k);
    }
    return 0;
}

static const struct device_ops ps2_ops = {.read = ps2_read, .write = ps2_write};

void ps2_init(struct ps2 *k, const struct clock *clk, struct device *win)
{
    *k = (struct ps2){.clk = clk};
    *win = (struct device){.name = "ps2", .base = PS2_BASE, .size = PS2_SIZE, .ops = &ps2_ops,
                           .state = k};
}

void ps2_free(struct ps2 *k)
{
    free(k->codes);
    k->codes = NULL;
}

static int push(struct ps2 *k, size_t *cap, uint8_t code)
{
    if (k->ncodes == *cap) {
        size_t n = *cap ? 2 * *cap : 64;
        uint8_t *c = realloc(k->codes, n);
        if (!c)
            return -1;
        k->codes = c;
        *cap = n;
    }
    k->codes[k->ncodes++] = code;
    return 0;
}

int ps2_type(struct ps2 *k, const char *text, size_t n, char *err, size_t errlen)
{
    size_t cap = k->ncodes;
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < sizeof keys / sizeof keys[0] && keys[j].plain != text[i] &&
               (!keys[j].shifted || keys[j].shifted != text[i]))
            j++;
        if (j == sizeof keys / sizeof keys[0]) {
            snprintf(err, errlen, "character 0x%02x has no key on a US PS/2 keyboard",
                     (unsigned char)text[i]);
            return -1;
        }
        bool shift = keys[j].plain != text[i];
        uint8_t c = keys[j].code;
        if ((shift && push(k, &cap, SET2_SHIFT)) || push(k, &cap, c) ||
            push(k, &cap, SET2_BREAK) || push(k, &cap, c) ||
            (shift && (push(k, &cap, SET2_BREAK) || push(k, &cap, SET2_SHIFT)))) {
            snprintf(err, errlen, "out of memory for the keys");
            return -1;
        }
    }
    return 0;
}

long ps2_unescape(char *s)
{
    char *out = s;
    for (const char *p = s; *p; p++) {
        if (*p != '\\') {
            *out++ = *p;
            continue;
        }
        switch (*++p) {
        case 'n': *out++ = '\n'; break;
        case 't': *out++ = '\t'; break;
        case 'b': *out++ = '\b'; break;
        case 'e': *out++ = '\033'; break;
        case '\\': *out++ = '\\'; break;
        default: return -1; /* an unknown escape, or a lone backslash at the end */
        }
    }
    return out - s;
}
