/* The fast engine (fast.h): blocks of predecoded operations run by a threaded interpreter,
 * timed by the model once per block and pipeline state; the reference loop (cpu.c) for
 * everything else. */
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "fast.h"
#include "cache.h"
#include "machine.h"
#include "observe.h"
#include "fop.h"
#include "jit.h"

#define likely(c) __builtin_expect(!!(c), 1)
#define unlikely(c) __builtin_expect(!!(c), 0)

/* Instructions per block at most: a longer straight line becomes several blocks.  The
 * bound also limits the search for the blocks a store into code hits. */
#define BLOCK_MAX 48

/* A block is translated once the reference loop has run it this many times: until then
 * translating would cost more than it saves (most code of a short run runs a few times). */
#define HOT_RUNS 32

/* Timed runs (struct entry) and pipeline states kept at most: beyond them the engine
 * forgets them and starts again (a bound on memory, never reached by the test images; the
 * loop image needs 49 and 93). */
#define ENTRIES_MAX (1u << 20)
#define STATES_MAX (1u << 20)

/* Cycle the scratch model starts its runs at (far from 0, like a machine's). */
#define SCRATCH_NOW (1ull << 40)

/* The kind of each decoded instruction, at each XLEN */
#define CSR_KINDS                                                                          \
    [OP_CSRRW] = K_CSR, [OP_CSRRS] = K_CSR, [OP_CSRRC] = K_CSR, [OP_CSRRWI] = K_CSR,       \
    [OP_CSRRSI] = K_CSR, [OP_CSRRCI] = K_CSR,
static const uint8_t kind_of[2][OP_COUNT] = {
    {
#define M32(name, width, ...) OPS_AT(32, width, [OP_##name] = K_##name##_32,)
        ENGINE_OPS(M32, M32, M32, M32, M32)
#undef M32
        [OP_JALR] = K_JALR_32, [OP_JAL] = K_JAL, [OP_LUI] = K_LI_32, [OP_AUIPC] = K_LI_32,
        CSR_KINDS [OP_MRET] = K_MRET,
    },
    {
#define M64(name, width, ...) [OP_##name] = K_##name##_64,
        ENGINE_OPS(M64, M64, M64, M64, M64)
#undef M64
        [OP_JALR] = K_JALR_64, [OP_JAL] = K_JAL, [OP_LUI] = K_LI_64, [OP_AUIPC] = K_LI_64,
        CSR_KINDS [OP_MRET] = K_MRET,
    },
};

/* The side-exit kinds of the conditional branches */
static const uint8_t side_exit[K_COUNT] = {
#define SX(name, width, ...) WIDTHS(width, MAP, name, name##_SX)
    OPS_BRANCH(SX)
#undef SX
};

/* The load and store kinds of a machine with a D$ or observers that watch stores: the same
 * with the D$ access and the watched store addresses (struct fast), kept out of the others'
 * way. */
static const uint8_t checked_of[K_COUNT] = {
#define CK(name, width, ...) WIDTHS(width, MAP, name, name##_C)
#define CKX(name, width, ...) WIDTHS(width, MAP, name##_X0, name##_X0_C)
    OPS_LOAD(CK) OPS_STORE(CK) OPS_LOAD(CKX)
#undef CK
#undef CKX
};

/* The load kinds into x0 */
static const uint8_t load_x0[K_COUNT] = {
#define LX(name, width, ...) WIDTHS(width, MAP, name, name##_X0)
    OPS_LOAD(LX)
#undef LX
};

/* The model's state at a boundary between instructions, relative to its cycle: all of
 * struct timing that decides how later instructions are timed (timing.h), and nothing
 * absolute.  The machine's model and this form convert both ways (capture, restore).
 * Interned: equal states are one object, compared by address. */
struct pstate {
    struct tslot st[TS_N];  /* bubbles all zero */
#define PSTATE_FIELD(type, name, form) type name;
    TIMING_STATE(PSTATE_FIELD) /* cycles relative to now (capture) */
#undef PSTATE_FIELD
    uint8_t bp0;
};

struct state {
    struct pstate s;
    uint64_t hash;
    struct state *chain;    /* in the engine's table, by hash */
    struct state *all;      /* every state (the list that owns them, as for entries) */
};

/* A block goes on past at most this many conditional branches (side exits). */
#define SIDE_MAX 8

/* --set predictor=table: the table's counters (timing.h bp[]) a timed run reads and writes,
 * besides bp[0] (part of the state): those of the correct-path branches in the pipeline at
 * its start and of the block's own branches.  A timed run is of a block, a state and the
 * values of these counters (`key`, 2 bits each), and each way out leaves their values
 * after it (struct outcome), which the machine's table takes (ONWARD). */
#define COUNTERS_MAX (TS_N + SIDE_MAX + 1)
_Static_assert(2 * COUNTERS_MAX <= 32, "struct counters packs the values in 32 bits");
struct counters {
    uint16_t idx[COUNTERS_MAX];
    uint8_t n;
    uint32_t key;
};

/* A timed run of a block from one pipeline state: the block's cycles and statistics by
 * outcome (OUT_*).  What every run reads, then what statistics read (struct tally). */
enum { OUT_END, OUT_END_TAKEN, OUT_SIDE }; /* the last instruction not a taken branch, a
                                              taken branch; [OUT_SIDE + j] side exit j taken */
struct outcome {
    uint64_t cost;              /* cycles the run adds to mcycle */
    struct entry *next;         /* the timed run that followed (JALR: its pc checked) */
    jit_code code;              /* next's block's generated code (NULL: none) */
    const struct state *exit;   /* the state after it */
    uint64_t runs;              /* not yet charged to the machine's statistics */
    uint32_t n, instret;        /* instructions run, minstret */
    uint32_t counters;          /* predictor=table: the entry's counters after it */
};
struct tally {
    uint64_t stall[ST_COUNT], branches, mispredicts;
};
struct entry {
    struct block *b;
    uint64_t prefix;            /* cycles up to the boundary before the last instruction */
    uint32_t lag;               /* the last instruction's timing_read_lag() (a CSR's) */
    struct counters c;          /* predictor=table: the counters it reads, and their values */
    const struct state *s;      /* the state the block starts in */
    struct entry *chain;        /* in the engine's table, by (b, s) */
    struct entry *all;          /* every entry */
    struct tally *tally;        /* per outcome, after out[] */
    uint32_t *at;               /* cycles up to each instruction's issue (a profile's), after
                                   tally[] */
    uint32_t nout;
    struct outcome out[];
};

struct block {
    uint8_t ref;           /* left to the reference loop */
    uint8_t cold;          /* not translated yet: ref, and counting its runs (heat) */
    uint8_t pre;           /* starts at a PCF_FAST_PRE pc: its entry calls observe_pre() */
    uint8_t nbp;           /* predictor=table: its branches' counters (bp_at[]) */
    uint16_t bp_at[SIDE_MAX + 1];
    uint8_t branch;        /* ends with a conditional branch */
    uint8_t nside;         /* side exits */
    uint64_t side_at;      /* bit i: instruction i is a side exit */
    uint64_t side_target[SIDE_MAX];
    uint32_t heat;
    uint32_t n;            /* instructions (the reference loop runs this many if it must) */
    uint64_t pc, fall, target; /* the pc after the block; a branch's or JAL's target */
    struct block *prev, *next; /* every live block */
    struct insn *src;          /* the decoded instructions, for timing and replay() */
    /* its code's lines in the I$ (icache_holds): tag[] slots, valid while the I$'s fills
     * count is ic_fills (ICACHE_LINES at most; further lines are looked up each time) */
    uint64_t ic_fills;
    uint32_t ic_slot[8];
    uint64_t *pool;            /* K_LI_POOL values */
    jit_code native;           /* its generated code (jit.h; NULL: the interpreter's) */
    struct fop ops[];          /* then src and pool */
};

struct fast {
    struct machine *m;
    struct block **map; /* per word of code memory: the block that starts there */
    uint64_t base, words;
    struct block *blocks;
    uint64_t wrong_words; /* words after a branch or jump the model may read (wrong path) */
    bool table;           /* --set predictor=table (struct counters) */
    /* a bit per word of code memory: its instruction left a block for the reference loop
     * and will again (deopt_step), and the blocks translated since end before it, so that
     * no run of theirs has the instructions before it replayed (NULL: none yet) */
    uint8_t *apart;
    /* the same, for stores into the kernel's current-thread variable (or started flag)
     * with no other observer acting on stores: they end their block, whose handler
     * (L_KSTORE) makes the store and tells the kernel awareness (observe_kernel_store()) */
    uint8_t *kstore;
    /* the same, for loads into sp while --check follows the threads' stacks (a switch's,
     * to another stack): they end their block, whose handler (H_LOAD_SP) makes the load and
     * has the check's window follow sp (observe_sync()) */
    uint8_t *spload;
    /* RAM for loads and stores, shared with generated code */
    struct jit_env env;
    struct jit *jit; /* the code generator (NULL: none, the interpreter runs every block) */
    /* interned states and timed runs: hash tables (chains), sizes a power of two */
    struct state **states, *all_states;
    struct entry **entries, *all;
    uint32_t nstates, nentries, state_slots, entry_slots;
    /* the scratch models: at reset on this machine's parameters; runs */
    struct timing clean, scratch, fork;
    /* the observers (observe.h; NULL: none), and what the engine leaves to the traced loop
     * for them: the instructions at pcs observe_flags() marks PCF_FAST_STOP (translation
     * stops before them, but for a block's first at a PCF_FAST_PRE pc: `pre_here`; a flag
     * set later drops the blocks that hold the word, as code_written() does), blocks at
     * env.watch_pc under a debugger and every block while `all_ref`, stores into ram[0]
     * offsets [env.olo, env.olo + env.olen) (observe_fast_view(): the kernel's
     * current-thread variable, a debugger's write watchpoints; `stores`: the loads and
     * stores are the checked kinds, since the range may change; `kstore`: the kernel's
     * without a debugger run here), writes of sp other than ADDI and XLEN-wide loads (which
     * run here with observe_sp()); env.watch_pc and env.trace_at (jit.h) */
    struct observe *obs;
    bool all_ref, marks, stores;
    /* an observer's OBS_RUN is pending (observe_fast_view()): each block's entry looks
     * whether it is due there (observe_run_due(): the traced loop takes it), and generated
     * code goes on to no other block (env.trace_at 0), so that every block goes through
     * that look; a block is alike throughout in PCF_SWITCH_CODE (`run_events`,
     * translate()), so only a write of sp can make it due inside one (the handlers of
     * ADDI_SP and LOAD_SP leave that to the traced loop) */
    bool pending, run_events;
    /* the cycle from which the traced loop must run every instruction (observe_sync()) */
    uint64_t trace_at;
    /* observe_sync()'s inputs at its last full look, when nothing else decides what it sets
     * (`keyed`: no observer's fast_at or fast_stores, no window every instruction of which
     * the traced loop must run): the same again sets the same, but for the fast pcs
     * (observe_sync_pc()); a kernel image syncs at every switch and trap.  --check's watch
     * moves only when the threads' stacks, the current thread or the thread sp is in do
     * (check.c's fast_sync hook), and sp in the watch's window is in the same thread. */
    bool keyed;
    struct sync_key {
        bool run, started;
        int cur;
        unsigned stacks;
        uint64_t base, top;
    } key;
    /* no observer's pre() stops the run (observer.h: pre_stops): a block may start at a
     * PCF_FAST_PRE pc or at env.watch_pc, and its entry calls observe_pre() (run_blocks) */
    bool pre_here;
    /* observe_one_pc(): the one pc the observers watch, read at every sync (NULL: ask
     * observe_fast_pc(), a look through the machine's observers that missed the host's
     * cache at every kernel call's entry and return) */
    const uint64_t *one_pc;
    /* what the observers' exec hooks leave the engine (observe.h; NULL: nothing to look at),
     * and its loads', stores' and jumps' lowest address (env.low; 0: no limit) */
    const struct fast_watch *watch;
    /* the caches (cache.h; NULL: none): the engine runs a block whose every fetch hits and
     * the loads and stores that hit (a hit costs what an access costs without caches, so
     * the timed runs hold); a D$ miss too when there is no observer (dmiss_here), which
     * could see the cycles in between (dcache_miss()); it leaves any other miss to the
     * reference loop */
    struct cache *icache, *dcache;
    bool dmiss_here;
    /* the most cycles a D$ access can stall (a write-back, a refill, a write-through store) */
    uint64_t dmiss_max;
    /* observers or an I$: a block's entry checks more (run_blocks), and so does generated
     * code before it goes on to the next block (jit.h) */
    bool guarded;
    struct block outside; /* stands for a pc outside code memory: the reference loop (last:
                           * its flexible ops[] stays empty) */
};

