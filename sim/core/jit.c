/* The fast engine's code generator (jit.h): x86-64 code for a block's operations.
 *
 * The code runs from jit_run(), through a routine generated once (enter) that saves the
 * host's callee-saved registers and jumps to it with x in rdi and env in rsi (System V's
 * first two arguments); every way back goes through that routine's other half (leave).
 * The guest registers live in memory, x[r] at [rdi + 8r]; a block keeps the ones it uses
 * most in host registers (loaded when it starts, stored back on every way out), and
 * computes in rax, rcx and rdx.  At RV32 a register holds its value zero-extended (as xl()
 * leaves it), which is what x86's 32-bit operations leave in a 64-bit register: they
 * compute RV32's results directly; RV64 uses the 64-bit forms, and the W forms the 32-bit ones sign-extended.
 * Each check jumps to a stub after the block's code that returns JIT_RESUME at the
 * operation, which has changed nothing yet.  Not generated (JIT_RESUME before them): ADDI
 * to sp and XLEN-wide loads into it with the stack marks, MULHSU.  The
 * code looks the D$ up itself (a miss returns JIT_RESUME; a store into a write-through D$
 * it makes), and makes an I$'s fetches at a block's way out. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "jit.h"
#include "cache.h"

#if defined(__x86_64__)
#include <sys/mman.h>

/* Code memory, mapped once, in two halves (struct jit); a block's code is never freed (a
 * block dropped by a store into code leaves its code unused), and once either half is full
 * the blocks translated later stay on the interpreter. */
#define CODE_BYTES (32u << 20)
/* A block of at most this many operations is generated (fast.c's are shorter)... */
#define OPS_MAX 64
/* ...and needs at most this many bytes per operation, its stubs and ways out included
 * (a branch that ends the block has two ways out, and the K_END after it none). */
#define OP_BYTES 512

enum reg { RAX = 0, RCX = 1, RDX = 2, RBX = 3, RBP = 5, RSI = 6, RDI = 7 };
/* run_blocks()' state while generated code runs (env's, loaded by enter, stored by leave):
 * the cycle, the timed run, instret, the instructions issued */
enum { CYCLE = 12, ENTRY = 13, INSTRET = 14, SEQ = 15 };
/* The host registers that hold guest registers (not the scratch ones nor the others) */
static const int8_t cache_regs[] = {RBX, RBP, 8, 9, 10, 11};
#define CACHED (sizeof cache_regs / sizeof cache_regs[0])
/* x86 condition codes (the low nibble of Jcc and SETcc) */
enum cc { CC_NONE = -1, CC_B = 2, CC_AE = 3, CC_E = 4, CC_NE = 5, CC_BE = 6, CC_A = 7, CC_L = 0xc, CC_GE = 0xd };

struct jit {
    /* the code: blocks' bodies and their ways out from mem up, the stubs that return to
     * run_blocks() (cold: taken when a check fails) from cold up, apart, so that the code
     * that runs packs the host's instruction cache */
    uint8_t *mem, *p, *cold, *end;
    struct jit_layout lay;
    unsigned (*enter)(uint64_t *x, struct jit_env *env, jit_code code);
    uint8_t *leave; /* enter's way back: result in eax */
    uint8_t *onward; /* predictor=table: on to another timed run (table_onward()) */
    uint32_t *hint;  /* a D$ of more than DCACHE_WAYS ways: dcache_lookup()'s hints */
};

/* A jump to a stub: the rel32 to patch, what the stub returns, and the outcome it charges
 * and goes on from first (-1: none) */
struct fix {
    uint8_t *at;
    unsigned result;
    int out;
    bool jalr;
};

struct gen {
    uint8_t *p;
    const struct jit_layout *lay;
    const uint8_t *leave, *onward;
    uint32_t *hint;
    const uint8_t *start, *body; /* the block's code, and its operations' after the loads */
    uint64_t pc;                 /* the block's, and its instructions */
    unsigned n;
    int8_t host[32];   /* the host register holding guest register r (-1: none) */
    uint32_t written;  /* the guest registers held that the block writes */
    struct fix fix[8 * OPS_MAX];
    unsigned nfix;
};

static void b1(struct gen *g, unsigned v) { *g->p++ = (uint8_t)v; }
static void b4(struct gen *g, uint32_t v)
{
    memcpy(g->p, &v, 4);
    g->p += 4;
}
static void b8(struct gen *g, uint64_t v)
{
    memcpy(g->p, &v, 8);
    g->p += 8;
}

/* The REX prefix (when needed) and the opcode (one byte, or 0x0F and one) */
static void opcode(struct gen *g, bool w, unsigned opc, int reg, int rm)
{
    const unsigned rex = (w ? 8 : 0) | (reg & 8 ? 4 : 0) | (rm & 8 ? 1 : 0);
    if (rex)
        b1(g, 0x40 | rex);
    if (opc > 0xff)
        b1(g, opc >> 8);
    b1(g, opc & 0xff);
}

/* opc reg, [base + disp] (reg: a register or an opcode extension; the disp32 form, which
 * every base but rsp and r12 takes without a SIB byte) */
static void mem(struct gen *g, bool w, unsigned opc, int reg, int base, int32_t disp)
{
    opcode(g, w, opc, reg, base);
    if (!disp && (base & 7) != RBP) { /* no displacement ([rbp], [r13]: mod 00 is rip's) */
        b1(g, (reg & 7) << 3 | (base & 7));
        return;
    }
    if (disp >= -128 && disp < 128) { /* disp8: three bytes fewer */
        b1(g, 0x40 | (reg & 7) << 3 | (base & 7));
        b1(g, (uint8_t)disp);
        return;
    }
    b1(g, 0x80 | (reg & 7) << 3 | (base & 7));
    b4(g, (uint32_t)disp);
}

/* opc reg, rm (two registers) */
static void rr(struct gen *g, bool w, unsigned opc, int reg, int rm)
{
    opcode(g, w, opc, reg, rm);
    b1(g, 0xc0 | (reg & 7) << 3 | (rm & 7));
}

/* Generated code holds x and env 128 bytes on (enter adds it), so that every register
 * and the env fields it reads most lie within a byte's displacement (mem()) */
#define BIAS 128
#define X(r) (8 * (int32_t)(r) - BIAS)
#define ENV(field) ((int32_t)offsetof(struct jit_env, field) - BIAS)
/* a field at distance d from x (the layout's) */
#define XD(d) ((d) - BIAS)

/* reg = x[r] (x0 reads 0) */
static void get(struct gen *g, bool w, int reg, unsigned r)
{
    if (!r)
        rr(g, false, 0x31, reg, reg); /* xor */
    else if (g->host[r] >= 0)
        rr(g, w, 0x8b, reg, g->host[r]);
    else
        mem(g, w, 0x8b, reg, RDI, X(r));
}

/* x[r] = reg, the whole register (x0 keeps 0) */
static void put(struct gen *g, int reg, unsigned r)
{
    if (!r)
        return;
    if (g->host[r] >= 0)
        rr(g, true, 0x89, reg, g->host[r]);
    else
        mem(g, true, 0x89, reg, RDI, X(r));
}

/* The registers the block holds that it writes, back to memory (on every way out) */
static void store_back(struct gen *g)
{
    for (unsigned r = 1; r < 32; r++)
        if (g->written >> r & 1)
            mem(g, true, 0x89, g->host[r], RDI, X(r));
}

static void mov_imm(struct gen *g, int reg, uint64_t v)
{
    const int64_t rel = (int64_t)(v - (uint64_t)(uintptr_t)(g->p + 7));
    if (v == (uint32_t)v) { /* mov r32, imm32 zero-extends */
        b1(g, 0xb8 + reg);
        b4(g, (uint32_t)v);
    } else if (rel == (int32_t)rel) { /* lea r64, [rip + rel32]: near the code (an
                                         address in memory mapped next to it) */
        b1(g, 0x48);
        b1(g, 0x8d);
        b1(g, 0x05 | reg << 3);
        b4(g, (uint32_t)rel);
    } else {
        b1(g, 0x48);
        b1(g, 0xb8 + reg);
        b8(g, v);
    }
}

