/* Control and status registers (spec/core-timing.md "CSRs", RISC-V privileged spec).
 * Machine mode only: mstatus.MPP reads 3.  Any CSR not listed here is an illegal
 * instruction, and so is a write to a read-only one (address bits [11:10] == 3). */
#include "tempo_sim.h"

enum {
    CSR_MSTATUS = 0x300, CSR_MISA = 0x301, CSR_MIE = 0x304, CSR_MTVEC = 0x305,
    CSR_MSCRATCH = 0x340, CSR_MEPC = 0x341, CSR_MCAUSE = 0x342, CSR_MTVAL = 0x343,
    CSR_MIP = 0x344, CSR_MCYCLE = 0xb00, CSR_MINSTRET = 0xb02, CSR_MCYCLEH = 0xb80,
    CSR_MINSTRETH = 0xb82, CSR_CYCLE = 0xc00, CSR_TIME = 0xc01, CSR_INSTRET = 0xc02,
    CSR_CYCLEH = 0xc80, CSR_TIMEH = 0xc81, CSR_INSTRETH = 0xc82, CSR_MVENDORID = 0xf11,
    CSR_MARCHID = 0xf12, CSR_MIMPID = 0xf13, CSR_MHARTID = 0xf14,
};
#define MSTATUS_MIE  (1u << 3)
#define MSTATUS_MPIE (1u << 7)
#define MSTATUS_MPP  (3u << 11) /* hard-wired to 3: machine mode only */
#define MISA_I (1u << 8)
#define MISA_M (1u << 12)
#define MIE_MASK (MIP_MSIP | MIP_MTIP | MIP_MEIP)

uint64_t csr_mstatus(const struct machine *m)
{
    return (m->mstatus_mie ? MSTATUS_MIE : 0) | (m->mstatus_mpie ? MSTATUS_MPIE : 0) | MSTATUS_MPP;
}

uint64_t csr_mip(struct machine *m)
{
    return (m->msip ? MIP_MSIP : 0) | (clint_mtip(m) ? MIP_MTIP : 0) | (simctl_meip(m) ? MIP_MEIP : 0);
}

int csr_read(struct machine *m, unsigned csr, uint64_t *val)
{
    int rv32 = m->xlen == 32;
    switch (csr) {
    case CSR_MSTATUS: *val = csr_mstatus(m); break;
    case CSR_MISA:
        *val = (rv32 ? 1ull << 30 : 2ull << 62) | MISA_I | MISA_M;
        break;
    case CSR_MIE: *val = m->mie; break;
    case CSR_MIP: *val = csr_mip(m); break;
    case CSR_MTVEC: *val = m->mtvec; break;
    case CSR_MSCRATCH: *val = m->mscratch; break;
    case CSR_MEPC: *val = m->mepc; break;
    case CSR_MCAUSE: *val = m->mcause; break;
    case CSR_MTVAL: *val = m->mtval; break;
    case CSR_MCYCLE: case CSR_CYCLE: *val = machine_mcycle(m); break;
    case CSR_MINSTRET: case CSR_INSTRET: *val = m->instret; break;
    case CSR_TIME: *val = clint_mtime(m); break;
    case CSR_MVENDORID: case CSR_MARCHID: case CSR_MIMPID: case CSR_MHARTID: *val = 0; break;
    case CSR_MCYCLEH: case CSR_CYCLEH:
        if (!rv32)
            return -1;
        *val = machine_mcycle(m) >> 32;
        break;
    case CSR_MINSTRETH: case CSR_INSTRETH:
        if (!rv32)
            return -1;
        *val = m->instret >> 32;
        break;
    case CSR_TIMEH:
        if (!rv32)
            return -1;
        *val = clint_mtime(m) >> 32;
        break;
    default: return -1;
    }
    return 0;
}

/* RV32 writes to a low or high half of a 64-bit counter */
static uint64_t half(int xlen, uint64_t old, uint64_t val, int high)
{
    if (xlen == 64)
        return val;
    return high ? (old & 0xffffffffull) | val << 32 : (old & ~0xffffffffull) | (uint32_t)val;
}

int csr_write(struct machine *m, unsigned csr, uint64_t val)
{
    uint64_t dummy;
    if ((csr >> 10) == 3 || csr_read(m, csr, &dummy))
        return -1; /* read-only or absent */
    switch (csr) {
    case CSR_MSTATUS:
        m->mstatus_mie = val & MSTATUS_MIE;
        m->mstatus_mpie = val & MSTATUS_MPIE;
        break;
    case CSR_MISA: break; /* WARL: fixed */
    case CSR_MIE: m->mie = val & MIE_MASK; break;
    case CSR_MIP: break; /* MEIP, MTIP, MSIP reflect device levels: read-only */
    case CSR_MTVEC: m->mtvec = val & ~2ull; break; /* modes 0 (direct) and 1 (vectored) */
    case CSR_MSCRATCH: m->mscratch = val; break;
    case CSR_MEPC: /* IALIGN = 32; the old value for an MRET right behind (timing.h) */
        m->mepc_old = m->mepc;
        m->mepc = val & ~3ull;
        timing_mepc_written(&m->timing);
        break;
    case CSR_MCAUSE: m->mcause = val; break;
    case CSR_MTVAL: m->mtval = val; break;
    case CSR_MCYCLE: case CSR_MCYCLEH:
        /* the value is what the next instruction reads: applied after this one's cost */
        m->mcycle_new = half(m->xlen, machine_mcycle(m), val, csr == CSR_MCYCLEH);
        m->mcycle_write = true;
        break;
    case CSR_MINSTRET: case CSR_MINSTRETH:
        /* this CSR instruction retires after the write: compensate its own increment */
        m->instret = half(m->xlen, m->instret, val, csr == CSR_MINSTRETH) - 1;
        break;
    }
    m->next_event = 0; /* interrupt enables or counters may have changed */
    return 0;
}
