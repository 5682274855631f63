/* A stand-in for the paper's Rhealstone images, written here, so that make test runs
 * paper-firmware.sh end to end: it waits on the PS/2 keyboard for Enter, as the paper's shell
 * does, then prints its figures in the paper's images' format, which the script reads, and
 * waits for keys again (the run ends at the script's cycle limit). */
#include <stdint.h>
#include "board.h"
#include "bsp.h"

#define REG32(a) (*(volatile uint32_t *)(uintptr_t)(a))
#define SET2_ENTER 0x5A

static const struct {
    const char *name;
    unsigned cycles; /* distinct figures: the script must put each in its row */
} tests[] = {
    {"Task switch", 437}, {"Task preempt", 1300}, {"Message latency", 2001},
    {"Semaphore shuffle", 602}, {"Deadlock break", 40003},
};

int main(void)
{
    board_puts("RV64> ");
    for (;;) {
        while (!(REG32(BOARD_PS2_STATUS) & 1))
            ;
        unsigned code = REG32(BOARD_PS2_DATA) & 0xff;
        REG32(BOARD_PS2_STATUS) = 1;
        if (code == SET2_ENTER)
            break;
    }
    board_puts("rheal all\n");
    for (unsigned i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        board_puts(tests[i].name);
        board_puts(" OK\n  cycles/iter  : ");
        board_put_uint(tests[i].cycles);
        board_puts("\n");
    }
    board_puts("Rhealstone-lite all done\n\nRV64> ");
    for (;;)
        (void)REG32(BOARD_PS2_STATUS);
}