static unsigned result(unsigned k, enum jit_exit why) { return k << JIT_EXIT_BITS | why; }

/* jcc (CC_NONE: jmp) to `to`, code already made */
static void jcc_back(struct gen *g, enum cc cc, const uint8_t *to)
{
    if (cc == CC_NONE)
        b1(g, 0xe9);
    else
        b1(g, 0x0f), b1(g, 0x80 | cc);
    b4(g, (uint32_t)(int32_t)(to - (g->p + 4)));
}

static void jmp_to(struct gen *g, const uint8_t *to) { jcc_back(g, CC_NONE, to); }

/* jcc (CC_NONE: jmp) forward: its rel32, for land() */
static uint8_t *jcc_fwd(struct gen *g, enum cc cc)
{
    if (cc == CC_NONE)
        b1(g, 0xe9);
    else
        b1(g, 0x0f), b1(g, 0x80 | cc);
    b4(g, 0);
    return g->p - 4;
}

/* Back to jit_run()'s caller with res */
static void leave(struct gen *g, unsigned res)
{
    store_back(g);
    mov_imm(g, RAX, res);
    jmp_to(g, g->leave);
}

/* jcc (CC_NONE: jmp) to a stub that charges outcome `out` (-1: none) and returns res */
static void jcc_to(struct gen *g, enum cc cc, unsigned res, int out, bool jalr)
{
    g->fix[g->nfix++] = (struct fix){jcc_fwd(g, cc), res, out, jalr};
}

/* jcc to a stub that returns res */
static void jcc_out(struct gen *g, enum cc cc, unsigned res) { jcc_to(g, cc, res, -1, false); }

#define LAY(field) (g->lay->field)

/* opc reg, [base + index * 2^scale] (base, index: rax, rcx or rdx) */
static void sib(struct gen *g, bool w, unsigned opc, int reg, int base, int index, unsigned scale)
{
    opcode(g, w, opc, reg, 0);
    b1(g, 0x04 | (reg & 7) << 3);
    b1(g, scale << 6 | index << 3 | base);
}

/* Field f of cache c (the I$ or the D$), at a fixed distance from x in the machine */
#define CF(c, f) \
    XD(((c) == LAY(icache) ? LAY(icache_at) : LAY(dcache_at)) + (int32_t)offsetof(struct cache, f))

/* rdx = line number ln of cache c, its slot in rcx: the line becomes the last used, as
 * cache_use() makes it (mru, mru_slot, the set's recent line, stamp = ++clock; a write:
 * dirty).  at_recent: rax holds the address of the set's recent line. */
static void line_used(struct gen *g, const struct cache *c, bool write, bool at_recent)
{
    mem(g, true, 0x89, RDX, RDI, CF(c, mru));
    mem(g, true, 0x89, RCX, RDI, CF(c, mru_slot));
    if (at_recent) {
        mem(g, true, 0x89, RDX, RAX, 0);
    } else { /* the set: the slot over the ways */
        mem(g, true, 0x8b, RAX, RDI, CF(c, recent));
        opcode(g, false, 0x51, 0, RCX); /* push rcx */
        if (c->g.ways > 1)
            rr(g, true, 0xc1, 5, RCX), b1(g, (uint8_t)__builtin_ctz(c->g.ways)); /* shr */
        sib(g, true, 0x89, RDX, RAX, RCX, 3); /* recent[set] = ln */
        opcode(g, false, 0x59, 0, RCX);       /* pop rcx */
    }
    mem(g, true, 0xff, 0, RDI, CF(c, clock)); /* inc */
    mem(g, true, 0x8b, RDX, RDI, CF(c, clock));
    mem(g, true, 0x8b, RAX, RDI, CF(c, stamp));
    sib(g, true, 0x89, RDX, RAX, RCX, 3); /* stamp[slot] = clock */
    if (write) {
        mem(g, true, 0x8b, RAX, RDI, CF(c, dirty));
        sib(g, false, 0xc6, 0, RAX, RCX, 0), b1(g, 1); /* dirty[slot] = 1 */
    }
}

/* Patch the rel32 at `at` to jump here */
static void land(struct gen *g, uint8_t *at)
{
    const int32_t d = (int32_t)(g->p - (at + 4));
    memcpy(at, &d, 4);
}

/* The I$ fetches of the block's way out with result res: its first k + 1 instructions
 * (k: res's operation; the block's n at its end), as fast.c's icache_fetch() makes them
 * (the reads count is the outcome's, added when its runs are charged),
 * each line's slot from the block's ic_slot[] (valid: the block is held; jit_block() has
 * checked it keeps a slot for each line).  rax, rcx, rdx clobbered. */
static void icache_fetch(struct gen *g, unsigned res)
{
    const struct cache *c = LAY(icache);
    const unsigned k = res >> JIT_EXIT_BITS, n = k + 1 < g->n ? k + 1 : g->n;
    const uint64_t first = g->pc >> c->line_shift;
    const uint64_t last = (g->pc + 4 * (uint64_t)n - 1) >> c->line_shift;
    for (uint64_t ln = first; ln <= last; ln++) {
        mov_imm(g, RAX, (uint64_t)(uintptr_t)&c->recent[ln & c->set_mask]);
        if (ln < 1ull << 31) { /* cmp qword [rax], imm32 */
            mem(g, true, 0x81, 7, RAX, 0), b4(g, (uint32_t)ln);
        } else { /* rdx = ln, compared */
            mov_imm(g, RDX, ln);
            mem(g, true, 0x3b, RDX, RAX, 0);
        }
        uint8_t *same = jcc_fwd(g, CC_E); /* its set's last line: no new stamp */
        mem(g, true, 0x8b, RCX, ENTRY, LAY(entry_block));
        mem(g, false, 0x8b, RCX, RCX, LAY(block_ic_slot) + 4 * (int32_t)(ln - first));
        mov_imm(g, RDX, ln);
        line_used(g, c, false, true);
        land(g, same);
    }
}

/* The block's way out with outcome o of its timed run (env->entry): FINISH of fast.c's
 * run_blocks().  The outcome charged (its exit state is run_blocks()' to take); then on to
 * the timed run it remembers, when there is one (for a JALR: at env->pc), no event is due
 * before its last instruction (with observers: nor the trace window, and it is not at the
 * pc they watch) and its block has code; otherwise back to run_blocks() with res. */
