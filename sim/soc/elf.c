/* ELF reader (see elf.h).  Fields are read byte by byte (little-endian) so the host's
 * struct layout and alignment never matter. */
#define _POSIX_C_SOURCE 200809L /* fileno, fstat */
#include "elf.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { EM_RISCV = 243, ET_EXEC = 2, PT_LOAD = 1, SHT_SYMTAB = 2, STT_FUNC = 2 };

static uint64_t rd(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = n; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

static int fail(char *err, size_t errlen, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return code;
}

/* true when [off, off + n) lies inside the file */
static int in_file(const struct elf_image *img, uint64_t off, uint64_t n)
{
    return off <= img->len && n <= img->len - off;
}

static int read_symbols(struct elf_image *img, int is64, char *err, size_t errlen)
{
    const uint8_t *d = img->data;
    uint64_t shoff = is64 ? rd(d + 40, 8) : rd(d + 32, 4);
    unsigned shentsize = rd(d + (is64 ? 58 : 46), 2), shnum = rd(d + (is64 ? 60 : 48), 2);
    if (shoff == 0 || shnum == 0)
        return 0; /* stripped: no symbols */
    unsigned want = is64 ? 64 : 40;
    if (shentsize != want || !in_file(img, shoff, (uint64_t)shnum * want))
        return fail(err, errlen, EXIT_ELF_MALFORMED, "section headers outside the file");
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = d + shoff + (uint64_t)i * want;
        if (rd(sh + 4, 4) != SHT_SYMTAB)
            continue;
        uint64_t off = is64 ? rd(sh + 24, 8) : rd(sh + 16, 4);
        uint64_t size = is64 ? rd(sh + 32, 8) : rd(sh + 20, 4);
        unsigned link = rd(sh + (is64 ? 40 : 24), 4);
        uint64_t entsize = is64 ? 24 : 16;
        if (!in_file(img, off, size) || link >= shnum)
            return fail(err, errlen, EXIT_ELF_MALFORMED, "symbol table outside the file");
        const uint8_t *lsh = d + shoff + (uint64_t)link * want;
        uint64_t stroff = is64 ? rd(lsh + 24, 8) : rd(lsh + 16, 4);
        uint64_t strsize = is64 ? rd(lsh + 32, 8) : rd(lsh + 20, 4);
        if (!in_file(img, stroff, strsize) || strsize == 0 || d[stroff + strsize - 1] != 0)
            return fail(err, errlen, EXIT_ELF_MALFORMED, "string table outside the file");
        size_t n = size / entsize;
        img->sym = calloc(n ? n : 1, sizeof *img->sym);
        if (!img->sym)
            return fail(err, errlen, EXIT_ELF_MALFORMED, "out of memory");
        for (size_t k = 0; k < n; k++) {
            const uint8_t *s = d + off + k * entsize;
            uint64_t name = rd(s, 4);
            unsigned info = is64 ? s[4] : s[12];
            uint64_t value = is64 ? rd(s + 8, 8) : rd(s + 4, 4);
            uint64_t ssize = is64 ? rd(s + 16, 8) : rd(s + 8, 4);
            if (name >= strsize)
                return fail(err, errlen, EXIT_ELF_MALFORMED, "symbol name outside the string table");
            if (name == 0)
                continue;
            struct elf_symbol *e = &img->sym[img->nsym++];
            e->value = value;
            e->size = ssize;
            e->name = (const char *)d + stroff + name;
            e->is_func = (info & 15) == STT_FUNC;
            e->type = info & 15;
            e->bind = info >> 4;
        }
        break;
    }
    return 0;
}

