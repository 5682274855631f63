/* The execute loop.
 *
 * Each step: (1) when the cycle count has reached the next device event, look at devices
 * and interrupts (trap.c: cpu_event); (2) fetch the predecoded record of pc, decoding it on
 * first use; (3) execute it; (4) retire it: the result, the counters, and the cycles the
 * timing model says it cost (timing.h).  Nothing else happens per instruction: devices
 * derive their state from the cycle count.  An instruction that traps goes to trap.c.
 *
 * The loop is instantiated six times (XLEN 32/64; plain, traced, cached) by inlining run()
 * with constant arguments; the traced instances add the calls of the observers' dispatcher
 * (observe.h: the registered observers of observer.h and the shared state's stack marks),
 * the cached ones also the I$/D$ model (cache.h: machine_cached() selects them). */
#include <string.h>
#include "fast.h"
#include "machine.h"
#include "observe.h"
#include "ops.h"

#define likely(c) __builtin_expect(!!(c), 1)
#define unlikely(c) __builtin_expect(!!(c), 0)

/* What executing one instruction produced. */
struct step {
    uint64_t v;     /* the value for rd */
    uint64_t npc;   /* the next pc */
    unsigned flags; /* TF_* outcome for the timing model */
    uint64_t cause; /* the exception the instruction raises, or one of: */
    uint64_t tval;
    bool timed;     /* a CSR instruction: timed before it executed (timing.h) */
};
#define NO_TRAP UINT64_MAX         /* it retires: retire() */
#define MRET_DONE (UINT64_MAX - 1) /* MRET: cpu_mret() did all of it */


static ALWAYS_INLINE void raise_exception(struct step *s, uint64_t cause, uint64_t tval)
{
    s->cause = cause;
    s->tval = tval;
}

/* mtval of an illegal instruction: its bits, 16 of them for an encoding whose low two bits
 * are not 11 (privileged spec "Machine Trap Value Register": the shortest of the
 * instruction, ILEN and MXLEN bits; the upper half belongs to the next instruction). */
static inline uint64_t illegal_tval(uint32_t raw) { return (raw & 3) == 3 ? raw : raw & 0xffff; }

/* A jump or taken branch; a misaligned target traps on the jump (mtval = target). */
static ALWAYS_INLINE void jump(struct step *s, uint64_t target)
{
    s->npc = target;
    if (unlikely(op_misaligned(target, 4)))
        raise_exception(s, CAUSE_MISALIGNED_FETCH, target);
}

static ALWAYS_INLINE void branch(struct step *s, bool taken, uint64_t target)
{
    if (taken) {
        s->flags |= TF_TAKEN;
        jump(s, target);
    }
}

/* Loads and stores of n bytes: ram[0] inline, anything else through the bus.  Loads
 * return the bytes zero-extended; the caller sign-extends. */
static ALWAYS_INLINE uint64_t load(struct machine *m, const struct ram *r0, struct step *s,
                                   uint64_t addr, unsigned n)
{
    if (unlikely(op_misaligned(addr, n))) {
        raise_exception(s, CAUSE_MISALIGNED_LOAD, addr);
        return 0;
    }
    uint64_t off = addr - r0->base, v = 0;
    if (likely(off <= r0->size - n)) {
        memcpy(&v, r0->mem + off, n); /* little-endian host */
        return v;
    }
    int r = bus_load(&m->bus, addr, n, &v);
    if (unlikely(r == BUS_FAULT))
        raise_exception(s, CAUSE_LOAD_ACCESS, addr);
    else if (r == BUS_MMIO)
        s->flags |= TF_MMIO;
    return v;
}

static ALWAYS_INLINE void store(struct machine *m, struct ram *r0, struct step *s,
                                uint64_t addr, uint64_t val, unsigned n)
{
    if (unlikely(op_misaligned(addr, n))) {
        raise_exception(s, CAUSE_MISALIGNED_STORE, addr);
        return;
    }
    uint64_t off = addr - r0->base;
    if (likely(off <= r0->size - n)) {
        memcpy(r0->mem + off, &val, n);
        if (unlikely(off + n > r0->dec_lo && off < r0->dec_hi))
            ram_invalidate(r0, off, n); /* stores to code: fetch stays coherent */
        if (unlikely((addr >> 3) == m->bus.tohost_dw))
            bus_tohost_check(&m->bus);
        return;
    }
    int r = machine_store(m, addr, n, val);
    if (unlikely(r == BUS_FAULT))
        raise_exception(s, CAUSE_STORE_ACCESS, addr);
    else if (r == BUS_MMIO)
        s->flags |= TF_MMIO;
}

/* Out of line and given locals, not the step record, so that the record stays in
 * registers. */