static void finish(struct gen *g, unsigned o, unsigned res, bool jalr)
{
    mem(g, true, 0x8d, RCX, ENTRY, LAY(entry_out) + (int32_t)o * LAY(outcome_size)); /* lea */
    mem(g, true, 0x03, CYCLE, RCX, LAY(out_cost)); /* add r12, cost */
    mem(g, false, 0x8b, RAX, RCX, LAY(out_instret));
    rr(g, true, 0x03, INSTRET, RAX);
    mem(g, false, 0x8b, RAX, RCX, LAY(out_n));
    rr(g, true, 0x03, SEQ, RAX);
    mem(g, true, 0xff, 0, RCX, LAY(out_runs)); /* inc qword [runs] */
    if (LAY(icache)) {
        icache_fetch(g, res);
        mem(g, true, 0x8d, RCX, ENTRY, LAY(entry_out) + (int32_t)o * LAY(outcome_size));
    }
    mem(g, true, 0x8b, RDX, RCX, LAY(out_next));
    rr(g, true, 0x85, RDX, RDX); /* test rdx, rdx */
    jcc_out(g, CC_E, res);
    if (jalr) { /* the run remembered is at the pc it went to last time */
        mem(g, true, 0x8b, RAX, RDX, LAY(entry_block));
        mem(g, true, 0x8b, RAX, RAX, LAY(block_pc));
        mem(g, true, 0x3b, RAX, RSI, ENV(pc));
        jcc_out(g, CC_NE, res);
    }
    if (LAY(icache)) { /* the next block held (its lines looked up with these fills) */
        mem(g, true, 0x8b, RAX, RDX, LAY(entry_block));
        mem(g, true, 0x8b, RAX, RAX, LAY(block_ic_fills));
        mem(g, true, 0x3b, RAX, RSI, ENV(ic_fills));
        jcc_out(g, CC_NE, res);
    }
    mem(g, true, 0x8b, RAX, RDX, LAY(entry_prefix));
    rr(g, true, 0x03, RAX, CYCLE);
    mem(g, true, 0x3b, RAX, RDI, XD(LAY(next_event)));
    jcc_out(g, CC_AE, res);
    if (LAY(guarded)) { /* run_blocks()' entry checks for the observers */
        mem(g, true, 0x3b, RAX, RSI, ENV(trace_at));
        jcc_out(g, CC_AE, res);
        mem(g, true, 0x8b, RAX, RDX, LAY(entry_block));
        mem(g, true, 0x8b, RAX, RAX, LAY(block_pc));
        mem(g, true, 0x3b, RAX, RSI, ENV(watch_pc));
        jcc_out(g, CC_E, res);
    }
    if (LAY(table)) { /* the same timed run again, with the counters it read */
        rr(g, true, 0x39, ENTRY, RDX); /* cmp rdx, r13 */
        uint8_t *other = jcc_fwd(g, CC_NE);
        mem(g, false, 0x8b, RAX, RCX, LAY(out_counters));
        mem(g, false, 0x3b, RAX, ENTRY, LAY(entry_key));
        jcc_out(g, CC_NE, res);
        jmp_to(g, g->body);
        land(g, other); /* another one: table_onward() with res in ebx */
        store_back(g);
        mov_imm(g, RBX, res);
        jmp_to(g, g->onward);
        return;
    }
    mem(g, true, 0x8b, RAX, RCX, LAY(out_code));
    rr(g, true, 0x85, RAX, RAX);
    jcc_out(g, CC_E, res);
    rr(g, true, 0x89, RDX, ENTRY); /* mov r13, rdx */
    /* the same block again (a loop): on with the registers it holds */
    b1(g, 0x48), b1(g, 0x8d), b1(g, 0x0d); /* lea rcx, [rip + start] */
    b4(g, (uint32_t)(int32_t)(g->start - (g->p + 4)));
    rr(g, true, 0x3b, RAX, RCX);
    jcc_back(g, CC_E, g->body);
    store_back(g);
    rr(g, false, 0xff, 4, RAX); /* jmp rax */
}

/* rax = the effective address of a load or store (op_ea), and a misaligned one (n bytes)
 * to the interpreter */
static void address(struct gen *g, bool w, const struct fop *o, unsigned n, unsigned bail)
{
    get(g, w, RAX, o->rs1);
    if (o->imm)
        rr(g, w, 0x81, 0, RAX), b4(g, (uint32_t)o->imm); /* add rax, imm */
    if (n > 1) {
        b1(g, 0xa8); /* test al, n - 1 */
        b1(g, n - 1);
        jcc_out(g, CC_NE, bail);
    }
    rr(g, true, 0x89, RAX, RCX);                 /* mov rcx, rax */
    mem(g, true, 0x2b, RCX, RSI, ENV(r0base));   /* sub rcx, r0base */
}

/* The most ways a D$ lookup compares one after the other; a D$ of more ways is looked up
 * in a loop, after a look at the slot where its line was found last (a table of HINTS
 * slots by line number: a hint is only a place to look, its tag decides) */
#define DCACHE_WAYS 8
#define HINTS 1024

/* A store into a write-through D$ (when fast.c makes them: mmio_at) costs `cost` cycles
 * (one transfer of its bytes), which the run takes on and the model's pending device-store
 * cycle with it, as fast.c's dcache_miss() makes them; to the interpreter when they could
 * carry the run's last instruction past the next device event.  The look (rdx clobbered),
 * then, once the cache has been looked up, the cycles (rax, rdx clobbered). */
static void through_due(struct gen *g, uint32_t cost, unsigned bail)
{
    mem(g, true, 0x8b, RDX, ENTRY, LAY(entry_prefix));
    rr(g, true, 0x03, RDX, CYCLE);
    rr(g, true, 0x81, 0, RDX), b4(g, cost);
    mem(g, true, 0x3b, RDX, RDI, XD(LAY(next_event)));
    jcc_out(g, CC_AE, bail);
}

static void through_cycles(struct gen *g, const struct cache *c, uint32_t cost)
{
    mem(g, true, 0xff, 0, RDI, CF(c, mem_writes));          /* inc */
    mem(g, true, 0x81, 0, RDI, CF(c, stall)), b4(g, cost); /* add */
    mov_imm(g, RAX, (uint64_t)(uintptr_t)LAY(mmio_at));
    mem(g, true, 0x8b, RDX, RAX, 0);
    rr(g, true, 0x85, RDX, RDX); /* test rdx, rdx: no device store pending */
    uint8_t *none = jcc_fwd(g, CC_E);
    mem(g, true, 0x81, 0, RAX, 0), b4(g, cost);
    land(g, none);
    rr(g, true, 0x81, 0, CYCLE), b4(g, cost);
}

/* A checked access at ea (rax; rcx its ram[0] offset, kept) of n bytes (a store's; 0: a
 * load) through the D$, when there is one: a hit as cache_read_hit() and cache_write_hit()
 * make it (fast.c counts it with its timed run), a store into a write-through D$ as
 * cache_write() makes it (through_due(), through_cycles()), a miss (nothing changed) to
 * the interpreter. */
