/* A machine-mode trap handler for the device tests: records the trap, lets the test
 * clear interrupt sources, and skips faulting instructions. */
#include "t.h"

struct trap_rec last_trap;
volatile uintptr_t resume_at;
static int skip_faults;

__attribute__((interrupt("machine"), aligned(4))) static void handler(void)
{
    uint64_t now = mcycle64();
    uintptr_t cause = CSR_READ(mcause);
    last_trap.at = now;
    last_trap.mcause = cause;
    last_trap.mepc = CSR_READ(mepc);
    last_trap.mtval = CSR_READ(mtval);
    last_trap.count++;
    if (cause & MCAUSE_INT)
        on_interrupt(cause & ~MCAUSE_INT);
    else if (resume_at) {
        CSR_WRITE(mepc, resume_at);
        resume_at = 0;
    } else if (skip_faults)
        CSR_WRITE(mepc, last_trap.mepc + 4);
    else
        board_exit(99);
}

void trap_install(int skip)
{
    skip_faults = skip;
    CSR_WRITE(mtvec, (uintptr_t)handler);
}
