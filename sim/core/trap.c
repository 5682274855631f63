/* Traps, interrupts, WFI and run control: everything the execute loop (cpu.c) does not do
 * per instruction.  The loop calls cpu_event() when the cycle count reaches the next device
 * event (or after anything that may change interrupts: a device write, a CSR write, MRET,
 * WFI), and trap_exception() when an instruction traps. */
#include "check.h"
#include "machine.h"
#include "symbols.h"
#include "observe.h"

/* The same exception at the same pc this many times in a row, with no MRET in between,
 * is a trap storm: the handler faults before it returns (e.g. it saves registers on a
 * broken stack), so the trap would repeat forever. */
#define TRAP_STORM_REPEATS 1000

static const char *const exception_name[] = {
    [CAUSE_MISALIGNED_FETCH] = "instruction address misaligned",
    [CAUSE_FETCH_ACCESS] = "instruction access fault",
    [CAUSE_ILLEGAL_INSTRUCTION] = "illegal instruction",
    [CAUSE_BREAKPOINT] = "breakpoint",
    [CAUSE_MISALIGNED_LOAD] = "load address misaligned",
    [CAUSE_LOAD_ACCESS] = "load access fault",
    [CAUSE_MISALIGNED_STORE] = "store address misaligned",
    [CAUSE_STORE_ACCESS] = "store access fault",
    [CAUSE_MACHINE_ECALL] = "environment call from M-mode",
};

const char *trap_cause_name(uint64_t mcause, int xlen)
{
    static const char *const irq_name[] = {
        [IRQ_M_SOFT] = "machine software interrupt",
        [IRQ_M_TIMER] = "machine timer interrupt",
        [IRQ_M_EXT] = "machine external interrupt",
    };
    uint64_t code = mcause & ~MCAUSE_INTERRUPT(xlen);
    const char *const *names = mcause & MCAUSE_INTERRUPT(xlen) ? irq_name : exception_name;
    size_t n = mcause & MCAUSE_INTERRUPT(xlen) ? sizeof irq_name / sizeof *irq_name
                                               : sizeof exception_name / sizeof *exception_name;
    return code < n && names[code] ? names[code] : "unknown cause";
}

/* Trap entry (privileged spec "Machine Trap Handling"): mepc <- pc of the instruction
 * that trapped (or the next one, for interrupts), MPIE <- MIE, MIE <- 0.  An interrupt's
 * `asserted` is the cycle its latency counts from (cpu_irq), `rise` the cycle its line rose
 * (the observers' irq event: earlier when it waited while masked). */
static void trap_enter(struct machine *m, uint64_t cause, uint64_t tval, bool irq,
                       uint64_t asserted, uint64_t rise)
{
    struct hart *h = &m->hart;
    struct csr_file *c = &h->csr;
    enum trap_kind kind = irq ? TRAP_INTERRUPT
                          : cause == CAUSE_MACHINE_ECALL ? TRAP_ECALL
                          : cause >= CAUSE_MISALIGNED_LOAD && cause <= CAUSE_STORE_ACCESS ? TRAP_MEM_FAULT
                          : TRAP_EXCEPTION;
    /* an interrupt's handler issues a fixed latency after its assertion (timing.h) */
    const uint64_t cost = irq ? timing_interrupt(&m->timing, h->clk.cycle, asserted)
                              : timing_trap(&m->timing, kind);
    c->mepc = h->pc;
    if (kind == TRAP_ECALL && timing_ecall_mepc_back(&m->timing)) {
        c->mepc = h->xlen == 32 ? (uint32_t)(h->pc - 4) : h->pc - 4;
        hazard_ecall(m);
    }
    c->mcause = irq ? MCAUSE_INTERRUPT(h->xlen) | cause : cause;
    c->mtval = tval;
    c->mstatus_mpie = c->mstatus_mie;
    c->mstatus_mie = false;
    uint64_t base = c->mtvec & ~(uint64_t)MTVEC_MODE_MASK;
    uint64_t pc = irq && (c->mtvec & MTVEC_VECTORED) ? base + 4 * cause : base;
    h->pc = h->xlen == 32 ? (uint32_t)pc : pc; /* an address wraps at XLEN bits */
    stats_trap(&m->stats, h->clk.cycle, c->mcause, c->mepc, c->mtval);
    /* the window counts the trap controller's cycles: from the cycle the trap is taken */
    irqoff_mie(&m->irqoff, c->mstatus_mpie, false, IRQOFF_TRAP, h->pc, h->clk.cycle);
    h->clk.cycle += cost;
    m->stats.traps++;
    m->stats.interrupts += irq;
    if (m->obs)
        observe_trap(m, irq, cause, rise); /* the trace's line among its events */
}

