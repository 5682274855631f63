/* CLINT: mtime rate, mtimecmp reset value, MTIP level, the timer interrupt, mtime writes,
 * the time CSR. */
#include "t.h"

#ifdef BOARD_PAPER
#define RATE_TICKS 3    /* 300,000 cycles */
#define AHEAD 2
#else
#define RATE_TICKS 3000 /* 30,000 cycles */
#define AHEAD 200
#endif
#define SLACK 300 /* cycles of polling-loop overhead allowed around an mtime edge */

void on_interrupt(uintptr_t cause)
{
    if (cause == IRQ_M_TIMER)
        wr64(BOARD_MTIMECMP, UINT64_MAX);
}

int main(void)
{
    trap_install(0);
    /* rate: from one mtime edge to RATE_TICKS later */
    uint64_t t0 = rd64(BOARD_MTIME);
    while (rd64(BOARD_MTIME) == t0)
        ;
    uint64_t c0 = mcycle64();
    t0 = rd64(BOARD_MTIME);
    while (rd64(BOARD_MTIME) < t0 + RATE_TICKS)
        ;
    uint64_t d = mcycle64() - c0;
    CHECK(d + SLACK >= (uint64_t)RATE_TICKS * BOARD_CYCLES_PER_TICK);
    CHECK(d <= (uint64_t)RATE_TICKS * BOARD_CYCLES_PER_TICK + SLACK);

    /* mtimecmp resets to all ones: no timer pending */
    CHECK(rd64(BOARD_MTIMECMP) == UINT64_MAX);
    CHECK(!(read_csr(mip) & MIP_MTIP));
    /* the level follows mtime >= mtimecmp */
    uint64_t now = rd64(BOARD_MTIME);
    wr64(BOARD_MTIMECMP, now + AHEAD);
    CHECK(!(read_csr(mip) & MIP_MTIP));
    while (!(read_csr(mip) & MIP_MTIP))
        ;
    CHECK(rd64(BOARD_MTIME) >= now + AHEAD);
    /* pending but not enabled: nothing taken; enabled: taken at once */
    set_csr(mie, MIE_MTIE);
    CHECK(last_trap.count == 0);
    set_csr(mstatus, MSTATUS_MIE);
    CHECK(last_trap.count == 1);
    CHECK(last_trap.mcause == (MCAUSE_INT | IRQ_M_TIMER));
    CHECK(!(read_csr(mip) & MIP_MTIP));
    /* mip is read-only: writing MTIP does nothing */
    set_csr(mip, MIP_MTIP);
    CHECK(!(read_csr(mip) & MIP_MTIP));
    /* mtime is writable; the time CSR reads it (interrupts off: mtime passes mtimecmp while
     * half written, and a handler run between the write and the read would age it) */
    clear_csr(mstatus, MSTATUS_MIE);
    wr64(BOARD_MTIME, 1000);
    uint64_t m = rd64(BOARD_MTIME);
    CHECK(m >= 1000 && m < 1010);
    uintptr_t t = read_csr(time);
    CHECK(t >= 1000 && t < 1050);
#if __riscv_xlen == 64
    /* 64-bit accesses work at XLEN=64 */
    *(volatile uint64_t *)BOARD_MTIMECMP = 0x123456789ull;
    CHECK(*(volatile uint64_t *)BOARD_MTIMECMP == 0x123456789ull);
    CHECK(REG32(BOARD_MTIMECMP + 4) == 0x1);
#endif
    board_puts("clint ok\n");
    return 0;
}