static void dcache_lookup(struct gen *g, unsigned n, unsigned bail)
{
    const struct cache *c = LAY(dcache);
    if (!c)
        return;
    const bool write = n, through = write && c->g.write_through;
    if (through && !LAY(mmio_at)) {
        jcc_out(g, CC_NONE, bail);
        return;
    }
    const uint32_t cost = through ? mem_transfer(LAY(mem), n) : 0;
    if (through)
        through_due(g, cost, bail);
    rr(g, true, 0x89, RAX, RDX);
    rr(g, true, 0xc1, 5, RDX), b1(g, c->line_shift); /* shr rdx, line_shift: ln */
    mem(g, true, 0x3b, RDX, RDI, CF(c, mru));
    uint8_t *last = NULL, *found[DCACHE_WAYS];
    if (write && !through) { /* the line used last (the most recent already): dirty */
        uint8_t *other = jcc_fwd(g, CC_NE);
        mem(g, true, 0x8b, RDX, RDI, CF(c, mru_slot));
        mem(g, true, 0x8b, RAX, RDI, CF(c, dirty));
        sib(g, false, 0xc6, 0, RAX, RDX, 0), b1(g, 1); /* dirty[slot] = 1 */
        last = jcc_fwd(g, CC_NONE); /* to the end */
        land(g, other);
    } else { /* the line used last: nothing to do */
        last = jcc_fwd(g, CC_E);
    }
    opcode(g, false, 0x51, 0, RCX); /* push rcx */
    uint8_t *recent = NULL;
    if (!write) { /* its set's last line: already the most recent (a store: its slot is dirty) */
        rr(g, true, 0x89, RDX, RCX);
        rr(g, true, 0x81, 4, RCX), b4(g, (uint32_t)c->set_mask); /* and rcx, set_mask */
        mem(g, true, 0x8b, RAX, RDI, CF(c, recent));
        sib(g, true, 0x3b, RDX, RAX, RCX, 3); /* cmp rdx, recent[rcx] */
        recent = jcc_fwd(g, CC_E);
    }
    uint8_t *hinted = NULL;
    if (g->hint) { /* rcx = the hint's slot: the line's when its tag is */
        rr(g, true, 0x89, RDX, RCX);
        rr(g, false, 0x81, 4, RCX), b4(g, HINTS - 1); /* and ecx, HINTS - 1 */
        mov_imm(g, RAX, (uint64_t)(uintptr_t)g->hint);
        sib(g, false, 0x8b, RCX, RAX, RCX, 2); /* mov ecx, hint[rcx] */
        mov_imm(g, RAX, (uint64_t)(uintptr_t)c->tag);
        sib(g, true, 0x3b, RDX, RAX, RCX, 3); /* cmp rdx, tag[rcx] */
        hinted = jcc_fwd(g, CC_E);
    }
    /* its set's ways: rcx = the set's first slot (the set already, from the look at its
     * last line, unless the hint's took rcx), rax its tag */
    if (!recent || hinted) {
        rr(g, true, 0x89, RDX, RCX);
        rr(g, true, 0x81, 4, RCX), b4(g, (uint32_t)c->set_mask); /* and rcx, set_mask */
    }
    opcode(g, true, 0x69, RCX, RCX), b1(g, 0xc0 | RCX << 3 | RCX), b4(g, c->g.ways); /* imul */
    mov_imm(g, RAX, (uint64_t)(uintptr_t)c->tag);
    unsigned nfound = 0;
    const uint8_t *loop = g->p;
    for (unsigned w = 0; w < c->g.ways && w < DCACHE_WAYS; w++) {
        sib(g, true, 0x3b, RDX, RAX, RCX, 3); /* cmp rdx, tag[rcx] */
        found[nfound++] = jcc_fwd(g, CC_E);
        rr(g, true, 0xff, 0, RCX); /* inc rcx */
    }
    if (c->g.ways > DCACHE_WAYS) { /* on while rcx has not reached the next set */
        rr(g, true, 0xf7, 0, RCX), b4(g, c->g.ways - 1); /* test rcx, ways - 1 */
        jcc_back(g, CC_NE, loop);
    }
    opcode(g, false, 0x59, 0, RCX); /* a miss: pop rcx */
    uint8_t *missed = NULL;
    if (through) { /* counted; the cache stays as it is (no write-allocate) */
        mem(g, true, 0xff, 0, RDI, CF(c, write_misses)); /* inc */
        missed = jcc_fwd(g, CC_NONE);
    } else { /* to the interpreter */
        jcc_out(g, CC_NONE, bail);
    }
    for (unsigned i = 0; i < nfound; i++)
        land(g, found[i]);
    if (hinted) { /* found in the set: the hint for its line */
        opcode(g, false, 0x52, 0, RDX);                   /* push rdx */
        rr(g, false, 0x81, 4, RDX), b4(g, HINTS - 1);     /* and edx, HINTS - 1 */
        mov_imm(g, RAX, (uint64_t)(uintptr_t)g->hint);
        sib(g, false, 0x89, RCX, RAX, RDX, 2);            /* mov hint[rdx], ecx */
        opcode(g, false, 0x5a, 0, RDX);                   /* pop rdx */
        land(g, hinted);
    }
    line_used(g, c, write && !through, false);
    if (recent)
        land(g, recent);
    opcode(g, false, 0x59, 0, RCX); /* pop rcx */
    land(g, last);
    if (missed) {
        land(g, missed);
        through_cycles(g, c, cost);
    }
}

/* --check's look at a checked access of n bytes at ea (rax; rcx its ram[0] offset, kept),
 * as fast.c's watched_load() and watched_store() make it: below the lowest address, a load
 * of bytes none of which was written, or a store into a doubleword whose stores leave, to
 * the interpreter; a store that stays marks its bytes written.  rdx clobbered; rax kept only
 * for a D$ lookup that follows (dcache_lookup()).  The written map is read a doubleword at
 * a time, whose bit for the byte at offset off is off % 32: x86's shift count. */
static void watch_look(struct gen *g, unsigned n, bool write, unsigned bail)
{
    if (!LAY(watch))
        return;
    mem(g, true, 0x3b, RAX, RSI, ENV(low)); /* cmp rax, low */
    jcc_out(g, CC_B, bail);
    const bool keep = LAY(dcache) != NULL;
    if (write && LAY(watch_stores)) {
        if (keep)
            opcode(g, false, 0x50, 0, RAX);         /* push rax */
        rr(g, true, 0x89, RCX, RDX);                /* mov rdx, rcx */
        rr(g, true, 0xc1, 5, RDX), b1(g, 3);        /* shr rdx, 3 */
        mov_imm(g, RAX, (uint64_t)(uintptr_t)LAY(watch_stores));
        sib(g, false, 0x80, 7, RAX, RDX, 0), b1(g, 0); /* cmp byte [rax + rdx], 0 */
        uint8_t *unmarked = jcc_fwd(g, CC_E);
        sib(g, false, 0x0fb6, RAX, RAX, RDX, 0);    /* movzx eax, byte [rax + rdx] */
        mem(g, true, 0x3b, RAX, RSI, ENV(stores_own[0])); /* cmp rax, stores_own[0] */
        uint8_t *own = jcc_fwd(g, CC_E);
        mem(g, true, 0x3b, RAX, RSI, ENV(stores_own[1]));
        land(g, unmarked);
        land(g, own);
        if (keep)
            opcode(g, false, 0x58, 0, RAX);         /* pop rax */
        jcc_out(g, CC_NE, bail);
    }
    if (!LAY(watch_written))
        return;
    if (keep)
        opcode(g, false, 0x50, 0, RAX);             /* push rax */
    rr(g, true, 0x89, RCX, RDX);                    /* mov rdx, rcx */
    rr(g, true, 0xc1, 5, RDX), b1(g, 5);            /* shr rdx, 5: the doubleword */
    mov_imm(g, RAX, (uint64_t)(uintptr_t)LAY(watch_written));
    sib(g, true, 0x8d, RDX, RAX, RDX, 2);           /* lea rdx, [rax + rdx * 4] */
    mov_imm(g, RAX, (1u << n) - 1);
    rr(g, false, 0xd3, 4, RAX);                     /* shl eax, cl: the access's bits */
    mem(g, false, write ? 0x09 : 0x85, RAX, RDX, 0); /* or / test [rdx], eax */
    if (keep)
        opcode(g, false, 0x58, 0, RAX);             /* pop rax */
    if (!write)
        jcc_out(g, CC_E, bail); /* none of them written */
}

/* The x86 load of each RISC-V load kind: opcode, REX.W */
struct ld {
    unsigned n, opc;
    bool w;
};

static bool load_of(unsigned kind, struct ld *l, bool *x0)
{
    *x0 = false;
    switch (kind) {
#define LD(name, n_, opc32, w32, opc64, w64)                                               \
    case K_##name##_X0_32:                                                                 \
    case K_##name##_X0_64:                                                                 \
        *x0 = true; /* fall through */                                                     \
        /* FALLTHROUGH */                                                                  \
    case K_##name##_32:                                                                    \
    case K_##name##_64:                                                                    \
        *l = kind == K_##name##_32 || kind == K_##name##_X0_32 ? (struct ld){n_, opc32, w32} \
                                                               : (struct ld){n_, opc64, w64}; \
        return true;
        LD(LB, 1, 0x0fbe, false, 0x0fbe, true)
        LD(LH, 2, 0x0fbf, false, 0x0fbf, true)
        LD(LW, 4, 0x8b, false, 0x63, true) /* RV64: movsxd */
        LD(LBU, 1, 0x0fb6, false, 0x0fb6, false)
        LD(LHU, 2, 0x0fb7, false, 0x0fb7, false)
#undef LD
    case K_LD_64:
    case K_LD_X0_64:
        *x0 = kind == K_LD_X0_64;
        *l = (struct ld){8, 0x8b, true};
        return true;
    case K_LWU_64:
    case K_LWU_X0_64:
        *x0 = kind == K_LWU_X0_64;
        *l = (struct ld){4, 0x8b, false};
        return true;
    }
    return false;
}

