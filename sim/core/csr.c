/* Control and status registers (docs/timing.md "CSRs", RISC-V privileged spec).
 * Machine mode only: mstatus.MPP reads 3.  Any CSR not listed here is an illegal
 * instruction, and so is a write to a read-only one (address bits [11:10] == 3). */
#include "machine.h"

#define MIE_MASK (MIE_MSIE | MIE_MTIE | MIE_MEIE)

uint64_t csr_mstatus(const struct machine *m)
{
    const struct csr_file *c = &m->hart.csr;
    /* MPP hard-wired to 3: machine mode only */
    return (c->mstatus_mie ? MSTATUS_MIE : 0) | (c->mstatus_mpie ? MSTATUS_MPIE : 0) | MSTATUS_MPP;
}

/* MSIP, MTIP, MEIP follow the devices' lines */
uint64_t csr_mip(struct machine *m) { return machine_update_devices(m); }

static uint64_t misa(int xlen)
{
    uint64_t mxl = xlen == 32 ? (uint64_t)MISA_MXL_RV32 << 30 : (uint64_t)MISA_MXL_RV64 << 62;
    return mxl | MISA_I | MISA_M;
}

int csr_read(struct machine *m, unsigned csr, uint64_t *val)
{
    const struct csr_file *c = &m->hart.csr;
    int rv32 = m->hart.xlen == 32;
    switch (csr) {
    case CSR_MSTATUS: *val = csr_mstatus(m); break;
    case CSR_MISA: *val = misa(m->hart.xlen); break;
    case CSR_MIE: *val = c->mie; break;
    case CSR_MIP: *val = csr_mip(m); break;
    case CSR_MTVEC: *val = c->mtvec; break;
    case CSR_MSCRATCH: *val = c->mscratch; break;
    case CSR_MEPC: *val = c->mepc; break;
    case CSR_MCAUSE: *val = c->mcause; break;
    case CSR_MTVAL: *val = c->mtval; break;
    case CSR_MCYCLE: case CSR_CYCLE: *val = machine_mcycle(m); break;
    case CSR_MINSTRET: case CSR_INSTRET: *val = m->hart.instret; break;
    case CSR_TIME: *val = clint_mtime(&m->clint); break;
    case CSR_MVENDORID: case CSR_MARCHID: case CSR_MIMPID: case CSR_MHARTID: *val = 0; break;
    case CSR_MCYCLEH: case CSR_CYCLEH:
        if (!rv32)
            return -1;
        *val = machine_mcycle(m) >> 32;
        break;
    case CSR_MINSTRETH: case CSR_INSTRETH:
        if (!rv32)
            return -1;
        *val = m->hart.instret >> 32;
        break;
    case CSR_TIMEH:
        if (!rv32)
            return -1;
        *val = clint_mtime(&m->clint) >> 32;
        break;
    default: return -1;
    }
    return 0;
}

/* An RV32 write to the low or high 32-bit word of a 64-bit counter */
static uint64_t counter_word(int xlen, uint64_t old, uint64_t val, int high)
{
    if (xlen == 64)
        return val;
    return high ? (old & 0xffffffffull) | val << 32 : (old & ~0xffffffffull) | (uint32_t)val;
}

int csr_write(struct machine *m, unsigned csr, uint64_t val)
{
    struct csr_file *c = &m->hart.csr;
    int xlen = m->hart.xlen;
    uint64_t dummy;
    if (CSR_READ_ONLY(csr) || csr_read(m, csr, &dummy))
        return -1; /* read-only or absent */
    switch (csr) {
    case CSR_MSTATUS: {
        bool was = c->mstatus_mie;
        c->mstatus_mie = val & MSTATUS_MIE;
        c->mstatus_mpie = val & MSTATUS_MPIE;
        irqoff_mie(&m->irqoff, was, c->mstatus_mie, IRQOFF_CSR, m->hart.pc, m->hart.clk.cycle);
        break;
    }
    case CSR_MISA: break; /* WARL: fixed */
    case CSR_MIE: c->mie = val & MIE_MASK; break;
    case CSR_MIP: break; /* MEIP, MTIP, MSIP reflect device levels: read-only */
    case CSR_MTVEC: c->mtvec = val & ~2ull; break; /* modes 0 (direct) and 1 (vectored) */
    case CSR_MSCRATCH: c->mscratch = val; break;
    case CSR_MEPC: /* IALIGN = 32; the old value for an MRET right behind (timing.h) */
        c->mepc_old = c->mepc;
        c->mepc = val & ~3ull;
        c->mepc_write_pc = m->hart.pc;
        timing_mepc_written(&m->timing);
        break;
    case CSR_MCAUSE: c->mcause = val; break;
    case CSR_MTVAL: c->mtval = val; break;
    case CSR_MCYCLE: case CSR_MCYCLEH:
        /* the value is what the next instruction reads: applied after this one's cost */
        c->mcycle_new = counter_word(xlen, machine_mcycle(m), val, csr == CSR_MCYCLEH);
        c->mcycle_write = true;
        break;
    case CSR_MINSTRET: case CSR_MINSTRETH:
        /* this CSR instruction retires after the write: compensate its own increment */
        m->hart.instret = counter_word(xlen, m->hart.instret, val, csr == CSR_MINSTRETH) - 1;
        break;
    }
    m->hart.next_event = 0; /* interrupt enables or counters may have changed */
    return 0;
}
