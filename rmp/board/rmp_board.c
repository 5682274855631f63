/* RMP's board layer: start-up, the CLINT tick, the benchmark interrupt, trap dispatch. */
#include <stdint.h>
#include "board.h"
#include "bsp.h"
#include "clint.h"
#include "rmp_board.h"
#include "riscv/encoding.h"

#define REG32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* RMP's platform tick handler: RMP's RV32P, or the RV64P layer (rmp/rv64p/). */
#if __riscv_xlen == 64
void _RMP_RV64P_Tim_Handler(void);
#define RMP_BOARD_TICK() _RMP_RV64P_Tim_Handler()
#else
void _RMP_RV32P_Tim_Handler(void);
#define RMP_BOARD_TICK() _RMP_RV32P_Tim_Handler()
#endif
/* The vector (rmp_vector.S): RMP's interrupt save/restore macros around rmp_board_trap. */
extern void rmp_vector(void);

/* RMP's kernel stack (rmp_vector.S: _RMP_Stack is its top), painted at start-up so that
 * rmp_board_kernel_stack_unused can tell how deep the handlers went. */
extern uint8_t rmp_kernel_stack[];
#define RMP_BOARD_KSTACK_BYTES (256u * sizeof(uintptr_t))
#define RMP_BOARD_PAINT 0xeeu

static uint64_t next_tick; /* mtime of the next tick interrupt */
static void (*ext_handler)(void);

void rmp_board_init(void)
{
    __asm__ volatile("csrc mstatus, %0" ::"r"((uintptr_t)MSTATUS_MIE));
    __asm__ volatile("csrw mie, zero");
    __asm__ volatile("csrw mtvec, %0" ::"r"((uintptr_t)rmp_vector));
    for (uintptr_t n = 0; n < RMP_BOARD_KSTACK_BYTES; n++)
        rmp_kernel_stack[n] = RMP_BOARD_PAINT;
    next_tick = clint_mtime() + RMP_BOARD_MTIME_PER_TICK;
    clint_mtimecmp_set(next_tick);
    __asm__ volatile("csrs mie, %0" ::"r"((uintptr_t)MIE_MTIE));
}

/* Drift-free: the next tick is one period after the last one, not after now. */
void rmp_board_tick_next(void)
{
    next_tick += RMP_BOARD_MTIME_PER_TICK;
    clint_mtimecmp_set(next_tick);
}

void rmp_board_irq_ack(void)
{
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_ACK) = 1;
}

void rmp_board_irq_after(uint32_t cycles)
{
    REG32(BOARD_SIMCTL + SIMCTL_IRQ_AFTER) = cycles;
}

void rmp_board_irq_route(void (*handler)(void))
{
    ext_handler = handler;
    if (handler) {
        __asm__ volatile("csrs mie, %0" ::"r"((uintptr_t)MIE_MEIE));
    } else {
        __asm__ volatile("csrc mie, %0" ::"r"((uintptr_t)MIE_MEIE));
        rmp_board_irq_ack();
    }
}

uintptr_t rmp_board_kernel_stack_unused(void)
{
    uintptr_t n = 0;
    while (n < RMP_BOARD_KSTACK_BYTES && rmp_kernel_stack[n] == RMP_BOARD_PAINT)
        n++;
    return n;
}

void rmp_board_trap(uintptr_t mcause)
{
    uintptr_t cause = mcause & ~MCAUSE_INTERRUPT(__riscv_xlen);
    uintptr_t mepc;
    if (mcause == (MCAUSE_INTERRUPT(__riscv_xlen) | IRQ_M_TIMER)) {
        RMP_BOARD_TICK();
        return;
    }
    if (mcause == (MCAUSE_INTERRUPT(__riscv_xlen) | IRQ_M_EXT) && ext_handler) {
        ext_handler();
        return;
    }
    __asm__ volatile("csrr %0, mepc" : "=r"(mepc));
    if (mcause & MCAUSE_INTERRUPT(__riscv_xlen)) {
        if (cause == IRQ_M_EXT)
            rmp_board_irq_route(0);
        board_fatal("rmp", "unhandled interrupt mcause/mepc", mcause, mepc, RMP_EXIT_INTERRUPT);
    }
    board_fatal("rmp", "exception mcause/mepc", mcause, mepc, RMP_EXIT_EXCEPTION);
}

void rmp_board_panic(const char *file, long line)
{
    __asm__ volatile("csrc mstatus, %0" ::"r"((uintptr_t)MSTATUS_MIE));
    board_puts("\r\n***\r\nKernel panic - not syncing :\r\n");
    board_puts(file);
    board_puts(" , Line ");
    board_put_uint((uint64_t)line);
    board_puts("\r\n");
    board_exit(RMP_EXIT_PANIC);
}
