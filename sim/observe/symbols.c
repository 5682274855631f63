/* Function names by address (symbols.h). */
#include "symbols.h"
#include <stdbool.h>
#include <stdlib.h>

enum { STT_NOTYPE = 0, STB_GLOBAL = 1, STB_WEAK = 2 };

static int by_addr(const void *a, const void *b)
{
    const struct func_sym *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

int symtab_init(struct symtab *t, const struct elf_image *img, uint64_t code_lo, uint64_t code_hi)
{
    t->n = 0;
    t->f = calloc(img->nsym + 1, sizeof *t->f);
    if (!t->f)
        return -1;
    for (size_t i = 0; i < img->nsym; i++) {
        const struct elf_symbol *s = &img->sym[i];
        bool global_label = s->type == STT_NOTYPE && (s->bind == STB_GLOBAL || s->bind == STB_WEAK);
        if (!(s->is_func || global_label) || s->value < code_lo || s->value >= code_hi)
            continue;
        t->f[t->n++] = (struct func_sym){s->name, s->value, s->size ? s->value + s->size : 0,
                                         s->bind == STB_GLOBAL || s->bind == STB_WEAK};
    }
    qsort(t->f, t->n, sizeof *t->f, by_addr);
    /* aliases at one address: keep the first (a global one before a file's static one); a
     * symbol without size ends at the next one */
    size_t n = 0;
    for (size_t i = 0; i < t->n; i++) {
        if (n && t->f[n - 1].lo == t->f[i].lo) {
            if (!t->f[n - 1].global && t->f[i].global)
                t->f[n - 1] = t->f[i];
            continue;
        }
        t->f[n++] = t->f[i];
    }
    t->n = n;
    for (size_t i = 0; i < t->n; i++) {
        uint64_t next = i + 1 < t->n ? t->f[i + 1].lo : code_hi;
        if (!t->f[i].hi || t->f[i].hi > next)
            t->f[i].hi = next;
    }
    return 0;
}

size_t symtab_index(const struct symtab *t, uint64_t pc)
{
    size_t lo = 0, hi = t->n; /* binary search for the last function starting at or below pc */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->f[mid].lo <= pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo && pc < t->f[lo - 1].hi ? lo - 1 : t->n;
}

const char *symtab_name(const struct symtab *t, uint64_t pc)
{
    size_t i = t ? symtab_index(t, pc) : 0;
    return t && i < t->n ? t->f[i].name : "?";
}

void symtab_free(struct symtab *t)
{
    free(t->f);
    t->f = NULL;
    t->n = 0;
}