/* The new sp in rax: to the interpreter outside env's sp window, else its thread's
 * lowest sp follows it (fast.c's H_ADDI_SP, H_LOAD_SP; observe_sp()) */
static void sp_look(struct gen *g, unsigned bail)
{
    rr(g, true, 0x89, RAX, RCX);                  /* mov rcx, rax */
    mem(g, true, 0x2b, RCX, RSI, ENV(sp_lo));     /* sub rcx, sp_lo */
    mem(g, true, 0x3b, RCX, RSI, ENV(sp_span));   /* cmp rcx, sp_span */
    jcc_out(g, CC_AE, bail);
    mem(g, true, 0x8b, RDX, RSI, ENV(lowest));
    mem(g, true, 0x3b, RAX, RDX, 0);              /* cmp rax, [rdx] */
    uint8_t *over = jcc_fwd(g, CC_AE);
    mem(g, true, 0x89, RAX, RDX, 0);              /* mov [rdx], rax */
    land(g, over);
}

/* A load from ram[0], or from ram[1] when there is one; anything else to the interpreter
 * (fast.c's H_LOAD_); a load into sp (H_LOAD_SP) with sp_look() before it writes sp */
static void load(struct gen *g, bool w, const struct fop *o, const struct ld *l, bool x0,
                 bool r1, bool checked, bool sp, unsigned bail)
{
    address(g, w, o, l->n, bail);
    mem(g, true, 0x3b, RCX, RSI, ENV(slim[l->n])); /* cmp rcx, r0size - n */
    uint8_t *to_r1 = NULL, *back = NULL;
    r1 &= !checked; /* a checked load of ram[1] to the interpreter */
    if (r1) {
        to_r1 = jcc_fwd(g, CC_A);
    } else {
        jcc_out(g, CC_A, bail);
    }
    if (checked) {
        watch_look(g, l->n, false, bail);
        dcache_lookup(g, 0, bail);
    }
    mem(g, true, 0x8b, RDX, RSI, ENV(r0mem));
    uint8_t *at = g->p;
    rr(g, true, 0x01, RCX, RDX); /* add rdx, rcx */
    if (!x0) {
        mem(g, l->w, l->opc, RAX, RDX, 0);
        if (sp)
            sp_look(g, bail);
        put(g, RAX, o->rd);
    }
    if (r1) {
        back = jcc_fwd(g, CC_NONE); /* jmp over the ram[1] path */
        land(g, to_r1);
        rr(g, true, 0x89, RAX, RCX);               /* mov rcx, rax */
        mem(g, true, 0x2b, RCX, RSI, ENV(r1base)); /* sub rcx, r1base */
        mem(g, true, 0x8b, RDX, RSI, ENV(r1size));
        rr(g, true, 0x39, RDX, RCX); /* cmp rcx, rdx */
        jcc_out(g, CC_AE, bail);
        rr(g, true, 0x81, 5, RDX), b4(g, l->n); /* sub rdx, n */
        rr(g, true, 0x39, RDX, RCX);
        jcc_out(g, CC_A, bail);
        mem(g, true, 0x8b, RDX, RSI, ENV(r1mem));
        jmp_to(g, at);
        land(g, back);
    }
}

/* A store into ram[0] outside the watched window (fast.c's H_STORE_); a checked one also
 * outside the observers' (H_STORE_C), through the D$ */
static void store(struct gen *g, bool w, const struct fop *o, unsigned n, bool checked,
                  unsigned bail)
{
    address(g, w, o, n, bail);
    mem(g, true, 0x3b, RCX, RSI, ENV(slim[n])); /* cmp rcx, slim[n] */
    jcc_out(g, CC_A, bail);
    rr(g, true, 0x89, RCX, RDX);             /* mov rdx, rcx */
    mem(g, true, 0x2b, RDX, RSI, ENV(wlo));  /* sub rdx, wlo */
    mem(g, true, 0x3b, RDX, RSI, ENV(wlen)); /* cmp rdx, wlen */
    jcc_out(g, CC_B, bail);
    if (checked) {
        rr(g, true, 0x89, RCX, RDX);
        mem(g, true, 0x2b, RDX, RSI, ENV(olo));
        mem(g, true, 0x3b, RDX, RSI, ENV(olen));
        jcc_out(g, CC_B, bail);
        watch_look(g, n, true, bail);
        dcache_lookup(g, n, bail);
    }
    get(g, true, RAX, o->rs2);
    mem(g, true, 0x8b, RDX, RSI, ENV(r0mem));
    rr(g, true, 0x01, RCX, RDX); /* add rdx, rcx */
    if (n == 2)
        b1(g, 0x66);
    mem(g, n == 8, n == 1 ? 0x88 : 0x89, RAX, RDX, 0);
}

/* The ALU operations x86 has one instruction for: its form and opcode (or extension) */
enum form { F_NONE, F_RR, F_RI, F_SHIFT, F_SHIFTI, F_SLT, F_SLTI };
struct alu {
    enum form form;
    unsigned opc;
    bool word;  /* an RV64 W form: 32 bits, then sign-extended */
    enum cc cc; /* SLT forms */
};

static struct alu alu_of(unsigned kind)
{
    switch (kind) {
#define BOTH(name) case K_##name##_32: case K_##name##_64
    BOTH(ADD): return (struct alu){.form = F_RR, .opc = 0x03};
    BOTH(SUB): return (struct alu){.form = F_RR, .opc = 0x2b};
    BOTH(XOR): return (struct alu){.form = F_RR, .opc = 0x33};
    BOTH(OR): return (struct alu){.form = F_RR, .opc = 0x0b};
    BOTH(AND): return (struct alu){.form = F_RR, .opc = 0x23};
    BOTH(MUL): return (struct alu){.form = F_RR, .opc = 0x0faf};
    BOTH(SLL): return (struct alu){.form = F_SHIFT, .opc = 4};
    BOTH(SRL): return (struct alu){.form = F_SHIFT, .opc = 5};
    BOTH(SRA): return (struct alu){.form = F_SHIFT, .opc = 7};
    BOTH(SLT): return (struct alu){.form = F_SLT, .opc = 0, .cc = CC_L};
    BOTH(SLTU): return (struct alu){.form = F_SLT, .opc = 0, .cc = CC_B};
    BOTH(ADDI): return (struct alu){.form = F_RI, .opc = 0};
    BOTH(XORI): return (struct alu){.form = F_RI, .opc = 6};
    BOTH(ORI): return (struct alu){.form = F_RI, .opc = 1};
    BOTH(ANDI): return (struct alu){.form = F_RI, .opc = 4};
    BOTH(SLLI): return (struct alu){.form = F_SHIFTI, .opc = 4};
    BOTH(SRLI): return (struct alu){.form = F_SHIFTI, .opc = 5};
    BOTH(SRAI): return (struct alu){.form = F_SHIFTI, .opc = 7};
    BOTH(SLTI): return (struct alu){.form = F_SLTI, .opc = 0, .cc = CC_L};
    BOTH(SLTIU): return (struct alu){.form = F_SLTI, .opc = 0, .cc = CC_B};
#undef BOTH
    case K_ADDW_64: return (struct alu){.form = F_RR, .opc = 0x03, .word = true};
    case K_SUBW_64: return (struct alu){.form = F_RR, .opc = 0x2b, .word = true};
    case K_MULW_64: return (struct alu){.form = F_RR, .opc = 0x0faf, .word = true};
    case K_SLLW_64: return (struct alu){.form = F_SHIFT, .opc = 4, .word = true};
    case K_SRLW_64: return (struct alu){.form = F_SHIFT, .opc = 5, .word = true};
    case K_SRAW_64: return (struct alu){.form = F_SHIFT, .opc = 7, .word = true};
    case K_ADDIW_64: return (struct alu){.form = F_RI, .opc = 0, .word = true};
    case K_SLLIW_64: return (struct alu){.form = F_SHIFTI, .opc = 4, .word = true};
    case K_SRLIW_64: return (struct alu){.form = F_SHIFTI, .opc = 5, .word = true};
    case K_SRAIW_64: return (struct alu){.form = F_SHIFTI, .opc = 7, .word = true};
    }
    return (struct alu){.form = F_NONE};
}

