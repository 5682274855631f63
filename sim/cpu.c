/* The execute loop and trap entry.
 *
 * Each iteration: (1) when the cycle count has reached the next device event, look at
 * devices and interrupts (cpu_event); (2) fetch the predecoded record of pc (decoding it on
 * first use); (3) execute it; (4) ask the timing model what it cost (timing.h).  Nothing
 * else happens per instruction: devices derive their state from the cycle count.
 *
 * The loop body is instantiated four times (XLEN 32/64, with or without trace/profile) by
 * inlining run() with constant arguments. */
#include <string.h>
#include "tempo_sim.h"

#define likely(c) __builtin_expect(!!(c), 1)
#define unlikely(c) __builtin_expect(!!(c), 0)

/* Trap entry (privileged spec "Machine Trap Handling"): mepc <- pc of the instruction
 * that trapped (or the next one, for interrupts), MPIE <- MIE, MIE <- 0. */
static void trap_enter(struct machine *m, uint64_t cause, uint64_t tval, bool irq,
                       uint64_t asserted)
{
    m->mepc = m->pc;
    m->mcause = irq ? 1ull << (m->xlen - 1) | cause : cause;
    m->mtval = tval;
    m->mstatus_mpie = m->mstatus_mie;
    m->mstatus_mie = false;
    uint64_t base = m->mtvec & ~3ull;
    m->pc = irq && (m->mtvec & 1) ? base + 4 * cause : base; /* vectored mode: interrupts */
    enum trap_kind kind = irq ? TRAP_INTERRUPT
                          : cause == CAUSE_ECALL_M ? TRAP_ECALL
                          : cause >= CAUSE_LOAD_MISALIGNED && cause <= CAUSE_STORE_ACCESS ? TRAP_MEM_FAULT
                          : TRAP_EXCEPTION;
    /* an interrupt's handler issues a fixed latency after its assertion (timing.h) */
    m->cycle += irq ? timing_interrupt(&m->timing, m->cycle, asserted)
                    : timing_trap(&m->timing, kind);
    m->traps++;
    m->interrupts += irq;
    if (m->trace)
        fprintf(m->trace, "%llu trap mcause=0x%llx mepc=0x%llx mtval=0x%llx\n",
                (unsigned long long)m->cycle, (unsigned long long)m->mcause,
                (unsigned long long)m->mepc, (unsigned long long)tval);
}

void cpu_trap(struct machine *m, uint64_t cause, uint64_t tval) { trap_enter(m, cause, tval, false, 0); }

/* The cycle an interrupt line rises (cycle units, not mcycle), or UINT64_MAX when it will
 * not without a register write; 0 for a line that is up since an unknown cycle (MSIP). */
static uint64_t irq_rise(struct machine *m, unsigned irq)
{
    uint64_t now = m->cycle;
    if (irq == IRQ_MSI)
        return m->msip ? 0 : UINT64_MAX;
    if (irq == IRQ_MEI) {
        if (!m->irq_armed && !m->irq_pending)
            return UINT64_MAX;
        uint64_t mc = machine_mcycle(m);
        if (m->irq_at > mc)
            return m->irq_at - mc > UINT64_MAX - now ? UINT64_MAX : now + (m->irq_at - mc);
        return mc - m->irq_at > now ? 0 : now - (mc - m->irq_at);
    }
    if (!clint_mtip(m))
        return clint_event_cycle(m);
    /* up: the cycle mtime reached mtimecmp */
    uint64_t late = clint_mtime(m) - m->mtimecmp, tick = now / m->cycles_per_tick;
    return late > tick ? 0 : (tick - late) * m->cycles_per_tick;
}

/* Interrupts (spec/core-timing.md "Trap controller"; sim/timing.h timing_interrupt).  A
 * source is taken at the first instruction boundary at or after (assertion cycle -
 * timing_irq_window()), and its handler's first instruction enters ID exactly the interrupt
 * latency after the assertion, wherever the boundary falls.  The assertion cycle is the
 * cycle the line rises (IRQ_AT reached, mtime reaching mtimecmp); a source that was already
 * due at the previous look and not taken then (disabled, or raised by a register write
 * such as MSIP) counts from this boundary. */
