/* The .mem image: the file the paper's RTL reads with $readmemh into its instruction memory
 * (docs/boards.md "Images in .mem form"): one 32-bit word per line, in hexadecimal, from
 * address 0.  It has no width and no symbols: --xlen gives the width. */
#ifndef TEMPO_MEMFILE_H
#define TEMPO_MEMFILE_H
#include "elf.h"

/* True when `path` names a .mem image (by its suffix). */
int memfile_is(const char *path);
/* Read it as an image of one segment at address 0, entry 0, no symbols: 0, or
 * EXIT_ELF_UNREADABLE / EXIT_ELF_MALFORMED with the reason in err.  elf_free() frees it. */
int memfile_read(const char *path, int xlen, struct elf_image *img, char *err, size_t errlen);
#endif
