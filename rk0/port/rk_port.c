/* RK0's RISC-V architecture layer, its C part: start-up (kCoreInit, rk_port_start), the tick
 * from the CLINT, the pended switch and the dispatch of every trap that rk0/port/rk_port.S
 * hands over.  It also stands in for RK0's kerr.c, whose ARM assembly and Cortex-M check do
 * not build here: kErrHandler and kPanic end the run with the fault's code. */
#include <stdint.h>
#include <kapi.h>
#include "board.h"
#include "bsp.h"
#include "clint.h"
#include "riscv/encoding.h"
#include "rk_port.h"

volatile unsigned rk_port_isr_active;
volatile unsigned rk_port_switch_pending;
volatile unsigned long rk_port_systick_ctrl;
/* ktimer.c defines RK_gSysTickInterval (milliseconds per tick, 0 until kCoreInit sets it). */
unsigned long RK_gSysCoreClock = 100000000UL; /* the paper core's 100 MHz */

extern void rk_port_trap_entry(void);
UINT kTickHandler(VOID); /* ksch.c, ARMv7-M's SysTick handler calls it */
extern void rk_port_first(uintptr_t *frame) __attribute__((noreturn));
extern uint8_t rk_port_isr_stack[], rk_port_isr_stack_top[];

/* mtime counts BOARD_CYCLES_PER_TICK core cycles per step (100 MHz core): steps per kernel
 * tick at RK_CONF_SYSTICK_DIV ticks per second. */
#define RK_MTIME_HZ   (100000000UL / BOARD_CYCLES_PER_TICK)
#define RK_MTIME_STEP (RK_MTIME_HZ / RK_CONF_SYSTICK_DIV)
_Static_assert(RK_MTIME_STEP >= 1 && RK_MTIME_HZ % RK_CONF_SYSTICK_DIV == 0,
               "RK_CONF_SYSTICK_DIV must divide the mtime rate");
#define RK_ISR_STACK_PAINT 0xeeu

static void (*rk_external_handler)(void);
static uint64_t rk_next_tick;

/* Called by main before kInit, interrupts off: the trap vector, the tick's period (the
 * timer starts with the first task, rk_port_start), the interrupt stack painted. */
void kCoreInit(void)
{
    RK_gSysTickInterval = 1000UL / RK_CONF_SYSTICK_DIV;
    for (uint8_t *p = rk_port_isr_stack; p < rk_port_isr_stack_top; p++)
        *p = RK_ISR_STACK_PAINT;
    __asm__ volatile("csrci mstatus, 8");
    __asm__ volatile("csrw mie, zero");
    __asm__ volatile("csrw mtvec, %0" ::"r"((uintptr_t)rk_port_trap_entry));
}

/* RK_STUP (kInit's last step): ARMv7-M's SVC start-up.  RK0 keeps SysTick stopped until its
 * post-processing task starts it (rk_port_systick_ctrl); the CLINT timer runs from here and
 * its interrupts count once that bit is set. */
void rk_port_start(void)
{
    RK_DIS_IRQ
    rk_port_switch_pending = 0;
    RK_gRunPtr->status = RK_RUNNING;
    rk_next_tick = clint_mtime() + RK_MTIME_STEP;
    clint_mtimecmp_set(rk_next_tick);
    __asm__ volatile("csrs mie, %0" ::"r"((uintptr_t)MIE_MTIE));
    rk_port_first(RK_PORT_FRAME_OF(RK_gRunPtr->sp));
}

/* RK_PEND_CTXTSWTCH, ARMv7-M's PendSV: in an interrupt the switch waits for the trap's
 * return; in a task with interrupts off, for the end of the critical section (kExitCR);
 * otherwise it happens now, through the trap entry. */
void rk_port_pend(void)
{
    unsigned long mstatus;
    __asm__ volatile("csrr %0, mstatus" : "=r"(mstatus));
    if (rk_port_isr_active || !(mstatus & RK_PORT_MSTATUS_MIE))
        rk_port_switch_pending = 1;
    else
        __asm__ volatile("ecall" ::: "memory");
}