static void stop(struct machine *m, enum stop why)
{
    if (m->run.stop == STOP_NONE)
        m->run.stop = why;
    m->hart.next_event = 0;
}

void trap_exception(struct machine *m, uint64_t cause, uint64_t tval)
{
    struct fault_watch *f = &m->faults;
    uint64_t pc = m->hart.pc;
    if (cause != CAUSE_MACHINE_ECALL && !f->open) {
        f->open = true;
        f->cause = cause;
        f->epc = pc;
        f->tval = tval;
    }
    f->repeats = f->repeats && cause == f->last_cause && pc == f->last_epc ? f->repeats + 1 : 1;
    f->last_cause = cause;
    f->last_epc = pc;
    trap_enter(m, cause, tval, false, 0, 0);
    if (f->repeats >= TRAP_STORM_REPEATS)
        stop(m, STOP_TRAP_STORM);
}

void trap_fetch_fault(struct machine *m)
{
    uint64_t pc = m->hart.pc;
    if (pc == (m->hart.csr.mtvec & ~(uint64_t)MTVEC_MODE_MASK)) {
        /* the handler itself cannot be fetched: the trap would repeat unchanged forever */
        m->faults.unfetchable = true;
        stop(m, STOP_TRAP_STORM);
        return;
    }
    trap_exception(m, CAUSE_FETCH_ACCESS, pc);
}

uint64_t trap_mret(struct machine *m)
{
    struct hart *h = &m->hart;
    h->csr.mstatus_mie = h->csr.mstatus_mpie;
    h->csr.mstatus_mpie = true;
    /* RTL: an MRET right behind a CSR write to mepc reads mepc before the write
     * (timing.h: timing_mret_stale_mepc) */
    bool stale = timing_mret_stale_mepc(&m->timing) && h->csr.mepc_old != h->csr.mepc;
    if (stale)
        hazard_mret(m);
    h->next_event = 0;
    m->faults.open = false;
    m->faults.repeats = 0;
    return stale ? h->csr.mepc_old : h->csr.mepc;
}

void cpu_mret(struct machine *m)
{
    struct hart *h = &m->hart;
    uint64_t mret_pc = h->pc;
    bool was = h->csr.mstatus_mie;
    h->pc = trap_mret(m);
    h->instret += 1;
    m->stats.class_count[TC_SYSTEM]++;
    m->stats.issued++;
    h->clk.cycle += timing_mret(&m->timing);
    trap_mret_end(m, was, mret_pc);
}

void trap_mret_end(struct machine *m, bool was, uint64_t mret_pc)
{
    /* interrupts may be taken once the MRET's cycles are over */
    irqoff_mie(&m->irqoff, was, m->hart.csr.mstatus_mie, IRQOFF_MRET, mret_pc, m->hart.clk.cycle);
    if (m->obs)
        observe_mret(m);
}

/* Interrupts (docs/timing.md "Trap controller"; sim/timing/timing.h timing_interrupt).  A
 * source is taken at the first instruction boundary at or after (assertion cycle -
 * timing_irq_window()), and its handler's first instruction enters ID exactly the interrupt
 * latency after the assertion, wherever the boundary falls.  The assertion cycle is the
 * cycle the line rises (IRQ_AT reached, mtime reaching mtimecmp); a source that was already
 * due at the previous look and not taken then (disabled, or raised by a register write
 * such as MSIP) counts from this boundary. */
