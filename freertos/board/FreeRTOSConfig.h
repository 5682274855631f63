/* FreeRTOS configuration for the paper SoC (tempo-sim --soc paper) and QEMU/tempo-sim `virt`,
 * RV32 (ilp32) and RV64 (lp64).  The board is chosen by -DBOARD_PAPER / -DBOARD_VIRT
 * (bsp/common/board.h); the width by the compiler's -march/-mabi.
 *
 * Kernel options follow the paper's FreeRTOS build (the paper, section III: FreeRTOS V11.1.0,
 * gcc -Os) where they touch the measured paths: preemption and time slicing on, port-optimised
 * task selection (the __clzsi2/__clzdi2 call of Table III), no configASSERT, no stack-overflow
 * check (each would add instructions to every switch).  Options the benchmark suite needs
 * beyond the paper (software timers, counting semaphores, task notifications, mutexes) do not
 * touch the yield/resume/suspend paths. */
#ifndef FREERTOS_CONFIG_H
#define FREERTOS_CONFIG_H

#include "board.h"

/* ---- Hardware --------------------------------------------------------------------------- */
/* docs/timing.md "Clock and counters": 100 MHz core clock. */
#define FR_CORE_CLOCK_HZ 100000000UL

/* The RISC-V port programs mtimecmp with uxTimerIncrementsForOneTick =
 * configCPU_CLOCK_HZ / configTICK_RATE_HZ mtime units per tick (port.c), i.e. it assumes
 * mtime counts at configCPU_CLOCK_HZ.  On these SoCs mtime does not count core cycles: it
 * counts once every BOARD_CYCLES_PER_TICK cycles (paper: 100,000 -> 1 kHz; virt: 10 -> 10 MHz).
 * So configCPU_CLOCK_HZ is set to the mtime frequency, as the paper's own FreeRTOSConfig.h and
 * many vendor ports do; the paper SoC then gets 1000 / 1000 = 1 mtime unit per tick, the virt
 * SoC 10 MHz / 1000 = 10,000.  Nothing else in the kernel or port reads configCPU_CLOCK_HZ. */
#define FR_MTIME_HZ          (FR_CORE_CLOCK_HZ / BOARD_CYCLES_PER_TICK)
#define configCPU_CLOCK_HZ   FR_MTIME_HZ
/* The paper, section II-C: 1 kHz tick, configTICK_RATE_HZ = 1000.  (The RTL cross-check's
 * images set FR_TICK_RATE_HZ=1: no tick during their run; tests/rtl/rtl.mk says why.) */
#ifdef FR_TICK_RATE_HZ
#define configTICK_RATE_HZ   FR_TICK_RATE_HZ
#else
#define configTICK_RATE_HZ   1000UL
#endif

/* CLINT registers of the board (bsp/common/board.h; paper SoC: mtime 0x0200_0000, mtimecmp
 * 0x0200_0008, docs/boards.md; virt: SiFive layout). */
#define configMTIME_BASE_ADDRESS    (BOARD_MTIME)
#define configMTIMECMP_BASE_ADDRESS (BOARD_MTIMECMP)

/* ---- Scheduler ---------------------------------------------------------------------------- */
#define configUSE_PREEMPTION                    1
/* The paper's build slices time among equal priorities; the benchmark contract (bench/port.h)
 * wants FIFO without slicing: its images build with -DFR_TIME_SLICING=0. */
#ifndef FR_TIME_SLICING
#define FR_TIME_SLICING 1
#endif
#define configUSE_TIME_SLICING                  FR_TIME_SLICING
/* Port-optimised selection (a count-leading-zeros of the ready bitmap: __clzsi2 / __clzdi2 from
 * libgcc on a core without Zbb) is the port default and the paper's; -DFR_OPT_SELECTION=0 gives
 * the generic C search over the ready lists instead (a what-if of freertos/paper/compare.py). */