static uint64_t cpu_irq(struct machine *m)
{
    static const unsigned priority[3] = {IRQ_MEI, IRQ_MSI, IRQ_MTI};
    uint64_t now = m->cycle, w = timing_irq_window(&m->timing), seen = m->timing.irq_seen;
    uint64_t later = UINT64_MAX; /* a line a device store raises after this boundary */
    m->timing.irq_seen = now + w;
    if (!m->mstatus_mie)
        return later;
    uint64_t at = UINT64_MAX, cause = 0;
    for (int i = 0; i < 3; i++) {
        if (!(m->mie & (1ull << priority[i])))
            continue;
        uint64_t a = irq_rise(m, priority[i]);
        if (a > now + w)
            continue;
        if (a <= seen) /* up since the last look: raised by a register write or enabled */
            a = timing_device_rise(&m->timing, now);
        if (a > now + w) {
            m->timing.irq_seen = seen; /* look again at the boundary it reaches */
            if (a < later)
                later = a;
            continue;
        }
        if (at == UINT64_MAX)
            cause = priority[i];
        if (a < at)
            at = a;
    }
    if (at != UINT64_MAX)
        trap_enter(m, cause, 0, true, at);
    return later;
}

/* Devices, interrupts and run control; returns 1 when the run must end. */
static int cpu_event(struct machine *m)
{
    if (m->stop != STOP_NONE)
        return 1;
    if (m->mcycle_write) {
        m->mcycle_adj = m->mcycle_new - m->cycle;
        m->mcycle_write = false;
    }
    if (m->cycle >= m->max_cycles) {
        m->stop = STOP_CYCLE_LIMIT;
        return 1;
    }
    simctl_meip(m); /* latch the external interrupt once IRQ_AT is reached */
    uint64_t later = cpu_irq(m);
    /* wake up one window before the next line rises: its interrupt is taken there */
    uint64_t next = later, t, w = timing_irq_window_max();
    if (!clint_mtip(m) && (t = clint_event_cycle(m)) < next)
        next = t;
    if ((t = simctl_event_cycle(m)) < next)
        next = t;
    next = next > w ? next - w : 0;
    m->next_event = next < m->max_cycles ? next : m->max_cycles;
    return 0;
}

/* WFI: with nothing pending in mip & mie (whatever mstatus.MIE), skip to the next event
 * that would make something pending; the counters advance as if the core had waited. */
static void cpu_wfi(struct machine *m)
{
    m->next_event = 0;
    if (csr_mip(m) & m->mie)
        return;
    uint64_t wake = UINT64_MAX, t;
    if ((m->mie & MIP_MTIP) && (t = clint_event_cycle(m)) < wake)
        wake = t;
    if ((m->mie & MIP_MEIP) && (t = simctl_event_cycle(m)) < wake)
        wake = t;
    if (wake == UINT64_MAX) {
        m->stop = STOP_WFI;
        return;
    }
    if (wake > m->max_cycles)
        wake = m->max_cycles;
    if (wake > m->cycle) {
        m->wfi_idle += wake - m->cycle;
        timing_idle(&m->timing, wake - m->cycle);
        m->cycle = wake;
    }
}

static void predecode(struct machine *m, struct insn *d, uint64_t off)
{
    struct ram *c = m->code;
    uint32_t raw;
    memcpy(&raw, c->mem + off, 4);
    decode(d, raw, m->xlen);
    if (off < c->dec_lo)
        c->dec_lo = off;
    if (off + 4 > c->dec_hi)
        c->dec_hi = off + 4;
}

/* Zicsr: returns 0, or -1 for an illegal access. */
static int csr_op(struct machine *m, const struct insn *d, uint64_t a, uint64_t *v, unsigned *flags)
{
    unsigned csr = (unsigned)d->imm & 0xfff;
    bool imm = d->op >= OP_CSRRWI;
    uint64_t src = imm ? d->uimm : a, old;
    bool write = d->op == OP_CSRRW || d->op == OP_CSRRWI || (imm ? d->uimm != 0 : d->t.rs1 != 0);
    if (csr_read(m, csr, &old))
        return -1;
    if (write) {
        uint64_t nv = d->op == OP_CSRRW || d->op == OP_CSRRWI ? src
                      : d->op == OP_CSRRS || d->op == OP_CSRRSI ? old | src : old & ~src;
        if (m->xlen == 32)
            nv = (uint32_t)nv;
        if (csr_write(m, csr, nv))
            return -1;
        *flags |= TF_CSR_WRITE;
    }
    *v = old;
    return 0;
}

