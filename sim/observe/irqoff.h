/* Interrupt-disabled windows: how long mstatus.MIE stayed 0, where it went to 0 and where it
 * came back (docs/wcet.md "Interrupt-disabled windows").
 *
 * A window opens when MIE goes from 1 to 0 (a CSR write of mstatus: csrc, csrw, csrrw; or a
 * trap entry) and closes when MIE goes from 0 to 1 (a CSR write: csrs, csrw; or MRET).  Reset
 * leaves MIE at 0: the boot code before MIE is first set is no window.  A window still open
 * when the run ends is not counted (it has no end).  Its length is the cycles between the two
 * changes, less the cycles WFI waited inside it: an enabled interrupt wakes WFI whatever MIE,
 * so only the cycles the core was busy delay one (the waited cycles are reported apart).
 *
 * The tracker keeps the IRQOFF_KEEP longest windows (the longest of each pair of start and
 * end pcs, with how many windows had that pair) and may call a callback for each window
 * longer than a limit.  It depends on nothing of the machine: the CSR file, trap entry, MRET
 * and WFI call it (csr.c, trap.c), whichever engine runs, and the report resolves pcs to
 * functions (sim/observe/symbols.h). */
#ifndef TEMPO_IRQOFF_H
#define TEMPO_IRQOFF_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define IRQOFF_KEEP 8 /* windows kept, longest first, one per (start pc, end pc) */

/* How MIE changed. */
enum irqoff_by { IRQOFF_CSR, IRQOFF_TRAP, IRQOFF_MRET };

struct irqoff_window {
    uint64_t cycles;       /* with MIE = 0, less the cycles WFI waited */
    uint64_t idle_cycles;  /* WFI waited inside the window */
    uint64_t start_cycle;  /* the cycle MIE went to 0 */
    uint64_t start_pc;     /* the CSR instruction, or the trap handler's first instruction */
    uint64_t end_pc;       /* the CSR instruction or the MRET */
    uint8_t start_by, end_by; /* enum irqoff_by */
    uint64_t count;        /* in the kept list: windows with this start and end pc */
};

struct irqoff;
/* Called when a window longer than the limit closes. */
typedef void irqoff_callback(void *ctx, const struct irqoff_window *w);

struct irqoff {
    struct irqoff_window top[IRQOFF_KEEP]; /* the longest, longest first */
    unsigned n;                   /* used entries of top */
    uint64_t count;               /* windows closed */
    bool open;                    /* MIE is 0 and a window runs */
    struct irqoff_window cur;     /* the open window */
    uint64_t limit;               /* 0: no callback */
    irqoff_callback *over;
    void *ctx;
};

void irqoff_init(struct irqoff *t);
/* Call `over(ctx, window)` for every window longer than `limit` cycles (limit 0: never). */
void irqoff_set_limit(struct irqoff *t, uint64_t limit, irqoff_callback *over, void *ctx);
/* MIE was `was` and is now `now`, changed by the instruction at `pc` (for a trap: the
 * handler's first instruction) at `cycle`. */
void irqoff_mie(struct irqoff *t, bool was, bool now, enum irqoff_by by, uint64_t pc,
                uint64_t cycle);
/* WFI waited `cycles` (whatever MIE: counted only inside an open window). */
static inline void irqoff_idle(struct irqoff *t, uint64_t cycles)
{
    if (t->open)
        t->cur.idle_cycles += cycles;
}
/* The longest window's cycles (0 when none closed). */
static inline uint64_t irqoff_max(const struct irqoff *t) { return t->n ? t->top[0].cycles : 0; }
/* "csrw", "trap", "mret" */
const char *irqoff_by_name(unsigned by);

struct symtab;
/* --stats lines and the --stats-json member "irq_off" (`syms` may be NULL). */
void irqoff_print(const struct irqoff *t, const struct symtab *syms, FILE *out);
void irqoff_json(const struct irqoff *t, const struct symtab *syms, FILE *f);
/* --irq-off-json: {"irq_off": ...} into `path`; 0, or -1 when it cannot be written. */
int irqoff_write(const struct irqoff *t, const struct symtab *syms, const char *path);
#endif
