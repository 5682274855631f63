/* The paper SoC's VGA text screen (docs/boards.md "VGA text screen"): 80 x 30 characters the
 * firmware writes a byte at a time, shown at exit as text (--vga-text) or as a 640 x 480
 * picture drawn with the SoC's 8 x 16 font ROM (--vga-png with --vga-font). */
#ifndef TEMPO_VGA_H
#define TEMPO_VGA_H
#include <stdio.h>
#include "device.h"

#define VGA_COLS 80
#define VGA_ROWS 30
#define VGA_FONT_H 16 /* 8 x 16 glyphs: 640 x 480 pixels */

struct vga {
    uint8_t cell[VGA_ROWS * VGA_COLS]; /* row * 80 + column, as the RTL's VRAM */
};

void vga_init(struct vga *v, struct device *win);
/* The screen in a frame, one line per row; bytes outside printable ASCII as '.'. */
void vga_text(const struct vga *v, FILE *out);
/* The font ROM's file (the RTL's cp437_8x16.mem: 4,096 bytes in hexadecimal, glyph c's row r
 * at c * 16 + r, bit 7 the leftmost pixel): 0, or -1 with the reason in err. */
int vga_font_read(const char *path, uint8_t font[256][VGA_FONT_H], char *err, size_t errlen);
/* The screen as a grey-scale PNG, white on black: 0, or -1 when it cannot be written. */
int vga_png(const struct vga *v, const uint8_t font[256][VGA_FONT_H], const char *path);
#endif
