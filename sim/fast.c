/* The fast engine (fast.h): blocks of predecoded operations, timed by the model at
 * translation, run by a threaded interpreter; the reference loop (cpu.c) for everything
 * else. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "fast.h"
#include "machine.h"
#include "muldiv.h"

#define likely(c) __builtin_expect(!!(c), 1)
#define unlikely(c) __builtin_expect(!!(c), 0)

/* Instructions per block at most: a longer straight line becomes several blocks.  The
 * bound also limits the search for the blocks a store into code hits. */
#define BLOCK_MAX 48

/* A block is translated once the reference loop has run it this many times: until then
 * translating would cost more than it saves (most code of a short run runs a few times). */
#define HOT_RUNS 32

/* Pipeline time the scratch model starts at (far from 0, like timing_init's). */
#define SCRATCH_NOW (1ull << 20)

/* The operations, in the style of cpu.c's execute(): a = rs1, b = rs2, imm the immediate;
 * XLEN is the width of the handler's instance.  Each list item is one decode.h OP_ name. */
#define ALU_OPS(X)                                                                         \
    X(ADD, a + b) X(SUB, a - b) X(SLL, a << (b & (XLEN - 1)))                             \
    X(SLT, sx(XLEN, a) < sx(XLEN, b)) X(SLTU, a < b) X(XOR, a ^ b)                        \
    X(SRL, a >> (b & (XLEN - 1))) X(SRA, (uint64_t)(sx(XLEN, a) >> (b & (XLEN - 1))))     \
    X(OR, a | b) X(AND, a & b) X(MUL, a * b) X(MULH, mulh(XLEN, a, b))                    \
    X(MULHSU, mulhsu(XLEN, a, b)) X(MULHU, mulhu(XLEN, a, b))                             \
    X(ADDI, a + (uint64_t)imm) X(SLTI, sx(XLEN, a) < imm)                                 \
    X(SLTIU, a < xl(XLEN, (uint64_t)imm)) X(XORI, a ^ (uint64_t)imm)                      \
    X(ORI, a | (uint64_t)imm) X(ANDI, a & (uint64_t)imm) X(SLLI, a << imm)                \
    X(SRLI, a >> imm) X(SRAI, (uint64_t)(sx(XLEN, a) >> imm))
#define ALU_OPS_64(X)                                                                      \
    X(ADDW, w32(a + b)) X(SUBW, w32(a - b)) X(SLLW, w32((uint32_t)a << (b & 31)))         \
    X(SRLW, w32((uint32_t)a >> (b & 31))) X(SRAW, w32((int32_t)a >> (b & 31)))            \
    X(MULW, w32((uint32_t)a * (uint32_t)b)) X(ADDIW, w32(a + (uint64_t)imm))              \
    X(SLLIW, w32((uint32_t)a << imm)) X(SRLIW, w32((uint32_t)a >> imm))                   \
    X(SRAIW, w32((int32_t)a >> imm))
/* divides: `fl` collects TF_DIV_EARLY (muldiv.h), which the reference loop times */
#define DIV_OPS(X)                                                                         \
    X(DIV, divs(XLEN, a, b, &fl)) X(DIVU, divu(a, b, &fl)) X(REM, rems(XLEN, a, b, &fl))  \
    X(REMU, remu(a, b, &fl))
#define DIV_OPS_64(X)                                                                      \
    X(DIVW, divw(a, b, &fl)) X(DIVUW, divuw(a, b, &fl)) X(REMW, remw(a, b, &fl))          \
    X(REMUW, remuw(a, b, &fl))
/* loads: bytes, C type (its signedness extends the value) */
#define LOAD_OPS(X) X(LB, 1, int8_t) X(LH, 2, int16_t) X(LW, 4, int32_t) X(LBU, 1, uint8_t) X(LHU, 2, uint16_t)
#define LOAD_OPS_64(X) X(LD, 8, uint64_t) X(LWU, 4, uint32_t)
#define STORE_OPS(X) X(SB, 1) X(SH, 2) X(SW, 4)
#define STORE_OPS_64(X) X(SD, 8)
#define BRANCH_OPS(X)                                                                      \
    X(BEQ, a == b) X(BNE, a != b) X(BLT, sx(XLEN, a) < sx(XLEN, b))                       \
    X(BGE, sx(XLEN, a) >= sx(XLEN, b)) X(BLTU, a < b) X(BGEU, a >= b)
#define BOTH_OPS(X, Y, L, S, B) ALU_OPS(X) DIV_OPS(Y) LOAD_OPS(L) STORE_OPS(S) BRANCH_OPS(B)
#define RV64_OPS(X, Y, L, S) ALU_OPS_64(X) DIV_OPS_64(Y) LOAD_OPS_64(L) STORE_OPS_64(S)

/* Operation kinds: one per operation and width (the translator picks the machine's). */
enum kind {
    K_NONE, /* not run by the engine */
#define K2(name, ...) K_##name##_32, K_##name##_64,
#define K1(name, ...) K_##name##_64,
#define KX2(name, ...) K_##name##_X0_32, K_##name##_X0_64,
#define KX1(name, ...) K_##name##_X0_64,
#define KS2(name, ...) K_##name##_SX_32, K_##name##_SX_64,
    BOTH_OPS(K2, K2, K2, K2, K2) RV64_OPS(K1, K1, K1, K1)
    LOAD_OPS(KX2) LOAD_OPS_64(KX1) /* loads into x0: checked, the value dropped */
    BRANCH_OPS(KS2)                /* a conditional branch inside a block: a side exit */
#undef K2
#undef K1
#undef KX2
#undef KX1
#undef KS2
    K_JALR_32, K_JALR_64,
    K_JAL,           /* to the block's target; the link is the pc after the block */
    K_LI_32, K_LI_64, /* LUI, AUIPC: imm is the value */
    K_LI_POOL,       /* the same with a value beyond 32 bits: imm indexes the block's pool */
    K_NOP,           /* a result to x0 that can neither trap nor take dynamic time */
    K_MV,            /* ADDI rd, rs1, 0 */
    K_SEXT_W,        /* ADDIW rd, rs1, 0 */
    K_END,           /* the block falls through to the next pc */
    K_COUNT
};

static const uint8_t kind_of[2][OP_COUNT] = {
    {
#define M32(name, ...) [OP_##name] = K_##name##_32,
        BOTH_OPS(M32, M32, M32, M32, M32)
#undef M32
        [OP_JALR] = K_JALR_32, [OP_JAL] = K_JAL, [OP_LUI] = K_LI_32, [OP_AUIPC] = K_LI_32,
    },
    {
#define M64(name, ...) [OP_##name] = K_##name##_64,
        BOTH_OPS(M64, M64, M64, M64, M64) RV64_OPS(M64, M64, M64, M64)
#undef M64
        [OP_JALR] = K_JALR_64, [OP_JAL] = K_JAL, [OP_LUI] = K_LI_64, [OP_AUIPC] = K_LI_64,
    },
};

/* The side-exit kinds of the conditional branches */
static const uint8_t side_exit[K_COUNT] = {
#define SX(name, ...) [K_##name##_32] = K_##name##_SX_32, [K_##name##_64] = K_##name##_SX_64,
    BRANCH_OPS(SX)
#undef SX
};