int elf_read(const char *path, struct elf_image *img, char *err, size_t errlen)
{
    memset(img, 0, sizeof *img);
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(err, errlen, EXIT_ELF_UNREADABLE, "cannot open %s: %s", path, strerror(errno));
    /* a regular file is refused by its size before anything is read; anything else (a
     * pipe, a device) is read up to the cap */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size > ELF_MAX_BYTES) {
        fclose(f);
        return fail(err, errlen, EXIT_ELF_UNREADABLE, "%s is larger than the %u MiB image limit",
                    path, ELF_MAX_BYTES >> 20);
    }
    size_t cap = 1 << 16;
    img->data = calloc(1, cap);
    for (;;) {
        if (!img->data) {
            fclose(f);
            return fail(err, errlen, EXIT_ELF_UNREADABLE, "out of memory reading %s", path);
        }
        img->len += fread(img->data + img->len, 1, cap - img->len, f);
        if (img->len < cap) {
            /* every byte of the buffer is defined (zero past what was read), so no check
             * below can read an undefined byte, whatever the file's length */
            memset(img->data + img->len, 0, cap - img->len);
            break;
        }
        if (cap > ELF_MAX_BYTES) {
            fclose(f);
            return fail(err, errlen, EXIT_ELF_UNREADABLE, "%s is larger than the %u MiB image limit",
                        path, ELF_MAX_BYTES >> 20);
        }
        cap = cap * 2 > ELF_MAX_BYTES ? ELF_MAX_BYTES + 1 : cap * 2;
        uint8_t *n = realloc(img->data, cap);
        if (!n)
            free(img->data);
        img->data = n;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad)
        return fail(err, errlen, EXIT_ELF_UNREADABLE, "cannot read %s", path);
    return elf_parse(img, path, err, errlen);
}

int elf_parse(struct elf_image *img, const char *path, char *err, size_t errlen)
{
    const uint8_t *d = img->data;
    if (img->len == 0)
        return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: empty file", path);
    if (img->len < 16 || memcmp(d, "\177ELF", 4) != 0)
        return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: not an ELF file", path);
    if (d[4] != 1 && d[4] != 2)
        return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: ELF class %u is neither ELF32 nor ELF64", path, d[4]);
    int is64 = d[4] == 2;
    img->xlen = is64 ? 64 : 32;
    if (d[5] != 1)
        return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: not little-endian", path);
    if (img->len < (is64 ? 64u : 52u))
        return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: truncated ELF header", path);
    if (rd(d + 18, 2) != EM_RISCV)
        return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: not a RISC-V executable (machine %u)", path,
                    (unsigned)rd(d + 18, 2));
    if (rd(d + 16, 2) != ET_EXEC)
        return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: not an executable (type %u)", path,
                    (unsigned)rd(d + 16, 2));
    /* e_flags RVC only says the image *may* hold compressed instructions (riscv-tests'
     * ma_fetch has some on paths a core without C never reaches): accepted; executing one
     * is an illegal-instruction exception. */
    img->entry = is64 ? rd(d + 24, 8) : rd(d + 24, 4);
    uint64_t phoff = is64 ? rd(d + 32, 8) : rd(d + 28, 4);
    unsigned phentsize = rd(d + (is64 ? 54 : 42), 2), phnum = rd(d + (is64 ? 56 : 44), 2);
    unsigned want = is64 ? 56 : 32;
    if (phnum == 0)
        return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: no program headers", path);
    if (phentsize != want)
        return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: bad program header size %u", path, phentsize);
    if (!in_file(img, phoff, (uint64_t)phnum * want))
        return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: truncated program headers", path);
    img->seg = calloc(phnum, sizeof *img->seg);
    if (!img->seg)
        return fail(err, errlen, EXIT_ELF_MALFORMED, "out of memory");
    uint64_t addr_max = is64 ? UINT64_MAX : UINT32_MAX;
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = d + phoff + (uint64_t)i * want;
        if (rd(ph, 4) != PT_LOAD)
            continue;
        struct elf_segment s;
        s.offset = is64 ? rd(ph + 8, 8) : rd(ph + 4, 4);
        /* placed at its load (physical) address, like objcopy -O binary: an image whose
         * .data is stored in instruction memory and copied at start-up (bsp/paper-rom) finds
         * it there, and its .bss, which runs elsewhere, is the start-up code's to clear; for
         * every other image p_paddr == p_vaddr */
        uint64_t run_at = is64 ? rd(ph + 16, 8) : rd(ph + 8, 4);
        s.vaddr = is64 ? rd(ph + 24, 8) : rd(ph + 12, 4);
        s.filesz = is64 ? rd(ph + 32, 8) : rd(ph + 16, 4);
        s.memsz = is64 ? rd(ph + 40, 8) : rd(ph + 20, 4);
        if (run_at != s.vaddr && s.filesz < s.memsz)
            s.memsz = s.filesz;
        if (s.memsz == 0)
            continue;
        if (s.filesz > s.memsz || !in_file(img, s.offset, s.filesz))
            return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: segment %u: data outside the file", path, i);
        if (s.memsz - 1 > addr_max - s.vaddr || s.vaddr > addr_max)
            return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: segment %u wraps the address space", path, i);
        for (size_t k = 0; k < img->nseg; k++) {
            const struct elf_segment *o = &img->seg[k];
            if (s.vaddr <= o->vaddr + (o->memsz - 1) && o->vaddr <= s.vaddr + (s.memsz - 1))
                return fail(err, errlen, EXIT_ELF_MALFORMED,
                            "%s: segments overlap at 0x%llx", path,
                            (unsigned long long)(s.vaddr > o->vaddr ? s.vaddr : o->vaddr));
        }
        img->seg[img->nseg++] = s;
    }
    if (img->nseg == 0)
        return fail(err, errlen, EXIT_ELF_MALFORMED, "%s: no loadable segment", path);
    return read_symbols(img, is64, err, errlen);
}

