/* Board services shared by firmware: console output and exit. */
#include <stdint.h>
#include "board.h"
#include "bsp.h"

#define REG32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))
#define REG8(addr)  (*(volatile uint8_t *)(uintptr_t)(addr))

void board_putc(char c)
{
#if defined(BOARD_PAPER)
    while (REG32(BOARD_UART_STATUS) & 1u)
        ;
    REG32(BOARD_UART_TX) = (uint8_t)c;
#else
    while (!(REG8(BOARD_UART_LSR) & 0x20u))
        ;
    REG8(BOARD_UART_TX) = (uint8_t)c;
#endif
}

void board_puts(const char *s)
{
    while (*s)
        board_putc(*s++);
}

void board_put_uint(uint64_t v)
{
    char buf[21];
    int i = 0;
    do {
        buf[i++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (i)
        board_putc(buf[--i]);
}

void board_irq_after(uint32_t cycles) { REG32(BOARD_SIMCTL + SIMCTL_IRQ_AFTER) = cycles; }
void board_irq_ack(void) { REG32(BOARD_SIMCTL + SIMCTL_IRQ_ACK) = 1; }

void board_exit(int code)
{
#if defined(BOARD_VIRT)
    /* The test device exists on QEMU and on tempo-sim --soc virt alike. */
    REG32(BOARD_TEST) = code == 0 ? 0x5555u : ((uint32_t)code << 16) | 0x3333u;
#else
    REG32(BOARD_SIMCTL + SIMCTL_EXIT) = (uint32_t)code;
#endif
    for (;;)
        ;
}