/* The load kinds into x0 */
static const uint8_t load_x0[K_COUNT] = {
#define LX2(name, ...) [K_##name##_32] = K_##name##_X0_32, [K_##name##_64] = K_##name##_X0_64,
#define LX1(name, ...) [K_##name##_64] = K_##name##_X0_64,
    LOAD_OPS(LX2) LOAD_OPS_64(LX1)
#undef LX2
#undef LX1
};

/* One operation, one per instruction: 16 bytes.  `h` is its handler in run_blocks(). */
struct fop {
    const void *h;
    int32_t imm;
    uint8_t kind, rd, rs1, rs2;
};

/* The block may run when scoreboard entry `reg` is ready by (block entry + delay). */
struct guard {
    uint8_t reg;
    uint32_t delay;
};
/* Scoreboard entry `reg` the block leaves: ready at (block entry + off), `cause`. */
struct pend {
    uint8_t reg, cause;
    uint32_t off;
};

/* How a run of a block ended, for its statistics: the conditional branch that ends it was
 * correctly predicted not taken (or there is none), correctly predicted taken, or
 * mispredicted, all three timed by the engine; or timed by timing_branch() itself. */
enum { RUN_PLAIN, RUN_TAKEN, RUN_MISPREDICT, RUN_MODEL, RUN_KINDS };

/* A block goes on past at most this many conditional branches (side exits). */
#define SIDE_MAX 4

/* Where a run of a block can end: at its last instruction, or at a side exit (a
 * conditional branch inside it, taken). */
struct exit {
    /* read on every run that ends here */
    struct block *succ[2]; /* the blocks that followed: [0] the next pc, [1] the branch or
                              jump target (JALR: the last one, its pc checked) */
    uint8_t clean[2];      /* going on to succ[i] needs no check of its guards (clean_edge) */
    uint8_t pend[RUN_MODEL]; /* a run ending this way must write the pending entries (the
                                bubbles did not move time past them) */
    uint32_t instret;
    uint64_t cost[RUN_MODEL]; /* cycles of a run ending in each engine-timed way (the static
                                 part, [RUN_PLAIN], + the branch's bubbles) */
    uint32_t dnow[RUN_MODEL]; /* the same in pipeline time */
    uint64_t seen, issued; /* the branch's natural issue x0 and x + 5 (x: its issue) as
                              predictor words (bits 63:3), from the entry */
    uint64_t runs[RUN_KINDS]; /* runs not yet charged to the machine's statistics */
    uint64_t fall, target; /* the pc after the instruction; a branch's or JAL's target */
    /* the rest: for the model's predictor, and for statistics */
    uint32_t x0, x, n;     /* the branch's natural issue and issue; instructions up to here */
    unsigned br_flags;
    uint8_t branch;        /* ends with a conditional branch: its predictor part at run time */
    uint32_t class_count[TC_COUNT]; /* statistics of one run (charged by flush()) */
    uint64_t stall[ST_COUNT];
};

/* A side exit, as a run passes it (not taken). */
struct side {
    uint64_t seen, issued; /* as in struct exit */
    uint64_t passed[2];    /* runs that passed it: correctly predicted, mispredicted */
};

struct block {
    /* read on every run */
    uint64_t span;         /* cycles up to the boundary before the last instruction, at most */
    uint8_t ref;           /* left to the reference loop */
    uint8_t cold;          /* not translated yet: ref, and counting its runs (heat) */
    uint32_t heat;
    uint8_t nguard, npend, nside;
    uint64_t pc;
    struct exit end;       /* the last instruction's */
    struct guard guard[32];
    struct pend pending[32]; /* the entries the block leaves (all are of its last part) */
    uint32_t pend_need;    /* branch bubbles from which the pending entries need no writing */
    uint32_t n;            /* instructions (the reference loop runs this many if it must) */
    uint64_t side_at;      /* bit i: instruction i is a side exit */
    struct side pass[SIDE_MAX];
    struct exit *side;         /* the side exits, nside of them */
    struct block *prev, *next; /* every live block */
    struct insn *src;          /* the decoded instructions, for replay() */
    uint64_t *pool;            /* K_LI_POOL values */
    struct fop ops[];          /* then src, pool and side */
};

struct fast {
    struct machine *m;
    struct block **map; /* per word of code memory: the block that starts there */
    uint64_t base, words;
    struct block *blocks;
    struct block outside; /* stands for a pc outside code memory: the reference loop */
    uint32_t dmax;      /* no scoreboard entry is later than now + dmax - 1 */
    bool fast_bp;       /* the engine may hold the predictor (PREDICTOR_MODEL) */
    uint32_t bubbles[RUN_KINDS]; /* a branch's bubbles by how its run ended */
    uint8_t step_state[2][8], step_run[2][8]; /* predictor_state, predictor_run */
    /* RAM for loads and stores (ram[1]: the paper's instruction memory, loads only) */
    uint64_t r0base, r0size, r1base, r1size;
    uint8_t *r0mem, *r1mem;
    /* stores of n bytes into ram[0] offsets up to slim[n] run here, except into the
     * doublewords [wlo, wlo + wlen) that hold predecoded code or tohost (watch_update) */
    uint64_t slim[9], wlo, wlen;
    /* scratch models: at reset with every register ready; the same after a history of
     * every kind of instruction; a run; three more for branch_splits() */
    struct timing clean, used, scratch, s0, s1, s2;
};

/* A run of the model over a block's statically timed instructions, relative to its start. */
struct sim {
    uint32_t cost[BLOCK_MAX];
    uint64_t dnow, stall[ST_COUNT], ready[32]; /* ready: of the registers written */
    uint8_t cause[32];
};

/* ---- translation ---- */

/* The predecoded record of code offset `off`, as cpu.c's fetch() keeps them (stores into
 * [dec_lo, dec_hi) invalidate them, and the engine's blocks with them). */
static const struct insn *decoded(struct ram *code, uint64_t off, int xlen)
{
    struct insn *d = &code->dec[off >> 2];
    if (d->op == OP_UNDECODED) {
        uint32_t raw;
        memcpy(&raw, code->mem + off, 4);
        decode(d, raw, xlen);
        if (off < code->dec_lo)
            code->dec_lo = off;
        if (off + 4 > code->dec_hi)
            code->dec_hi = off + 4;
    }
    return d;
}

/* The operation for `d` at `pc` (K_NONE when the engine leaves it to the reference loop:
 * CSRs, system instructions, FENCE, illegal ones, jumps to misaligned targets); `value`:
 * a LUI's or AUIPC's result, `target`: a branch's or JAL's. */
static struct fop operation(const struct insn *d, uint64_t pc, int xlen, uint64_t *value,
                            uint64_t *target)
{
    struct fop o = {.imm = d->imm, .kind = kind_of[xlen == 64][d->op], .rd = d->t.rd,
                    .rs1 = d->t.rs1, .rs2 = d->t.rs2};
    *target = xl(xlen, pc + (uint64_t)(int64_t)d->imm);
    *value = d->op == OP_AUIPC ? *target : xl(xlen, (uint64_t)(int64_t)d->imm);
    if ((d->t.cls == TC_BRANCH || d->t.cls == TC_JAL) && (*target & 3))
        o.kind = K_NONE;
    if (o.kind != K_NONE && d->t.rd == 0 && (d->t.cls == TC_ALU || d->t.cls == TC_LUI || d->t.cls == TC_MUL))
        o.kind = K_NOP;
    else if (d->op == OP_ADDI && d->t.rs1 == 0)
        o.kind = xlen == 32 ? K_LI_32 : K_LI_64, *value = xl(xlen, (uint64_t)(int64_t)d->imm);
    else if (d->op == OP_ADDI && d->imm == 0)
        o.kind = K_MV;
    else if (d->op == OP_ADDIW && d->imm == 0)
        o.kind = K_SEXT_W;
    else if (d->t.cls == TC_LOAD && d->t.rd == 0)
        o.kind = load_x0[o.kind];
    return o;
}