static inline __attribute__((always_inline)) void run(struct machine *m, const int xlen, const bool slow)
{
#define XL(v) (xlen == 32 ? (uint64_t)(uint32_t)(v) : (uint64_t)(v))
#define SX(v) (xlen == 32 ? (int64_t)(int32_t)(v) : (int64_t)(v))
#define W32(v) ((uint64_t)(int64_t)(int32_t)(v)) /* RV64 W forms: sign-extend bit 31 */
    uint64_t *const x = m->x;
    struct ram *const code = m->code, *const r0 = &m->ram[0];
    for (;;) {
        const uint64_t c0 = m->cycle;
        if (unlikely(m->cycle >= m->next_event) && cpu_event(m))
            return;
        const uint64_t pc = m->pc, coff = pc - code->base;
        if (unlikely(coff >= code->size)) {
            if (pc == (m->mtvec & ~3ull)) { /* the handler itself cannot be fetched */
                m->stop = STOP_TRAP_LOOP;
                return;
            }
            trap_enter(m, CAUSE_FETCH_ACCESS, pc, false, 0);
            if (slow)
                sim_account(m, pc, c0, NULL, false);
            continue;
        }
        struct insn *const d = &code->dec[coff >> 2];
        if (unlikely(d->op == OP_UNDECODED))
            predecode(m, d, coff);
        const uint64_t a = x[d->t.rs1], b = x[d->t.rs2];
        const int64_t imm = d->imm;
        uint64_t v = 0, npc = XL(pc + 4), addr = 0, cause = 0, tval = 0, off;
        unsigned flags = d->sflags;
        bool timed = false;
        int r;
        switch ((enum op)d->op) {
        case OP_LUI: v = (uint64_t)imm; break;
        case OP_AUIPC: v = pc + (uint64_t)imm; break;
        case OP_JAL:
            v = npc;
            npc = XL(pc + (uint64_t)imm);
            if (unlikely(npc & 3))
                goto misaligned_fetch;
            break;
        case OP_JALR:
            v = npc;
            npc = XL(a + (uint64_t)imm) & ~1ull;
            if (unlikely(npc & 3))
                goto misaligned_fetch;
            break;
#define BRANCH(cond)                                   \
    if (cond) {                                        \
        flags |= TF_TAKEN;                             \
        npc = XL(pc + (uint64_t)imm);                  \
        if (unlikely(npc & 3))                         \
            goto misaligned_fetch;                     \
    }                                                  \
    break;
        case OP_BEQ: BRANCH(a == b)
        case OP_BNE: BRANCH(a != b)
        case OP_BLT: BRANCH(SX(a) < SX(b))
        case OP_BGE: BRANCH(SX(a) >= SX(b))
        case OP_BLTU: BRANCH(a < b)
        case OP_BGEU: BRANCH(a >= b)
#undef BRANCH
#define LOAD(type, n)                                                    \
    addr = XL(a + (uint64_t)imm);                                           \
    if (unlikely(addr & ((n) - 1))) {                                    \
        cause = CAUSE_LOAD_MISALIGNED;                                      \
        goto exception_addr;                                                \
    }                                                                       \
    off = addr - r0->base;                                                  \
    if (likely(off <= r0->size - (n))) {                                 \
        type t_;                                                            \
        memcpy(&t_, r0->mem + off, n);                                   \
        v = (uint64_t)t_;                                                   \
    } else {                                                                \
        uint64_t u_;                                                        \
        r = bus_load(m, addr, n, &u_);                                   \
        if (unlikely(r == BUS_FAULT)) {                                     \
            cause = CAUSE_LOAD_ACCESS;                                      \
            goto exception_addr;                                            \
        }                                                                   \
        if (r == BUS_MMIO)                                                  \
            flags |= TF_MMIO;                                               \
        v = (uint64_t)(type)u_;                                             \
    }                                                                       \
    break;
        case OP_LB: LOAD(int8_t, 1)
        case OP_LH: LOAD(int16_t, 2)
        case OP_LW: LOAD(int32_t, 4)
        case OP_LD: LOAD(int64_t, 8)
        case OP_LBU: LOAD(uint8_t, 1)
        case OP_LHU: LOAD(uint16_t, 2)
        case OP_LWU: LOAD(uint32_t, 4)
#undef LOAD
#define STORE(n)                                                         \
    addr = XL(a + (uint64_t)imm);                                           \
    if (unlikely(addr & ((n) - 1))) {                                    \
        cause = CAUSE_STORE_MISALIGNED;                                     \
        goto exception_addr;                                                \
    }                                                                       \
    off = addr - r0->base;                                                  \
    if (likely(off <= r0->size - (n))) {                                 \
        memcpy(r0->mem + off, &b, n);                                    \
        if (unlikely(off + (n) > r0->dec_lo && off < r0->dec_hi))        \
            ram_invalidate(r0, off, n);                                  \
        if (unlikely((addr >> 3) == m->tohost_dw))                          \
            bus_tohost_check(m);                                            \
    } else {                                                                \
        r = bus_store(m, addr, n, b);                                    \
        if (unlikely(r == BUS_FAULT)) {                                     \
            cause = CAUSE_STORE_ACCESS;                                     \
            goto exception_addr;                                            \
        }                                                                   \
        if (r == BUS_MMIO)                                                  \
            flags |= TF_MMIO;                                               \
    }                                                                       \
    break;
        case OP_SB: STORE(1)
        case OP_SH: STORE(2)
        case OP_SW: STORE(4)
        case OP_SD: STORE(8)
#undef STORE
        case OP_ADDI: v = a + (uint64_t)imm; break;
        case OP_SLTI: v = SX(a) < imm; break;
        case OP_SLTIU: v = a < XL(imm); break;
        case OP_XORI: v = a ^ (uint64_t)imm; break;
        case OP_ORI: v = a | (uint64_t)imm; break;
        case OP_ANDI: v = a & (uint64_t)imm; break;
        case OP_SLLI: v = a << imm; break;
        case OP_SRLI: v = a >> imm; break;
        case OP_SRAI: v = (uint64_t)(SX(a) >> imm); break;
        case OP_ADD: v = a + b; break;
        case OP_SUB: v = a - b; break;
        case OP_SLL: v = a << (b & (xlen - 1)); break;
        case OP_SLT: v = SX(a) < SX(b); break;
        case OP_SLTU: v = a < b; break;
        case OP_XOR: v = a ^ b; break;
        case OP_SRL: v = a >> (b & (xlen - 1)); break;
        case OP_SRA: v = (uint64_t)(SX(a) >> (b & (xlen - 1))); break;
        case OP_OR: v = a | b; break;
        case OP_AND: v = a & b; break;
        case OP_MUL: v = a * b; break;
        case OP_MULH:
            v = xlen == 32 ? (uint64_t)((SX(a) * SX(b)) >> 32)
                           : (uint64_t)(((__int128)(int64_t)a * (int64_t)b) >> 64);
            break;
        case OP_MULHSU:
            v = xlen == 32 ? (uint64_t)((SX(a) * (int64_t)b) >> 32)
                           : (uint64_t)(((__int128)(int64_t)a * (unsigned __int128)b) >> 64);
            break;
        case OP_MULHU:
            v = xlen == 32 ? (a * b) >> 32 : (uint64_t)(((unsigned __int128)a * b) >> 64);
            break;
        /* Division: by zero gives all ones (quotient) or the dividend (remainder); the
         * signed overflow MIN / -1 gives MIN and 0.  Both finish early (TF_DIV_EARLY). */
        case OP_DIV:
            if (b == 0) { v = ~0ull; flags |= TF_DIV_EARLY; }
            else if (SX(b) == -1 && SX(a) == (xlen == 32 ? INT32_MIN : INT64_MIN)) { v = a; flags |= TF_DIV_EARLY; }
            else v = (uint64_t)(SX(a) / SX(b));
            break;
        case OP_DIVU:
            if (b == 0) { v = ~0ull; flags |= TF_DIV_EARLY; }
            else v = a / b;
            break;
        case OP_REM:
            if (b == 0) { v = a; flags |= TF_DIV_EARLY; }
            else if (SX(b) == -1 && SX(a) == (xlen == 32 ? INT32_MIN : INT64_MIN)) { v = 0; flags |= TF_DIV_EARLY; }
            else v = (uint64_t)(SX(a) % SX(b));
            break;
        case OP_REMU:
            if (b == 0) { v = a; flags |= TF_DIV_EARLY; }
            else v = a % b;
            break;
        case OP_ADDIW: v = W32(a + (uint64_t)imm); break;
        case OP_SLLIW: v = W32((uint32_t)a << imm); break;
        case OP_SRLIW: v = W32((uint32_t)a >> imm); break;
        case OP_SRAIW: v = W32((int32_t)a >> imm); break;
        case OP_ADDW: v = W32(a + b); break;
        case OP_SUBW: v = W32(a - b); break;
        case OP_SLLW: v = W32((uint32_t)a << (b & 31)); break;
        case OP_SRLW: v = W32((uint32_t)a >> (b & 31)); break;
        case OP_SRAW: v = W32((int32_t)a >> (b & 31)); break;
        case OP_MULW: v = W32((uint32_t)a * (uint32_t)b); break;
        case OP_DIVW:
            if ((int32_t)b == 0) { v = ~0ull; flags |= TF_DIV_EARLY; }
            else if ((int32_t)b == -1 && (int32_t)a == INT32_MIN) { v = W32(a); flags |= TF_DIV_EARLY; }
            else v = W32((int32_t)a / (int32_t)b);
            break;
        case OP_DIVUW:
            if ((uint32_t)b == 0) { v = ~0ull; flags |= TF_DIV_EARLY; }
            else v = W32((uint32_t)a / (uint32_t)b);
            break;
        case OP_REMW:
            if ((int32_t)b == 0) { v = W32(a); flags |= TF_DIV_EARLY; }
            else if ((int32_t)b == -1 && (int32_t)a == INT32_MIN) { v = 0; flags |= TF_DIV_EARLY; }
            else v = W32((int32_t)a % (int32_t)b);
            break;
        case OP_REMUW:
            if ((uint32_t)b == 0) { v = W32(a); flags |= TF_DIV_EARLY; }
            else v = W32((uint32_t)a % (uint32_t)b);
            break;
        case OP_FENCE:
        case OP_FENCE_I: /* stores invalidate predecoded code: fetch is always coherent */
            break;
        case OP_CSRRW: case OP_CSRRS: case OP_CSRRC:
        case OP_CSRRWI: case OP_CSRRSI: case OP_CSRRCI:
            /* timed before it executes: the core reads the CSR in ID, timing_read_lag() cycles
             * before the instruction enters EXR (sim/timing.h) */
            m->cycle += timing_retire_pc(&m->timing, d->t, flags, pc);
            timed = true;
            m->cycle -= timing_read_lag(&m->timing);
            r = csr_op(m, d, a, &v, &flags);
            m->cycle += timing_read_lag(&m->timing);
            if (r)
                goto illegal;
            break;
        case OP_ECALL:
            trap_enter(m, CAUSE_ECALL_M, 0, false, 0);
            goto trapped;
        case OP_EBREAK:
            trap_enter(m, CAUSE_BREAKPOINT, pc, false, 0);
            goto trapped;
        case OP_MRET:
            m->mstatus_mie = m->mstatus_mpie;
            m->mstatus_mpie = true;
            /* RTL: an MRET right behind a CSR write to mepc reads mepc before the write
             * (timing.h: timing_mret_stale_mepc) */
            m->pc = timing_mret_stale_mepc(&m->timing) ? m->mepc_old : m->mepc;
            m->next_event = 0;
            m->instret += 1;
            m->class_count[TC_SYSTEM]++;
            m->issued++;
            m->cycle += timing_mret(&m->timing);
            if (slow)
                sim_account(m, pc, c0, d, true);
            continue;
        case OP_WFI:
            break;
        case OP_ILLEGAL:
        case OP_UNDECODED:
        case OP_COUNT:
            goto illegal;
        }
        x[d->t.rd] = XL(v);
        x[0] = 0;
        m->pc = npc;
        m->instret += d->retires;
        m->class_count[d->t.cls]++;
        m->issued++;
        if (likely(!timed))
            m->cycle += timing_retire_pc(&m->timing, d->t, flags, pc);
        if (unlikely(d->op == OP_WFI))
            cpu_wfi(m);
        if (slow)
            sim_account(m, pc, c0, d, true);
        continue;

    illegal:
        cause = CAUSE_ILLEGAL;
        tval = d->raw;
        goto exception;
    misaligned_fetch:
        cause = CAUSE_FETCH_MISALIGNED;
        tval = npc;
        goto exception;
    exception_addr:
        tval = addr;
    exception:
        trap_enter(m, cause, tval, false, 0);
    trapped:
        if (slow)
            sim_account(m, pc, c0, d, false);
    }
#undef XL
#undef SX
#undef W32
}

static void run32(struct machine *m) { run(m, 32, false); }
static void run64(struct machine *m) { run(m, 64, false); }
static void run32_slow(struct machine *m) { run(m, 32, true); }
static void run64_slow(struct machine *m) { run(m, 64, true); }

void cpu_run(struct machine *m)
{
    bool slow = m->trace || m->prof_cycles;
    m->next_event = 0;
    if (m->xlen == 32)
        (slow ? run32_slow : run32)(m);
    else
        (slow ? run64_slow : run64)(m);
}
