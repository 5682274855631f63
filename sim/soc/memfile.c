/* .mem images (memfile.h).  Accepted: words of 1 to 8 hex digits separated by white space,
 * and `//` comments; an `@address` line (which $readmemh allows) is refused, since the
 * paper's images do not use it and a gap would have to be guessed. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "memfile.h"

int memfile_is(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && !strcmp(path + n - 4, ".mem");
}

static int fail(char *err, size_t errlen, int code, const char *what, const char *path,
                unsigned line)
{
    if (line)
        snprintf(err, errlen, "%s:%u: %s", path, line, what);
    else
        snprintf(err, errlen, "%s: %s", path, what);
    return code;
}

int memfile_read(const char *path, int xlen, struct elf_image *img, char *err, size_t errlen)
{
    memset(img, 0, sizeof *img);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return EXIT_ELF_UNREADABLE;
    }
    size_t cap = 4096;
    uint8_t *data = malloc(cap);
    unsigned line = 1;
    int rc = data ? 0 : fail(err, errlen, EXIT_ELF_UNREADABLE, "out of memory", path, 0);
    int c = fgetc(f);
    while (!rc && c != EOF) {
        if (c == '\n')
            line++;
        if (isspace(c)) {
            c = fgetc(f);
            continue;
        }
        if (c == '/') {
            if ((c = fgetc(f)) != '/') {
                rc = fail(err, errlen, EXIT_ELF_MALFORMED, "a lone '/' (comments are //)", path, line);
                break;
            }
            while (c != EOF && c != '\n')
                c = fgetc(f);
            continue;
        }
        if (c == '@') {
            rc = fail(err, errlen, EXIT_ELF_MALFORMED, "an @address line is not supported", path, line);
            break;
        }
        uint32_t w = 0;
        unsigned digits = 0;
        for (; c != EOF && isxdigit(c); c = fgetc(f), digits++)
            w = w << 4 | (uint32_t)(isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
        if (!digits || digits > 8 || (c != EOF && !isspace(c) && c != '/')) {
            rc = fail(err, errlen, EXIT_ELF_MALFORMED, "not a 32-bit hexadecimal word", path, line);
            break;
        }
        if (img->len + 4 > ELF_MAX_BYTES) {
            rc = fail(err, errlen, EXIT_ELF_UNREADABLE, "larger than 64 MiB", path, 0);
            break;
        }
        if (img->len + 4 > cap) {
            uint8_t *d = realloc(data, cap *= 2);
            if (!d) {
                rc = fail(err, errlen, EXIT_ELF_UNREADABLE, "out of memory", path, 0);
                break;
            }
            data = d;
        }
        for (int i = 0; i < 4; i++)
            data[img->len++] = (uint8_t)(w >> (8 * i)); /* little-endian, as the core fetches */
    }
    fclose(f);
    if (!rc && !img->len)
        rc = fail(err, errlen, EXIT_ELF_MALFORMED, "no words", path, 0);
    if (!rc && !(img->seg = calloc(1, sizeof *img->seg)))
        rc = fail(err, errlen, EXIT_ELF_UNREADABLE, "out of memory", path, 0);
    if (rc) {
        free(data);
        free(img->seg);
        memset(img, 0, sizeof *img);
        return rc;
    }
    img->data = data;
    img->xlen = xlen;
    img->entry = 0;
    img->nseg = 1;
    img->seg[0] = (struct elf_segment){.vaddr = 0, .memsz = img->len, .filesz = img->len};
    return 0;
}