static bool ends_block(const struct insn *d)
{
    return d->t.cls == TC_BRANCH || d->t.cls == TC_JAL || d->t.cls == TC_JALR;
}

/* Run the model from `from` over ins[0..n) (left in f->scratch), scoreboard entry `reg`
 * (0: none) ready at the start + delay.  With `check`, false when an entry ends up later
 * than the engine assumes (now + dmax - 1). */
static bool simulate(struct fast *f, const struct timing *from, const struct insn *ins,
                     unsigned n, uint64_t pc, unsigned reg, uint64_t delay, bool check,
                     struct sim *out)
{
    struct timing *s = &f->scratch;
    bool ok = true;
    /* all of the model but the predictor's counters: no conditional branch runs here (the
     * callers pass a branch's operand part), and only branches use them (timing_branch) */
    const size_t bp = offsetof(struct timing, bp), after = bp + sizeof s->bp;
    memcpy(s, from, bp);
    memcpy((char *)s + after, (const char *)from + after, sizeof *s - after);
    const uint64_t start = s->now;
    if (reg) {
        s->ready[reg] = start + delay;
        s->cause[reg] = ST_LOAD_USE;
    }
    uint32_t written = 0;
    for (unsigned i = 0; i < n; i++) {
        out->cost[i] = timing_retire_pc(s, ins[i].t, ins[i].sflags, pc + 4 * i);
        written |= 1u << ins[i].t.rd;
        for (unsigned r = 0; check && r < 32; r++)
            ok &= s->ready[r] <= s->now + f->dmax - 1;
    }
    out->dnow = s->now - start;
    for (unsigned c = 0; c < ST_COUNT; c++)
        out->stall[c] = s->stall[c] - from->stall[c];
    for (unsigned r = 0; r < 32; r++) {
        out->ready[r] = r && (written >> r & 1) ? s->ready[r] - start : 0;
        out->cause[r] = r && (written >> r & 1) ? s->cause[r] : 0;
    }
    return ok;
}

static bool same(const struct sim *a, const struct sim *b, unsigned n)
{
    return a->dnow == b->dnow && !memcmp(a->cost, b->cost, n * sizeof a->cost[0]) &&
           !memcmp(a->stall, b->stall, sizeof a->stall) &&
           !memcmp(a->ready, b->ready, sizeof a->ready) && !memcmp(a->cause, b->cause, sizeof a->cause);
}

/* The guard for scoreboard entry `reg`: the latest entry delay that leaves the block's
 * timing as in the clean run; -1 when even a ready register changes it. */
static int64_t probe(struct fast *f, const struct insn *ins, unsigned n, uint64_t pc,
                     unsigned reg, const struct sim *clean)
{
    struct sim s;
    if (simulate(f, &f->clean, ins, n, pc, reg, f->dmax - 1, false, &s) && same(&s, clean, n))
        return f->dmax - 1;
    int64_t ok = -1;
    for (uint64_t d = 0; d + 1 < f->dmax; d++) {
        simulate(f, &f->clean, ins, n, pc, reg, d, false, &s);
        if (!same(&s, clean, n))
            break;
        ok = (int64_t)d;
    }
    return ok;
}

/* The model times a conditional branch as its operand part (the issue slot any
 * instruction with its operands gets, here one of class TC_FENCE) followed by
 * timing_branch() from that slot.  True when that holds, taken or not, for the branch
 * `br` at `pc` after the model state `before`: the same cycles and the same model. */
static bool branch_splits(struct fast *f, const struct timing *before, const struct insn *br,
                          const struct insn *proxy, uint64_t pc)
{
    for (unsigned taken = 0; taken < 2; taken++) {
        unsigned flags = br->sflags | (taken ? TF_TAKEN : 0);
        memcpy(&f->s1, before, sizeof f->s1);
        uint32_t whole = timing_retire_pc(&f->s1, br->t, flags, pc);
        memcpy(&f->s2, before, sizeof f->s2);
        uint64_t x0 = f->s2.now;
        uint32_t part = timing_retire_pc(&f->s2, proxy->t, proxy->sflags, pc);
        part += timing_branch(&f->s2, x0, f->s2.now - 1, flags, pc);
        if (whole != part || memcmp(&f->s1, &f->s2, sizeof f->s1))
            return false;
    }
    return true;
}

/* time_block()'s verdicts, besides the index of a side exit to end the block at */
enum { TIMED = -1, UNTIMED = -2 };

/* Fill in exit e of b, at instruction k (timed: the instructions with each conditional
 * branch's operand part for the branch), from the model; false when the engine cannot
 * vouch for it. */
static bool time_exit(struct fast *f, const struct block *b, struct exit *e,
                      const struct insn *ins, const struct insn *timed, unsigned k)
{
    struct sim s;
    e->n = k + 1;
    e->branch = ins[k].t.cls == TC_BRANCH;
    if (e->branch) {
        /* the branch's operand part is static; its predictor part is timed at run time */
        uint64_t pc = b->pc + 4 * k;
        e->br_flags = ins[k].sflags;
        for (int u = 0; u < 2; u++) {
            const struct timing *from = u ? &f->used : &f->clean;
            simulate(f, from, timed, k, b->pc, 0, 0, false, &s);
            memcpy(&f->s0, &f->scratch, sizeof f->s0);
            if (!branch_splits(f, &f->s0, &ins[k], &timed[k], pc))
                return false;
            if (!u) {
                e->x0 = (uint32_t)(f->s0.now - from->now);
                timing_retire_pc(&f->s0, timed[k].t, 0, pc);
                e->x = (uint32_t)(f->s0.now - 1 - from->now);
                e->seen = (uint64_t)e->x0 << 3 | 7;
                e->issued = ((uint64_t)e->x + 5) << 3;
            }
        }
    }
    simulate(f, &f->clean, timed, k + 1, b->pc, 0, 0, false, &s);
    uint64_t cost = 0;
    for (unsigned i = 0; i <= k; i++) {
        cost += s.cost[i];
        e->class_count[ins[i].t.cls]++;
        e->instret += ins[i].retires;
    }
    memcpy(e->stall, s.stall, sizeof e->stall);
    for (unsigned r = 0; r < RUN_MODEL; r++) {
        e->cost[r] = cost + f->bubbles[r];
        e->dnow[r] = (uint32_t)s.dnow + f->bubbles[r];
    }
    return true;
}

/* Whether the block can go on past its side exit at instruction k: by then it leaves
 * nothing pending (every entry older than it, or written before the branch, is ready), so
 * the branch's bubbles only shift the rest of the block. */
static bool side_clean(struct fast *f, const struct block *b, const struct insn *timed, unsigned k)
{
    struct sim s;
    simulate(f, &f->clean, timed, k + 1, b->pc, 0, 0, false, &s);
    if (s.dnow + 1 < f->dmax)
        return false;
    for (unsigned r = 1; r < 32; r++)
        if (s.ready[r] > s.dnow)
            return false;
    return true;
}