/* Every trap: the external interrupt first (the benchmarks'), then the tick, then the ecall
 * of a pended switch.  Returns the frame to restore: the interrupted task's, or after a
 * switch (ARMv7-M's PendSV handler: kSwtch, then the new task is RUNNING) the next one's. */
uintptr_t *rk_port_trap(uintptr_t mcause, uintptr_t *frame)
{
    rk_port_isr_active = 1;
    if (__builtin_expect(mcause == (MCAUSE_INT | IRQ_M_EXT) && rk_external_handler != NULL, 1)) {
        rk_external_handler();
    } else if (mcause == (MCAUSE_INT | IRQ_M_TIMER)) {
        rk_next_tick += RK_MTIME_STEP;
        clint_mtimecmp_set(rk_next_tick);
        if ((rk_port_systick_ctrl & 1UL) && kTickHandler())
            rk_port_switch_pending = 1;
    } else if (mcause == CAUSE_MACHINE_ECALL) {
        frame[RK_PORT_SLOT_MEPC] += 4;
        rk_port_switch_pending = 1;
    } else {
        uintptr_t mepc, mtval;
        __asm__ volatile("csrr %0, mepc" : "=r"(mepc));
        __asm__ volatile("csrr %0, mtval" : "=r"(mtval));
        if (mcause & MCAUSE_INT) {
            if (mcause == (MCAUSE_INT | IRQ_M_EXT))
                board_irq_ack();
            rk_port_fatal("unhandled interrupt mcause/mepc", mcause, mepc, RK_PORT_EXIT_INTERRUPT);
        }
        board_puts("rk0: exception mtval ");
        board_put_uint(mtval);
        board_puts("\n");
        rk_port_fatal("exception mcause/mepc", mcause, mepc, RK_PORT_EXIT_EXCEPTION);
    }
    rk_port_isr_active = 0;
    if (rk_port_switch_pending) {
        rk_port_switch_pending = 0;
        RK_gRunPtr->sp = RK_PORT_SP_OF(frame);
        kSwtch();
        RK_gRunPtr->status = RK_RUNNING;
        return RK_PORT_FRAME_OF(RK_gRunPtr->sp);
    }
    return frame;
}

/* A task's entry returned (RK0's tasks never return). */
void rk_port_task_return(void)
{
    rk_port_fatal("a task returned", (uintptr_t)RK_gRunPtr, 0, RK_PORT_EXIT_KERNEL);
}

void rk_port_set_external_handler(void (*handler)(void)) { rk_external_handler = handler; }
void rk_port_enable_external(void) { __asm__ volatile("csrs mie, %0" ::"r"((uintptr_t)MIE_MEIE)); }

size_t rk_port_isr_stack_unused(void)
{
    size_t n = 0;
    while (rk_port_isr_stack + n < rk_port_isr_stack_top && rk_port_isr_stack[n] == RK_ISR_STACK_PAINT)
        n++;
    return n;
}

void rk_port_fatal(const char *what, uintptr_t a, uintptr_t b, int code)
{
    __asm__ volatile("csrci mstatus, 8");
    board_fatal("rk0", what, a, b, code);
}

/* kerr.c's entries.  RK0 calls kErrHandler where its error checking finds a fault (a blocking
 * call in an interrupt, a bad parameter; kerr.c prints it and halts), kPanic where it cannot
 * go on; RK_ABORT is its halt. */
volatile RK_FAULT RK_gFaultID;

void kErrHandler(RK_FAULT fault)
{
    RK_gFaultID = fault;
    rk_port_fatal("fault code/task", (uintptr_t)(intptr_t)fault, (uintptr_t)RK_gRunPtr,
                  RK_PORT_EXIT_KERNEL);
}

VOID kPanic(const char *fileName, const int line, const char *fmt, ...)
{
    (void)fmt;
    board_puts("rk0: panic at ");
    board_puts(fileName);
    board_puts("\n");
    rk_port_fatal("panic line/task", (uintptr_t)line, (uintptr_t)RK_gRunPtr, RK_PORT_EXIT_KERNEL);
}

void rk_port_abort(void)
{
    rk_port_fatal("abort task", (uintptr_t)RK_gRunPtr, 0, RK_PORT_EXIT_KERNEL);
}