__attribute__((noinline)) int cpu_csr(struct machine *m, const struct insn *d, uint64_t a,
                                      uint64_t *v, unsigned *flags)
{
    unsigned csr = (unsigned)d->imm & 0xfff;
    bool imm = d->op >= OP_CSRRWI;
    bool swap = d->op == OP_CSRRW || d->op == OP_CSRRWI;
    uint64_t src = imm ? d->uimm : a, old;
    bool write = swap || (imm ? d->uimm != 0 : d->t.rs1 != 0);
    if (csr_read(m, csr, &old))
        return -1;
    if (write) {
        uint64_t nv = swap ? src : d->op == OP_CSRRS || d->op == OP_CSRRSI ? old | src : old & ~src;
        if (m->hart.xlen == 32)
            nv = (uint32_t)nv;
        if (csr_write(m, csr, nv))
            return -1;
        *flags |= TF_CSR_WRITE;
    }
    *v = old;
    return 0;
}

void cpu_predecode(struct ram *code, struct insn *d, uint64_t off, int xlen)
{
    uint32_t raw;
    memcpy(&raw, code->mem + off, 4);
    decode(d, raw, xlen);
    if (off < code->dec_lo)
        code->dec_lo = off;
    if (off + 4 > code->dec_hi)
        code->dec_hi = off + 4;
}

/* The predecoded record of pc, decoded on first use; NULL after a fetch fault. */
static ALWAYS_INLINE struct insn *fetch(struct machine *m, struct ram *code, uint64_t pc, int xlen)
{
    uint64_t off = pc - code->base;
    if (unlikely(off >= code->size)) {
        trap_fetch_fault(m);
        return NULL;
    }
    struct insn *d = &code->dec[off >> 2];
    if (unlikely(d->op == OP_UNDECODED))
        cpu_predecode(code, d, off, xlen);
    return d;
}

/* A CSR instruction, timed before it executes: the core reads the CSR in ID,
 * timing_read_lag() cycles before the instruction enters EXR (sim/timing/timing.h). */
static ALWAYS_INLINE void csr_insn(struct machine *m, const struct insn *d, uint64_t pc,
                                   uint64_t a, struct step *s)
{
    struct clock *clk = &m->hart.clk;
    clk->cycle += timing_retire_pc(&m->timing, d->t, s->flags, pc);
    s->timed = true;
    clk->cycle -= timing_read_lag(&m->timing);
    uint64_t old;
    unsigned written = 0;
    int r = cpu_csr(m, d, a, &old, &written);
    clk->cycle += timing_read_lag(&m->timing);
    if (r) {
        m->stats.issued++; /* its base cycle was charged above; retire() is not reached */
        raise_exception(s, CAUSE_ILLEGAL_INSTRUCTION, d->raw);
    } else {
        s->v = old;
        s->flags |= written;
    }
}

/* Execute d at pc: the result, next pc and timing flags in *s, or s->cause.  What each
 * instruction computes is ops.h's; the system instructions are here. */
static ALWAYS_INLINE void execute(struct machine *m, struct ram *r0, const struct insn *d,
                                  uint64_t pc, struct step *s, const int xlen)
{
    const uint64_t a = m->hart.x[d->t.rs1], b = m->hart.x[d->t.rs2];
    const int64_t imm = d->imm;
#define ALU(name, width, ...) case OP_##name: s->v = op_##name(xlen, a, b, imm); break;
#define DIV(name, width, ...) case OP_##name: s->v = op_##name(xlen, a, b, &s->flags); break;
#define BRANCH(name, width, ...)                                                             \
    case OP_##name: branch(s, op_##name(xlen, a, b), op_pc_rel(xlen, pc, imm)); break;
#define LOAD(name, width, type)                                                              \
    case OP_##name: s->v = (uint64_t)(type)load(m, r0, s, op_ea(xlen, a, imm), sizeof(type)); break;
#define STORE(name, width, type)                                                             \
    case OP_##name: store(m, r0, s, op_ea(xlen, a, imm), b, sizeof(type)); break;
#define UPPER(name, width, ...) case OP_##name: s->v = op_##name(xlen, pc, imm); break;
#define JUMP(name, width, ...)                                                               \
    case OP_##name: s->v = s->npc; jump(s, op_##name(xlen, a, imm, pc)); break;
    switch ((enum op)d->op) {
    OPS_ALU(ALU) OPS_DIV(DIV) OPS_BRANCH(BRANCH) OPS_LOAD(LOAD) OPS_STORE(STORE)
    OPS_UPPER(UPPER) OPS_JUMP(JUMP)
#undef ALU
#undef DIV
#undef BRANCH
#undef LOAD
#undef STORE
#undef UPPER
#undef JUMP
    case OP_FENCE:
    case OP_FENCE_I: break; /* stores invalidate predecoded code: fetch is always coherent */
    case OP_CSRRW: case OP_CSRRS: case OP_CSRRC:
    case OP_CSRRWI: case OP_CSRRSI: case OP_CSRRCI: csr_insn(m, d, pc, a, s); break;
    case OP_ECALL:  raise_exception(s, CAUSE_MACHINE_ECALL, 0); break;
    case OP_EBREAK: raise_exception(s, CAUSE_BREAKPOINT, pc); break;
    case OP_MRET:   cpu_mret(m); s->cause = MRET_DONE; break;
    case OP_WFI:    break; /* after it retires: cpu_wfi() */
    case OP_ILLEGAL:
    case OP_UNDECODED:
    case OP_COUNT:  raise_exception(s, CAUSE_ILLEGAL_INSTRUCTION, illegal_tval(d->raw)); break;
    }
}