/* Fill in b's timing from the model: TIMED, UNTIMED when the engine cannot vouch for it,
 * or the instruction index of a side exit the block must end at. */
static int time_block(struct fast *f, struct block *b, const struct insn *ins)
{
    const unsigned n = b->n;
    struct insn timed[BLOCK_MAX];
    struct sim clean, used;
    memcpy(timed, ins, n * sizeof ins[0]);
    for (unsigned i = 0; i < n; i++)
        if (ins[i].t.cls == TC_BRANCH) {
            timed[i].t.cls = TC_FENCE; /* the operand part: an instruction of no class */
            timed[i].sflags = 0;
        }
    /* the block from a model at reset and from one with a history must take the same
     * time: nothing but the scoreboard carries over into it */
    if (!simulate(f, &f->clean, timed, n, b->pc, 0, 0, true, &clean) ||
        !simulate(f, &f->used, timed, n, b->pc, 0, 0, true, &used) || !same(&clean, &used, n))
        return UNTIMED;
    for (unsigned i = 0, j = 0; i < n; i++) {
        if (!(b->side_at >> i & 1))
            continue;
        if (!side_clean(f, b, timed, i) || !time_exit(f, b, &b->side[j], ins, timed, i))
            return (int)i;
        b->pass[j].seen = b->side[j].seen;
        b->pass[j].issued = b->side[j].issued;
        b->side[j++].target = xl(f->m->hart.xlen, b->pc + 4 * i + (uint64_t)(int64_t)ins[i].imm);
    }
    if (!time_exit(f, b, &b->end, ins, timed, n - 1))
        return UNTIMED;
    b->span = b->end.cost[RUN_PLAIN] - clean.cost[n - 1] +
              (uint64_t)b->nside * f->bubbles[RUN_MISPREDICT];
    /* the registers the block names, and the ones it writes */
    uint32_t named = 0, written = 0;
    for (unsigned i = 0; i < n; i++) {
        named |= 1u << timed[i].t.rs1 | 1u << timed[i].t.rs2 | 1u << timed[i].t.rd;
        written |= 1u << timed[i].t.rd;
    }
    named &= ~1u;
    written &= ~1u;
    for (unsigned r = 1; r < 32; r++) {
        if (!(named >> r & 1))
            continue;
        int64_t d = probe(f, timed, n, b->pc, r, &clean);
        if (d < 0)
            return UNTIMED;
        if ((uint64_t)d + 1 < f->dmax)
            b->guard[b->nguard++] = (struct guard){(uint8_t)r, (uint32_t)d};
    }
    /* Entries the block leaves: those still pending after it, and, when the block is
     * shorter than a result's latency, all it writes (an older entry may be pending).
     * Branch bubbles that move now past all of them make the writes unnecessary.  With
     * side exits, all are of the part after the last one (side_clean). */
    uint64_t hi = 0;
    for (unsigned r = 1; r < 32; r++) {
        if (!(written >> r & 1))
            continue;
        uint64_t off = clean.ready[r];
        if (off > hi)
            hi = off;
        if (off > clean.dnow || clean.dnow + 1 < f->dmax)
            b->pending[b->npend++] = (struct pend){(uint8_t)r, clean.cause[r], (uint32_t)off};
    }
    uint64_t need = hi > clean.dnow ? hi - clean.dnow : 0;
    if (clean.dnow + 1 < f->dmax && f->dmax - 1 - clean.dnow > need)
        need = f->dmax - 1 - clean.dnow;
    b->pend_need = b->npend ? (uint32_t)need : 0;
    for (unsigned r = 0; r < RUN_MODEL; r++)
        b->end.pend[r] = f->bubbles[r] < b->pend_need;
    return TIMED;
}

/* f->used: the model after a history of every class of instruction, both branch outcomes
 * and CSR writes, then idle until every register is ready. */
static void use_model(struct fast *f)
{
    static const struct {
        struct timing_insn t;
        unsigned flags;
    } history[] = {
        {{TC_LOAD, 5, 2, 0}, 0}, {{TC_BRANCH, 0, 5, 6}, TF_TAKEN}, {{TC_ALU, 6, 5, 0}, 0},
        {{TC_CSR, 7, 6, 0}, TF_CSR_WRITE}, {{TC_BRANCH, 0, 6, 7}, 0}, {{TC_MUL, 8, 7, 6}, 0},
        {{TC_STORE, 0, 2, 8}, 0}, {{TC_BRANCH, 0, 8, 0}, TF_TAKEN}, {{TC_CSR, 9, 0, 0}, TF_CSR_WRITE},
        {{TC_DIV, 10, 9, 8}, TF_WORD}, {{TC_JALR, 1, 10, 0}, 0}, {{TC_BRANCH, 0, 1, 0}, TF_TAKEN},
        {{TC_BRANCH, 0, 1, 0}, TF_TAKEN}, {{TC_LUI, 11, 0, 0}, 0}, {{TC_JAL, 1, 0, 0}, 0},
        {{TC_STORE, 0, 2, 11}, TF_MMIO}, {{TC_LOAD, 12, 11, 0}, 0}, {{TC_FENCE, 0, 0, 0}, 0},
    };
    struct timing *t = &f->used;
    memcpy(t, &f->clean, sizeof *t);
    for (size_t i = 0; i < sizeof history / sizeof history[0]; i++)
        timing_retire_pc(t, history[i].t, history[i].flags, 4 * i);
    uint64_t late = t->now;
    for (int r = 0; r < 32; r++)
        if (t->ready[r] > late)
            late = t->ready[r];
    timing_idle(t, late - t->now + 8);
}

/* Recompute f->wlo/wlen from the predecoded range of ram[0] and tohost's doubleword (both
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
    f->wlo = lo < hi ? lo : 0;
    f->wlen = lo < hi ? hi - lo : 0;
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

/* Lay out a block of n instructions (ins) from pc with npool K_LI_POOL values and nside
 * side exits in b, all statistics and timing cleared: b's allocation has room for it. */
static void layout(struct block *b, uint64_t pc, const struct insn *ins, unsigned n,
                   const uint64_t *pool, unsigned npool, unsigned nside)
{
    memset(b, 0, sizeof *b);
    b->pc = pc;
    b->n = n;
    b->nside = (uint8_t)nside;
    b->src = (struct insn *)(b->ops + n + 1);
    memcpy(b->src, ins, n * sizeof ins[0]);
    b->pool = (uint64_t *)(b->src + n);
    memcpy(b->pool, pool, npool * sizeof pool[0]);
    b->side = (struct exit *)(b->pool + npool);
    memset(b->side, 0, nside * sizeof b->side[0]);
}

