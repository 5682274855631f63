/* Thread-Metric's processor-specific header for this board, in place of the Cortex-M one that
 * ships beside the tests (utility/benchmarks/thread_metric/tm_porting_layer.h, which the
 * porter is told to replace): the build pre-includes this file (-include), and the include
 * guard below keeps the shipped one out, so the tests themselves compile unmodified.
 *
 * TM_CAUSE_INTERRUPT: the interrupt tests need "an instruction that generates an interrupt".
 * On tempo-sim that is a store to the simulator-control device arming the machine external
 * interrupt at once (the interrupt our own Thread-Metric uses, bench/suites/tmetric.c); on
 * QEMU, which has no such device, a store to the CLINT msip (the machine software interrupt).
 * Either way the trap goes through ThreadX's full context save, as the tests require.  The
 * store is an asm statement with a memory clobber, as the original SVC instruction is to the
 * compiler a statement that may run code: the interrupt's handler reads and writes the tests'
 * counters, which must not stay in registers across it. */
#if !defined(TM_PORTING_LAYER_H) && !defined(__ASSEMBLER__)
#define TM_PORTING_LAYER_H
#include <stdint.h>
#include "board.h"

int printf(const char *format, ...);

#ifdef TX_ON_QEMU
#define TM_INTERRUPT_REG BOARD_MSIP
#define TM_INTERRUPT_VAL 1u
#else
#define TM_INTERRUPT_REG (BOARD_SIMCTL + SIMCTL_IRQ_AFTER)
#define TM_INTERRUPT_VAL 0u
#endif
#define TM_CAUSE_INTERRUPT \
    __asm__ volatile("sw %0, 0(%1)" ::"r"(TM_INTERRUPT_VAL), "r"((uintptr_t)TM_INTERRUPT_REG) : "memory");
#endif
