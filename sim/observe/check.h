/* tempo-sim --check: firmware that goes wrong is stopped where it goes wrong (docs/check.md).
 *
 * Per instruction (before it executes, so the neighbour is not yet overwritten; on the traced
 * loop, to which the fast engine leaves every instruction these may find on: observe.h's
 * fast_watch, kept here): a stack pointer moved below its thread's stack, a store below the
 * stack (or into its guard word), a store into code, an access or a call into the NULL
 * guard region, a load of RAM never written since reset.  At looks every CHECK_LOOK cycles
 * (cpu_event(), no cost per instruction, on the fast engine too): no progress (no thread
 * switch, no output, no interrupt or trap) for --check-hang cycles, and threads waiting for
 * each other's mutexes; and, as each interrupt-disabled window closes (irqoff.h, any engine),
 * one longer than --check-irq-off.  The first finding ends the run with EXIT_CHECK and one line.
 *
 * The same looks serve every run, --check or not: a run that prints nothing for
 * --silence-limit cycles says so once on stderr (and goes on). */
#ifndef TEMPO_CHECK_H
#define TEMPO_CHECK_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "decode.h"
#include "elf.h"
#include "observer.h"

enum {
    CHECK_STACK = 1,    /* sp below its thread's stack; stores below sp's stack or into its guard */
    CHECK_CODE = 2,     /* stores into code */
    CHECK_NULL = 4,     /* loads, stores and calls in [0, --check-null) */
    CHECK_UNINIT = 8,   /* loads of RAM no store (nor the image) ever wrote */
    CHECK_HANG = 16,    /* no progress for --check-hang cycles */
    CHECK_DEADLOCK = 32, /* a cycle of threads waiting for mutexes the next one holds */
    CHECK_IRQOFF = 64,  /* interrupts disabled for longer than --check-irq-off (irqoff.h) */
    CHECK_ALL = 127,
    CHECK_PER_INSN = CHECK_STACK | CHECK_CODE | CHECK_NULL | CHECK_UNINIT,
};

#define CHECK_HANG_DEFAULT 100000000ull      /* 1 s of the 100 MHz core */
#define CHECK_NULL_DEFAULT 256u
#define CHECK_IRQOFF_DEFAULT 100000ull       /* 1 ms: a tick of every kernel here */
#define CHECK_SILENCE_DEFAULT 10000000000ull /* 100 s of the 100 MHz core */
#define CHECK_LOOK 1000000u                  /* cycles between looks */

struct check_config {
    unsigned what;       /* CHECK_* (0: no --check) */
    uint64_t hang;       /* --check-hang */
    uint64_t null_size;  /* --check-null */
    uint64_t irq_off;    /* --check-irq-off */
    uint64_t silence;    /* --silence-limit; 0: never */
};

struct machine;
struct check;

/* --check=LIST: names separated by commas ("all" for every check); 0, or -1 with the
 * unknown name in err. */
int check_parse(const char *list, unsigned *what, char *err, size_t errlen);
/* The checks for machine m running image img (read from path, for its DWARF lines);
 * m->check is set and the first look armed.  NULL when out of memory. */
struct check *check_new(struct machine *m, const struct elf_image *img, const char *path,
                        const struct check_config *cfg);
void check_free(struct check *c);
/* Does the reference loop call check_step() (any per-instruction check asked for)? */
bool check_per_insn(const struct check *c);
/* Which instructions check_step() looks at: loads, stores, JALR, writes of sp. */
static inline bool check_wants(const struct insn *d)
{
    return d->t.cls == TC_LOAD || d->t.cls == TC_STORE || d->op == OP_JALR || d->t.rd == 2;
}
/* The traced loop, before executing d at pc (ea: a load's or store's address): false when
 * it is a finding (reported; the run stops before the instruction executes). */
bool check_step(struct machine *m, uint64_t pc, const struct insn *d, uint64_t ea);
/* cpu_event() at m->watch_at: the look. */
void check_look(struct machine *m);
/* The checks as an observer (observer.h), to register with observe_register() when the run
 * has observers: the kernel's thread switches count as progress, and the per-instruction
 * checks are its exec hook (check_step()) with the fast engine's watch (its fast_sync hook). */
struct observer check_observer(struct check *c);
/* Where the core is, for a line about the run's end: "thread NAME, " or "" (no kernel), the
 * function and its source line, and whether interrupts are off, into buf. */
void check_where(struct machine *m, char *buf, size_t n);
/* The same after a line that names the pc and its function already: "[ (file:line)][;
 * thread NAME][, in an interrupt handler][, interrupts off]" (possibly empty). */
void check_context(struct machine *m, char *buf, size_t n);
#endif