/* run_blocks()' handlers, by kind */
static const void *const *handler;

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
        ops[n] = operation(d, p, xlen, &value, &target[n]);
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
        if (ends_block(d))
            break;
    }
    if (n && (side_at >> (n - 1) & 1)) { /* nothing after it: the block's own end */
        side_at &= ~(1ull << (n - 1));
        nside--;
    }
    size_t size = sizeof(struct block) + (n + 1) * sizeof(struct fop) + n * sizeof(struct insn) +
                  npool * sizeof(uint64_t) + nside * sizeof(struct exit);
    struct block *b = calloc(1, size);
    if (!b)
        return NULL;
    int verdict = n ? TIMED : UNTIMED;
    layout(b, pc, ins, n, pool, npool, nside);
    while (n) {
        layout(b, pc, ins, n, pool, npool, nside);
        b->side_at = side_at;
        verdict = time_block(f, b, ins);
        if (verdict < 0)
            break;
        /* end the block at that side exit, and time it again */
        n = (unsigned)verdict + 1;
        side_at &= (1ull << verdict) - 1;
        nside = (unsigned)__builtin_popcountll(side_at);
    }
    b->end.fall = xl(xlen, pc + 4 * n);
    if (n)
        b->end.target = target[n - 1];
    if (verdict == UNTIMED) {
        /* the reference loop runs these instructions (at least the first) */
        b->ref = 1;
        b->n = n ? n : 1;
    }
    for (unsigned i = 0, j = 0; i < n; i++)
        if (side_at >> i & 1) {
            ops[i].kind = side_exit[ops[i].kind];
            ops[i].imm = (int32_t)j++;
        }
    if (n == 0 || !ends_block(&ins[n - 1]) || (side_at >> (n - 1) & 1))
        ops[n].kind = K_END;
    for (unsigned i = 0; i <= n; i++)
        ops[i].h = handler[ops[i].kind];
    memcpy(b->ops, ops, (n + 1) * sizeof ops[0]);
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
        bool ours = operation(d, p, xlen, &value, &target).kind != K_NONE;
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

/* Whether a run of b leaving by exit e, with at least `bubbles` bubbles, leaves nothing
 * pending that the successor c could wait for: then c runs without looking at its guards.
 * An entry older than b is ready by c's start when b lasted dmax - 1 slots. */
static bool clean_edge(const struct fast *f, const struct block *b, const struct exit *e,
                       const struct block *c, uint32_t bubbles)
{
    uint64_t gap = (uint64_t)e->dnow[RUN_PLAIN] + bubbles;
    if (c->ref || b->ref || gap + 1 < f->dmax)
        return false;
    if (e != &b->end) /* a side exit leaves nothing pending (side_clean) */
        return true;
    for (unsigned i = 0; i < c->nguard; i++)
        for (unsigned j = 0; j < b->npend; j++)
            if (b->pending[j].reg == c->guard[i].reg && b->pending[j].off > gap + c->guard[i].delay)
                return false;
    return true;
}

/* The successor at pc of a run of b that left by exit e, edge i (0: the next pc, 1: the
 * branch or jump target), remembered. */
static struct block *follow(struct fast *f, struct block *b, struct exit *e, unsigned i, uint64_t pc)
{
    struct block *c = find(f, pc);
    if (c == &f->outside || c->cold) /* not remembered: it will be replaced (warm_up) */
        return c;
    uint32_t bubbles = 0;
    if (e->branch && i == 1)
        bubbles = f->bubbles[RUN_TAKEN] < f->bubbles[RUN_MISPREDICT] ? f->bubbles[RUN_TAKEN]
                                                                   : f->bubbles[RUN_MISPREDICT];
    e->succ[i] = c;
    e->clean[i] = clean_edge(f, b, e, c, bubbles);
    return c;
}

/* ---- statistics and invalidation ---- */

/* Charge the runs that ended at exit e into the machine's statistics. */
static void flush_exit(struct fast *f, struct exit *e)
{
    struct machine *m = f->m;
    struct timing *t = &m->timing;
    uint64_t runs = 0;
    for (int k = 0; k < RUN_KINDS; k++)
        runs += e->runs[k];
    for (int c = 0; c < TC_COUNT; c++)
        m->stats.class_count[c] += runs * e->class_count[c];
    m->stats.issued += runs * e->n;
    for (int s = 0; s < ST_COUNT; s++)
        t->stall[s] += runs * e->stall[s];
    /* the branches timed by the engine (timing_branch() counted its own) */
    t->stall[ST_BRANCH] += e->runs[RUN_TAKEN] * f->bubbles[RUN_TAKEN];
    t->stall[ST_MISPREDICT] += e->runs[RUN_MISPREDICT] * f->bubbles[RUN_MISPREDICT];
    if (e->branch)
        t->branches += e->runs[RUN_PLAIN] + e->runs[RUN_TAKEN] + e->runs[RUN_MISPREDICT];
    t->mispredicts += e->runs[RUN_MISPREDICT];
    memset(e->runs, 0, sizeof e->runs);
}

/* Charge the runs of b into the machine's statistics. */
static void flush(struct fast *f, struct block *b)
{
    struct timing *t = &f->m->timing;
    flush_exit(f, &b->end);
    for (unsigned j = 0; j < b->nside; j++) {
        flush_exit(f, &b->side[j]);
        /* side exits passed, not taken */
        t->branches += b->pass[j].passed[0] + b->pass[j].passed[1];
        t->mispredicts += b->pass[j].passed[1];
        t->stall[ST_MISPREDICT] += b->pass[j].passed[1] * f->bubbles[RUN_MISPREDICT];
        b->pass[j].passed[0] = b->pass[j].passed[1] = 0;
    }
}

static void unlink_exit(struct exit *e, const struct block *b)
{
    for (int i = 0; i < 2; i++)
        if (e->succ[i] == b) {
            e->succ[i] = NULL;
            e->clean[i] = 0;
        }
}

static void kill(struct fast *f, struct block *b)
{
    flush(f, b);
    f->map[(b->pc - f->base) >> 2] = NULL;
    if (b->prev)
        b->prev->next = b->next;
    else
        f->blocks = b->next;
    if (b->next)
        b->next->prev = b->prev;
    for (struct block *o = f->blocks; o && !b->cold; o = o->next) { /* a cold one is not linked */
        unlink_exit(&o->end, b);
        for (unsigned j = 0; j < o->nside; j++)
            unlink_exit(&o->side[j], b);
    }
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

/* ram_invalidate(): a store changed code words [off, off + size); drop every block that
 * holds one of them.  The engine never runs inside a block at this point: stores into code
 * go to the reference loop, between blocks. */
static void code_written(void *ctx, uint64_t off, unsigned size)
{
    struct fast *f = ctx;
    uint64_t first = off >> 2, last = (off + size - 1) >> 2;
    uint64_t w = first >= BLOCK_MAX - 1 ? first - (BLOCK_MAX - 1) : 0;
    for (; w <= last && w < f->words; w++) {
        struct block *b = f->map[w];
        if (b && w + b->n > first)
            kill(f, b);
    }
}

/* ---- the predictor ---- */

/* With predictor=global2bit the engine holds the predictor while exactly one update is in
 * flight (the usual state: every branch queues one), in one word: the pipeline time from
 * which IO sees that update (bp_at + 2: timing_branch()) in bits 63:3, the counter IO sees
 * in bits 2:1 and the outcome of the update in flight in bit 0; PREDICTOR_MODEL while the
 * model's queue holds the predictor.  The queue is brought up to date (predictor_out)
 * before anything else uses the model. */
#define PREDICTOR_MODEL UINT64_MAX
#define PREDICTOR_TIME_MAX (1ull << 60) /* pipeline times the word holds */

/* [outcome][state]: the new state, and the run kind, of a branch that sees the update in
 * flight applied to the counter. */
static uint8_t predictor_state[2][8], predictor_run[2][8];

static void predictor_table(void)
{
    static const uint8_t next[4][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}}; /* saturating */
    for (unsigned s = 0; s < 8; s++)
        for (unsigned taken = 0; taken < 2; taken++) {
            unsigned c = next[s >> 1][s & 1];
            predictor_state[taken][s] = (uint8_t)(c << 1 | taken);
            predictor_run[taken][s] = (c >> 1) != taken ? RUN_MISPREDICT : taken ? RUN_TAKEN : RUN_PLAIN;
        }
}