#ifndef FR_OPT_SELECTION
#define FR_OPT_SELECTION 1
#endif
#define configUSE_PORT_OPTIMISED_TASK_SELECTION FR_OPT_SELECTION
#ifndef FR_MAX_PRIORITIES
#define FR_MAX_PRIORITIES 5 /* the paper's configMAX_PRIORITIES (Table III: 5 ready lists) */
#endif
#define configMAX_PRIORITIES          FR_MAX_PRIORITIES
#define configMINIMAL_STACK_SIZE      160 /* words: the idle task's stack */
#define configMAX_TASK_NAME_LEN       8
#define configTICK_TYPE_WIDTH_IN_BITS TICK_TYPE_WIDTH_32_BITS
#define configIDLE_SHOULD_YIELD       1
/* The idle hook sleeps with WFI (fr_board.c), so idle time costs the simulator nothing; the
 * idle task never runs while a benchmark measures. */
#define configUSE_IDLE_HOOK           1
#define configUSE_TICK_HOOK           0
#define configUSE_MALLOC_FAILED_HOOK  1
#define configCHECK_FOR_STACK_OVERFLOW 0
#define configUSE_TRACE_FACILITY      0
#define configUSE_STATS_FORMATTING_FUNCTIONS 0
#define configUSE_CO_ROUTINES         0
#define configENABLE_BACKWARD_COMPATIBILITY 0

/* ---- Memory: 32 KiB of data memory on the paper SoC (docs/boards.md "Paper SoC") ---------------
 * heap_4 takes FR_HEAP_BYTES of .bss (task stacks, dynamically created objects, bp_malloc);
 * the ISR stack is a static array (configISR_STACK_SIZE_WORDS, as in the paper's build: the port
 * switches to it on every trap); what is left above .bss is the boot stack, used by main() only
 * until vTaskStartScheduler() (fr_board_init checks that some is left). */
#ifndef FR_HEAP_BYTES
#define FR_HEAP_BYTES (16 * 1024) /* the paper's configTOTAL_HEAP_SIZE */
#endif
#define configISR_STACK_SIZE_WORDS 192 /* tick and device handlers' C frames only */
#define configTOTAL_HEAP_SIZE            ((size_t)(FR_HEAP_BYTES))
#define configSUPPORT_DYNAMIC_ALLOCATION 1
#define configSUPPORT_STATIC_ALLOCATION  1
#define configKERNEL_PROVIDED_STATIC_MEMORY 1
#define configAPPLICATION_ALLOCATED_HEAP 0

/* ---- Objects ------------------------------------------------------------------------------ */
#define configUSE_MUTEXES             1
#define configUSE_RECURSIVE_MUTEXES   0
#define configUSE_COUNTING_SEMAPHORES 1
#define configUSE_TASK_NOTIFICATIONS  1
#define configUSE_QUEUE_SETS          0
#define configQUEUE_REGISTRY_SIZE     0
#ifndef FR_USE_TIMERS
#define FR_USE_TIMERS 1
#endif
#define configUSE_TIMERS              FR_USE_TIMERS
#define configTIMER_TASK_PRIORITY     (configMAX_PRIORITIES - 1)
#define configTIMER_QUEUE_LENGTH      8
#define configTIMER_TASK_STACK_DEPTH  192

/* ---- API ---------------------------------------------------------------------------------- */
#define INCLUDE_vTaskPrioritySet            1
#define INCLUDE_uxTaskPriorityGet           1
#define INCLUDE_vTaskDelete                 1
#define INCLUDE_vTaskSuspend                1
#define INCLUDE_xTaskDelayUntil             1
#define INCLUDE_vTaskDelay                  1
#define INCLUDE_xTaskGetSchedulerState      1
#define INCLUDE_xTaskGetCurrentTaskHandle   1
#define INCLUDE_xTaskResumeFromISR          1
#define INCLUDE_xTimerPendFunctionCall      0
/* Stacks are filled at task creation (not on any measured path) for the headroom checks of
 * bench/ports/conformance.c. */
#define INCLUDE_uxTaskGetStackHighWaterMark 1

/* Asserts are off in measured images (the paper's build has none: they add instructions to
 * every kernel call); -DFR_ASSERTS=1 turns them on for debugging. */
#if defined(FR_ASSERTS) && FR_ASSERTS
void fr_assert_failed(const char *file, int line);
#define configASSERT(x) do { if (!(x)) fr_assert_failed(__FILE__, __LINE__); } while (0)
#endif

#endif /* FREERTOS_CONFIG_H */
