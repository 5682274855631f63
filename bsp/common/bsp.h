/* Board services for firmware (console, exit) and the cycle counter. */
#ifndef TEMPO_BSP_H
#define TEMPO_BSP_H
#include <stdint.h>

void board_putc(char c);
void board_puts(const char *s);
void board_put_uint(uint64_t v);
/* End the run: exit status `code` on tempo-sim; QEMU's test device on virt. */
void board_exit(int code) __attribute__((noreturn));

/* The cycle counter as the paper's firmware reads it (rdcycle; docs/timing.md). */
static inline uintptr_t board_cycles(void)
{
    uintptr_t c;
    __asm__ volatile("rdcycle %0" : "=r"(c));
    return c;
}
#endif
