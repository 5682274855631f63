/* Small programs selected with -DPROG=n for the exit-path tests:
 * 1 spin forever (--max-cycles), 2 WFI with nothing enabled, 3 illegal instruction with
 * mtvec unset (virt: the handler address is unmapped), 4 exit code 300 (reported 119),
 * 5/6 tohost = 1 / (5 << 1) | 1 (riscv-tests convention). */
#include "t.h"

volatile uint64_t tohost __attribute__((aligned(8)));

int main(void)
{
#if PROG == 1
    for (;;)
        __asm__ volatile("");
#elif PROG == 2
    write_csr(mie, 0);
    __asm__ volatile("wfi");
    return 3;
#elif PROG == 3
    __asm__ volatile(".word 0");
    return 3;
#elif PROG == 4
    return 300;
#elif PROG == 5
    tohost = 1;
    return 3;
#elif PROG == 6
    tohost = (5 << 1) | 1;
    return 3;
#endif
}
