/* Function names from the ELF symbol table, by address: the profile's per-function table
 * and the function named in messages (a fault, a trap storm, an interrupted run). */
#ifndef TEMPO_SYMBOLS_H
#define TEMPO_SYMBOLS_H
#include <stddef.h>
#include <stdint.h>
#include "elf.h"

struct func_sym {
    const char *name; /* points into the ELF image */
    uint64_t lo, hi;  /* [lo, hi) */
    int global;       /* a global or weak symbol (not a file's static function) */
};

struct symtab {
    struct func_sym *f; /* sorted by address, disjoint */
    size_t n;
};

/* The functions of `img` inside code memory [code_lo, code_hi): FUNC symbols, and global
 * untyped ones (assembly routines often lack `.type @function`).  0, or -1 when out of
 * memory. */
int symtab_init(struct symtab *t, const struct elf_image *img, uint64_t code_lo, uint64_t code_hi);
/* The index in t->f of the function holding `pc`, or t->n when none does. */
size_t symtab_index(const struct symtab *t, uint64_t pc);
/* Its name, or "?" */
const char *symtab_name(const struct symtab *t, uint64_t pc);
void symtab_free(struct symtab *t);
#endif