/* The two-operand forms compute in rd's host register when it has one (the operand in rcx
 * or a host register, read first); the others in rax, then stored to rd. */
static void alu(struct gen *g, bool w, const struct fop *o, const struct alu *a)
{
    const bool ww = w && !a->word; /* the x86 width */
    const bool slt = a->form == F_SLT || a->form == F_SLTI;
    const int d = !slt && g->host[o->rd] >= 0 ? g->host[o->rd] : RAX;
    int src = RCX;
    if (a->form == F_RR && o->rs2 && g->host[o->rs2] >= 0 && o->rs2 != o->rd)
        src = g->host[o->rs2];
    else if (a->form == F_RR || a->form == F_SHIFT || a->form == F_SLT)
        get(g, ww && a->form != F_SHIFT, RCX, o->rs2);
    if (d == RAX || o->rs1 != o->rd)
        get(g, ww, d, o->rs1);
    switch (a->form) {
    case F_RR:
        rr(g, ww, a->opc, d, src);
        break;
    case F_RI:
        rr(g, ww, 0x81, (int)a->opc, d);
        b4(g, (uint32_t)o->imm);
        break;
    case F_SHIFT: /* x86 masks the count as RISC-V does: to 5 bits, 6 for 64 */
        rr(g, ww, 0xd3, (int)a->opc, d);
        break;
    case F_SHIFTI:
        rr(g, ww, 0xc1, (int)a->opc, d);
        b1(g, (unsigned)o->imm);
        break;
    case F_SLT:
    case F_SLTI:
        if (a->form == F_SLT) {
            rr(g, ww, 0x3b, RAX, RCX); /* cmp rax, rcx */
        } else {
            rr(g, ww, 0x81, 7, RAX); /* cmp rax, imm (sign-extended, as SLTIU's) */
            b4(g, (uint32_t)o->imm);
        }
        b1(g, 0x0f), b1(g, 0x90 | a->cc), b1(g, 0xc0); /* setcc al */
        rr(g, false, 0x0fb6, RAX, RAX);                /* movzx eax, al */
        break;
    case F_NONE:
        break;
    }
    if (a->word)
        rr(g, true, 0x63, d, d); /* movsxd */
    if (d == RAX)
        put(g, RAX, o->rd);
}

/* The divides: signed or not, the remainder or the quotient, an RV64 W form */
struct div {
    bool is, sign, rem, word;
};

static struct div div_of(unsigned kind)
{
    switch (kind) {
#define BOTH(name) case K_##name##_32: case K_##name##_64
    BOTH(DIV): return (struct div){true, true, false, false};
    BOTH(DIVU): return (struct div){true, false, false, false};
    BOTH(REM): return (struct div){true, true, true, false};
    BOTH(REMU): return (struct div){true, false, true, false};
#undef BOTH
    case K_DIVW_64: return (struct div){true, true, false, true};
    case K_DIVUW_64: return (struct div){true, false, false, true};
    case K_REMW_64: return (struct div){true, true, true, true};
    case K_REMUW_64: return (struct div){true, false, true, true};
    }
    return (struct div){false, false, false, false};
}

/* x86's div and idiv; a divisor of 0, and of -1 (which the overflow case needs), go to
 * the interpreter: the model times a divide that finishes early differently (muldiv.h) */
static void divide(struct gen *g, bool w, const struct fop *o, const struct div *d,
                   unsigned bail)
{
    const bool ww = w && !d->word;
    get(g, ww, RCX, o->rs2);
    rr(g, ww, 0x85, RCX, RCX); /* test rcx, rcx */
    jcc_out(g, CC_E, bail);
    if (d->sign) {
        rr(g, ww, 0x83, 7, RCX), b1(g, 0xff); /* cmp rcx, -1 */
        jcc_out(g, CC_E, bail);
    }
    get(g, ww, RAX, o->rs1);
    if (d->sign) {
        if (ww)
            b1(g, 0x48);
        b1(g, 0x99); /* cdq, cqo */
        rr(g, ww, 0xf7, 7, RCX); /* idiv rcx */
    } else {
        rr(g, false, 0x31, RDX, RDX);
        rr(g, ww, 0xf7, 6, RCX); /* div rcx */
    }
    const int v = d->rem ? RDX : RAX;
    if (d->word)
        rr(g, true, 0x63, v, v); /* movsxd */
    put(g, v, o->rd);
}

static enum cc branch_cc(unsigned kind)
{
    switch (kind) {
#define BR(name, cc)                                                                       \
    case K_##name##_32: case K_##name##_64: case K_##name##_SX_32: case K_##name##_SX_64:   \
        return cc;
        BR(BEQ, CC_E) BR(BNE, CC_NE) BR(BLT, CC_L) BR(BGE, CC_GE) BR(BLTU, CC_B) BR(BGEU, CC_AE)
#undef BR
    }
    return 0;
}

static bool side_exit_kind(unsigned kind)
{
    switch (kind) {
#define SX(name, width, ...) WIDTHS(width, SX_CASE, name)
#define SX_CASE(w, name) case K_##name##_SX_##w:
        OPS_BRANCH(SX)
#undef SX_CASE
#undef SX
        return true;
    }
    return false;
}

/* The plain kind of each checked one (fop.h; K_NONE: not a checked kind) */
static const uint8_t unchecked[K_COUNT] = {
#define UC(name, width, ...) WIDTHS(width, MAP, name##_C, name)
#define UCX(name, width, ...) WIDTHS(width, MAP, name##_X0_C, name##_X0)
    OPS_LOAD(UC) OPS_STORE(UC) OPS_LOAD(UCX)
#undef UC
#undef UCX
};

/* What jit_block() was told about the block */
struct exits {
    uint64_t fall;
    const uint64_t *pool;
    bool r1;
    unsigned side, end, taken;
};

/* Operation k; false when it ended the code (a branch at the block's end, a jump, or a
 * kind left to the interpreter). */