/* ---- pipeline states ---- */

/* Slot a's fields into b, whose padding bytes are zero (a's are whatever they were). */
static void copy_slot(struct tslot *b, const struct tslot *a)
{
#define COPY_FIELD(type, name) b->name = a->name;
    TSLOT_FIELDS(COPY_FIELD)
#undef COPY_FIELD
}

/* A field of struct timing's TIMING_STATE in the relative form of its `form` (timing.h),
 * in model t at its cycle; and back, at cycle `now` in a model whose wrong_on is restored. */
#define RELATIVE_VALUE(t, v) (v)
#define RELATIVE_READY(t, v) ((v) == UINT64_MAX ? UINT64_MAX : (v) > (t)->cyc ? (v) - (t)->cyc : 0)
#define RELATIVE_WRONG(t, v) ((t)->wrong_on ? (v) : 0)
#define RELATIVE_WRONG_AT(t, v) ((t)->wrong_on ? RELATIVE_AFTER(t, v) : 0)
#define RELATIVE_AFTER(t, v) ((v) > (t)->cyc ? (v) - (t)->cyc : 0)
#define ABSOLUTE_VALUE(t, v, now) (v)
#define ABSOLUTE_READY(t, v, now) ((v) == UINT64_MAX ? UINT64_MAX : (v) ? (now) + (v) : 0)
#define ABSOLUTE_WRONG(t, v, now) ((t)->wrong_on ? (v) : 0)
#define ABSOLUTE_WRONG_AT(t, v, now) ((t)->wrong_on ? (now) + (v) : 0)

/* The state of model t at its cycle, in relative form: a past id_ready is "ready" (every
 * value up to now is alike), a wrong path's fields are 0 without one. */
static void capture(const struct timing *t, struct pstate *s)
{
    static const struct pstate zero;
    memcpy(s, &zero, sizeof *s); /* padding included (hashed, compared); no rep stos */
    for (int i = 0; i < TS_N; i++)
        if (t->st[i].valid)
            copy_slot(&s->st[i], &t->st[i]);
#define CAPTURE_FIELD(type, name, form) s->name = (type)RELATIVE_##form(t, t->name);
    TIMING_STATE(CAPTURE_FIELD)
#undef CAPTURE_FIELD
    s->bp0 = t->bp[0];
}

/* Model t in state s at cycle `now` (its statistics and the rest left as they are). */
static void restore(struct timing *t, const struct pstate *s, uint64_t now)
{
    t->cyc = now;
    memcpy(t->st, s->st, sizeof t->st);
    t->wrong_on = s->wrong_on; /* first: the wrong path's fields depend on it */
#define RESTORE_FIELD(type, name, form) t->name = (type)ABSOLUTE_##form(t, s->name, now);
    TIMING_STATE(RESTORE_FIELD)
#undef RESTORE_FIELD
    t->bp[0] = s->bp0;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
}

/* Four lanes of mix(), combined at the end: one lane would be a chain of dependent
 * multiplies, and the engine hashes a state each time the reference loop hands back. */
static uint64_t state_hash(const struct pstate *s)
{
    uint64_t h0 = 0, h1 = 0, h2 = 0, h3 = 0, w[4];
    size_t i = 0;
    for (; i + 32 <= sizeof *s; i += 32) {
        memcpy(w, (const char *)s + i, 32);
        h0 = mix(h0, w[0]), h1 = mix(h1, w[1]), h2 = mix(h2, w[2]), h3 = mix(h3, w[3]);
    }
    for (; i + 8 <= sizeof *s; i += 8) {
        memcpy(w, (const char *)s + i, 8);
        h0 = mix(h0, w[0]);
    }
    return mix(mix(mix(h0, h1), h2), h3);
}

/* Grow a chained hash table of `*slots` heads to twice its size (`next_of` finds an
 * element's chain link, `hash_of` its hash); false when there is no memory. */
#define GROW(table, slots, type, hash_of)                                                  \
    do {                                                                                   \
        uint32_t n_ = (slots) ? 2 * (slots) : 1024;                                        \
        type **t_ = calloc(n_, sizeof *t_);                                                \
        if (!t_)                                                                           \
            return NULL;                                                                   \
        for (uint32_t i_ = 0; i_ < (slots); i_++)                                          \
            for (type *e_ = (table)[i_], *nx_; e_; e_ = nx_) {                             \
                nx_ = e_->chain;                                                           \
                uint64_t k_ = (hash_of(e_)) & (n_ - 1);                                    \
                e_->chain = t_[k_];                                                        \
                t_[k_] = e_;                                                               \
            }                                                                              \
        free(table);                                                                       \
        (table) = t_;                                                                      \
        (slots) = n_;                                                                      \
    } while (0)

#define STATE_HASH(e) ((e)->hash)
/* The interned state equal to s; NULL when there is no memory. */
static const struct state *intern(struct fast *f, const struct pstate *s)
{
    uint64_t h = state_hash(s);
    if (f->nstates >= f->state_slots)
        GROW(f->states, f->state_slots, struct state, STATE_HASH);
    struct state **head = &f->states[h & (f->state_slots - 1)];
    for (struct state *e = *head; e; e = e->chain)
        if (e->hash == h && !memcmp(&e->s, s, sizeof *s))
            return e;
    struct state *e = malloc(sizeof *e);
    if (!e)
        return NULL;
    e->s = *s;
    e->hash = h;
    e->all = f->all_states;
    f->all_states = e;
    e->chain = *head;
    *head = e;
    f->nstates++;
    return e;
}

/* The interned state of model t now (NULL: no memory for it) */
static const struct state *state_now(struct fast *f, const struct timing *t)
{
    struct pstate s;
    capture(t, &s);
    return intern(f, &s);
}

static uint64_t entry_hash(const struct block *b, const struct state *s, uint32_t key)
{
    return mix(mix(mix(0, (uint64_t)(uintptr_t)b), (uint64_t)(uintptr_t)s), key);
}
#define ENTRY_HASH(e) entry_hash((e)->b, (e)->s, (e)->c.key)

/* The values of c's counters in bp[], packed as its key */
static uint32_t counters_now(const struct counters *c, const uint8_t *bp)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < c->n; i++)
        v |= (uint32_t)bp[c->idx[i]] << 2 * i;
    return v;
}

/* The counters a run of b from s reads and writes, with the values of bp[] in c->key */
static void counters_of(const struct block *b, const struct state *s, const uint8_t *bp,
                        struct counters *c)
{
    c->n = 0;
    for (int i = 0; i < TS_N; i++) {
        const struct tslot *x = &s->s.st[i];
        if (x->valid && !x->wrong && x->branch && x->bp_index)
            c->idx[c->n++] = x->bp_index;
    }
    for (unsigned i = 0; i < b->nbp; i++)
        if (b->bp_at[i])
            c->idx[c->n++] = b->bp_at[i];
    c->key = counters_now(c, bp);
}

/* Set c's counters in bp[] to the values packed in v */
static void counters_set(const struct counters *c, uint8_t *bp, uint32_t v)
{
    for (unsigned i = 0; i < c->n; i++)
        bp[c->idx[i]] = (uint8_t)(v >> 2 * i & 3);
}

/* ---- translation ---- */

/* The predecoded record of code offset `off`, as cpu.c's fetch() keeps them (stores into
 * [dec_lo, dec_hi) invalidate them, and the engine's blocks with them). */
static const struct insn *decoded(struct ram *code, uint64_t off, int xlen)
{
    struct insn *d = &code->dec[off >> 2];
    if (d->op == OP_UNDECODED)
        cpu_predecode(code, d, off, xlen);
    return d;
}

/* The operation for `d` at `pc` (K_NONE when the engine leaves it to the reference loop:
 * the system instructions but MRET, FENCE, illegal ones, jumps to misaligned targets); `value`:
 * a LUI's or AUIPC's result, `target`: a branch's or JAL's. */
