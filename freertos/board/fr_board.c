/* FreeRTOS board layer: trap vector, interrupt dispatch and the hooks FreeRTOS calls. */
#include <stdint.h>
#include <string.h>
#include "FreeRTOS.h"
#include "task.h"
#include "board.h"
#include "bsp.h"
#include "fr_board.h"
#include "riscv/encoding.h"

#define REG32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

extern void freertos_risc_v_trap_handler(void);

static void (*fr_external_handler)(void);
static void (*fr_software_handler)(void);

/* Bytes of boot stack main() needs before the scheduler starts (task creation calls). */
#define FR_BOOT_STACK_MIN 512

/* The port's ISR stack (port.c: xISRStack, configISR_STACK_SIZE_WORDS words ending at
 * xISRStackTop) is painted here, so fr_isr_stack_unused() can tell how deep interrupts went. */
#define FR_STACK_PAINT 0xeeu
extern const StackType_t xISRStackTop;
static uint8_t *isr_stack_bottom(void)
{
    return (uint8_t *)(uintptr_t)(xISRStackTop - configISR_STACK_SIZE_WORDS * sizeof(StackType_t));
}

size_t fr_isr_stack_unused(void)
{
    const uint8_t *p = isr_stack_bottom();
    size_t n = 0;
    while (n < configISR_STACK_SIZE_WORDS * sizeof(StackType_t) && p[n] == FR_STACK_PAINT)
        n++;
    return n;
}

void fr_board_init(void)
{
    extern char __bss_end[], __stack_top[];
    if (__stack_top - __bss_end < FR_BOOT_STACK_MIN) {
        board_puts("freertos: no room for the boot stack above .bss; lower FR_HEAP_BYTES\n");
        board_exit(FR_EXIT_NO_MEMORY);
    }
    memset(isr_stack_bottom(), FR_STACK_PAINT, configISR_STACK_SIZE_WORDS * sizeof(StackType_t));
    __asm__ volatile("csrw mie, zero");
    __asm__ volatile("csrw mtvec, %0" ::"r"((uintptr_t)freertos_risc_v_trap_handler));
}

void fr_start(void)
{
    vTaskStartScheduler();
    board_puts("freertos: scheduler did not start (heap too small for the idle task)\n");
    board_exit(FR_EXIT_SCHEDULER);
}

void fr_set_external_handler(void (*handler)(void)) { fr_external_handler = handler; }
void fr_set_software_handler(void (*handler)(void)) { fr_software_handler = handler; }

void fr_irq_after(uint32_t cycles) { REG32(BOARD_SIMCTL + SIMCTL_IRQ_AFTER) = cycles; }
void fr_irq_ack(void) { REG32(BOARD_SIMCTL + SIMCTL_IRQ_ACK) = 1; }
void fr_msip_set(void) { REG32(BOARD_MSIP) = 1; }
void fr_msip_clear(void) { REG32(BOARD_MSIP) = 0; }

/* An interrupt nobody handles: acknowledge its source and end the run with the reason. */
void fr_unhandled_interrupt(uintptr_t mcause, uintptr_t mepc)
{
    if ((mcause & ~(uintptr_t)MCAUSE_INT) == IRQ_M_EXT)
        fr_irq_ack();
    else if ((mcause & ~(uintptr_t)MCAUSE_INT) == IRQ_M_SOFT)
        fr_msip_clear();
    board_fatal("freertos", "unhandled interrupt mcause/mepc", mcause, mepc, FR_EXIT_INTERRUPT);
}

/* Called by the port's trap handler (portASM.S) for every interrupt that is not the machine
 * timer, on the ISR stack, with a0 = mcause and a1 = mepc.  Weak: the benchmark layer
 * (bench/ports/freertos/port.c) dispatches straight to the benchmark's handler instead of through here. */
__attribute__((weak)) void freertos_risc_v_application_interrupt_handler(uintptr_t mcause,
                                                                         uintptr_t mepc)
{
    uintptr_t cause = mcause & ~(uintptr_t)MCAUSE_INT;
    if (cause == IRQ_M_EXT && fr_external_handler)
        fr_external_handler();
    else if (cause == IRQ_M_SOFT && fr_software_handler)
        fr_software_handler();
    else
        fr_unhandled_interrupt(mcause, mepc);
}

/* Every synchronous exception but ECALL (the yield) ends up here. */
void freertos_risc_v_application_exception_handler(uintptr_t mcause, uintptr_t mepc)
{
    uintptr_t mtval;
    __asm__ volatile("csrr %0, mtval" : "=r"(mtval));
    board_puts("freertos: exception mtval ");
    board_put_uint(mtval);
    board_puts("\n");
    board_fatal("freertos", "exception mcause/mepc", mcause, mepc, FR_EXIT_EXCEPTION);
}

void vApplicationIdleHook(void)
{
    __asm__ volatile("wfi");
}

void vApplicationMallocFailedHook(void)
{
    board_fatal("freertos", "heap_4 exhausted: free bytes/total", xPortGetFreeHeapSize(),
                configTOTAL_HEAP_SIZE, FR_EXIT_NO_MEMORY);
}

#if defined(FR_ASSERTS) && FR_ASSERTS
void fr_assert_failed(const char *file, int line)
{
    __asm__ volatile("csrc mstatus, 8");
    board_puts("freertos: assert failed in ");
    board_puts(file);
    board_puts(" line ");
    board_put_uint((uint64_t)line);
    board_puts("\n");
    board_exit(FR_EXIT_ASSERT);
}
#endif
