/* ELF32/ELF64 RISC-V executable reader: validates everything it uses (bad input gets a
 * one-line reason and an exit code, never a crash), loads PT_LOAD segments into the
 * machine's RAM and keeps the symbol table. */
#ifndef TEMPO_ELF_H
#define TEMPO_ELF_H
#include <stddef.h>
#include <stdint.h>
#include "machine.h"

struct elf_segment {
    uint64_t vaddr, memsz, filesz, offset; /* vaddr: where it is loaded, the ELF's p_paddr */
};

struct elf_symbol {
    uint64_t value, size;
    const char *name; /* points into the file image */
    int is_func;
    unsigned char type, bind; /* STT_*, STB_* */
};

struct elf_image {
    uint8_t *data;
    size_t len;
    int xlen;
    uint64_t entry;
    struct elf_segment *seg;
    size_t nseg;
    struct elf_symbol *sym;
    size_t nsym;
};

/* The largest image file read (a size cap, so that /dev/zero or a runaway file is refused
 * at once): far above any image for the SoCs' memories, whose sections are mostly BSS. */
#define ELF_MAX_BYTES (64u << 20)

/* Read and validate `path`.  0 on success; else EXIT_ELF_UNREADABLE (also for a file larger
 * than ELF_MAX_BYTES) or EXIT_ELF_MALFORMED with the reason in err. */
int elf_read(const char *path, struct elf_image *img, char *err, size_t errlen);
/* The validation part of elf_read, on img->data and img->len (the other fields zero);
 * `path` names the image in messages.  The fuzz harness (sim/fuzz/) enters here. */
int elf_parse(struct elf_image *img, const char *path, char *err, size_t errlen);
/* Copy the segments into RAM.  0, or EXIT_ELF_OUTSIDE with the reason in err: a segment
 * outside the SoC's memories, or an entry point outside its code memory. */
int elf_load(const struct elf_image *img, struct machine *m, char *err, size_t errlen);
/* Address (and size) of a symbol; 0 when absent. */
int elf_find_symbol(const struct elf_image *img, const char *name, uint64_t *value, uint64_t *size);
void elf_free(struct elf_image *img);
#endif