static struct fop operation(const struct insn *d, uint64_t pc, int xlen, uint64_t *value,
                            uint64_t *target)
{
    struct fop o = {.imm = d->imm, .kind = kind_of[xlen == 64][d->op], .rd = d->t.rd,
                    .rs1 = d->t.rs1, .rs2 = d->t.rs2};
    *target = d->op == OP_JAL ? op_JAL(xlen, 0, d->imm, pc) : op_pc_rel(xlen, pc, d->imm);
    *value = xl(xlen, d->op == OP_AUIPC ? op_AUIPC(xlen, pc, d->imm) : op_LUI(xlen, pc, d->imm));
    if ((d->t.cls == TC_BRANCH || d->t.cls == TC_JAL) && op_misaligned(*target, 4))
        o.kind = K_NONE;
    if (o.kind != K_NONE && d->t.rd == 0 && (d->t.cls == TC_ALU || d->t.cls == TC_LUI || d->t.cls == TC_MUL))
        o.kind = K_NOP;
    else if (d->op == OP_ADDI && d->t.rs1 == 0)
        o.kind = xlen == 32 ? K_LI_32 : K_LI_64, *value = xl(xlen, op_ADDI(xlen, 0, 0, d->imm));
    else if (d->op == OP_ADDI && d->imm == 0)
        o.kind = K_MV;
    else if (d->op == OP_ADDIW && d->imm == 0)
        o.kind = K_SEXT_W;
    else if (d->t.cls == TC_LOAD && d->t.rd == 0)
        o.kind = load_x0[o.kind];
    return o;
}

/* Whether the word at pc is marked in `marks` (a bit per word of code memory) */
static bool marked(const uint8_t *marks, const struct fast *f, uint64_t pc)
{
    const uint64_t w = (pc - f->base) >> 2;
    return marks && (marks[w / 8] >> (w % 8) & 1);
}

/* A block that starts at pc calls observe_pre() at its entry (f->pre_here) */
static bool pre_at(const struct fast *f, uint64_t pc)
{
    const unsigned fl = observe_flags(f->obs, pc);
    return f->pre_here && (fl & PCF_FAST_PRE) && !(fl & PCF_FAST_STOP & ~PCF_FAST_PRE);
}

/* operation() on the engine of machine f->m: K_NONE for an instruction the blocks end
 * before (f->apart) and, with observers, for what they must see in the traced loop
 * (struct fast; the first of a block may be one whose pre() the block's entry calls) */
static struct fop observed(const struct fast *f, const struct insn *d, uint64_t pc, int xlen,
                           uint64_t *value, uint64_t *target, bool first)
{
    struct fop o = operation(d, pc, xlen, value, target);
    if (o.kind == K_NONE || marked(f->apart, f, pc)) {
        o.kind = K_NONE;
        return o;
    }
    if (marked(f->kstore, f, pc)) {
        o.kind = K_KSTORE;
        return o;
    }
    if (f->obs && (observe_flags(f->obs, pc) & PCF_FAST_STOP) && !(first && pre_at(f, pc))) {
        o.kind = K_NONE;
    } else if (f->marks && d->t.rd == 2 && d->t.cls != TC_STORE && d->t.cls != TC_BRANCH) {
        o.kind = d->op == OP_ADDI                        ? (xlen == 32 ? K_ADDI_SP_32 : K_ADDI_SP_64)
                 : d->op == (xlen == 32 ? OP_LW : OP_LD) ? (xlen == 32 ? K_LOAD_SP_32 : K_LOAD_SP_64)
                                                         : K_NONE;
        o.imm = d->imm;
    } else if ((f->dcache || f->stores || f->watch) && checked_of[o.kind]) {
        o.kind = checked_of[o.kind];
    }
    return o;
}

static bool jumps(const struct insn *d)
{
    return d->t.cls == TC_BRANCH || d->t.cls == TC_JAL || d->t.cls == TC_JALR;
}

/* A CSR instruction and an MRET end their block too: what they write may make an
 * interrupt due, which the reference loop takes before the next instruction (their
 * handlers: L_CSR, L_MRET). */
static bool ends_block(const struct insn *d)
{
    return jumps(d) || d->t.cls == TC_CSR || d->op == OP_MRET;
}

/* Recompute f->env.wlo/wlen from the predecoded range of ram[0] and tohost's doubleword (both
 * grow over the run: after a translation and after the reference loop ran). */
static void watch_update(struct fast *f)
{
    const struct ram *r0 = &f->m->bus.ram[0];
    uint64_t lo = r0->dec_lo, hi = r0->dec_hi, dw = f->m->bus.tohost_dw;
    if (dw != UINT64_MAX) {
        uint64_t off = (dw << 3) - r0->base;
        if (off < r0->size) {
            lo = off < lo ? off : lo;
            hi = off + 8 > hi ? off + 8 : hi;
        }
    }
    /* the doublewords around them: an aligned store of up to 8 bytes lies in one */
    lo &= ~7ull;
    hi = (hi + 7) & ~7ull;
    f->env.wlo = lo < hi ? lo : 0;
    f->env.wlen = lo < hi ? hi - lo : 0;
}

/* The model reads the code words of a wrong path from pc on (timing.h): stores into them
 * must reach the engine (code_written) as stores into code do, so the range the reference
 * loop watches (dec_lo, dec_hi) grows to take them in. */
static void watch_wrong_path(struct fast *f, uint64_t pc)
{
    struct ram *code = f->m->bus.code;
    uint64_t off = pc - code->base;
    if (off >= code->size)
        return;
    uint64_t hi = off + 4 * f->wrong_words;
    hi = hi < code->size ? hi : code->size;
    off &= ~3ull;
    if (off < code->dec_lo)
        code->dec_lo = off;
    if (hi > code->dec_hi)
        code->dec_hi = hi;
}

/* Every wrong path the model may read in a run of b from state s: the one s is on, and
 * both ways out of each branch or jump. */
static void watch_wrong_paths(struct fast *f, const struct block *b, const struct state *s)
{
    if (s->s.wrong_on)
        watch_wrong_path(f, s->s.wrong_pc);
    if (jumps(&b->src[b->n - 1])) {
        watch_wrong_path(f, b->fall);
        watch_wrong_path(f, b->target);
    }
    for (unsigned i = 0; i < b->n; i++)
        if (b->side_at >> i & 1) {
            watch_wrong_path(f, b->pc + 4 * i + 4);
            watch_wrong_path(f, b->pc + 4 * i + (uint64_t)(int64_t)b->src[i].imm);
        }
    watch_update(f);
}

/* The timed run of b from state s (and counters c): the model from s over b's
 * instructions, the last one with each outcome; NULL when there is no memory. */
static struct entry *time_entry(struct fast *f, struct block *b, const struct state *s,
                                const struct counters *c)
{
    if (f->nentries >= f->entry_slots)
        GROW(f->entries, f->entry_slots, struct entry, ENTRY_HASH);
    const unsigned nout = OUT_SIDE + b->nside;
    struct entry *e = calloc(1, sizeof *e + nout * (sizeof e->out[0] + sizeof e->tally[0]) +
                                    b->n * sizeof e->at[0]);
    if (!e)
        return NULL;
    e->b = b;
    e->s = s;
    e->c = *c;
    e->nout = nout;
    e->tally = (struct tally *)(e->out + nout);
    e->at = (uint32_t *)(e->tally + nout);
    struct timing *w = &f->scratch, *v = &f->fork;
    memset(w->stall, 0, sizeof w->stall);
    w->branches = w->mispredicts = 0;
    restore(w, &s->s, SCRATCH_NOW);
    counters_set(c, w->bp, c->key);
    watch_wrong_paths(f, b, s);
    /* the straight line, forking each way out: a side exit taken, the last instruction
     * (a branch: not taken, taken) */
    struct pstate ps;
    for (unsigned i = 0, j = 0; i < b->n; i++) {
        const bool side = b->side_at >> i & 1, end = i + 1 == b->n;
        const struct insn *d = &b->src[i];
        const uint64_t pc = b->pc + 4 * i;
        e->at[i] = (uint32_t)(w->cyc - SCRATCH_NOW);
        if (end)
            e->prefix = w->cyc - SCRATCH_NOW;
        if (!side && !end) {
            timing_retire_pc(w, d->t, d->sflags, pc);
            continue;
        }
        for (int taken = 1; taken >= 0; taken--) { /* taken first: it forks from w */
            if (taken && !side && !b->branch)
                continue;
            struct timing *r = side && !taken ? w : v; /* a side exit passed: on with w */
            if (r == v)
                memcpy(v, w, sizeof *v);
            if (d->op == OP_MRET) /* handed over as the reference loop does (cpu_mret) */
                timing_mret(r);
            else
                timing_retire_pc(r, d->t, d->sflags | (taken ? TF_TAKEN : 0), pc);
            if (r == w)
                continue;
            const unsigned o = side ? OUT_SIDE + j : taken ? OUT_END_TAKEN : OUT_END;
            struct outcome *u = &e->out[o];
            struct tally *y = &e->tally[o];
            u->cost = v->cyc - SCRATCH_NOW;
            u->n = i + 1;
            if (end)
                e->lag = v->read_lag;
            for (unsigned k = 0; k <= i; k++)
                u->instret += b->src[k].retires;
            u->counters = counters_now(c, v->bp);
            memcpy(y->stall, v->stall, sizeof y->stall);
            y->branches = v->branches;
            y->mispredicts = v->mispredicts;
            capture(v, &ps);
            u->exit = intern(f, &ps);
            if (!u->exit) {
                free(e);
                return NULL;
            }
        }
        j += side;
    }
    struct entry **head = &f->entries[entry_hash(b, s, c->key) & (f->entry_slots - 1)];
    e->chain = *head;
    *head = e;
    e->all = f->all;
    f->all = e;
    f->nentries++;
    return e;
}

/* The timed run of b from s (and the machine's counters), timed now if it is new; NULL
 * when there is no memory. */
static struct entry *entry_of(struct fast *f, struct block *b, const struct state *s)
{
    struct counters c = {.n = 0, .key = 0};
    if (f->table)
        counters_of(b, s, f->m->timing.bp, &c);
    if (f->entry_slots)
        for (struct entry *e = f->entries[entry_hash(b, s, c.key) & (f->entry_slots - 1)]; e;
             e = e->chain)
            if (e->b == b && e->s == s && e->c.key == c.key)
                return e;
    return time_entry(f, b, s, &c);
}

static void link_block(struct fast *f, struct block *b)
{
    b->prev = NULL;
    b->next = f->blocks;
    if (f->blocks)
        f->blocks->prev = b;
    f->blocks = b;
    f->map[(b->pc - f->base) >> 2] = b;
}

/* run_blocks()' handlers, by kind */
static const void *const *handler;

/* The block at pc: straight-line instructions up to the first branch or jump, or up to
 * one the engine leaves to the reference loop (then at least that one, left to it). */
