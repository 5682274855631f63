/* Source lines from DWARF (lines.h). */
#define _POSIX_C_SOURCE 200809L /* getcwd */
#include "lines.h"
#include <stdio.h>
#include <stdlib.h>

#ifdef TEMPO_HAVE_LIBDW

#include <elfutils/libdw.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

struct lines {
    int fd;
    Dwarf *dw;
    char cwd[4096];
};

bool lines_available(void) { return true; }

struct lines *lines_open(const char *path)
{
    struct lines *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->fd = open(path, O_RDONLY);
    if (l->fd >= 0)
        l->dw = dwarf_begin(l->fd, DWARF_C_READ);
    if (!l->dw) {
        lines_close(l);
        return NULL;
    }
    if (!getcwd(l->cwd, sizeof l->cwd))
        l->cwd[0] = 0;
    return l;
}

void lines_close(struct lines *l)
{
    if (!l)
        return;
    if (l->dw)
        dwarf_end(l->dw);
    if (l->fd >= 0)
        close(l->fd);
    free(l);
}

/* The compilation unit holding addr: from .debug_aranges, else by asking every unit (an
 * image linked without aranges). */
static bool cu_of(Dwarf *dw, uint64_t addr, Dwarf_Die *cu)
{
    if (dwarf_addrdie(dw, addr, cu))
        return true;
    Dwarf_Off off = 0, next;
    size_t hsize;
    while (!dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL)) {
        if (dwarf_offdie(dw, off + hsize, cu) && dwarf_haspc(cu, addr) > 0)
            return true;
        off = next;
    }
    return false;
}

bool lines_at(struct lines *l, uint64_t addr, char *buf, size_t n)
{
    buf[0] = 0;
    Dwarf_Die cu;
    if (!l || !cu_of(l->dw, addr, &cu))
        return false;
    Dwarf_Line *line = dwarf_getsrc_die(&cu, addr);
    int no = 0;
    const char *file = line ? dwarf_linesrc(line, NULL, NULL) : NULL;
    if (!file || dwarf_lineno(line, &no) || no <= 0)
        return false;
    size_t k = strlen(l->cwd);
    if (k && !strncmp(file, l->cwd, k) && file[k] == '/')
        file += k + 1;
    snprintf(buf, n, "%s:%d", file, no);
    return true;
}
#else
bool lines_available(void) { return false; }
struct lines *lines_open(const char *path) { (void)path; return NULL; }
void lines_close(struct lines *l) { (void)l; }
bool lines_at(struct lines *l, uint64_t addr, char *buf, size_t n)
{
    (void)l, (void)addr;
    if (n)
        buf[0] = 0;
    return false;
}
#endif
