/* ThreadX board layer: _tx_initialize_low_level (the port's board-specific routine: system
 * stack, trap vector, tick), the tick, and the dispatch of every trap the entry in
 * tx_vector.S hands over. */
#include <stdint.h>
#include "tx_api.h"
#include "board.h"
#include "bsp.h"
#include "clint.h"
#include "riscv/encoding.h"
#include "tx_board.h"


/* The kernel's low-level state this layer sets (tx_thread.h, tx_initialize.h), and the
 * port's timer entry. */
extern VOID *_tx_thread_system_stack_ptr;
extern VOID *_tx_initialize_unused_memory;
extern VOID _tx_timer_interrupt(VOID);
extern void tx_board_trap_entry(void);

/* mtime counts BOARD_CYCLES_PER_TICK core cycles per step (100 MHz core): steps per kernel
 * tick at TX_BOARD_TICK_HZ. */
#define TX_MTIME_HZ   (100000000u / BOARD_CYCLES_PER_TICK)
#define TX_MTIME_STEP (TX_MTIME_HZ / TX_BOARD_TICK_HZ)
_Static_assert(TX_MTIME_STEP >= 1 && TX_MTIME_HZ % TX_BOARD_TICK_HZ == 0,
               "TX_BOARD_TICK_HZ must divide the mtime rate");

/* Below the system stack pointer at start-up: painted, so that the stack's depth can be told. */
#define TX_SYSTEM_STACK_BYTES 1024
#define TX_STACK_PAINT        0xeeu

static void (*tx_external_handler)(void);
static void (*tx_software_handler)(void);
static uint64_t tx_next_tick;
static uint8_t *tx_system_stack_low;

/* Called by _tx_initialize_kernel_enter before tx_application_define, interrupts off: the
 * stack it runs on becomes the system stack (the scheduler's idle loop and every interrupt
 * use it; nothing above it is live once the kernel has started). */
VOID _tx_initialize_low_level(VOID)
{
    extern char __bss_end[];
    uint8_t *sp;
    __asm__ volatile("mv %0, sp" : "=r"(sp));
    _tx_thread_system_stack_ptr = sp;
    _tx_initialize_unused_memory = __bss_end;
    tx_system_stack_low = sp - TX_SYSTEM_STACK_BYTES;
    /* paint up to 64 bytes below the current frame, which is still in use */
    for (uint8_t *p = tx_system_stack_low; p < sp - 64; p++)
        *p = TX_STACK_PAINT;
    __asm__ volatile("csrw mie, zero");
    __asm__ volatile("csrw mtvec, %0" ::"r"((uintptr_t)tx_board_trap_entry));
    tx_next_tick = clint_mtime() + TX_MTIME_STEP;
    clint_mtimecmp_set(tx_next_tick);
    __asm__ volatile("csrs mie, %0" ::"r"((uintptr_t)MIE_MTIE));
    tx_board_app_init();
}

/* The application's own start-up at the end of _tx_initialize_low_level (interrupts still
 * off): routing its interrupts, for a program whose main() only enters the kernel. */
__attribute__((weak)) void tx_board_app_init(void)
{
}

size_t tx_board_system_stack_unused(void)
{
    size_t n = 0;
    while (n < TX_SYSTEM_STACK_BYTES && tx_system_stack_low[n] == TX_STACK_PAINT)
        n++;
    return n;
}

void tx_board_set_external_handler(void (*handler)(void)) { tx_external_handler = handler; }
void tx_board_set_software_handler(void (*handler)(void)) { tx_software_handler = handler; }
void tx_board_enable_external(void) { __asm__ volatile("csrs mie, %0" ::"r"((uintptr_t)MIP_MEIP)); }
void tx_board_enable_software(void) { __asm__ volatile("csrs mie, %0" ::"r"((uintptr_t)MIP_MSIP)); }

void tx_board_fatal(const char *what, uintptr_t a, uintptr_t b, int code)
{
    __asm__ volatile("csrc mstatus, %0" ::"r"((uintptr_t)MSTATUS_MIE));
    board_fatal("threadx", what, a, b, code);
}

/* Every trap, after _tx_thread_context_save (tx_vector.S); _tx_thread_context_restore follows.
 * The expected cases fall through first: the external interrupt of the benchmarks, then the
 * tick. */
void tx_board_trap(uintptr_t mcause)
{
    if (__builtin_expect(mcause == (MCAUSE_INT | IRQ_M_EXT) && tx_external_handler != NULL, 1)) {
        tx_external_handler();
        return;
    }
    if (mcause == (MCAUSE_INT | IRQ_M_TIMER)) {
        tx_next_tick += TX_MTIME_STEP;
        clint_mtimecmp_set(tx_next_tick);
        _tx_timer_interrupt();
        return;
    }
    if (mcause == (MCAUSE_INT | IRQ_M_SOFT) && tx_software_handler != NULL) {
        tx_software_handler();
        return;
    }
    uintptr_t mepc, mtval;
    __asm__ volatile("csrr %0, mepc" : "=r"(mepc));
    __asm__ volatile("csrr %0, mtval" : "=r"(mtval));
    if (mcause & MCAUSE_INT) {
        if (mcause == (MCAUSE_INT | IRQ_M_EXT))
            board_irq_ack();
        tx_board_fatal("unhandled interrupt mcause/mepc", mcause, mepc, TX_BOARD_EXIT_INTERRUPT);
    }
    board_puts("threadx: exception mtval ");
    board_put_uint(mtval);
    board_puts("\n");
    tx_board_fatal("exception mcause/mepc", mcause, mepc, TX_BOARD_EXIT_EXCEPTION);
}