static uint64_t cpu_irq(struct machine *m)
{
    static const unsigned priority[3] = {IRQ_M_EXT, IRQ_M_SOFT, IRQ_M_TIMER};
    const struct hart *h = &m->hart;
    uint64_t now = h->clk.cycle, w = timing_irq_window(&m->timing), seen = m->timing.irq_seen;
    uint64_t later = UINT64_MAX; /* a line a device store raises after this boundary */
    m->timing.irq_seen = now + w;
    if (!h->csr.mstatus_mie)
        return later;
    uint64_t at = UINT64_MAX, cause = 0, rise = 0;
    for (int i = 0; i < 3; i++) {
        unsigned irq = priority[i];
        if (!(h->csr.mie & (1ull << irq)))
            continue;
        const struct device *d = m->irq_dev[irq];
        uint64_t a = d->ops->irq_rise(d->state, irq);
        if (a > now + w)
            continue;
        uint64_t line = a; /* the cycle the line rose, for the observers */
        if (a <= seen) /* up since the last look: raised by a register write or enabled */
            a = timing_device_rise(&m->timing, now);
        if (!line) /* the device does not know (MSIP): as the latency counts it */
            line = a;
        if (a > now + w) {
            m->timing.irq_seen = seen; /* look again at the boundary it reaches */
            if (a < later)
                later = a;
            continue;
        }
        if (at == UINT64_MAX)
            cause = irq, rise = line;
        if (a < at)
            at = a;
    }
    if (at != UINT64_MAX)
        trap_enter(m, cause, 0, true, at, rise);
    return later;
}

int cpu_event(struct machine *m)
{
    struct hart *h = &m->hart;
    if (m->run.stop != STOP_NONE)
        return 1;
    if (machine_signal) {
        m->run.stop = STOP_SIGNAL;
        return 1;
    }
    if (h->csr.mcycle_write) {
        h->clk.mcycle_adj = h->csr.mcycle_new - h->clk.cycle;
        h->csr.mcycle_write = false;
    }
    if (h->clk.cycle >= m->run.max_cycles) {
        m->run.stop = m->run.cycle_limit ? STOP_CYCLE_LIMIT : STOP_END_OF_TIME;
        return 1;
    }
    machine_update_devices(m); /* e.g. latch the external interrupt once IRQ_AT is reached */
    uint64_t later = cpu_irq(m);
    if (h->clk.cycle >= m->watch_at && m->check) {
        check_look(m); /* after the interrupt, which is progress */
        if (m->run.stop != STOP_NONE)
            return 1;
    }
    /* wake up one window before the next line rises: its interrupt is taken there */
    uint64_t next = later, w = timing_irq_window_max(&m->timing);
    for (int i = 0; i < m->bus.ndev; i++) {
        const struct device *d = &m->bus.dev[i];
        uint64_t t = d->ops->next_event ? d->ops->next_event(d->state) : UINT64_MAX;
        if (t < next)
            next = t;
    }
    next = next > w ? next - w : 0;
    if (m->check && m->watch_at < next)
        next = m->watch_at;
    h->next_event = next < m->run.max_cycles ? next : m->run.max_cycles;
    if (machine_signal) /* arrived after the look above: stop at the next instruction */
        h->next_event = 0;
    return 0;
}

/* WFI: with nothing pending in mip & mie (whatever mstatus.MIE), skip to the next cycle
 * an enabled line rises by itself; the counters advance as if the core had waited. */
void cpu_wfi(struct machine *m)
{
    struct hart *h = &m->hart;
    h->next_event = 0;
    if (csr_mip(m) & h->csr.mie)
        return;
    static const unsigned lines[3] = {IRQ_M_SOFT, IRQ_M_TIMER, IRQ_M_EXT};
    uint64_t wake = UINT64_MAX;
    for (int i = 0; i < 3; i++) {
        const struct device *d = m->irq_dev[lines[i]];
        uint64_t t;
        if ((h->csr.mie & (1ull << lines[i])) && (t = d->ops->irq_rise(d->state, lines[i])) < wake)
            wake = t;
    }
    if (wake == UINT64_MAX) {
        stop(m, STOP_WFI);
        return;
    }
    if (wake > m->run.max_cycles)
        wake = m->run.max_cycles;
    if (wake > h->clk.cycle) {
        m->stats.wfi_idle += wake - h->clk.cycle;
        irqoff_idle(&m->irqoff, wake - h->clk.cycle);
        timing_idle(&m->timing, wake - h->clk.cycle);
        h->clk.cycle = wake;
    }
}
