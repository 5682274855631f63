/* A machine-mode trap handler for the device tests: records the trap, lets the test
 * clear interrupt sources, and skips faulting instructions. */
#include "t.h"

struct trap_rec last_trap;
volatile uintptr_t resume_at;
static int skip_faults;

__attribute__((interrupt("machine"), aligned(4))) static void handler(void)
{
    uint64_t now = mcycle64();
    uintptr_t cause = read_csr(mcause);
    last_trap.at = now;
    last_trap.mcause = cause;
    last_trap.mepc = read_csr(mepc);
    last_trap.mtval = read_csr(mtval);
    last_trap.count++;
    if (cause & MCAUSE_INT)
        on_interrupt(cause & ~MCAUSE_INT);
    else if (resume_at) {
        write_csr(mepc, resume_at);
        resume_at = 0;
    } else if (skip_faults)
        write_csr(mepc, last_trap.mepc + 4);
    else
        board_exit(99);
}

void trap_install(int skip)
{
    skip_faults = skip;
    write_csr(mtvec, (uintptr_t)handler);
}