/* The instruction completed: write rd, advance pc and the counters, charge its cycles. */
static ALWAYS_INLINE void retire(struct machine *m, const struct insn *d, const struct step *s,
                                 uint64_t pc, const int xlen)
{
    struct hart *h = &m->hart;
    h->x[d->t.rd] = xl(xlen, s->v);
    h->x[0] = 0;
    h->pc = s->npc;
    h->instret += d->retires;
    m->stats.class_count[d->t.cls]++;
    m->stats.issued++;
    if (likely(!s->timed))
        h->clk.cycle += timing_retire_pc(&m->timing, d->t, s->flags, pc);
    if (unlikely(d->op == OP_WFI))
        cpu_wfi(m);
}

/* --icache / --dcache (cache.h), in the cached instances only.  A fetch miss delays the
 * instruction's entry into ID: the front end waits while the older instructions drain
 * (timing_fetch_wait: operand bubbles the wait covers disappear).  A data miss freezes the
 * whole pipeline, like a RAM store in MEM (timing_freeze_all).  FENCE.I
 * writes the dirty D$ lines back and invalidates the I$, so that code written through the
 * D$ is fetched again from memory (the simulated memories themselves are always coherent). */
static ALWAYS_INLINE void fetch_cached(struct machine *m, uint64_t pc)
{
    struct caches *c = &m->caches;
    if (c->i.g.size) {
        uint32_t n = cache_read(&c->i, pc);
        timing_fetch_wait(&m->timing, n); /* in the next timing_retire's cost */
    }
}

static __attribute__((noinline)) void data_cached(struct machine *m, const struct insn *d,
                                                  unsigned flags, int xlen)
{
    struct caches *c = &m->caches;
    uint64_t n = 0;
    if (d->op == OP_FENCE_I) {
        if (c->d.g.size)
            n = cache_clean(&c->d);
        if (c->i.g.size)
            cache_invalidate(&c->i);
    } else if (op_size(d->op) && c->d.g.size && !(flags & TF_MMIO)) {
        /* before retire(): rs1 still holds the base even when rd == rs1 */
        uint64_t addr = op_ea(xlen, m->hart.x[d->t.rs1], d->imm);
        n = d->t.cls == TC_STORE ? cache_write(&c->d, &c->mem, addr, op_size(d->op))
                                 : cache_read(&c->d, addr);
    }
    timing_freeze_all(&m->timing, n);
    m->hart.clk.cycle += n;
}

/* One instruction; c0 is the cycle the step began at, before the look at devices and
 * interrupts (for the traced loop, whose observers may stop before it: observe.h);
 * pre_done: the fast engine called observe_pre() for it already. */
static ALWAYS_INLINE void step(struct machine *m, struct ram *code, struct ram *r0,
                               uint64_t c0, const int xlen, const bool traced, const bool cached,
                               bool pre_done)
{
    if (traced && !pre_done && m->obs && !observe_pre(m, m->hart.pc))
        return;
    const uint64_t pc = m->hart.pc;
    const struct insn *d = fetch(m, code, pc, xlen);
    if (unlikely(!d)) {
        if (traced)
            observe_post(m, &(struct observe_step){.pc = pc, .c0 = c0, .issue = m->hart.clk.cycle});
        return;
    }
    if (cached)
        fetch_cached(m, pc);
    const uint64_t issue = m->hart.clk.cycle;
    /* the address a load or store accesses, before rd (maybe its base) is written */
    const uint64_t ea = traced && (d->t.cls == TC_LOAD || d->t.cls == TC_STORE)
                            ? op_ea(xlen, m->hart.x[d->t.rs1], d->imm) : 0;
    if (traced && m->observers.exec && !observe_exec(m, pc, d, ea))
        return; /* a --check finding: the run stops before the instruction */
    struct step s = {.npc = xl(xlen, pc + 4), .flags = d->sflags, .cause = NO_TRAP};
    execute(m, r0, d, pc, &s, xlen);
    if (cached && s.cause == NO_TRAP && (d->t.cls == TC_LOAD || d->t.cls == TC_STORE ||
                                         d->op == OP_FENCE_I))
        data_cached(m, d, s.flags, xlen);
    if (likely(s.cause == NO_TRAP))
        retire(m, d, &s, pc, xlen);
    else if (s.cause != MRET_DONE)
        trap_exception(m, s.cause, s.tval);
    if (traced)
        observe_post(m, &(struct observe_step){.pc = pc, .c0 = c0, .issue = issue, .d = d, .ea = ea,
                                              .retired = s.cause == NO_TRAP || s.cause == MRET_DONE,
                                              .taken = s.flags & TF_TAKEN});
}

