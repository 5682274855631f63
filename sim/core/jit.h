/* The fast engine's code generator (jit.c): a translated block's operations (fop.h) as
 * native code, on x86-64 hosts; elsewhere jit_open() says there is none, and every block
 * stays on the threaded interpreter of fast.c.
 *
 * Generated code computes what the interpreter's handlers compute, with the same checks,
 * and hands anything else back to them: it returns to run_blocks() with the operation it
 * stopped at and why (JIT_EXIT), and the interpreter goes on from there exactly as if it
 * had run the operations before.  An operation of a kind the generator does not know (the
 * loads and stores --check watches, MULHSU) and every check that fails (a misaligned or
 * device access, a store into the watched window, a D$ miss, a divisor of 0 or -1, a jump
 * below --check's lowest address) end the generated code
 * with JIT_RESUME at that operation, before it changed anything: its handler then runs it.
 * Its ways out of a block go on to the next block's code themselves when they can
 * (struct jit_env). */
#ifndef TEMPO_JIT_H
#define TEMPO_JIT_H

#include <stdbool.h>
#include <stdint.h>
#include "fop.h"

/* What generated code reads and writes besides the registers: the RAM it loads from and
 * stores to directly (fast.c keeps these up to date; ram[1] is the paper's instruction
 * memory, loads only), and run_blocks()' own state while generated code runs: the code
 * of a block that ends with a timed run remembered for its outcome goes on to that run's
 * block itself, as run_blocks() would (FINISH: the outcome's cycles, instret and issued
 * instructions added, its runs counted, its exit state), when no event is due before the
 * next block's last instruction and that block has code. */
struct jit_env {
    uint64_t r0base, r0size, r1base, r1size;
    uint8_t *r0mem, *r1mem;
    /* stores of n bytes into ram[0] offsets up to slim[n] run here, except into the
     * doublewords [wlo, wlo + wlen) that hold predecoded code or tohost (watch_update) */
    uint64_t slim[9], wlo, wlen;
    uint64_t pc;                  /* JIT_JALR: the target */
    /* with observers (jit_layout's guarded): no going on to the block at watch_pc (one the
     * observers see the start of), nor to one with an instruction that issues at or after
     * trace_at (UINT64_MAX: none; 0 while run_blocks() must look at every block's entry),
     * nor a JALR to a target below low (0: no limit): run_blocks() leaves them to the
     * traced loop (fast.c's struct fast says why) */
    uint64_t watch_pc, trace_at, low;
    /* the checked kinds' stores into ram[0] offsets [olo, olo + olen) go to the traced loop
     * (the observers act on them) */
    uint64_t olo, olen;
    uint64_t stores_own[2]; /* --check's store map: the values whose stores stay (fast_watch) */
    uint64_t ic_fills; /* with an I$: its fills count (a block whose ic_fills equals it is held) */
    /* with the threads' stack marks (fop.h's ADDI_SP, LOAD_SP): a new sp in [sp_lo, sp_lo +
     * sp_span) lies in the current thread's stack, where *lowest is its lowest sp, and
     * needs no other look; any other goes to the interpreter (fast.c's sp_range()) */
    uint64_t sp_lo, sp_span;
    uint64_t *lowest;
    uint64_t cycle, instret, seq; /* run_blocks()' cycle, instret, dseq */
    void *entry;                  /* the timed run being run (struct entry) */
};

/* Where generated code finds, in fast.c's structures, what it follows from one timed run
 * to the next: byte offsets (offsetof), set by fast.c. */
