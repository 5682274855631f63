/* Kernel test helpers: checks that print file:line and end the run with a failure code. */
#ifndef KTEST_H
#define KTEST_H
#include <stdint.h>
#include "bsp.h"
#include "board.h"
#include "tempo.h"

void kt_fail(const char *file, int line, const char *what, long a, long b)
    __attribute__((noreturn));
void kt_pass(void) __attribute__((noreturn));
void kt_log(const char *s);
void kt_log_num(const char *label, uint64_t v);

#define KT_CHECK(c) \
    do { if (!(c)) kt_fail(__FILE__, __LINE__, #c, 0, 0); } while (0)
#define KT_EQ(a, b) \
    do { long a_ = (long)(a), b_ = (long)(b); \
         if (a_ != b_) kt_fail(__FILE__, __LINE__, #a " == " #b, a_, b_); } while (0)

/* Stacks for test threads. */
#define KT_STACK_WORDS 256
#define KT_STACK(name) static uintptr_t name[KT_STACK_WORDS] __attribute__((aligned(16)))

/* Simulator-control external interrupt (tempo-sim only: QEMU has no such device). */
#define KT_SIMCTL(off) (*(volatile uint32_t *)(uintptr_t)(BOARD_SIMCTL + (off)))
int kt_on_qemu(void);
int kt_on_exc_stack(void); /* a fault handler's stack (kernel/fault.c) */
void kt_irq_after(uint32_t cycles);
void kt_irq_ack(void);

/* Test interrupt: the simulator-control external interrupt on tempo-sim (raised `cycles`
 * after the call), the machine software interrupt (msip, raised at once) on QEMU, which has
 * no simulator-control device.  `body` runs in the handler. */
void kt_irq_setup(void (*body)(void));
void kt_irq_fire(uint32_t cycles);

/* Deterministic pseudo-random numbers (xorshift32), seeded per test. */
uint32_t kt_rand(void);
void kt_srand(uint32_t seed);
#endif
