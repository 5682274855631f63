/* PNG (RFC 2083) with a zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 3.2.4):
 * each block is a 5-byte header and up to 65,535 bytes as they are. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "png.h"

#define STORED_MAX 65535u

static uint32_t crc_table[256];

static void crc_init(void)
{
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

static uint32_t crc(uint32_t c, const uint8_t *p, size_t n)
{
    c = ~c;
    while (n--)
        c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return ~c;
}

static void be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

/* A chunk: length, type, data, CRC of type and data. */
static int chunk(FILE *f, const char *type, const uint8_t *data, uint32_t n)
{
    uint8_t head[8], tail[4];
    be32(head, n);
    memcpy(head + 4, type, 4);
    be32(tail, crc(crc(0, head + 4, 4), data, n));
    return fwrite(head, 1, 8, f) != 8 || (n && fwrite(data, 1, n, f) != n) ||
           fwrite(tail, 1, 4, f) != 4;
}

int png_write_gray(const char *path, const uint8_t *pix, unsigned w, unsigned h)
{
    /* the raw image: each row behind its filter byte (0, none) */
    size_t row = (size_t)w + 1, raw_n = row * h;
    size_t blocks = raw_n / STORED_MAX + 1;
    size_t z_n = 2 + raw_n + 5 * blocks + 4;
    uint8_t *raw = malloc(raw_n), *z = malloc(z_n);
    FILE *f = fopen(path, "wb");
    int failed = !raw || !z || !f;
    if (!failed) {
        crc_init();
        for (unsigned y = 0; y < h; y++) {
            raw[y * row] = 0;
            memcpy(raw + y * row + 1, pix + (size_t)y * w, w);
        }
        uint8_t *p = z;
        *p++ = 0x78, *p++ = 0x01; /* deflate, 32 KiB window, no dictionary; (0x7801 % 31 == 0) */
        uint32_t a = 1, b = 0;    /* Adler-32 of the raw data */
        for (size_t off = 0, left = raw_n;; ) {
            uint32_t n = left > STORED_MAX ? STORED_MAX : (uint32_t)left;
            *p++ = left == n; /* BFINAL on the last block; BTYPE 00: stored */
            *p++ = (uint8_t)n, *p++ = (uint8_t)(n >> 8);
            *p++ = (uint8_t)~n, *p++ = (uint8_t)(~n >> 8);
            memcpy(p, raw + off, n);
            for (uint32_t i = 0; i < n; i++) {
                a = (a + raw[off + i]) % 65521;
                b = (b + a) % 65521;
            }
            p += n, off += n, left -= n;
            if (!left)
                break;
        }
        be32(p, b << 16 | a);
        p += 4;
        uint8_t ihdr[13];
        be32(ihdr, w);
        be32(ihdr + 4, h);
        ihdr[8] = 8, ihdr[9] = 0, ihdr[10] = 0, ihdr[11] = 0, ihdr[12] = 0; /* 8-bit grey */
        static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
        failed = fwrite(sig, 1, 8, f) != 8 || chunk(f, "IHDR", ihdr, 13) ||
                 chunk(f, "IDAT", z, (uint32_t)(p - z)) || chunk(f, "IEND", NULL, 0);
    }
    if (f)
        failed |= fclose(f) != 0;
    free(raw);
    free(z);
    return failed ? -1 : 0;
}
