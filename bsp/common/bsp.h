/* Board services for firmware (console, exit) and the cycle counter. */
#ifndef TEMPO_BSP_H
#define TEMPO_BSP_H
#include <stdint.h>

void board_putc(char c);
void board_puts(const char *s);
void board_put_uint(uint64_t v);
/* End the run: exit status `code` on tempo-sim; QEMU's test device on virt. */
void board_exit(int code) __attribute__((noreturn));
/* A kernel board layer's fatal error: prints "<who>: <what> <a> <b>" on one line, then ends
 * the run with `code` (board_exit).  Inline, so that an image that does not call it is
 * unchanged. */
static inline __attribute__((noreturn)) void board_fatal(const char *who, const char *what,
                                                         uint64_t a, uint64_t b, int code)
{
    board_puts(who);
    board_puts(": ");
    board_puts(what);
    board_puts(" ");
    board_put_uint(a);
    board_puts(" ");
    board_put_uint(b);
    board_puts("\n");
    board_exit(code);
}

/* A device interrupt on demand, from tempo-sim's simulator-control device (board.h
 * BOARD_SIMCTL): the way to play a device in simulation.  board_irq_after() raises the
 * machine external interrupt `cycles` core cycles after the call (latched until
 * acknowledged); board_irq_ack() clears it and disarms, and belongs in the handler.  The
 * device exists only in tempo-sim, on both SoCs: QEMU's virt machine and the paper's FPGA
 * board have nothing at BOARD_SIMCTL, so there these calls end in a store access fault. */
void board_irq_after(uint32_t cycles);
void board_irq_ack(void);

/* The cycle counter: mcycle, which the paper's RTL implements (it does not decode the user
 * alias cycle, 0xC00, that rdcycle reads: there rdcycle reads 0 without the CSR stall).  On
 * tempo-sim both read the same value at the same cost.  Spelled as `csrr %0, mcycle` in .insn
 * form (csrrs rd, 0xb00, x0; the immediate is 0xb00 - 4096): it assembles under every -march
 * the images use, Zicsr or not (rdcycle did). */
static inline uintptr_t board_cycles(void)
{
    uintptr_t c;
    __asm__ volatile(".insn i 0x73, 2, %0, x0, -1280" : "=r"(c));
    return c;
}
#endif