struct jit_layout {
    int32_t entry_block, entry_prefix, entry_out, outcome_size;
    int32_t out_cost, out_next, out_code, out_runs, out_n, out_instret;
    int32_t block_pc;
    /* the hart's next_event, from its register file x (read at every block: the handler of
     * SIGINT and SIGTERM sets it to 0) */
    int32_t next_event;
    bool guarded; /* the code checks env's watch_pc, trace_at and low too */
    /* predictor=table: a way out goes on to the same timed run when the counters it left
     * are the ones it read, to another one when the table (bp) holds the ones that run
     * reads once this run's are in it (fast.c's ONWARD); the outcome's counters, and the
     * run's (struct counters: their indices in bp, how many, their values as a key) */
    bool table;
    int32_t out_counters, entry_key, entry_c_idx, entry_c_n;
    uint8_t *bp;
    /* with --check (fast.c's watch): the checked kinds (fop.h) look at the lowest address
     * (env's low) and at --check's maps, set before the run (NULL: none), as fast.c's
     * watched_load() and watched_store() do: a bit per byte of ram[0] written (a load of
     * bytes none of which was leaves the code, a store sets theirs) and a byte per
     * doubleword whose stores leave it unless it is 0 or one of env's stores_own */
    bool watch;
    uint8_t *watch_written;
    const uint8_t *watch_stores;
    struct cache *dcache; /* the D$ the checked kinds go through (NULL: none) */
    /* a store into a write-through D$ is made here (fast.c's dcache_miss(): no observer)
     * when mmio_at, the timing model's, is given (NULL: to the interpreter); mem is the
     * memory behind the D$ */
    uint64_t *mmio_at;
    const struct mem_params *mem;
    /* with an I$ (NULL: none): a way out of a block makes its fetches as fast.c's
     * icache_fetch() does, with the slots of the block's lines (ic_slot[], for its first
     * ic_lines lines: a longer block has no code), and goes on to a block whose ic_fills is
     * env's (icache_holds() has looked its lines up since the I$ last changed) */
    struct cache *icache;
    int32_t block_ic_slot, block_ic_fills;
    unsigned ic_lines;
    /* the I$'s and the D$'s struct cache, as byte offsets from the register file x (the
     * machine holds all three): generated code reaches them with no address to load */
    int32_t icache_at, dcache_at;
};

/* Why generated code returned, in the low bits of its result; the operation's index in
 * its block (env->entry's) is the rest (result >> JIT_EXIT_BITS).  Every reason but
 * JIT_RESUME is a way out of the block whose outcome has been charged (FINISH's part
 * before it goes on, but for the exit state, which run_blocks() takes from the outcome)
 * and whose successor the code did not go on to. */
enum jit_exit {
    JIT_RESUME, /* the interpreter runs the block on from this operation */
    JIT_TAKEN,  /* the block's last operation, a conditional branch, was taken */
    JIT_FALL,   /* the block ran to its end: on to the pc after it */
    JIT_SIDE,   /* this operation, a side exit, was taken */
    JIT_JUMP,   /* this JAL ran: on to its target */
    JIT_JALR,   /* this JALR ran: on to env->pc */
};
#define JIT_EXIT_BITS 3

/* A block's generated code, run through jit_run() */
typedef const void *jit_code;

struct jit;
/* The generator, with its code memory, for fast.c's structures laid out as `layout` says;
 * NULL when the host has none (not x86-64) or it cannot have executable memory. */
struct jit *jit_open(const struct jit_layout *layout);
void jit_close(struct jit *j);
/* Run a block's code (and the code of the blocks it goes on to) on register file x;
 * returns why it stopped (JIT_EXIT_BITS). */
unsigned jit_run(const struct jit *j, jit_code code, uint64_t *x, struct jit_env *env);
/* The code for a block's operations ops[0..n] (ops[n] is its K_END) at XLEN xlen; `fall`
 * is the pc after the block (a JAL's or JALR's link), `pool` its K_LI_POOL values, `env`
 * the RAM it will run with (whether there is a ram[1]); `side` gives each side exit's
 * outcome (OUT_SIDE + j: fast.c's struct fop imm is j), `end`, `taken` the outcomes of
 * the block's end and of its last branch taken.  NULL when the code memory is
 * full: the block stays on the interpreter. */
jit_code jit_block(struct jit *j, const struct fop *ops, unsigned n, int xlen, uint64_t fall,
                   const uint64_t *pool, const struct jit_env *env, unsigned side,
                   unsigned end, unsigned taken);
#endif
