/* A minimal PNG writer: 8-bit grey scale, the image data in stored (uncompressed) deflate
 * blocks, so that it needs no compression library; a viewer reads it like any PNG. */
#ifndef TEMPO_PNG_H
#define TEMPO_PNG_H
#include <stdint.h>

/* w x h pixels, row after row, one byte each: 0, or -1 when the file cannot be written. */
int png_write_gray(const char *path, const uint8_t *pix, unsigned w, unsigned h);
#endif
