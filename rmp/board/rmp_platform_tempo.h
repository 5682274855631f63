/* RMP's chip header for the paper core on tempo-sim (--soc paper) and for QEMU/tempo-sim virt:
 * the kernel configuration and the three hardware hooks RMP's RISC-V platforms ask of a chip
 * (tick timer, low-level start-up, console).  Read by rmp_platform_rv32p_conf.h (RMP's RV32P
 * platform) and rmp_platform_rv64p_conf.h (rmp/rv64p/).
 *
 * The configuration is the one RMP's own CH32V307VC chip header gives its benchmark
 * (Include/Platform/RV32P/Chip/CH32V307VC/rmp_platform_ch32v307vc.h): assertions, parameter
 * checks and debug logging on, 32 priorities, the same slice and semaphore limits, no GUI, no
 * FPU context (the paper core is RV32IM/RV64IM).  docs/rmp.md lists every difference. */
#ifndef RMP_PLATFORM_TEMPO_H
#define RMP_PLATFORM_TEMPO_H
#include "board.h"
#include "bsp.h"
#include "rmp_board.h"

/* Debugging, as RMP's benchmark configurations build it; RMP_TEMPO_MINIMAL: RMP's smallest
 * configuration, for the footprint (rmp/rmp.mk) */
#ifdef RMP_TEMPO_MINIMAL
#define RMP_ASSERT_ENABLE           (0U)
#define RMP_CHECK_ENABLE            (0U)
#define RMP_DBGLOG_ENABLE           (0U)
#else
#define RMP_ASSERT_ENABLE           (1U)
#define RMP_CHECK_ENABLE            (1U)
#define RMP_DBGLOG_ENABLE           (1U)
#endif

/* System */
#define RMP_PREEMPT_PRIO_NUM        (32U)
#define RMP_SLICE_MAX               (100000U)
#define RMP_SEM_CNT_MAX             (1000U)
/* The init (idle) thread's stack, in bytes: the CH32V307VC's 256 at RV32, and twice that at
 * RV64, where the interrupt frame it must hold is twice as large (32 words of 8 bytes). */
#if __riscv_xlen == 64
#define RMP_INIT_STACK_SIZE         (512U)
#else
#define RMP_INIT_STACK_SIZE         (256U)
#endif

/* GUI */
#define RMP_GUI_ENABLE              (0U)
#define RMP_GUI_ANTIALIAS_ENABLE    (0U)
#define RMP_GUI_WIDGET_ENABLE       (0U)

/* No FPU: RV32IM / RV64IM */
#define RMP_RV32P_COP_RVF           (0U)
#define RMP_RV32P_COP_RVD           (0U)

/* The kernel tick: rmp_board.h RMP_BOARD_MTIME_PER_TICK (1 kHz) */
/* The chip hooks: rmp/board/rmp_board.h */
/* Reprogram the CLINT compare for the next tick (the tick handler calls it first). */
#define RMP_RV32P_TIM_CLR()         rmp_board_tick_next()
#define RMP_RV64P_TIM_CLR()         rmp_board_tick_next()
/* Trap vector, first tick, timer interrupt enabled (global interrupts stay off until the
 * init thread unlocks the scheduler). */
#define RMP_RV32P_LOWLVL_INIT()     rmp_board_init()
#define RMP_RV64P_LOWLVL_INIT()     rmp_board_init()
#define RMP_RV32P_PUTCHAR(CHAR)     board_putc(CHAR)
#define RMP_RV64P_PUTCHAR(CHAR)     board_putc(CHAR)
/* A failed RMP_ASSERT prints RMP's own panic text and then ends the run with a non-zero exit
 * status instead of spinning forever (RMP_Log's default), so a test sees it. */
#define RMP_LOG(F, L, D, T)         rmp_board_panic((const char *)(F), (long)(L))
#endif