static struct block *translate(struct fast *f, uint64_t pc)
{
    struct machine *m = f->m;
    struct ram *code = m->bus.code;
    const int xlen = m->hart.xlen;
    struct insn ins[BLOCK_MAX];
    struct fop ops[BLOCK_MAX + 1];
    uint64_t pool[BLOCK_MAX], target[BLOCK_MAX], side_at = 0;
    unsigned n = 0, npool = 0, nside = 0;
    while (n < BLOCK_MAX) {
        uint64_t p = pc + 4 * n, off = p - code->base, value;
        if (off > code->size - 4)
            break;
        const struct insn *d = decoded(code, off, xlen);
        if (n && f->run_events &&
            ((observe_flags(f->obs, p) ^ observe_flags(f->obs, pc)) & PCF_SWITCH_CODE))
            break;
        ops[n] = observed(f, d, p, xlen, &value, &target[n], n == 0);
        if (ops[n].kind == K_NONE)
            break;
        if ((ops[n].kind == K_LI_32 || ops[n].kind == K_LI_64) &&
            (uint64_t)(int64_t)(int32_t)value != value) {
            ops[n].kind = K_LI_POOL;
            ops[n].imm = (int32_t)npool;
            pool[npool++] = value;
        } else if (ops[n].kind == K_LI_32 || ops[n].kind == K_LI_64) {
            ops[n].imm = (int32_t)value;
        }
        ins[n++] = *d;
        /* a forward branch is usually not taken: go on past it (a side exit) */
        if (d->t.cls == TC_BRANCH && target[n - 1] > p && nside < SIDE_MAX) {
            side_at |= 1ull << (n - 1);
            nside++;
            continue;
        }
        if (ends_block(d) || ops[n - 1].kind == K_KSTORE || marked(f->spload, f, p))
            break;
    }
    if (n && (side_at >> (n - 1) & 1)) { /* nothing after it: the block's own end */
        side_at &= ~(1ull << (n - 1));
        nside--;
    }
    size_t size = sizeof(struct block) + (n + 1) * sizeof(struct fop) + n * sizeof(struct insn) +
                  npool * sizeof(uint64_t);
    struct block *b = calloc(1, size);
    if (!b)
        return NULL;
    b->pc = pc;
    b->n = n ? n : 1;
    b->ref = n == 0;
    b->pre = n && f->obs && pre_at(f, pc);
    for (unsigned i = 0; f->table && i < n; i++)
        if (ins[i].t.cls == TC_BRANCH)
            b->bp_at[b->nbp++] = (uint16_t)timing_bp_index(&m->timing, pc + 4 * i);
    b->ic_fills = UINT64_MAX;
    b->src = (struct insn *)(b->ops + n + 1);
    memcpy(b->src, ins, n * sizeof ins[0]);
    b->pool = (uint64_t *)(b->src + n);
    memcpy(b->pool, pool, npool * sizeof pool[0]);
    b->fall = xl(xlen, pc + 4 * n);
    b->target = n ? target[n - 1] : 0;
    b->branch = n && ins[n - 1].t.cls == TC_BRANCH;
    b->side_at = side_at;
    b->nside = (uint8_t)nside;
    for (unsigned i = 0, j = 0; i < n; i++)
        if (side_at >> i & 1) {
            ops[i].kind = side_exit[ops[i].kind];
            b->side_target[j] = target[i];
            ops[i].imm = (int32_t)j++;
        }
    /* the end: reached after the last instruction unless that one ends the block itself;
     * set in every case, so that every op has a handler */
    ops[n] = (struct fop){.kind = K_END};
    for (unsigned i = 0; i <= n; i++)
        ops[i].h = handler[ops[i].kind];
    memcpy(b->ops, ops, (n + 1) * sizeof ops[0]);
    if (n)
        b->native = jit_block(f->jit, b->ops, n, xlen, b->fall, b->pool, &f->env, OUT_SIDE,
                              OUT_END, OUT_END_TAKEN);
    link_block(f, b);
    watch_update(f);
    return b;
}

/* A cold block at pc: the instructions up to its first jump or branch, or up to one the
 * engine leaves to the reference loop (at least one), run by the reference loop. */
static struct block *cold_block(struct fast *f, uint64_t pc)
{
    struct ram *code = f->m->bus.code;
    const int xlen = f->m->hart.xlen;
    unsigned n = 0;
    uint64_t value, target;
    while (n < BLOCK_MAX) {
        uint64_t p = pc + 4 * n, off = p - code->base;
        if (off > code->size - 4)
            break;
        const struct insn *d = decoded(code, off, xlen);
        bool ours = observed(f, d, p, xlen, &value, &target, n == 0).kind != K_NONE;
        n += n == 0 || ours;
        if (!ours || ends_block(d))
            break;
    }
    struct block *b = calloc(1, sizeof *b + sizeof(struct fop));
    if (!b)
        return NULL;
    b->pc = pc;
    b->n = n ? n : 1;
    b->ref = b->cold = 1;
    link_block(f, b);
    watch_update(f);
    return b;
}

/* The block at pc (cold on first use); f->outside (with this pc) when pc is outside code
 * memory, or there is no memory for a block: the reference loop. */
static struct block *find(struct fast *f, uint64_t pc)
{
    uint64_t w = (pc - f->base) >> 2;
    struct block *b = w < f->words ? f->map[w] : NULL;
    if (!b && w < f->words)
        b = cold_block(f, pc);
    if (!b) {
        f->outside.pc = pc;
        b = &f->outside;
    }
    return b;
}

/* ---- statistics and invalidation ---- */

/* The runs of e that ended with outcome o to the observers' charge hooks (observer.h): each
 * instruction's cycles on the way there (e->at), and a conditional branch taken only as the
 * last one (the side exits before it were not taken). */
static void flush_observed(struct fast *f, const struct entry *e, unsigned o)
{
    const struct outcome *u = &e->out[o];
    const struct block *b = e->b;
    for (unsigned i = 0; i < u->n; i++) {
        const bool last = i + 1 == u->n;
        observe_charge(f->m, b->pc + 4 * i, &b->src[i], u->runs,
                       u->runs * ((last ? u->cost : e->at[i + 1]) - e->at[i]),
                       last && o != OUT_END ? u->runs : 0);
    }
}

/* The classes of b's first n instructions, run `runs` times, into the machine's statistics,
 * and their fetches and (each a hit, or they would not have run here) loads and stores into
 * the caches' counts: the engine counts these per timed run and outcome (icache_fetch(),
 * the checked kinds' handlers and generated code leave them out), the accesses made in
 * the cache themselves. */
static void count_insns(struct fast *f, const struct block *b, unsigned n, uint64_t runs)
{
    struct machine *m = f->m;
    for (unsigned i = 0; i < n; i++) {
        const enum tclass cls = b->src[i].t.cls;
        m->stats.class_count[cls] += runs;
        if (f->dcache && cls == TC_LOAD)
            f->dcache->reads += runs;
        else if (f->dcache && cls == TC_STORE)
            f->dcache->writes += runs;
    }
    if (f->icache)
        f->icache->reads += runs * n;
}

/* Charge the runs of e into the machine's statistics. */
static void flush(struct fast *f, struct entry *e)
{
    struct machine *m = f->m;
    struct timing *t = &m->timing;
    for (unsigned o = 0; o < e->nout; o++) {
        struct outcome *u = &e->out[o];
        if (!u->runs)
            continue;
        count_insns(f, e->b, u->n, u->runs);
        if (m->observers.charge)
            flush_observed(f, e, o);
        m->stats.issued += u->runs * u->n;
        for (int s = 0; s < ST_COUNT; s++)
            t->stall[s] += u->runs * e->tally[o].stall[s];
        t->branches += u->runs * e->tally[o].branches;
        t->mispredicts += u->runs * e->tally[o].mispredicts;
        u->runs = 0;
    }
}

/* Forget every timed run (their statistics charged first). */
static void forget_entries(struct fast *f)
{
    while (f->all) {
        struct entry *e = f->all;
        f->all = e->all;
        flush(f, e);
        free(e);
    }
    if (f->entry_slots)
        memset(f->entries, 0, f->entry_slots * sizeof *f->entries);
    f->nentries = 0;
}

/* machine.h's settle hook: charge every timed run's statistics, keeping the runs. */
static void settle(void *ctx)
{
    struct fast *f = ctx;
    for (struct entry *e = f->all; e; e = e->all)
        flush(f, e);
}

/* Forget every state (no timed run may be left). */
static void forget_states(struct fast *f)
{
    while (f->all_states) {
        struct state *e = f->all_states;
        f->all_states = e->all;
        free(e);
    }
    if (f->state_slots)
        memset(f->states, 0, f->state_slots * sizeof *f->states);
    f->nstates = 0;
}

/* Drop block b (no timed run may refer to it). */
static void kill(struct fast *f, struct block *b)
{
    f->map[(b->pc - f->base) >> 2] = NULL;
    if (b->prev)
        b->prev->next = b->next;
    else
        f->blocks = b->next;
    if (b->next)
        b->next->prev = b->prev;
    free(b);
}

/* The cold block b has run HOT_RUNS times: its translation instead. */
static struct block *warm_up(struct fast *f, struct block *b)
{
    uint64_t pc = b->pc;
    kill(f, b);
    b = translate(f, pc);
    if (!b) {
        f->outside.pc = pc;
        b = &f->outside;
    }
    return b;
}

/* ram_invalidate(): a store changed code words [off, off + size), words of a block or of
 * a wrong path the model read: forget every timed run, and drop every block that holds
 * one of the words.  The engine never runs inside a block at this point: stores into code
 * go to the reference loop, between blocks. */
static void code_written(void *ctx, uint64_t off, unsigned size)
{
    struct fast *f = ctx;
    forget_entries(f);
    uint64_t first = off >> 2, last = (off + size - 1) >> 2;
    uint64_t w = first >= BLOCK_MAX - 1 ? first - (BLOCK_MAX - 1) : 0;
    for (; w <= last && w < f->words; w++) {
        struct block *b = f->map[w];
        if (b && w + b->n > first)
            kill(f, b);
    }
}

/* The observers' part of the engine (struct fast); observe_sync() sets what changes. */
static void observe_setup(struct fast *f)
{
    static uint64_t no_thread;
    struct observe *o = f->m->obs;
    f->env.watch_pc = f->env.trace_at = f->trace_at = UINT64_MAX;
    f->env.lowest = &no_thread;
    if (!o)
        return;
    f->obs = o;
    f->marks = o->kernel;
    if (o->watch.on) {
        f->watch = &o->watch;
        f->env.low = o->watch.low;
    }
    const struct observers *l = &f->m->observers;
    f->stores = o->kernel || l->stores;
    f->run_events = l->run_events;
    f->pre_here = !l->pre_stops;
    f->one_pc = observe_one_pc(f->m);
    f->keyed = !l->every_insn_in_window;
    for (int i = 0; i < l->n; i++)
        f->keyed &= !l->list[i].fast_at && !l->list[i].fast_stores;
    f->key.cur = INT_MIN; /* no look yet */
}

