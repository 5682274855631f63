/* Kernel awareness: which threads a Tempo or FreeRTOS image has, their names, states,
 * priorities, stacks and saved registers, found from the image's symbols and read from the
 * simulated memory (nothing in the firmware helps).  What the simulator sees of each thread
 * over the run (stack low-water mark, registers at its last interrupt) is kept here too.
 *
 * Everything kernel-specific is one table per kernel (struct rtos_kernel): rtos_tempo.c,
 * rtos_freertos.c.  A third kernel is one more file and one more line in rtos.c's list. */
#ifndef TEMPO_RTOS_H
#define TEMPO_RTOS_H
#include <stdbool.h>
#include <stdint.h>
#include "elf.h"

#define RTOS_NAME_MAX 32
#define RTOS_MAX_THREADS 256

/* What a kernel says about one thread at the moment it is asked. */
struct rtos_info {
    char name[RTOS_NAME_MAX];
    const char *state;         /* "ready", "blocked", ... ("running" is decided by rtos.c) */
    char detail[96];           /* what it waits for, when the kernel says ("" otherwise) */
    int prio, base_prio;       /* base_prio: -1 when the kernel has none to show */
    uint64_t stack_base;       /* lowest address of its stack (0: unknown) */
    uint64_t saved_sp;         /* its stack pointer as saved at its last switch */
    bool alive;                /* false: exited or deleted (not listed to a debugger) */
    uint64_t wait_mutex, wait_holder; /* blocked on a mutex: its address and its holder's
                                         control block (0: not waiting for a mutex) */
};

/* One thread as the simulator knows it; `tcb` (the control block's address) is its id. */
struct rtos_thread {
    uint64_t tcb;
    char name[RTOS_NAME_MAX];
    uint64_t stack_base, stack_top; /* [base, top): 0 when unknown */
    uint64_t lowest_sp;             /* lowest sp seen inside its stack; UINT64_MAX: never */
    bool irq_valid;                 /* irq_regs: x0-x31 when an interrupt was last taken */
    uint64_t irq_regs[32];          /* while it was current (x0 slot: the interrupted pc) */
};

struct rtos;

/* One kernel.  Offsets and symbol addresses it needs go into r->sym[] / r->off[] (its own
 * indices) in attach(). */
struct rtos_kernel {
    const char *name;                 /* "tempo", "freertos" */
    /* 0 when the image holds this kernel (its symbols are all there and its layout is the
     * one this table knows); fills r->current_var, r->started_var/size, r->initial_frame,
     * r->sym, r->off. */
    int (*attach)(struct rtos *r, const struct elf_image *img);
    /* The control blocks of the threads that exist, into tcb[] (at most max); the count. */
    int (*threads)(struct rtos *r, uint64_t *tcb, int max);
    /* What the kernel says about the thread at `tcb`; -1 when it is not a thread. */
    int (*info)(struct rtos *r, uint64_t tcb, struct rtos_info *out);
    /* Registers of a thread that is not running, from its saved context: regs[0..31] and the
     * pc in regs[32]; bit i of *valid set for each register known.  -1 when none are. */
    int (*saved_regs)(struct rtos *r, const struct rtos_thread *t, uint64_t regs[33], uint64_t *valid);
    /* Is `fn` one of the kernel's public calls (the timeline's kernel-call spans)? */
    bool (*is_api)(const char *fn);
    /* Functions of the switch and trap-exit path: a thread made current "runs" at its first
     * instruction outside them (--measure run:NAME). NULL-terminated. */
    const char *const *switch_code;
    /* A function whose first argument (a0) is a new thread's control block, for kernels that
     * keep no list of all threads (the simulator watches its calls); NULL when not needed. */
    const char *create_fn;
    /* What each r->off[] entry is ("struct tk_thread::name", "sizeof(ListItem_t)", or a
     * description without "::" or "sizeof" when no C type has it), for `monitor rtos` and
     * the test that checks the table against an image's DWARF.  NULL-terminated. */
    const char *const *offset_name;
};

struct machine;
struct rtos {
    const struct rtos_kernel *k;
    struct machine *m;
    unsigned ptr;                  /* pointer size in bytes: 4 or 8 */
    uint64_t current_var;          /* the kernel's current-thread pointer */
    uint64_t started_var;          /* nonzero once the scheduler runs */
    unsigned started_size;
    bool watch_started;            /* the scheduler's start makes a thread current without a
                                      store to current_var (FreeRTOS): watch started_var too */
    uint64_t initial_frame;        /* bytes of a new thread's first context on its stack: its
                                      stack's top is its saved sp + this until it first runs */
    uint64_t sym[16];              /* the kernel table's own symbol addresses */
    uint64_t off[24];              /* ... and structure offsets */
    struct rtos_thread t[RTOS_MAX_THREADS];
    int n;                         /* threads known (every thread ever seen stays) */
    unsigned stacks;               /* counts the changes to n and to the threads' stack extents */
    int cur;                       /* index of the current thread; -1 before the scheduler */
    bool started;
    char why[160];                 /* a known kernel whose layout differs: the reason */
};

/* Find the kernel of the image and attach to it: 0, or -1 when the image has none known
 * (r->k NULL; r->why says why when it has one whose layout the table does not match). */
int rtos_attach(struct rtos *r, struct machine *m, const struct elf_image *img);
/* The thread record of `tcb`, added (with a first look at its stack) when new. */
int rtos_thread_index(struct rtos *r, uint64_t tcb);
/* A thread was created at `tcb` (the create_fn was called): forget what was known of an
 * earlier thread there. */
void rtos_created(struct rtos *r, uint64_t tcb);
/* Read the kernel's current-thread and started variables and update r->cur / r->started;
 * returns the index of the current thread (-1 before the scheduler starts). */
int rtos_sync_current(struct rtos *r);
/* Look at every thread the kernel has now (records added, stacks looked at); the count of
 * live threads, their indices in idx[] (at most max). */
int rtos_refresh(struct rtos *r, int *idx, int max);
/* The kernel's view of thread index i; the state says "running" for the current one. */
int rtos_info(struct rtos *r, int i, struct rtos_info *out);
/* Registers of thread index i: the hart's own for the current thread, else its saved
 * context.  regs[32] is the pc; bit i of *valid per known register.  -1 when unknown. */
int rtos_regs(struct rtos *r, int i, uint64_t regs[33], uint64_t *valid);

/* Debug access to simulated memory (RAM only; no device is touched): 0, or -1 when some byte
 * lies outside every memory. */
int rtos_read(struct rtos *r, uint64_t addr, void *buf, uint64_t n);
uint64_t rtos_ptr(struct rtos *r, uint64_t addr);     /* a pointer-size word; 0 when unreadable */
uint64_t rtos_word(struct rtos *r, uint64_t addr, unsigned size); /* 1, 2, 4 or 8 bytes */
void rtos_string(struct rtos *r, uint64_t addr, char *out, unsigned max);

extern const struct rtos_kernel rtos_tempo, rtos_freertos;
#endif