static bool operation(struct gen *g, const struct fop *o, unsigned k, int xlen,
                      const struct exits *x)
{
    const bool w = xlen == 64;
    const unsigned bail = result(k, JIT_RESUME);
    struct ld l;
    bool x0;
    struct fop plain;
    const bool checked = unchecked[o->kind];
    if (checked) { /* the plain kind's code, with the checks */
        plain = *o;
        plain.kind = unchecked[o->kind];
        o = &plain;
    }
    const struct alu a = alu_of(o->kind);
    if (a.form != F_NONE) {
        alu(g, w, o, &a);
        return true;
    }
    if (load_of(o->kind, &l, &x0)) {
        load(g, w, o, &l, x0, x->r1, checked, false, bail);
        return true;
    }
    const struct div d = div_of(o->kind);
    if (d.is) {
        divide(g, w, o, &d, bail);
        return true;
    }
    const enum cc cc = branch_cc(o->kind);
    if (cc) {
        get(g, w, RAX, o->rs1);
        get(g, w, RCX, o->rs2);
        rr(g, w, 0x3b, RAX, RCX); /* cmp rax, rcx */
        if (side_exit_kind(o->kind)) {
            jcc_to(g, cc, result(k, JIT_SIDE), (int)(x->side + (unsigned)o->imm), false);
            return true;
        }
        jcc_to(g, cc, result(k, JIT_TAKEN), (int)x->taken, false);
        finish(g, x->end, result(k, JIT_FALL), false);
        return false;
    }
    switch (o->kind) {
    case K_SB_32: case K_SB_64: store(g, w, o, 1, checked, bail); return true;
    case K_SH_32: case K_SH_64: store(g, w, o, 2, checked, bail); return true;
    case K_SW_32: case K_SW_64: store(g, w, o, 4, checked, bail); return true;
    case K_SD_64: store(g, w, o, 8, checked, bail); return true;
    case K_LI_32: /* the value as fast.c's H_LI leaves it */
        mov_imm(g, RAX, (uint32_t)o->imm);
        put(g, RAX, o->rd);
        return true;
    case K_LI_64:
        mov_imm(g, RAX, (uint64_t)(int64_t)o->imm);
        put(g, RAX, o->rd);
        return true;
    case K_LI_POOL:
        mov_imm(g, RAX, x->pool[o->imm]);
        put(g, RAX, o->rd);
        return true;
    case K_MULH_32:
    case K_MULH_64:
    case K_MULHU_32:
    case K_MULHU_64: /* the high half of x86's one-operand imul, mul: rdx */
        get(g, w, RAX, o->rs1);
        get(g, w, RCX, o->rs2);
        rr(g, w, 0xf7, o->kind == K_MULH_32 || o->kind == K_MULH_64 ? 5 : 4, RCX);
        put(g, RDX, o->rd);
        return true;
    case K_ADDI_SP_32:
    case K_ADDI_SP_64: /* fast.c's H_ADDI_SP */
        get(g, w, RAX, o->rs1);
        rr(g, w, 0x81, 0, RAX), b4(g, (uint32_t)o->imm); /* add rax, imm */
        sp_look(g, bail);
        put(g, RAX, o->rd);
        return true;
    case K_LOAD_SP_32:
    case K_LOAD_SP_64: /* fast.c's H_LOAD_SP (a D$ hit would be looked up twice if it bailed) */
        if (LAY(dcache))
            break;
        l = w ? (struct ld){8, 0x8b, true} : (struct ld){4, 0x8b, false};
        load(g, w, o, &l, false, false, true, true, bail);
        return true;
    case K_NOP:
        return true;
    case K_MV:
        get(g, true, RAX, o->rs1);
        put(g, RAX, o->rd);
        return true;
    case K_SEXT_W:
        get(g, false, RAX, o->rs1);
        rr(g, true, 0x63, RAX, RAX); /* movsxd rax, eax */
        put(g, RAX, o->rd);
        return true;
    case K_JAL:
        mov_imm(g, RAX, x->fall);
        put(g, RAX, o->rd);
        finish(g, x->end, result(k, JIT_JUMP), false);
        return false;
    case K_JALR_32:
    case K_JALR_64: /* op_JALR; a misaligned target to the interpreter, before the link */
        get(g, w, RAX, o->rs1);
        if (o->imm)
            rr(g, w, 0x81, 0, RAX), b4(g, (uint32_t)o->imm);
        rr(g, w, 0x83, 4, RAX), b1(g, 0xfe); /* and rax, -2 */
        b1(g, 0xa8), b1(g, 3);               /* test al, 3 */
        jcc_out(g, CC_NE, bail);
        if (LAY(guarded)) {
            mem(g, true, 0x3b, RAX, RSI, ENV(low)); /* cmp rax, low */
            jcc_out(g, CC_B, bail);
        }
        mem(g, true, 0x89, RAX, RSI, ENV(pc));
        mov_imm(g, RAX, x->fall);
        put(g, RAX, o->rd);
        finish(g, x->end, result(k, JIT_JALR), true);
        return false;
    case K_END:
        finish(g, x->end, result(k, JIT_FALL), false);
        return false;
    }
    leave(g, bail); /* a kind the generator leaves to the interpreter */
    return false;
}

/* The guest registers the block's operations name most often (twice at least: a load
 * and a store back cost more than one access to memory), in host registers; an operation
 * writes only its rd, so the ones named as an rd are those to store back. */
static void hold(struct gen *g, const struct fop *ops, unsigned n)
{
    unsigned uses[32] = {0};
    uint32_t rd = 0;
    for (unsigned k = 0; k < n; k++) {
        uses[ops[k].rs1]++, uses[ops[k].rs2]++, uses[ops[k].rd]++;
        rd |= 1u << ops[k].rd;
    }
    memset(g->host, -1, sizeof g->host);
    for (unsigned i = 0; i < CACHED; i++) {
        unsigned best = 0;
        for (unsigned r = 1; r < 32; r++)
            if (g->host[r] < 0 && uses[r] >= 2 && (!best || uses[r] > uses[best]))
                best = r;
        if (!best)
            break;
        g->host[best] = cache_regs[i];
        g->written |= rd & 1u << best;
    }
}

jit_code jit_block(struct jit *j, const struct fop *ops, unsigned n, int xlen, uint64_t fall,
                   const uint64_t *pool, const struct jit_env *env, unsigned side,
                   unsigned end, unsigned taken)
{
    if (!j || n + 1 > OPS_MAX ||
        (size_t)(j->mem + CODE_BYTES / 2 - j->p) < (size_t)(n + 1) * OP_BYTES + 16 ||
        (size_t)(j->end - j->cold) < (size_t)(n + 1) * OP_BYTES)
        return NULL;
    struct gen g = {.p = j->p, .lay = &j->lay, .leave = j->leave, .onward = j->onward,
                    .hint = j->hint, .n = n};
    g.pc = fall - 4 * (uint64_t)n;
    if (xlen == 32)
        g.pc = (uint32_t)g.pc;
    const struct cache *ic = j->lay.icache;
    if (ic && ((g.pc + 4 * (uint64_t)n - 1) >> ic->line_shift) - (g.pc >> ic->line_shift) >=
                  j->lay.ic_lines)
        return NULL; /* more lines than it keeps slots for: the interpreter's */
    const struct exits x = {fall, pool, env->r1size != 0, side, end, taken};
    hold(&g, ops, n);
    uint8_t *const start = g.p;
    for (unsigned r = 1; r < 32; r++)
        if (g.host[r] >= 0)
            mem(&g, true, 0x8b, g.host[r], RDI, X(r));
    g.start = start;
    g.body = g.p;
    for (unsigned k = 0; k <= n; k++)
        if (!operation(&g, &ops[k], k, xlen, &x))
            break;
    /* the stubs, each jump to one patched: an outcome's way out each, after the body; one
     * return per result (the ways out add their own), in the cold part */
    uint8_t *stub = NULL, *left = NULL; /* left: the last stub that returns, for result */
    unsigned result = 0;
    for (unsigned i = 0; i < g.nfix; i++) {
        const struct fix *const u = &g.fix[i];
        if (u->out >= 0) {
            stub = g.p;
            finish(&g, (unsigned)u->out, u->result, u->jalr);
        } else {
            if (!left || u->result != result) {
                uint8_t *const hot = g.p;
                g.p = left = j->cold;
                leave(&g, result = u->result);
                j->cold = g.p;
                g.p = hot;
            }
            stub = left;
        }
        const int32_t d = (int32_t)(stub - (g.fix[i].at + 4));
        memcpy(g.fix[i].at, &d, 4);
    }
    j->p = (uint8_t *)(((uintptr_t)g.p + 15) & ~(uintptr_t)15);
    return start;
}