/* The ram[0] offsets [env.olo, env.olo + env.olen) of the stores the observers act on: the
 * doublewords that hold the range [lo, hi) of observe_fast_view(), as watch_update() (an
 * aligned store lies in one). */
static void observe_stores(struct fast *f, uint64_t lo, uint64_t hi)
{
    const uint64_t end = f->env.r0base + f->env.r0size;
    lo = lo > f->env.r0base ? lo : f->env.r0base;
    hi = hi < end ? hi : end;
    f->env.olo = f->env.olen = 0;
    if (lo < hi) {
        f->env.olo = (lo - f->env.r0base) & ~7ull;
        f->env.olen = ((hi - f->env.r0base + 7) & ~7ull) - f->env.olo;
    }
}

/* Generated code's sp window (jit_env's sp_lo, sp_span): the current thread's stack
 * (base, top], where observe_sp() charges that thread, within --check's window
 * (watched_sp()); none while an OBS_RUN is pending (H_ADDI_SP looks for it). */
static void sp_range(struct fast *f)
{
    struct rtos *r = &f->obs->rtos;
    uint64_t lo = 0, hi = 0; /* (lo, hi] */
    if (f->marks && !f->pending && r->cur >= 0 && r->t[r->cur].stack_top) {
        struct rtos_thread *t = &r->t[r->cur];
        lo = t->stack_base, hi = t->stack_top;
        f->env.lowest = &t->lowest_sp;
        const struct fast_watch *w = f->watch;
        if (w && w->sp) {
            lo = w->sp_lo > lo ? w->sp_lo : lo;
            hi = w->sp_hi < hi ? w->sp_hi : hi;
            lo = w->sp_floor && w->sp_floor - 1 > lo ? w->sp_floor - 1 : lo;
        }
    }
    f->env.sp_lo = lo + 1;
    f->env.sp_span = hi > lo ? hi - lo : 0;
}

static void observe_sync_pc(struct fast *f, uint64_t cycle);

/* What the observers leave to the traced loop from the boundary at `cycle` on. */
static void observe_sync(struct fast *f, uint64_t cycle)
{
    const struct observe *o = f->obs;
    if (f->keyed) {
        const struct rtos *r = &o->rtos;
        const struct rtos_thread *t = r->cur >= 0 ? &r->t[r->cur] : NULL;
        const bool run = o->run_pending >= 0;
        const uint64_t base = t ? t->stack_base : 0, top = t ? t->stack_top : 0;
        /* each part against the key's, not a new key against it: a key made on the stack
         * a byte at a time and read back whole stalls the host's store forwarding */
        const struct sync_key *was = &f->key;
        const struct fast_watch *w = f->watch;
        if (run == was->run && r->watch_started == was->started && r->cur == was->cur &&
            r->stacks == was->stacks && base == was->base && top == was->top &&
            !(w && w->sp && !fast_watch_holds(w, f->m->hart.x[2]))) {
            observe_sync_pc(f, cycle);
            return;
        }
        f->key = (struct sync_key){run, r->watch_started, r->cur, r->stacks, base, top};
    }
    const struct window *w = &o->win;
    struct observe_fast v;
    observe_fast_view(o, &v);
    f->env.watch_pc = v.pc;
    f->pending = v.run;
    if (f->watch) {
        observe_fast_sync(f->m);
        f->env.stores_own[0] = f->watch->stores_own[0];
        f->env.stores_own[1] = f->watch->stores_own[1];
    }
    f->trace_at = v.at;
    if (f->m->observers.every_insn_in_window && cycle < w->to_cycle && w->from_cycle < f->trace_at)
        f->trace_at = w->from_cycle;
    f->all_ref = v.all || cycle >= f->trace_at;
    /* generated code does not go on to another block while each one's entry must look */
    f->env.trace_at = f->pending ? 0 : f->trace_at;
    if (f->stores)
        observe_stores(f, v.lo, v.hi);
    sp_range(f);
}

/* observe_sync() after what moves at most the observers' fast pcs (observer.h): a pre() at
 * a block's entry, a handler's MRET; but for a run event now pending or no longer */
static void observe_sync_pc(struct fast *f, uint64_t cycle)
{
    const struct observe *o = f->obs;
    if (f->pending != (o->run_pending >= 0 && f->run_events)) {
        observe_sync(f, cycle);
        return;
    }
    bool all = false;
    f->env.watch_pc = f->one_pc ? *f->one_pc : observe_fast_pc(o, &all);
    f->all_ref = all || cycle >= f->trace_at;
}

/* ---- running ---- */

#define ICACHE_LINES (sizeof ((struct block *)0)->ic_slot / sizeof ((struct block *)0)->ic_slot[0])

/* The I$ fetches of b's first n instructions, every one a hit (icache_holds()): as cpu.c's
 * cache_read() per instruction makes them (a stamp for a line entered, but for its set's
 * last line: cache.h's recent, an order the same as cache_read()'s), but for
 * the reads count, which a timed run's outcome adds when its runs are charged (flush()):
 * the count is read only then, and a count in memory at every block would cost generated
 * code a chain of dependent additions. */
static void icache_fetch(struct cache *c, const struct block *b, unsigned n)
{
    uint64_t pc = b->pc;
    const uint64_t end = pc + 4 * (uint64_t)n;
    for (unsigned j = 0; pc < end; j++) {
        const uint64_t ln = pc >> c->line_shift;
        uint64_t next = (ln + 1) << c->line_shift;
        next = next < end ? next : end;
        if (c->recent[ln & c->set_mask] != ln)
            cache_use(c, ln, j < ICACHE_LINES ? b->ic_slot[j] : (size_t)cache_slot(c, pc));
        pc = next;
    }
}

/* Every line of b's code is in the I$: its fetches hit, whichever way it leaves. */
static bool icache_holds(const struct cache *c, struct block *b)
{
    if (b->ic_fills == c->fills)
        return true;
    const uint64_t first = b->pc >> c->line_shift;
    const uint64_t last = (b->pc + 4 * (uint64_t)b->n - 1) >> c->line_shift;
    for (uint64_t ln = first; ln <= last; ln++) {
        long k = cache_slot(c, ln << c->line_shift);
        if (k < 0)
            return false;
        if (ln - first < ICACHE_LINES)
            b->ic_slot[ln - first] = (uint32_t)k;
    }
    b->ic_fills = c->fills;
    return true;
}

/* Charge instructions [0, k) of b through the model, as the reference loop would have
 * (their loads and stores have been through the D$ already, and the stalls of the misses
 * the engine made are in the cycle the model starts from: dcache_miss()). */
static void replay(struct fast *f, const struct block *b, unsigned k)
{
    struct machine *m = f->m;
    if (f->icache)
        icache_fetch(f->icache, b, k);
    count_insns(f, b, k, 1);
    for (unsigned i = 0; i < k; i++) {
        const struct insn *d = &b->src[i];
        m->hart.instret += d->retires;
        m->stats.issued++;
        const uint64_t pc = b->pc + 4 * i, cost = timing_retire_pc(&m->timing, d->t, d->sflags, pc);
        m->hart.clk.cycle += cost;
        if (m->observers.charge) /* a side exit before k: not taken */
            observe_charge(m, pc, d, 1, cost, 0);
    }
}

/* A D$ access that misses (or stores through) during a timed run of e begun at *cycle,
 * made here as cpu.c's data_cached() makes it (n: a store's size; 0: a load), unless there
 * are observers (a profile charges each instruction its cycles, others see events at
 * theirs) or the stall may carry an instruction of the run past the next device event (the
 * reference loop looks before each): false then, nothing changed.  The freeze shifts
 * everything pending by the stall (timing_freeze_all), which leaves the interned state as
 * it was: the rest of the run and its outcome hold, only later (*cycle).  A deopt further
 * on restores the model at the later start and replays the instructions before it: the
 * same state at the same cycle. */
static bool dcache_miss(struct fast *f, uint64_t *cycle, const struct entry *e, uint64_t ea,
                        unsigned n)
{
    if (!f->dmiss_here || *cycle + e->prefix + f->dmiss_max >= f->m->hart.next_event)
        return false;
    struct cache *c = f->dcache;
    uint32_t stall;
    if (n) {
        stall = cache_write(c, &f->m->caches.mem, ea, n);
        c->writes--; /* the run's outcome counts it (count_insns()) */
    } else {
        stall = cache_read(c, ea);
        c->reads--;
    }
    struct timing *t = &f->m->timing;
    if (t->mmio_at)
        t->mmio_at += stall;
    *cycle += stall;
    return true;
}

/* The successor at pc of a run that ended with outcome u: its block, and the timed run
 * from u's exit state remembered in u when the block is translated. */
static struct block *follow(struct fast *f, struct outcome *u, uint64_t pc)
{
    struct block *c = find(f, pc);
    /* every outcome a run can end with has its exit state (time_entry); one without (an
     * outcome the block cannot have) goes to the reference loop, as a NULL ps does */
    if (c->ref || !u->exit)
        return c;
    struct entry *e = entry_of(f, c, u->exit);
    /* with predictor=table the run that follows depends on the counters too: ONWARD
     * looks at them, and so does generated code (jit.h); a pre block's entry calls
     * observe_pre() (run_blocks), so generated code stops there */
    if (e)
        u->next = e, u->code = c->pre ? NULL : c->native;
    return c;
}
/* The bits of ram[0]'s written map (struct fast_watch) for n bytes at offset off (aligned) */
static inline uint8_t written_bits(uint64_t off, unsigned n)
{
    return (uint8_t)(((1u << n) - 1) << (off & 7));
}

/* A load of n bytes at ea (aligned) the observers' exec hooks must see (struct fast_watch):
 * below the lowest address, or of bytes of ram[0] none of which was written. */
static inline bool watched_load(const struct fast *f, uint64_t ea, unsigned n)
{
    const struct fast_watch *w = f->watch;
    const uint64_t off = ea - f->env.r0base;
    return ea < w->low || (w->written && off < f->env.r0size && !(w->written[off >> 3] & written_bits(off, n)));
}

/* The same for a store of n bytes at ea, offset off of ram[0]: one that may run here marks
 * its bytes written (the traced loop marks them again if it runs it after all). */
