/* Runs that end in a fault, one per image fault_NAME.elf (built with -DFAULT_NAME):
 * storm: a trap storm: the stack pointer is broken when an illegal instruction traps, so the
 *   handler's first store (its register save) faults, again and again;
 * load: a load access fault in faulty_load(), whose handler ends the run with status 99: the
 *   simulator's message names the function. */
#include "t.h"

void on_interrupt(uintptr_t cause) { (void)cause; }

__attribute__((noinline)) void faulty_load(void) { (void)REG32(0x30000000u); }

int main(void)
{
    trap_install(0); /* an exception ends the run with status 99 */
#if defined FAULT_storm
    __asm__ volatile("li sp, 0x30000000\n\t.word 0" ::: "memory");
#elif defined FAULT_load
    faulty_load();
#endif
    return 3;
}
