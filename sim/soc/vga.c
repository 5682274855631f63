/* The VGA text screen (vga.h).  From the paper's MMIO_Interface.v and VRAM.v: the window is
 * 0x1002_xxxx; a store below 0x960 writes one character (the byte in the store's lane, the
 * stored value's low byte), a store above it is ignored, and every read returns 0: the VRAM's
 * CPU port is write-only.  The buffer starts as spaces, as VRAM.v initialises it. */
#include <ctype.h>
#include <errno.h>
#include <string.h>
#include "png.h"
#include "vga.h"

#define VGA_BASE 0x10020000u /* docs/boards.md "Paper SoC" */
#define VGA_SIZE 0x10000u    /* the RTL decodes address bits 31:16 */

static int vga_read(void *dev, uint64_t off, unsigned size, uint64_t *val)
{
    (void)dev, (void)off, (void)size;
    *val = 0;
    return 0;
}

static int vga_write(void *dev, uint64_t off, unsigned size, uint64_t val)
{
    struct vga *v = dev;
    (void)size;
    if (off < sizeof v->cell)
        v->cell[off] = (uint8_t)val;
    return 0;
}

static const struct device_ops vga_ops = {.read = vga_read, .write = vga_write};

void vga_init(struct vga *v, struct device *win)
{
    memset(v->cell, ' ', sizeof v->cell);
    *win = (struct device){.name = "vga", .base = VGA_BASE, .size = VGA_SIZE, .ops = &vga_ops,
                           .state = v};
}

void vga_text(const struct vga *v, FILE *out)
{
    char rule[VGA_COLS + 3];
    memset(rule, '-', sizeof rule);
    rule[0] = rule[VGA_COLS + 1] = '+';
    rule[VGA_COLS + 2] = 0;
    fprintf(out, "%s\n", rule);
    for (int r = 0; r < VGA_ROWS; r++) {
        fputc('|', out);
        for (int c = 0; c < VGA_COLS; c++) {
            uint8_t ch = v->cell[r * VGA_COLS + c];
            fputc(ch >= 0x20 && ch < 0x7f ? ch : '.', out);
        }
        fputs("|\n", out);
    }
    fprintf(out, "%s\n", rule);
}

int vga_font_read(const char *path, uint8_t font[256][VGA_FONT_H], char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    unsigned n = 0, line = 1;
    int c = fgetc(f);
    while (c != EOF) {
        if (c == '\n')
            line++;
        if (isspace(c)) {
            c = fgetc(f);
            continue;
        }
        unsigned byte = 0, digits = 0;
        for (; c != EOF && isxdigit(c); c = fgetc(f), digits++)
            byte = byte << 4 | (unsigned)(isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
        if (!digits || digits > 2 || (c != EOF && !isspace(c)) || n == 256 * VGA_FONT_H) {
            snprintf(err, errlen, "%s:%u: %s", path, line,
                     n == 256 * VGA_FONT_H ? "more than 4,096 bytes (256 glyphs of 16 rows)"
                                           : "not a hexadecimal byte");
            fclose(f);
            return -1;
        }
        font[n / VGA_FONT_H][n % VGA_FONT_H] = (uint8_t)byte;
        n++;
    }
    fclose(f);
    if (n != 256 * VGA_FONT_H) {
        snprintf(err, errlen, "%s: %u bytes, not 4,096 (256 glyphs of 16 rows)", path, n);
        return -1;
    }
    return 0;
}

int vga_png(const struct vga *v, const uint8_t font[256][VGA_FONT_H], const char *path)
{
    enum { W = VGA_COLS * 8, H = VGA_ROWS * VGA_FONT_H };
    static uint8_t pix[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint8_t bits = font[v->cell[(y / VGA_FONT_H) * VGA_COLS + x / 8]][y % VGA_FONT_H];
            pix[y * W + x] = bits >> (7 - x % 8) & 1 ? 0xff : 0x00;
        }
    return png_write_gray(path, pix, W, H);
}
