/* Source lines of code addresses, from the image's DWARF line table (elfutils' libdw).  A
 * simulator built without libdw (Debian's libdw-dev), or an image without debug information,
 * has no lines: lines_at() then says so and messages name the function alone. */
#ifndef TEMPO_LINES_H
#define TEMPO_LINES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lines;

/* The line table of the ELF file at `path`; NULL when it has none or libdw is absent. */
struct lines *lines_open(const char *path);
void lines_close(struct lines *l);
/* "file.c:66" for the code address into buf (the file as the compiler named it, less the
 * current directory); false, with buf empty, when no line is known. */
bool lines_at(struct lines *l, uint64_t addr, char *buf, size_t n);
/* Was the simulator built with libdw? */
bool lines_available(void);
#endif