static ALWAYS_INLINE uint64_t predictor_in(const struct fast *f, const struct timing *t)
{
    if (!f->fast_bp || t->bp_count != 1 || t->now >= PREDICTOR_TIME_MAX ||
        t->bp_at[t->bp_head] >= PREDICTOR_TIME_MAX)
        return PREDICTOR_MODEL;
    return (t->bp_at[t->bp_head] + 2) << 3 | (uint64_t)t->bp[0] << 1 | t->bp_taken[t->bp_head];
}

static ALWAYS_INLINE void predictor_out(uint64_t p, struct timing *t)
{
    if (p != PREDICTOR_MODEL) {
        t->bp[0] = (uint8_t)(p >> 1 & 3);
        t->bp_at[t->bp_head] = (p >> 3) - 2;
        t->bp_taken[t->bp_head] = p & 1;
        t->bp_index[t->bp_head] = 0;
    }
}

/* Whether the engine times a branch: the update in flight is visible at its natural issue
 * (`seen`: x0 << 3 | 7). */
static ALWAYS_INLINE bool predictor_sees(uint64_t p, uint64_t seen)
{
    return p <= seen;
}

/* The branch with outcome `taken` (`issued`: (x + 5) << 3, when its own update becomes
 * visible): the new word, its run kind in *run.  The tables are f's copies (one load each
 * from a pointer the loop keeps in a register). */
static ALWAYS_INLINE uint64_t predict(const struct fast *f, uint64_t p, uint64_t issued,
                                      unsigned taken, unsigned *run)
{
    *run = f->step_run[taken][p & 7];
    return issued | f->step_state[taken][p & 7];
}

/* The model's state with its predictor queue rotated to start at slot 0 (the engine keeps
 * the queue's contents, not where the ring starts). */
static void canonical(struct timing *t)
{
    uint64_t at[TIMING_BP_FIFO];
    uint8_t taken[TIMING_BP_FIFO];
    uint16_t index[TIMING_BP_FIFO];
    for (unsigned i = 0; i < TIMING_BP_FIFO; i++) {
        unsigned j = (t->bp_head + i) % TIMING_BP_FIFO;
        bool live = i < t->bp_count;
        at[i] = live ? t->bp_at[j] : 0;
        taken[i] = live ? t->bp_taken[j] : 0;
        index[i] = live ? t->bp_index[j] : 0;
    }
    memcpy(t->bp_at, at, sizeof at);
    memcpy(t->bp_taken, taken, sizeof taken);
    memcpy(t->bp_index, index, sizeof index);
    t->bp_head = 0;
}

/* Whether predict() agrees with timing_branch() on this machine's model: the same bubbles,
 * statistics and model after every branch of a pseudo-random stream (spacings of 0 to 8
 * slots, operand bubbles, both outcomes). */
static bool predictor_agrees(struct fast *f)
{
    if (f->m->timing.p.predictor != BP_GLOBAL2BIT)
        return false;
    struct timing *a = &f->s1, *b = &f->s2;
    memcpy(a, &f->clean, sizeof *a);
    memcpy(b, &f->clean, sizeof *b);
    uint32_t seed = 12345;
    f->fast_bp = true;
    for (int i = 0; i < 500; i++) {
        seed = seed * 1103515245u + 12345u;
        uint64_t gap = (seed >> 16) % 9, stall = (seed >> 20) % 3;
        unsigned taken = (seed >> 24) & 1;
        a->now += gap;
        b->now += gap;
        uint64_t x0 = a->now, x = x0 + stall;
        a->now = b->now = x + 1;
        uint32_t want = timing_branch(a, x0, x, taken ? TF_TAKEN : 0, 0), got;
        uint64_t p = predictor_in(f, b);
        unsigned run;
        if (!predictor_sees(p, x0 << 3 | 7)) {
            got = timing_branch(b, x0, x, taken ? TF_TAKEN : 0, 0);
        } else {
            predictor_out(predict(f, p, (x + 5) << 3, taken, &run), b);
            got = f->bubbles[run];
            b->now += got;
            b->stall[run == RUN_MISPREDICT ? ST_MISPREDICT : ST_BRANCH] += got;
            b->branches++;
            b->mispredicts += run == RUN_MISPREDICT;
        }
        if (want != got)
            return false;
        if (i % 50 == 49) { /* the whole model now and then: it is 5 KiB */
            canonical(a);
            canonical(b);
            if (memcmp(a, b, sizeof *a))
                return false;
        }
    }
    return true;
}

/* ---- running ---- */

/* Charge instructions [0, k) of b through the model, as the reference loop would have.  A
 * side exit passed on the way was timed by the engine: its operand part here, its bubbles
 * as the engine found them (`passed`: 1 when mispredicted, the last one in bit 0), its
 * predictor update and statistics are already counted. */
static void replay(struct fast *f, const struct block *b, unsigned k, unsigned passed)
{
    struct machine *m = f->m;
    unsigned sides = (unsigned)__builtin_popcountll(b->side_at & ((1ull << k) - 1));
    for (unsigned i = 0, j = 0; i < k; i++) {
        const struct insn *d = &b->src[i];
        uint64_t pc = b->pc + 4 * i;
        m->hart.instret += d->retires;
        m->stats.class_count[d->t.cls]++;
        m->stats.issued++;
        if (b->side_at >> i & 1) {
            struct timing_insn proxy = d->t;
            proxy.cls = TC_FENCE;
            uint32_t bubbles = passed >> (sides - 1 - j++) & 1 ? f->bubbles[RUN_MISPREDICT] : 0;
            m->hart.clk.cycle += timing_retire_pc(&m->timing, proxy, 0, pc) + bubbles;
            m->timing.now += bubbles;
        } else {
            m->hart.clk.cycle += timing_retire_pc(&m->timing, d->t, d->sflags, pc);
        }
    }
}

static inline bool dirty(const struct block *b, const struct timing *t, uint64_t n0)
{
    for (unsigned i = 0; i < b->nguard; i++)
        if (t->ready[b->guard[i].reg] > n0 + b->guard[i].delay)
            return true;
    return false;
}

#define LBL(name, w) LBL_(name, w)
#define LBL_(name, w) L_##name##_##w
#define NEXT                                                                               \
    do {                                                                                   \
        op++;                                                                              \
        goto *op->h;                                                                       \
    } while (0)

#define H_ALU(name, expr)                                                                  \
    LBL(name, XLEN) : {                                                                    \
        const uint64_t a = x[op->rs1], b = x[op->rs2];                                     \
        const int64_t imm = op->imm;                                                       \
        (void)a, (void)b, (void)imm;                                                       \
        x[op->rd] = xl(XLEN, (uint64_t)(expr));                                            \
        NEXT;                                                                              \
    }
#define H_DIV(name, expr)                                                                  \
    LBL(name, XLEN) : {                                                                    \
        const uint64_t a = x[op->rs1], b = x[op->rs2];                                     \
        unsigned fl = 0;                                                                   \
        uint64_t v = (expr);                                                               \
        if (unlikely(fl))                                                                  \
            goto deopt; /* early finish: its own timing */                                 \
        x[op->rd] = xl(XLEN, v);                                                           \
        x[0] = 0;                                                                          \
        NEXT;                                                                              \
    }