static inline bool watched_store(const struct fast *f, uint64_t ea, uint64_t off, unsigned n)
{
    const struct fast_watch *w = f->watch;
    const unsigned mark = w->stores ? w->stores[off >> 3] : 0;
    if (ea < w->low || (mark && mark != w->stores_own[0] && mark != w->stores_own[1]))
        return true;
    if (w->written)
        w->written[off >> 3] |= written_bits(off, n);
    return false;
}

/* An ADDI that moves sp to nsp, to be seen by the exec hooks */
static inline bool watched_sp(const struct fast_watch *w, uint64_t nsp)
{
    return w->sp && (!fast_watch_holds(w, nsp) || nsp < w->sp_floor);
}

#define LBL(name, w) LBL_(name, w)
#define LBL_(name, w) L_##name##_##w
#define NEXT                                                                               \
    do {                                                                                   \
        op++;                                                                              \
        goto *op->h;                                                                       \
    } while (0)

/* The handlers of ops.h's rows, each at its instance's XLEN when the row exists there */
#define H_ALU(name, width, ...)                                                            \
    OPS_AT(XLEN, width, LBL(name, XLEN) : {                                                \
        x[op->rd] = xl(XLEN, op_##name(XLEN, x[op->rs1], x[op->rs2], op->imm));            \
        NEXT;                                                                              \
    })
#define H_DIV(name, width, ...)                                                            \
    OPS_AT(XLEN, width, LBL(name, XLEN) : {                                                \
        unsigned fl = 0;                                                                   \
        uint64_t v = op_##name(XLEN, x[op->rs1], x[op->rs2], &fl);                         \
        if (unlikely(fl))                                                                  \
            goto deopt; /* early finish: its own timing */                                 \
        x[op->rd] = xl(XLEN, v);                                                           \
        x[0] = 0;                                                                          \
        NEXT;                                                                              \
    })
/* Loads from ram[0] or ram[1], stores to ram[0] outside the watched window; anything else
 * (misaligned, a device, a fault, code, tohost) goes to the reference loop. */
#define H_LOAD(name, width, type) H_LOAD_(name, width, type, x[op->rd] = xl(XLEN, (uint64_t)v), )
#define H_LOAD_X0(name, width, type) H_LOAD_(name##_X0, width, type, (void)v, )
/* the checked kinds (checked_of): a load the observers watch, or a D$ miss the engine does
 * not make (dcache_miss()), goes to the reference loop (the D$ last: a hit updates it) */
#define H_LOAD_C(name, width, type)                                                        \
    H_LOAD_(name##_C, width, type, x[op->rd] = xl(XLEN, (uint64_t)v), LOAD_HIT)
#define H_LOAD_X0_C(name, width, type) H_LOAD_(name##_X0_C, width, type, (void)v, LOAD_HIT)
#define LOAD_HIT                                                                           \
    if ((f->watch && watched_load(f, ea, n)) ||                                            \
        (f->dcache && !cache_read_hit(f->dcache, ea) && !dcache_miss(f, &cycle, e, ea, 0))) \
        goto deopt;
/* ea, and p the host address of the n bytes it loads from ram[0] or ram[1]; anything else
 * (misaligned, a device, a fault) goes to the reference loop */
#define LOAD_AT(n)                                                                         \
    const uint64_t ea = op_ea(XLEN, x[op->rs1], op->imm);                                  \
    const uint8_t *p;                                                                      \
    uint64_t off = ea - f->env.r0base;                                                     \
    if (unlikely(op_misaligned(ea, n)))                                                    \
        goto deopt;                                                                        \
    if (likely(off <= f->env.r0size - (n))) {                                              \
        p = f->env.r0mem + off;                                                            \
    } else {                                                                               \
        off = ea - f->env.r1base;                                                          \
        if (off >= f->env.r1size || off > f->env.r1size - (n))                             \
            goto deopt;                                                                    \
        p = f->env.r1mem + off;                                                            \
    }
#define H_LOAD_(name, width, type, write, check)                                           \
    OPS_AT(XLEN, width, LBL(name, XLEN) : {                                                \
        const unsigned n = sizeof(type);                                                   \
        LOAD_AT(n)                                                                         \
        check                                                                              \
        type v;                                                                            \
        memcpy(&v, p, n);                                                                  \
        write;                                                                             \
        NEXT;                                                                              \
    })
#define H_STORE(name, width, type) H_STORE_(name, width, type, )
/* the checked kinds: a store the observers watch, or a D$ miss the engine does not make,
 * goes to the reference loop (the D$ last: a hit updates it) */
#define H_STORE_C(name, width, type) H_STORE_(name##_C, width, type, STORE_HIT)
#define STORE_HIT                                                                          \
    if (off - f->env.olo < f->env.olen || STORE_WATCHED)                                   \
        goto deopt;
/* ... the checks but the observers' range */
#define STORE_WATCHED                                                                      \
    ((f->watch && watched_store(f, ea, off, n)) ||                                         \
     (f->dcache && !cache_write_hit(f->dcache, ea) && !dcache_miss(f, &cycle, e, ea, n)))
/* ea, and off its offset in ram[0], of a store of n bytes at XLEN xlen; anything but ram[0]
 * outside the watched window (misaligned, a device, a fault, code, tohost) goes to the
 * reference loop */
#define STORE_AT(xlen, n)                                                                  \
    const uint64_t ea = op_ea(xlen, x[op->rs1], op->imm);                                  \
    const uint64_t off = ea - f->env.r0base;                                               \
    if (unlikely(op_misaligned(ea, n) || off > f->env.slim[n] || off - f->env.wlo < f->env.wlen)) \
        goto deopt;
#define H_STORE_(name, width, type, check)                                                 \
    OPS_AT(XLEN, width, LBL(name, XLEN) : {                                                \
        const unsigned n = sizeof(type);                                                   \
        STORE_AT(XLEN, n)                                                                  \
        check                                                                              \
        const uint64_t v = x[op->rs2];                                                     \
        memcpy(f->env.r0mem + off, &v, n); /* little-endian host */                            \
        NEXT;                                                                              \
    })
#define H_BRANCH(name, width, ...)                                                         \
    OPS_AT(XLEN, width, LBL(name, XLEN) : {                                                \
        if (op_##name(XLEN, x[op->rs1], x[op->rs2]))                                       \
            goto taken;                                                                    \
        goto fall;                                                                         \
    })
#define H_BRANCH_SX(name, width, ...)                                                      \
    OPS_AT(XLEN, width, LBL(name##_SX, XLEN) : {                                           \
        if (op_##name(XLEN, x[op->rs1], x[op->rs2]))                                       \
            goto side_taken;                                                               \
        NEXT;                                                                              \
    })
#define H_JALR                                                                             \
    LBL(JALR, XLEN) : {                                                                    \
        const uint64_t target = op_JALR(XLEN, x[op->rs1], op->imm, 0);                     \
        if (unlikely(op_misaligned(target, 4) || target < f->env.low))                         \
            goto deopt;                                                                    \
        x[op->rd] = b->fall;                                                               \
        x[0] = 0;                                                                          \
        pc = target;                                                                       \
        goto jalr;                                                                         \
    }
#define H_LI                                                                               \
    LBL(LI, XLEN) : {                                                                      \
        x[op->rd] = xl(XLEN, (uint64_t)(int64_t)op->imm);                                  \
        NEXT;                                                                              \
    }
#define H_ADDI_SP                                                                          \
    LBL(ADDI_SP, XLEN) : {                                                                 \
        const uint64_t sp = xl(XLEN, op_ADDI(XLEN, x[op->rs1], 0, op->imm));               \
        if (unlikely(f->watch && watched_sp(f->watch, sp)) ||                              \
            (f->pending && observe_run_due(f->obs, observe_flags(f->obs, b->pc), sp)))     \
            goto deopt;                                                                    \
        x[op->rd] = sp;                                                                    \
        observe_sp(f->obs, sp);                                                            \
        NEXT;                                                                              \
    }
/* A load of an XLEN-wide word into sp, with the stack marks: as H_LOAD_C, with H_ADDI_SP's
 * look at the new sp before anything changes (the D$ last: a hit updates it).  An sp
 * outside --check's window (another thread's stack) goes to the reference loop, but for
 * the block's last instruction (f->spload): the check's look at a load into sp is the
 * load's own, and its window follows the new sp there (observe_sync(), at the block's
 * end, as L_KSTORE's). */
#define H_LOAD_SP                                                                          \
    LBL(LOAD_SP, XLEN) : {                                                                 \
        const unsigned n = XLEN / 8;                                                       \
        uint64_t sp;                                                                       \
        LOAD_AT(n)                                                                         \
        if (XLEN == 32) {                                                                  \
            int32_t w;                                                                     \
            memcpy(&w, p, 4);                                                              \
            sp = xl(XLEN, (uint64_t)(int64_t)w);                                           \
        } else {                                                                           \
            memcpy(&sp, p, 8);                                                             \
        }                                                                                  \
        const bool moved = f->watch && watched_sp(f->watch, sp);                           \
        if (unlikely(moved && op + 1 != b->ops + b->n) ||                                  \
            unlikely(f->watch && watched_load(f, ea, n)) ||                                \
            (f->pending && observe_run_due(f->obs, observe_flags(f->obs, b->pc), sp)) ||   \
            (f->dcache && !cache_read_hit(f->dcache, ea)))                                 \
            goto deopt;                                                                    \
        x[2] = sp;                                                                         \
        observe_sp(f->obs, sp);                                                            \
        if (moved)                                                                         \
            observe_sync(f, cycle + e->out[OUT_END].cost);                                 \
        NEXT;                                                                              \
    }
/* Every handler of one XLEN instance */
#define HANDLERS                                                                           \
    ENGINE_OPS(H_ALU, H_DIV, H_LOAD, H_STORE, H_BRANCH) OPS_LOAD(H_LOAD_X0)                \
    OPS_BRANCH(H_BRANCH_SX) OPS_LOAD(H_LOAD_C) OPS_STORE(H_STORE_C) OPS_LOAD(H_LOAD_X0_C)  \
    H_JALR H_LI H_ADDI_SP H_LOAD_SP
/* The handlers of kinds that are alike at either XLEN */
#define HANDLERS_ANY_XLEN                                                                  \
    L_LI_POOL:                                                                             \
    x[op->rd] = b->pool[op->imm];                                                          \
    NEXT;                                                                                  \
    L_NOP:                                                                                 \
    NEXT;                                                                                  \
    L_MV: /* imm 0: the value as it is, at either XLEN */                                  \
    x[op->rd] = op_ADDI(64, x[op->rs1], 0, 0);                                             \
    NEXT;                                                                                  \
    L_SEXT_W:                                                                              \
    x[op->rd] = op_ADDIW(64, x[op->rs1], 0, 0);                                            \
    NEXT;
/* Every handler's label, by kind (EACH: KIND_VARIANTS) */
#define EACH(w, name) [K_##name##_##w] = &&L_##name##_##w,
#define HANDLER_TABLE                                                                      \
    {                                                                                      \
        KIND_VARIANTS                                                                      \
        [K_JALR_32] = &&L_JALR_32, [K_JALR_64] = &&L_JALR_64, [K_JAL] = &&L_JAL,           \
        [K_LI_32] = &&L_LI_32, [K_LI_64] = &&L_LI_64, [K_LI_POOL] = &&L_LI_POOL,           \
        [K_NOP] = &&L_NOP, [K_MV] = &&L_MV, [K_SEXT_W] = &&L_SEXT_W, [K_END] = &&L_END,    \
        [K_ADDI_SP_32] = &&L_ADDI_SP_32, [K_ADDI_SP_64] = &&L_ADDI_SP_64, [K_CSR] = &&L_CSR, \
        [K_LOAD_SP_32] = &&L_LOAD_SP_32, [K_LOAD_SP_64] = &&L_LOAD_SP_64,                  \
        [K_MRET] = &&L_MRET, [K_KSTORE] = &&L_KSTORE,                                      \
    }


/* The machine's state the loop keeps in locals, to and from memory around anything else:
 * the block `b` knows the pc; `ps` is the model's pipeline state at this boundary (NULL:
 * the model itself holds it: b is the reference loop's, which needs no interned state, or
 * there is no memory for one), at the model's cycle cycle + off. */
#define SAVE()                                                                             \
    do {                                                                                   \
        h->clk.cycle = cycle;                                                              \
        if (ps)                                                                            \
            restore(t, &ps->s, cycle + off);                                               \
        t->seq += dseq;                                                                    \
        dseq = 0;                                                                          \
        h->instret = instret;                                                              \
        h->pc = b->pc;                                                                     \
    } while (0)
#define LOAD()                                                                             \
    do {                                                                                   \
        if (f->nentries >= ENTRIES_MAX || f->nstates >= STATES_MAX)                        \
            forget_entries(f);                                                             \
        if (f->nstates >= STATES_MAX)                                                      \
            forget_states(f);                                                              \
        cycle = h->clk.cycle;                                                              \
        off = t->cyc - cycle;                                                              \
        instret = h->instret;                                                              \
        b = find(f, h->pc);                                                                \
        ps = b->ref ? NULL : state_now(f, t);                                              \
        e = NULL; /* maybe forgotten above */                                              \
        watch_update(f);                                                                   \
        if (f->obs)                                                                        \
            observe_sync(f, cycle);                                                        \
    } while (0)

/* A run of e's block ended with outcome o: its cycles, and on to the next block at npc
 * (`check`, an expression of the remembered next run c_: it does not start at npc). */
#define FINISH(o, npc, check)                                                              \
    do {                                                                                   \
        struct outcome *const u_ = &e->out[o];                                             \
        if (f->icache)                                                                     \
            icache_fetch(f->icache, b, u_->n);                                             \
        cycle += u_->cost;                                                                 \
        instret += u_->instret;                                                            \
        dseq += u_->n;                                                                     \
        u_->runs++;                                                                        \
        ps = u_->exit;                                                                     \
        ONWARD(o, npc, check);                                                             \
    } while (0)
/* Generated code left e's block by outcome o, charged but for its exit state */
#define EXITED(o, npc, check)                                                              \
    do {                                                                                   \
        ps = e->out[o].exit;                                                               \
        ONWARD(o, npc, check);                                                             \
    } while (0)
/* FINISH's way on from outcome o, charged (predictor=table: the counters the run left
 * into the machine's table, unless they are what it read; the run that follows again, a
 * loop, finds them as the run left them) */
#define ONWARD(o, npc, check)                                                              \
    do {                                                                                   \
        struct outcome *const u_ = &e->out[o];                                             \
        if (unlikely(f->table) && u_->counters != e->c.key)                                \
            counters_set(&e->c, t->bp, u_->counters);                                      \
        struct entry *const c_ = u_->next;                                                 \
        if (likely(c_ && !(check)) &&                                                      \
            (likely(!f->table) || (c_ == e ? u_->counters == e->c.key                      \
                                           : counters_now(&c_->c, t->bp) == c_->c.key))) { \
            e = c_;                                                                        \
            b = c_->b;                                                                     \
            goto enter;                                                                    \
        }                                                                                  \
        b = follow(f, u_, npc);                                                            \
        goto enter_checked;                                                                \
    } while (0)

/* What hand_over() did */
enum handed { HANDED_STOP, HANDED_EVENTS, HANDED_STEPS, HANDED_HOT };

/* At the start of block b, the machine saved (run_blocks: SAVE), the reference loop's turn:
 * device events and interrupts when `look` (due, and not looked at yet at this boundary),
 * as it would look at them first; otherwise b's instructions, unless b is a cold block
 * that has just become hot (the caller translates it).  c0: the cycle this boundary began
 * at, before any look at events (the first step's, as in the reference loop's own steps:
 * its observers charge it the events' cycles, and the trace prints it). */
static enum handed hand_over(struct fast *f, struct block *b, bool look, uint64_t c0)
{
    struct machine *const m = f->m;
    if (look)
        return cpu_event(m) ? HANDED_STOP : HANDED_EVENTS;
    /* a cold block of the map (f->outside, part of f, is never cold nor freed) */
    if (b->cold && b != &f->outside && ++b->heat >= HOT_RUNS)
        return HANDED_HOT;
    return cpu_run_steps(m, b->n, c0, false) ? HANDED_STOP : HANDED_STEPS;
}

/* Instruction d, about to run in the reference loop, will most likely be handed to it on
 * later runs too: a load or store that reaches a device (outside the RAMs: a device
 * register's address is fixed), a store the observers act on (env.olo: the kernel's
 * current-thread variable, a debugger's watchpoint), or a load into sp while --check
 * follows the threads' stacks (a switch's, to another stack).  The marks it takes
 * (f->apart, f->kstore, f->spload); NULL: none. */
static uint8_t **handed_again(struct fast *f, const struct insn *d)
{
    if (d->t.cls != TC_LOAD && d->t.cls != TC_STORE)
        return NULL;
    if (d->t.cls == TC_LOAD && d->t.rd == 2 && f->watch && f->watch->sp)
        return &f->spload;
    const uint64_t ea = op_ea(f->m->hart.xlen, f->m->hart.x[d->t.rs1], d->imm);
    if (ea - f->env.r0base >= f->env.r0size && ea - f->env.r1base >= f->env.r1size)
        return &f->apart;
    if (d->t.cls != TC_STORE || ea - f->env.r0base - f->env.olo >= f->env.olen)
        return NULL;
    return f->m->observers.stores ? &f->apart : &f->kstore;
}

/* Mark the word at pc in *marks; false when it was already, or there is no memory for the
 * marks. */
static bool mark(struct fast *f, uint8_t **marks, uint64_t pc)
{
    const uint64_t w = (pc - f->base) >> 2;
    if (!*marks && !(*marks = calloc(f->words / 8 + 1, 1)))
        return false;
    if (marked(*marks, f, pc))
        return false;
    (*marks)[w / 8] |= (uint8_t)(1u << (w % 8));
    return true;
}

/* Operation k of block b cannot complete in the engine, the machine saved at b's start:
 * the reference loop runs it, after the model has charged the instructions before it
 * (from the state the block started in; pre_done: its observe_pre() ran at the block's
 * entry).  True when the machine stopped. */
static bool deopt_step(struct fast *f, const struct block *b, unsigned k, bool pre_done)
{
    const uint64_t pc = b->pc + 4 * k;
    uint8_t **again = handed_again(f, &b->src[k]);
    /* the first already ends nothing (but a block it must end) */
    again = again == &f->kstore || again == &f->spload || k ? again : NULL;
    replay(f, b, k);
    f->m->hart.pc = pc;
    if (cpu_run_steps(f->m, 1, f->m->hart.clk.cycle, pre_done))
        return true;
    if (again && mark(f, again, pc))
        code_written(f, pc - f->base, 4); /* b and the blocks that hold pc: translated anew */
    return false;
}

static void run_blocks(struct fast *f)
{
    static const void *const tab[K_COUNT] = HANDLER_TABLE;
    handler = tab;
    if (!f)
        return;
    struct machine *const m = f->m;
    struct hart *const h = &m->hart;
    struct timing *const t = &m->timing;
    uint64_t *const x = h->x;
    uint64_t cycle, off, instret, dseq = 0, pc;
    const struct state *ps;
    struct block *b;
    struct entry *e = NULL;
    const struct fop *op;
    bool looked = false; /* cpu_event() ran at this boundary, which began at cycle c_look */
    uint64_t c_look = 0, traps, watch_at;
    /* the block run whose entry called observe_pre() last: its block and start cycle */
    const struct block *pre_block = NULL;
    uint64_t pre_cycle = 0;
    LOAD();

enter_checked:
    /* a block not known to be translated, or a state not known to be timed for it; with
     * too many timed runs or states, the reference loop first (LOAD forgets them) */
    if (unlikely(b->ref || !ps || f->nentries >= ENTRIES_MAX || f->nstates >= STATES_MAX ||
                 f->all_ref))
        goto reference;
    e = entry_of(f, b, ps);
    if (unlikely(!e))
        goto reference;
enter:
    /* the reference loop looks at devices before every instruction: it must run the block
     * when an event is due before its last instruction */
    if (unlikely(cycle + e->prefix >= h->next_event))
        goto reference;
    if (unlikely(f->guarded)) {
        if (cycle + e->prefix >= f->trace_at || (f->icache && !icache_holds(f->icache, b)))
            goto reference;
        if (b->pre || b->pc == f->env.watch_pc ||
            (f->pending && observe_run_due(f->obs, observe_flags(f->obs, b->pc), x[2]))) {
            if (!f->pre_here)
                goto reference;
            /* the block runs here: its pre() too (an OBS_RUN due there among them) */
            h->clk.cycle = cycle;
            h->instret = instret;
            h->pc = b->pc;
            observe_pre(m, b->pc);
            observe_sync_pc(f, cycle);
            pre_block = b;
            pre_cycle = cycle;
        }
    }
    if (unlikely(looked) && m->observers.charge) /* the events' cycles, as the traced loop
                                                    charges them: to the next instruction */
        observe_charge(m, b->pc, NULL, 0, cycle - c_look, 0);
    looked = false;
    op = b->ops;
    if (b->native) { /* its code (and its successors'), then on as FINISH goes on */
        f->env.cycle = cycle;
        f->env.instret = instret;
        f->env.seq = dseq;
        f->env.entry = e;
        if (f->icache)
            f->env.ic_fills = f->icache->fills;
        const unsigned r = jit_run(f->jit, b->native, x, &f->env);
        cycle = f->env.cycle;
        instret = f->env.instret;
        dseq = f->env.seq;
        e = f->env.entry;
        b = e->b;
        ps = e->s; /* or the exit state of the outcome it left by (EXITED) */
        op = b->ops + (r >> JIT_EXIT_BITS);
        switch ((enum jit_exit)(r & ((1u << JIT_EXIT_BITS) - 1))) {
        case JIT_RESUME:
            break;
        case JIT_TAKEN:
            EXITED(OUT_END_TAKEN, b->target, 0);
        case JIT_FALL:
            EXITED(OUT_END, b->fall, 0);
        case JIT_SIDE:
            EXITED(OUT_SIDE + op->imm, b->side_target[op->imm], 0);
        case JIT_JUMP:
            EXITED(OUT_END, b->target, 0);
        case JIT_JALR:
            pc = f->env.pc;
            EXITED(OUT_END, pc, c_->b->pc != pc);
        }
    }
    goto *op->h;

reference:
    SAVE();
    if (!looked)
        c_look = cycle;
    traps = m->stats.traps;
    watch_at = m->watch_at;
    switch (hand_over(f, b, !looked && cycle >= h->next_event, c_look)) {
    case HANDED_STOP:
        return;
    case HANDED_HOT:
        b = warm_up(f, b);
        if (!ps && !b->ref)
            ps = state_now(f, t);
        goto enter_checked;
    case HANDED_EVENTS:
        looked = true;
        /* no interrupt taken (nor anything else run): the model is still in state ps, and
         * the observers saw nothing (but --check's look, when it came) */
        if (ps && h->pc == b->pc && m->stats.traps == traps) {
            if (f->obs && m->watch_at != watch_at)
                observe_sync(f, cycle);
            if (e && e->b == b && e->s == ps && !f->all_ref)
                goto enter;
            goto enter_checked;
        }
        break;
    case HANDED_STEPS:
        looked = false;
        break;
    }
    LOAD();
    goto enter_checked;

#define XLEN 32
    HANDLERS
#undef XLEN
#define XLEN 64
    HANDLERS
#undef XLEN
    HANDLERS_ANY_XLEN

side_taken:
    FINISH(OUT_SIDE + op->imm, b->side_target[op->imm], 0);
taken:
    FINISH(OUT_END_TAKEN, b->target, 0);
fall:
    FINISH(OUT_END, b->fall, 0);
L_JAL:
    x[op->rd] = b->fall;
    x[0] = 0;
    FINISH(OUT_END, b->target, 0);
jalr:
    FINISH(OUT_END, pc, c_->b->pc != pc);
L_END:
    FINISH(OUT_END, b->fall, 0);
L_CSR: {
    /* as the reference loop runs it (cpu.c's csr_insn): at the cycle the core reads the
     * CSR, the run's cycles less the read lag, with the machine's pc, instret and the
     * model's instruction count (timing_mepc_written()) those of the instruction */
    const struct outcome *const u = &e->out[OUT_END];
    const struct insn *const d = &b->src[op - b->ops];
    const uint64_t before = u->instret - d->retires, seq = dseq + u->n;
    uint64_t v;
    unsigned written;
    h->pc = b->pc + 4 * (uint64_t)(op - b->ops);
    h->clk.cycle = cycle + u->cost - e->lag;
    h->instret = instret + before;
    t->seq += seq;
    const int r = cpu_csr(m, d, x[op->rs1], &v, &written);
    t->seq -= seq;
    if (unlikely(r))
        goto deopt; /* illegal: the reference loop traps */
    instret = h->instret - before; /* a write of minstret */
    x[op->rd] = xl(h->xlen, v);
    x[0] = 0;
    FINISH(OUT_END, b->fall, 0);
}
L_KSTORE: {
    /* a store into the kernel's current-thread variable: as H_STORE_C makes it (but for
     * the range of the stores the observers act on, which is this one), then what the
     * traced loop's observe_post() does with it, at its issue cycle; the block ends here,
     * and the next one's entry looks at what the switch changed (observe_sync()) */
    const unsigned k = (unsigned)(op - b->ops), n = op_size(b->src[k].op);
    STORE_AT(h->xlen, n)
    if (STORE_WATCHED)
        goto deopt;
    memcpy(f->env.r0mem + off, &x[op->rs2], n); /* little-endian host */
    observe_kernel_store(m, ea, n, cycle + e->at[k]);
    observe_sync(f, cycle + e->out[OUT_END].cost);
    FINISH(OUT_END, b->fall, 0);
}
L_MRET: {
    /* as cpu_mret() runs it: at the cycle before it, and the model's instruction count
     * that of the instructions before it; its events at the cycle after it */
    const struct outcome *const u = &e->out[OUT_END];
    const uint64_t seq = dseq + u->n - 1, mret_pc = b->pc + 4 * (uint64_t)(op - b->ops);
    const bool was = h->csr.mstatus_mie;
    h->pc = mret_pc;
    h->clk.cycle = cycle + e->prefix;
    t->seq += seq;
    pc = trap_mret(m);
    t->seq -= seq;
    h->clk.cycle = cycle + u->cost;
    trap_mret_end(m, was, mret_pc);
    if (f->obs) /* the observers saw the handler's end (observe_mret()) */
        observe_sync_pc(f, cycle + u->cost);
    FINISH(OUT_END, pc, c_->b->pc != pc);
}

deopt:
    SAVE();
    /* the first operation of the run whose entry called observe_pre(): not again */
    if (deopt_step(f, b, (unsigned)(op - b->ops),
                   op == b->ops && b == pre_block && cycle == pre_cycle))
        return;
    LOAD();
    goto enter_checked;
}
#undef EACH

bool fast_run(struct machine *m)
{
    struct fast *f = calloc(1, sizeof *f);
    struct ram *code = m->bus.code;
    if (f)
        f->map = calloc(code->size / 4, sizeof *f->map);
    if (!f || !f->map) {
        free(f);
        return false;
    }
    run_blocks(NULL); /* its handlers, for translate() */
    f->m = m;
    f->base = code->base;
    f->words = code->size / 4;
    f->outside.ref = 1;
    f->outside.n = 1;
    f->table = m->timing.p.predictor == BP_TABLE;
    const struct timing_params *p = &m->timing.p;
    uint32_t pen = p->mispredict > p->jal ? p->mispredict : p->jal;
    pen = pen > p->jalr ? pen : p->jalr;
    /* a wrong path is fetched at most one word per cycle until the redirect */
    f->wrong_words = (uint64_t)pen + p->branch_taken + 8;
    timing_init(&f->clean, p);
    timing_attach_code(&f->clean, m->timing.code, m->timing.code_base, m->timing.code_size,
                       m->timing.xlen);
    memcpy(&f->scratch, &f->clean, sizeof f->scratch);
    watch_update(f);
    for (unsigned n = 1; n <= 8; n *= 2)
        f->env.slim[n] = m->bus.ram[0].size - n;
    f->env.r0base = m->bus.ram[0].base;
    f->env.r0size = m->bus.ram[0].size;
    f->env.r0mem = m->bus.ram[0].mem;
    f->env.r1base = m->bus.ram[1].base;
    f->env.r1size = m->bus.ram[1].size;
    f->env.r1mem = m->bus.ram[1].mem;
    code->watch = code_written;
    code->watch_ctx = f;
    m->settle = settle;
    m->settle_ctx = f;
    observe_setup(f);
    f->icache = m->caches.i.g.size ? &m->caches.i : NULL;
    f->dcache = m->caches.d.g.size ? &m->caches.d : NULL;
    f->dmiss_here = f->dcache && !m->obs && !m->observers.n;
    if (f->dcache)
        f->dmiss_max = 2 * (uint64_t)f->dcache->refill + mem_transfer(&m->caches.mem, 8);
    f->guarded = f->obs || f->icache;
    const struct jit_layout lay = {
        .entry_block = offsetof(struct entry, b),
        .entry_prefix = offsetof(struct entry, prefix),
        .entry_out = offsetof(struct entry, out),
        .outcome_size = sizeof(struct outcome),
        .out_cost = offsetof(struct outcome, cost),
        .out_next = offsetof(struct outcome, next),
        .out_code = offsetof(struct outcome, code),
        .out_runs = offsetof(struct outcome, runs),
        .out_n = offsetof(struct outcome, n),
        .out_instret = offsetof(struct outcome, instret),
        .block_pc = offsetof(struct block, pc),
        .next_event = (int32_t)(offsetof(struct hart, next_event) - offsetof(struct hart, x)),
        .guarded = f->obs != NULL,
        .table = f->table,
        .out_counters = offsetof(struct outcome, counters),
        .entry_key = offsetof(struct entry, c) + offsetof(struct counters, key),
        .entry_c_idx = offsetof(struct entry, c) + offsetof(struct counters, idx),
        .entry_c_n = offsetof(struct entry, c) + offsetof(struct counters, n),
        .bp = m->timing.bp,
        .watch = f->watch != NULL,
        .watch_written = f->watch ? f->watch->written : NULL,
        .watch_stores = f->watch ? f->watch->stores : NULL,
        .dcache = f->dcache,
        .mmio_at = f->dmiss_here ? &m->timing.mmio_at : NULL,
        .mem = &m->caches.mem,
        .icache = f->icache,
        .block_ic_slot = offsetof(struct block, ic_slot),
        .block_ic_fills = offsetof(struct block, ic_fills),
        .ic_lines = ICACHE_LINES,
        .icache_at = (int32_t)((char *)&m->caches.i - (char *)m->hart.x),
        .dcache_at = (int32_t)((char *)&m->caches.d - (char *)m->hart.x),
    };
    f->jit = m->threaded ? NULL : jit_open(&lay);

    run_blocks(f);

    code->watch = NULL;
    m->settle = NULL;
    forget_entries(f);
    forget_states(f);
    free(f->states);
    free(f->entries);
    while (f->blocks)
        kill(f, f->blocks);
    jit_close(f->jit);
    free(f->apart);
    free(f->kstore);
    free(f->spload);
    free(f->map);
    free(f);
    return true;
}
