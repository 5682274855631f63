/* RK0's architecture interface (the header every RK0 source includes as <kcoredefs.h>) for
 * RISC-V in machine mode, RV32 and RV64: what RK0's ARMv7-M port gives its core, mapped onto
 * the CLINT and the machine-mode CSRs.  Written here; RK0 ships ARMv6-M and ARMv7-M only.
 *   ARMv7-M                       here
 *   PRIMASK critical section      mstatus.MIE (csrrci / csrs)
 *   PendSV (pended switch)        rk_port_pend(): a flag the trap exit or the critical
 *                                 section's exit acts on, ecall when interrupts are on
 *   SysTick                       the CLINT timer (mtimecmp), rk0/port/rk_port.c
 *   SVC #0xAA (start-up)          rk_port_start(), rk0/port/rk_port.S
 *   IPSR (in an ISR?)             rk_port_isr_active, set by the trap entry's C part
 *   clz                           __builtin_ctz of the ready bit
 * The context frame (rk0/port/rk_port.S) is 32 registers wide. */
#ifndef RK_COREDEFS_H
#define RK_COREDEFS_H

#ifdef __cplusplus
extern "C" {
#endif

#include <stdint.h>
#include <kexecutive.h>

extern unsigned long RK_gSyTickDiv;
extern unsigned long RK_gSysCoreClock;
extern unsigned long RK_gSysTickInterval;

void kCoreInit(void);

/* Set while the trap entry's C part runs (every interrupt and the ecall of a switch). */
extern volatile unsigned rk_port_isr_active;
/* A switch is owed: taken when the trap returns or the critical section ends. */
extern volatile unsigned rk_port_switch_pending;
/* ARMv7-M's SysTick control register, which RK0's post-processing task writes to start the
 * tick (ksystasks.c): bit 0 gates the tick here too (rk0/port/rk_port.c). */
extern volatile unsigned long rk_port_systick_ctrl;

void rk_port_pend(void);
/* RK_ABORT (rk0/kernel.mk defines it to call this): ARMv7-M's BKPT; ends the run. */
void rk_port_abort(void) __attribute__((noreturn));
void rk_port_start(void) __attribute__((noreturn));

#define RK_PORT_MSTATUS_MIE 0x8u

/* ARM's barriers order memory and the pipeline around the PendSV and SysTick registers; a
 * single in-order hart needs none of them for its own accesses, so they keep the compiler's
 * order only. */
#define RK_DMB RK_ASM volatile("" ::: "memory");
#define RK_DSB RK_ASM volatile("" ::: "memory");
#define RK_ISB RK_ASM volatile("" ::: "memory");
#define RK_NOP RK_ASM volatile("nop");
#define RK_WFI RK_ASM volatile("wfi" ::: "memory");
#define RK_DIS_IRQ RK_ASM volatile("csrci mstatus, 8" ::: "memory");
#define RK_EN_IRQ RK_ASM volatile("csrsi mstatus, 8" ::: "memory");

RK_FORCE_INLINE
static inline unsigned kEnterCR(void)
{
    unsigned long state;
    RK_ASM volatile("csrrci %0, mstatus, 8" : "=r"(state)::"memory");
    return (unsigned)(state & RK_PORT_MSTATUS_MIE);
}

/* A switch pended inside the section happens here, as PendSV would when PRIMASK clears: the
 * ecall runs with interrupts still off, so nothing slips in between. */
RK_FORCE_INLINE
static inline void kExitCR(unsigned state)
{
    if (state != 0U) {
        if (rk_port_switch_pending != 0U)
            RK_ASM volatile("ecall" ::: "memory");
        RK_ASM volatile("csrsi mstatus, 8" ::: "memory");
    }
}

#define RK_CR_AREA unsigned RK_crState;
#define RK_CR_ENTER RK_crState = kEnterCR();
#define RK_CR_EXIT kExitCR(RK_crState);

#define RK_REG_SYSTICK_CTRL rk_port_systick_ctrl

#define RK_PEND_CTXTSWTCH \
    do {                  \
        rk_port_pend();   \
    } while (0);

#define RK_STUP rk_port_start();

RK_FORCE_INLINE static inline unsigned kIsISR(void)
{
    return (rk_port_isr_active);
}

/* The ready position is the lowest set bit alone (ksch.c): its index is the priority.  The
 * bit map is a ULONG: at RV64 the idle task's priority (32, RK_CONF_MIN_PRIO + 1) has a bit
 * of its own there, which ARMv7-M's 32-bit shift drops, so the whole word is searched. */
RK_FORCE_INLINE
static inline unsigned __getReadyPrio(unsigned long mask)
{
    return ((unsigned)__builtin_ctzl(mask));
}

/* The context frame, in register slots (rk0/port/rk_port.S): slot n holds xn for the
 * registers saved (x1, x5-x31), slot 0 mepc, slot 2 mstatus; sp is the frame's address, gp
 * and tp never change. */
#define RK_PORT_FRAME_SLOTS 32u
#define RK_PORT_SLOT_MEPC 0u
#define RK_PORT_SLOT_MSTATUS 2u
#define RK_PORT_SLOT_RA 1u
#define RK_PORT_SLOT_A0 10u
/* RK0's core places a new task's sp R4_OFFSET words (kcommondefs.h: 16, ARMv7-M's frame)
 * below its stack's top (ksch.c); this port's frame is larger, so a TCB's sp always points
 * RK_PORT_SP_BIAS bytes below the end of its task's frame, and the frame is found from it. */
#define RK_PORT_FRAME_BYTES (RK_PORT_FRAME_SLOTS * sizeof(uintptr_t))
#define RK_PORT_SP_BIAS (R4_OFFSET * sizeof(UINT))
#define RK_PORT_FRAME_OF(sp) ((uintptr_t *)(void *)((uint8_t *)(sp) + RK_PORT_SP_BIAS - RK_PORT_FRAME_BYTES))
#define RK_PORT_SP_OF(frame) ((UINT *)(void *)((uint8_t *)(frame) + RK_PORT_FRAME_BYTES - RK_PORT_SP_BIAS))
/* A new task starts in machine mode with interrupts on (MPP = M, MPIE). */
#define RK_PORT_MSTATUS_START 0x1880u

void rk_port_task_return(void);

RK_FORCE_INLINE
static inline RK_ERR kInitStack_(UINT *const stackBufPtr, UINT const stackSize,
                                 RK_TASKENTRY const taskFunc, VOID *argsPtr)
{
    if (stackBufPtr == NULL || stackSize < RK_MIN_STACKSIZE || taskFunc == NULL)
    {
        return (RK_ERR_ERROR);
    }
    uintptr_t *frame = RK_PORT_FRAME_OF(&stackBufPtr[stackSize - R4_OFFSET]);
    for (unsigned i = 0; i < RK_PORT_FRAME_SLOTS; i++)
    {
        frame[i] = 0;
    }
    frame[RK_PORT_SLOT_MEPC] = (uintptr_t)taskFunc;
    frame[RK_PORT_SLOT_MSTATUS] = RK_PORT_MSTATUS_START;
    frame[RK_PORT_SLOT_RA] = (uintptr_t)rk_port_task_return;
    frame[RK_PORT_SLOT_A0] = (uintptr_t)argsPtr;
    /* stack painting below the frame, and the guard word, as RK0's own ports do */
    for (ULONG j = RK_PORT_FRAME_BYTES / sizeof(UINT) + 1U; j < stackSize; j++)
    {
        stackBufPtr[stackSize - j] = RK_STACK_PATTERN;
    }
    stackBufPtr[0] = RK_STACK_GUARD;
    return (RK_ERR_SUCCESS);
}

#ifdef __cplusplus
}
#endif

#endif /* RK_COREDEFS_H */