/* Loads from ram[0] or ram[1], stores to ram[0] outside the watched window; anything else
 * (misaligned, a device, a fault, code, tohost) goes to the reference loop. */
#define H_LOAD(name, n, type) H_LOAD_(name, n, type, x[op->rd] = xl(XLEN, (uint64_t)v))
#define H_LOAD_X0(name, n, type) H_LOAD_(name##_X0, n, type, (void)v)
#define H_LOAD_(name, n, type, write)                                                      \
    LBL(name, XLEN) : {                                                                    \
        const uint64_t ea = xl(XLEN, x[op->rs1] + (uint64_t)(int64_t)op->imm);             \
        const uint8_t *p;                                                                  \
        uint64_t off = ea - f->r0base;                                                     \
        if (unlikely(ea & (n - 1)))                                                        \
            goto deopt;                                                                    \
        if (likely(off <= f->r0size - n)) {                                                \
            p = f->r0mem + off;                                                            \
        } else {                                                                           \
            off = ea - f->r1base;                                                          \
            if (off >= f->r1size || off > f->r1size - n)                                   \
                goto deopt;                                                                \
            p = f->r1mem + off;                                                            \
        }                                                                                  \
        type v;                                                                            \
        memcpy(&v, p, n);                                                                  \
        write;                                                                             \
        NEXT;                                                                              \
    }
#define H_STORE(name, n)                                                                   \
    LBL(name, XLEN) : {                                                                    \
        const uint64_t ea = xl(XLEN, x[op->rs1] + (uint64_t)(int64_t)op->imm);             \
        const uint64_t off = ea - f->r0base;                                               \
        if (unlikely((ea & (n - 1)) || off > f->slim[n] || off - f->wlo < f->wlen))         \
            goto deopt;                                                                    \
        const uint64_t v = x[op->rs2];                                                     \
        memcpy(f->r0mem + off, &v, n); /* little-endian host */                            \
        NEXT;                                                                              \
    }
#define H_BRANCH(name, cond)                                                               \
    LBL(name, XLEN) : {                                                                    \
        const uint64_t a = x[op->rs1], b = x[op->rs2];                                     \
        if (cond)                                                                          \
            goto taken;                                                                    \
        goto fall;                                                                         \
    }
#define H_BRANCH_SX(name, cond)                                                            \
    LBL(name##_SX, XLEN) : {                                                               \
        const uint64_t a = x[op->rs1], b = x[op->rs2];                                     \
        if (cond)                                                                          \
            goto side_taken;                                                               \
        goto side_fall;                                                                    \
    }
#define H_JALR                                                                             \
    LBL(JALR, XLEN) : {                                                                    \
        const uint64_t target = xl(XLEN, x[op->rs1] + (uint64_t)(int64_t)op->imm) & ~1ull; \
        if (unlikely(target & 3))                                                          \
            goto deopt;                                                                    \
        x[op->rd] = b->end.fall;                                                           \
        x[0] = 0;                                                                          \
        pc = target;                                                                       \
        goto jalr;                                                                         \
    }

/* The machine's state the loop keeps in locals, to and from memory around anything else;
 * the block `b` knows the pc. */
#define SAVE()                                                                             \
    do {                                                                                   \
        h->clk.cycle = cycle;                                                              \
        t->now = now;                                                                      \
        h->instret = instret;                                                              \
        h->pc = b->pc;                                                                     \
        predictor_out(bp, t);                                                              \
    } while (0)
#define LOAD()                                                                             \
    do {                                                                                   \
        cycle = h->clk.cycle;                                                              \
        now = t->now;                                                                      \
        instret = h->instret;                                                              \
        bp = predictor_in(f, t);                                                           \
        b = find(f, h->pc);                                                                \
        watch_update(f);                                                                   \
    } while (0)

/* A run's end at exit e: its static timing, and the scoreboard entries the block leaves
 * (not needed when the branch bubbles moved time past them; never at a side exit). */
#define FINISH(e, run, pend)                                                               \
    do {                                                                                   \
        cycle += (e)->cost[run];                                                           \
        now = n0 + (e)->dnow[run];                                                         \
        instret += (e)->instret;                                                           \
        if (unlikely(pend))                                                                \
            for (unsigned i = 0; i < b->npend; i++) {                                      \
                t->ready[b->pending[i].reg] = n0 + b->pending[i].off;                      \
                t->cause[b->pending[i].reg] = b->pending[i].cause;                         \
            }                                                                              \
    } while (0)
/* On from exit e by edge i to the successor (pc: its pc when not yet known) */
#define GO(e, i, pc, check)                                                                \
    do {                                                                                   \
        struct block *c_ = (e)->succ[i];                                                   \
        if (unlikely(!c_ || (check))) {                                                    \
            b = follow(f, b, (e), i, pc); /* remembered, or not: look at it */             \
            goto enter_checked;                                                            \
        }                                                                                  \
        unsigned clean_ = (e)->clean[i];                                                   \
        b = c_;                                                                            \
        if (likely(clean_))                                                                \
            goto enter;                                                                    \
        goto enter_checked;                                                                \
    } while (0)