static struct ram *ram_for(struct bus *b, uint64_t addr, uint64_t len)
{
    for (int i = 0; i < 2; i++) {
        struct ram *r = &b->ram[i];
        if (r->size && addr >= r->base && addr - r->base <= r->size && len <= r->size - (addr - r->base))
            return r;
    }
    return NULL;
}

int elf_load(const struct elf_image *img, struct machine *m, char *err, size_t errlen)
{
    const char *soc = m->soc == SOC_PAPER ? "paper" : "virt";
    for (size_t i = 0; i < img->nseg; i++) {
        const struct elf_segment *s = &img->seg[i];
        struct ram *r = ram_for(&m->bus, s->vaddr, s->memsz);
        if (!r)
            return fail(err, errlen, EXIT_ELF_OUTSIDE,
                        "segment at 0x%llx (%llu bytes) is outside the memory of --soc %s",
                        (unsigned long long)s->vaddr, (unsigned long long)s->memsz, soc);
        memcpy(r->mem + (s->vaddr - r->base), img->data + s->offset, s->filesz);
        memset(r->mem + (s->vaddr - r->base) + s->filesz, 0, s->memsz - s->filesz);
    }
    const struct ram *code = m->bus.code;
    if (img->entry - code->base >= code->size)
        return fail(err, errlen, EXIT_ELF_OUTSIDE,
                    "entry point 0x%llx is outside the code memory of --soc %s (0x%llx, %llu bytes)",
                    (unsigned long long)img->entry, soc, (unsigned long long)code->base,
                    (unsigned long long)code->size);
    return 0;
}

int elf_find_symbol(const struct elf_image *img, const char *name, uint64_t *value, uint64_t *size)
{
    for (size_t i = 0; i < img->nsym; i++) {
        if (strcmp(img->sym[i].name, name) == 0) {
            *value = img->sym[i].value;
            if (size)
                *size = img->sym[i].size;
            return 1;
        }
    }
    return 0;
}

void elf_free(struct elf_image *img)
{
    free(img->data);
    free(img->seg);
    free(img->sym);
    memset(img, 0, sizeof *img);
}
