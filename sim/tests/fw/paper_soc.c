/* The paper SoC's own devices (docs/boards.md): the VGA text screen and the PS/2 keyboard.
 * Run with --keys 'aB\n' --vga-text: the screen's expected text is checked by the script
 * (paper-soc-test.sh); here, what the firmware can see: the screen reads 0, the keyboard
 * delivers the Set-2 codes of the keys one every PS2_CYCLES_PER_CODE cycles from the first
 * status read, and its 8-entry FIFO holds the codes that arrive while nobody reads them. */
#include "t.h"

#define VGA8(off) (*(volatile uint8_t *)(uintptr_t)(BOARD_VGA + (off)))
#define CODE_CYCLES 100000u /* sim/soc/ps2.h PS2_CYCLES_PER_CODE */

/* 'a', 'B' (shifted), Enter: make, then break (0xF0 and the make code) */
static const uint8_t expected[] = {0x1C, 0xF0, 0x1C, 0x12, 0x32, 0xF0,
                                   0x32, 0xF0, 0x12, 0x5A, 0xF0, 0x5A};
#define N (sizeof expected / sizeof expected[0])

static void put_hex2(unsigned v)
{
    board_putc("0123456789abcdef"[v >> 4 & 15]);
    board_putc("0123456789abcdef"[v & 15]);
}

static unsigned pop(void)
{
    unsigned c = REG32(BOARD_PS2_DATA) & 0xff;
    REG32(BOARD_PS2_STATUS) = 1;
    return c;
}

int main(void)
{
    /* the screen: byte stores; a word store writes its low byte only; beyond 80 x 30 (0x960)
     * a store is ignored; every read is 0 */
    static const char msg[] = "paper SoC screen";
    for (unsigned i = 0; msg[i]; i++)
        VGA8(i) = (uint8_t)msg[i];
    REG32(BOARD_VGA + 80) = 0x44434241u; /* row 1: "A", then spaces */
    VGA8(29 * 80 + 79) = '#';            /* the last cell */
    VGA8(0x960) = '!';                   /* outside the screen */
    CHECK(REG32(BOARD_VGA) == 0 && VGA8(1) == 0);

    /* the keyboard: nothing before the first status read starts the typing */
    uint64_t t0 = mcycle64();
    CHECK((REG32(BOARD_PS2_STATUS) & 1) == 0);
    /* wait until all 12 codes are due: 8 fill the FIFO, the 9th waits for room */
    while (mcycle64() - t0 < (N + 1) * (uint64_t)CODE_CYCLES)
        ;
    uint8_t got[N];
    unsigned n = 0;
    uint64_t first_pop = mcycle64();
    while ((REG32(BOARD_PS2_STATUS) & 1) && n < N)
        got[n++] = (uint8_t)pop();
    CHECK(n == 9); /* 8 in the FIFO, and the one that waited enters at the first pop */
    /* the rest, one interval apart from the pop that let the 9th in */
    while (n < N) {
        while (!(REG32(BOARD_PS2_STATUS) & 1))
            ;
        uint64_t at = mcycle64() - first_pop;
        CHECK(at >= (n - 8) * (uint64_t)CODE_CYCLES && at < (n - 8) * (uint64_t)CODE_CYCLES + 200);
        got[n++] = (uint8_t)pop();
    }
    CHECK(!(REG32(BOARD_PS2_STATUS) & 1));
    board_puts("codes");
    for (unsigned i = 0; i < N; i++) {
        board_putc(' ');
        put_hex2(got[i]);
        CHECK(got[i] == expected[i]);
    }
    board_puts("\nps2 ok\n");
    return 0;
}

void on_interrupt(uintptr_t cause) { (void)cause; }