/* predictor=table: a way out of the timed run in r13 by the outcome in rcx, remembered
 * next run in rdx (another one, checked for its block as finish() checks), its registers
 * stored back, result in ebx.  As fast.c's ONWARD: the counters the run left (the
 * outcome's) into the table when they are not the ones it read (counters_set()), then on
 * to the next run's code when the table holds the counters it reads (counters_now()) and
 * it has code; otherwise back to run_blocks() with ebx.  Scratch: the cached registers'
 * hosts (stored back), rax, rcx, rdx; r9 the table, r8 a count, r10 the counters' indices. */
static void table_onward(struct gen *g)
{
    mem(g, true, 0x8b, RBP, RCX, LAY(out_code));
    mem(g, false, 0x8b, RAX, RCX, LAY(out_counters));
    b1(g, 0x49), b1(g, 0xb8 + (9 & 7)), b8(g, (uint64_t)(uintptr_t)LAY(bp)); /* mov r9, bp */
    mem(g, false, 0x3b, RAX, ENTRY, LAY(entry_key));
    uint8_t *read = jcc_fwd(g, CC_E);
    mem(g, false, 0x0fb6, 8, ENTRY, LAY(entry_c_n)); /* movzx r8d, n */
    mem(g, true, 0x8d, 10, ENTRY, LAY(entry_c_idx)); /* lea r10, idx */
    const uint8_t *set = g->p;
    rr(g, false, 0x85, 8, 8); /* test r8d, r8d */
    uint8_t *set_done = jcc_fwd(g, CC_E);
    mem(g, false, 0x0fb7, 11, 10, 0); /* movzx r11d, word [r10] */
    rr(g, true, 0x01, 9, 11);         /* add r11, r9 */
    rr(g, false, 0x89, RAX, RCX);     /* mov ecx, eax */
    rr(g, false, 0x83, 4, RCX), b1(g, 3); /* and ecx, 3 */
    mem(g, false, 0x88, RCX, 11, 0);  /* mov [r11], cl */
    rr(g, false, 0xc1, 5, RAX), b1(g, 2); /* shr eax, 2 */
    rr(g, true, 0x83, 0, 10), b1(g, 2);   /* add r10, 2 */
    rr(g, false, 0xff, 1, 8);             /* dec r8d */
    jmp_to(g, set);
    land(g, read);
    land(g, set_done);
    mem(g, false, 0x0fb6, 8, RDX, LAY(entry_c_n));
    mem(g, true, 0x8d, 10, RDX, LAY(entry_c_idx));
    rr(g, false, 0x31, RAX, RAX);
    rr(g, false, 0x31, RCX, RCX);
    const uint8_t *now = g->p;
    rr(g, false, 0x85, 8, 8);
    uint8_t *now_done = jcc_fwd(g, CC_E);
    mem(g, false, 0x0fb7, 11, 10, 0);
    rr(g, true, 0x01, 9, 11);
    mem(g, false, 0x0fb6, 11, 11, 0); /* movzx r11d, byte [r11] */
    rr(g, false, 0xd3, 4, 11);        /* shl r11d, cl */
    rr(g, false, 0x09, 11, RAX);      /* or eax, r11d */
    rr(g, false, 0x83, 0, RCX), b1(g, 2); /* add ecx, 2 */
    rr(g, true, 0x83, 0, 10), b1(g, 2);
    rr(g, false, 0xff, 1, 8);
    jmp_to(g, now);
    land(g, now_done);
    mem(g, false, 0x3b, RAX, RDX, LAY(entry_key));
    uint8_t *miss = jcc_fwd(g, CC_NE);
    rr(g, true, 0x85, RBP, RBP);
    uint8_t *none = jcc_fwd(g, CC_E);
    rr(g, true, 0x89, RDX, ENTRY); /* mov r13, rdx */
    rr(g, false, 0xff, 4, RBP);    /* jmp rbp */
    land(g, miss);
    land(g, none);
    rr(g, false, 0x89, RBX, RAX); /* mov eax, ebx */
    jmp_to(g, g->leave);
}

struct jit *jit_open(const struct jit_layout *layout)
{
    struct jit *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->lay = *layout;
    if (layout->dcache && layout->dcache->g.ways > DCACHE_WAYS &&
        !(j->hint = calloc(HINTS, sizeof *j->hint))) {
        free(j);
        return NULL;
    }
    void *m = mmap(NULL, CODE_BYTES, PROT_READ | PROT_WRITE | PROT_EXEC,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        free(j->hint);
        free(j);
        return NULL;
    }
    j->mem = j->p = m;
    j->cold = j->mem + CODE_BYTES / 2;
    j->end = j->mem + CODE_BYTES;
    /* enter: push the callee-saved registers, load run_blocks()' state, jmp rdx (the
     * code); leave: store the state, pop the registers, ret */
    static const int8_t saved[] = {RBX, RBP, 12, 13, 14, 15};
    static const struct {
        int reg;
        int32_t at;
    } state[] = {{CYCLE, ENV(cycle)}, {ENTRY, ENV(entry)}, {INSTRET, ENV(instret)}, {SEQ, ENV(seq)}};
    struct gen g = {.p = j->p};
    j->enter = (unsigned (*)(uint64_t *, struct jit_env *, jit_code))(void *)g.p;
    for (unsigned i = 0; i < sizeof saved; i++)
        opcode(&g, false, 0x50 + (saved[i] & 7), 0, saved[i]); /* push */
    mem(&g, true, 0x8d, RDI, RDI, BIAS); /* lea rdi, [rdi + BIAS] */
    mem(&g, true, 0x8d, RSI, RSI, BIAS);
    for (unsigned i = 0; i < sizeof state / sizeof state[0]; i++)
        mem(&g, true, 0x8b, state[i].reg, RSI, state[i].at);
    rr(&g, false, 0xff, 4, RDX); /* jmp rdx */
    j->leave = g.p;
    for (unsigned i = 0; i < sizeof state / sizeof state[0]; i++)
        mem(&g, true, 0x89, state[i].reg, RSI, state[i].at);
    for (unsigned i = sizeof saved; i-- > 0;)
        opcode(&g, false, 0x58 + (saved[i] & 7), 0, saved[i]); /* pop */
    b1(&g, 0xc3);
    if (j->lay.table) {
        g.lay = &j->lay;
        g.leave = j->leave;
        j->onward = g.p;
        table_onward(&g);
    }
    j->p = (uint8_t *)(((uintptr_t)g.p + 15) & ~(uintptr_t)15);
    return j;
}

unsigned jit_run(const struct jit *j, jit_code code, uint64_t *x, struct jit_env *env)
{
    return j->enter(x, env, code);
}

void jit_close(struct jit *j)
{
    if (!j)
        return;
    munmap(j->mem, CODE_BYTES);
    free(j->hint);
    free(j);
}
#else /* no generator for this host: every block on the interpreter */
struct jit *jit_open(const struct jit_layout *layout)
{
    (void)layout;
    return NULL;
}
void jit_close(struct jit *j) { (void)j; }
unsigned jit_run(const struct jit *j, jit_code code, uint64_t *x, struct jit_env *env)
{
    (void)j, (void)code, (void)x, (void)env;
    return JIT_RESUME; /* never called: no block has code */
}
jit_code jit_block(struct jit *j, const struct fop *ops, unsigned n, int xlen, uint64_t fall,
                   const uint64_t *pool, const struct jit_env *env, unsigned side,
                   unsigned end, unsigned taken)
{
    (void)j, (void)ops, (void)n, (void)xlen, (void)fall, (void)pool, (void)env, (void)side;
    (void)end, (void)taken;
    return NULL;
}
#endif