static void run_blocks(struct fast *f)
{
    static const void *const tab[K_COUNT] = {
#define T32(name, ...) [K_##name##_32] = &&L_##name##_32,
#define T64(name, ...) [K_##name##_64] = &&L_##name##_64,
#define TX32(name, ...) [K_##name##_X0_32] = &&L_##name##_X0_32,
#define TX64(name, ...) [K_##name##_X0_64] = &&L_##name##_X0_64,
#define TS(name, ...) [K_##name##_SX_32] = &&L_##name##_SX_32, [K_##name##_SX_64] = &&L_##name##_SX_64,
        BOTH_OPS(T32, T32, T32, T32, T32) BOTH_OPS(T64, T64, T64, T64, T64)
        RV64_OPS(T64, T64, T64, T64) LOAD_OPS(TX32) LOAD_OPS(TX64) LOAD_OPS_64(TX64)
        BRANCH_OPS(TS)
#undef T32
#undef T64
#undef TX32
#undef TX64
#undef TS
        [K_JALR_32] = &&L_JALR_32, [K_JALR_64] = &&L_JALR_64, [K_JAL] = &&L_JAL,
        [K_LI_32] = &&L_LI_32, [K_LI_64] = &&L_LI_64, [K_LI_POOL] = &&L_LI_POOL,
        [K_NOP] = &&L_NOP, [K_MV] = &&L_MV, [K_SEXT_W] = &&L_SEXT_W, [K_END] = &&L_END,
    };
    handler = tab;
    struct machine *const m = f->m;
    struct hart *const h = &m->hart;
    struct timing *const t = &m->timing;
    uint64_t *const x = h->x;
    uint64_t cycle, now, instret, n0 = 0, pc, bp;
    unsigned taken, run, passed = 0; /* passed: side exits of this run, 1 when mispredicted
                                        (the last one in bit 0) */
    struct block *b;
    const struct fop *op;
    bool looked = false; /* cpu_event() ran at this boundary */
    LOAD();

enter_checked:
    /* entered from the reference loop, or by an edge that may leave entries b waits for */
    if (unlikely(b->ref || dirty(b, t, now)))
        goto reference;
enter:
    if (unlikely(cycle + b->span >= h->next_event))
        goto reference;
    looked = false;
    n0 = now;
    op = b->ops;
    goto *op->h;

reference:
    /* the reference loop: device events and interrupts first, as it would */
    SAVE();
    if (!looked && cycle >= h->next_event) {
        looked = true;
        if (cpu_event(m))
            return;
    } else {
        if (b->cold && ++b->heat >= HOT_RUNS) {
            b = warm_up(f, b);
            goto enter_checked;
        }
        looked = false;
        if (cpu_run_steps(m, b->n))
            return;
    }
    LOAD();
    goto enter_checked;

#define XLEN 32
    ALU_OPS(H_ALU) DIV_OPS(H_DIV) LOAD_OPS(H_LOAD) STORE_OPS(H_STORE) BRANCH_OPS(H_BRANCH)
    LOAD_OPS(H_LOAD_X0) BRANCH_OPS(H_BRANCH_SX)
    H_JALR
L_LI_32:
    x[op->rd] = (uint32_t)op->imm;
    NEXT;
#undef XLEN
#define XLEN 64
    ALU_OPS(H_ALU) DIV_OPS(H_DIV) LOAD_OPS(H_LOAD) STORE_OPS(H_STORE) BRANCH_OPS(H_BRANCH)
    ALU_OPS_64(H_ALU) DIV_OPS_64(H_DIV) LOAD_OPS_64(H_LOAD) STORE_OPS_64(H_STORE)
    LOAD_OPS(H_LOAD_X0) LOAD_OPS_64(H_LOAD_X0) BRANCH_OPS(H_BRANCH_SX)
    H_JALR
L_LI_64:
    x[op->rd] = (uint64_t)(int64_t)op->imm;
    NEXT;
#undef XLEN
L_LI_POOL:
    x[op->rd] = b->pool[op->imm];
    NEXT;
L_NOP:
    NEXT;
L_MV:
    x[op->rd] = x[op->rs1];
    NEXT;
L_SEXT_W:
    x[op->rd] = w32(x[op->rs1]);
    NEXT;

    /* the block's last instruction, a conditional branch: its predictor part */
#define BRANCH(T)                                                                          \
    do {                                                                                   \
        struct exit *const e = &b->end;                                                    \
        const uint64_t n8 = n0 << 3;                                                       \
        if (unlikely(!predictor_sees(bp, n8 + e->seen))) {                                 \
            taken = T;                                                                     \
            goto branch_model;                                                             \
        }                                                                                  \
        bp = predict(f, bp, n8 + e->issued, T, &run);                                      \
        e->runs[run]++;                                                                    \
        FINISH(e, run, e->pend[run]);                                                      \
        GO(e, T, T ? e->target : e->fall, 0);                                              \
    } while (0)
taken:
    BRANCH(1);
fall:
    BRANCH(0);
branch_model: {
    /* the model's own predictor; it charges its statistics itself */
    struct exit *const e = &b->end;
    e->runs[RUN_MODEL]++;
    SAVE();
    t->now = n0 + e->dnow[RUN_PLAIN];
    uint32_t bubbles = timing_branch(t, n0 + e->x0, n0 + e->x,
                                     e->br_flags | (taken ? TF_TAKEN : 0), b->pc + 4 * (b->n - 1));
    bp = predictor_in(f, t);
    FINISH(e, RUN_PLAIN, bubbles < b->pend_need);
    cycle += bubbles;
    now += bubbles;
    b = follow(f, b, e, taken, taken ? e->target : e->fall);
    goto enter_checked;
}
    /* a side exit passed: the engine times it, or the reference loop runs it */
side_fall: {
    struct side *const sd = &b->pass[op->imm];
    const uint64_t n8 = n0 << 3;
    if (unlikely(!predictor_sees(bp, n8 + sd->seen)))
        goto deopt;
    bp = predict(f, bp, n8 + sd->issued, 0, &run);
    const unsigned wrong = run >> 1; /* RUN_PLAIN or RUN_MISPREDICT */
    sd->passed[wrong]++;
    passed = passed << 1 | wrong;
    n0 += f->bubbles[run];
    cycle += f->bubbles[run];
    NEXT;
}
side_taken: {
    struct exit *const e = &b->side[op->imm];
    const uint64_t n8 = n0 << 3;
    if (unlikely(!predictor_sees(bp, n8 + e->seen)))
        goto deopt;
    bp = predict(f, bp, n8 + e->issued, 1, &run);
    e->runs[run]++;
    FINISH(e, run, 0);
    GO(e, 1, e->target, 0);
}
L_JAL:
    x[op->rd] = b->end.fall;
    x[0] = 0;
    b->end.runs[RUN_PLAIN]++;
    FINISH(&b->end, RUN_PLAIN, b->end.pend[RUN_PLAIN]);
    GO(&b->end, 1, b->end.target, 0);
jalr:
    b->end.runs[RUN_PLAIN]++;
    FINISH(&b->end, RUN_PLAIN, b->end.pend[RUN_PLAIN]);
    GO(&b->end, 1, pc, b->end.succ[1]->pc != pc);
L_END:
    b->end.runs[RUN_PLAIN]++;
    FINISH(&b->end, RUN_PLAIN, b->end.pend[RUN_PLAIN]);
    GO(&b->end, 0, b->end.fall, 0);

deopt: {
    /* op cannot complete here: the reference loop runs it, after the model has charged
     * the instructions before it (the side exits passed added their bubbles to cycle) */
    unsigned k = (unsigned)(op - b->ops);
    unsigned sides = (unsigned)__builtin_popcountll(b->side_at & ((1ull << k) - 1));
    cycle -= (uint64_t)__builtin_popcount(passed & ((1u << sides) - 1)) * f->bubbles[RUN_MISPREDICT];
    SAVE();
    replay(f, b, k, passed);
    h->pc = b->pc + 4 * k;
    if (cpu_run_steps(m, 1))
        return;
    LOAD();
    goto enter_checked;
}
}

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
    f->m = m;
    f->base = code->base;
    f->words = code->size / 4;
    f->outside.ref = 1;
    f->outside.n = 1;
    timing_init(&f->clean, &m->timing.p);
    f->clean.now = SCRATCH_NOW;
    for (int c = 0; c < TC_COUNT; c++)
        if (m->timing.lat[c] > f->dmax)
            f->dmax = m->timing.lat[c];
    if (f->dmax == 0)
        f->dmax = 1;
    predictor_table();
    memcpy(f->step_state, predictor_state, sizeof f->step_state);
    memcpy(f->step_run, predictor_run, sizeof f->step_run);
    f->bubbles[RUN_TAKEN] = m->timing.p.branch_taken;
    f->bubbles[RUN_MISPREDICT] = m->timing.p.mispredict;
    use_model(f);
    f->fast_bp = predictor_agrees(f);
    watch_update(f);
    for (unsigned n = 1; n <= 8; n *= 2)
        f->slim[n] = m->bus.ram[0].size - n;
    f->r0base = m->bus.ram[0].base;
    f->r0size = m->bus.ram[0].size;
    f->r0mem = m->bus.ram[0].mem;
    f->r1base = m->bus.ram[1].base;
    f->r1size = m->bus.ram[1].size;
    f->r1mem = m->bus.ram[1].mem;
    code->watch = code_written;
    code->watch_ctx = f;

    run_blocks(f);

    code->watch = NULL;
    while (f->blocks) {
        struct block *b = f->blocks;
        f->blocks = b->next;
        flush(f, b);
        free(b);
    }
    free(f->map);
    free(f);
    return true;
}