static ALWAYS_INLINE void run(struct machine *m, const int xlen, const bool traced,
                              const bool cached)
{
    struct hart *const h = &m->hart;
    struct ram *const code = m->bus.code, *const r0 = &m->bus.ram[0];
    for (;;) {
        const uint64_t c0 = h->clk.cycle;
        if (unlikely(h->clk.cycle >= h->next_event) && cpu_event(m))
            return;
        step(m, code, r0, c0, xlen, traced, cached, false);
    }
}

static void run32(struct machine *m) { run(m, 32, false, false); }
static void run64(struct machine *m) { run(m, 64, false, false); }
static void run32_traced(struct machine *m) { run(m, 32, true, false); }
static void run64_traced(struct machine *m) { run(m, 64, true, false); }
/* caches: the traced instance with the cache hooks (a trace and a profile work with them) */
static void run32_cached(struct machine *m) { run(m, 32, true, true); }
static void run64_cached(struct machine *m) { run(m, 64, true, true); }

/* n instructions of the loop, the first without looking at events (the caller did, at
 * this boundary): the fast engine's way to the reference (fast.c).  With observers the
 * traced instance, so that every instruction the engine leaves to it is observed, and with
 * caches the cached one; c0 before the look at events, as run() takes it. */
/* The run has observers (registered, or the shared state's stack marks): the traced
 * instances run. */
static bool observed(const struct machine *m) { return m->obs || m->observers.n; }

static ALWAYS_INLINE int run_steps(struct machine *m, uint64_t n, uint64_t first_c0,
                                   bool first_pre_done, const int xlen, const bool traced,
                                   const bool cached)
{
    struct hart *const h = &m->hart;
    struct ram *const code = m->bus.code, *const r0 = &m->bus.ram[0];
    for (uint64_t i = 0; i < n; i++) {
        const uint64_t c0 = i ? h->clk.cycle : first_c0;
        if (i && unlikely(h->clk.cycle >= h->next_event) && cpu_event(m))
            return 1;
        step(m, code, r0, c0, xlen, traced, cached, !i && first_pre_done);
    }
    return 0;
}

int cpu_run_steps(struct machine *m, uint64_t n, uint64_t c0, bool pre_done)
{
    const bool x32 = m->hart.xlen == 32, p = pre_done;
    if (machine_cached(m)) /* the cached instances are traced ones */
        return x32 ? run_steps(m, n, c0, p, 32, true, true) : run_steps(m, n, c0, p, 64, true, true);
    if (observed(m))
        return x32 ? run_steps(m, n, c0, p, 32, true, false) : run_steps(m, n, c0, p, 64, true, false);
    return x32 ? run_steps(m, n, c0, p, 32, false, false) : run_steps(m, n, c0, p, 64, false, false);
}

/* The fast engine observes what the traced loop would (fast.h; a debugger and --check
 * too), except for observers that see every instruction (every_insn) or every one inside
 * a window that is the whole run (a trace without --trace-from/--trace-to). */
static bool reference_only(const struct machine *m)
{
    const struct observe *o = m->obs;
    const struct observers *l = &m->observers;
    bool whole_window = !o || (!o->win.from_cycle && o->win.to_cycle == UINT64_MAX &&
                               o->win.to_pc == UINT64_MAX);
    return machine_reference_only(m) || l->every_insn || (l->every_insn_in_window && whole_window);
}

void cpu_run(struct machine *m)
{
    bool traced = observed(m);
    m->hart.next_event = 0;
    if (!reference_only(m) && fast_run(m))
        return;
    if (machine_cached(m))
        (m->hart.xlen == 32 ? run32_cached : run64_cached)(m);
    else if (m->hart.xlen == 32)
        (traced ? run32_traced : run32)(m);
    else
        (traced ? run64_traced : run64)(m);
}
