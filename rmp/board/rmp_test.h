/* The test header RMP's benchmark (Source/Test/rmp_benchmark.c, built unmodified) includes as
 * "rmp_test.h": what its chip test headers (Include/Test/Chip/rmp_test_<chip>.h) give it, for
 * the paper core on tempo-sim.
 *   counter     mcycle, at the core clock and full width (the CH32V307VC reads TIM1->CNT, a
 *               16-bit timer at the core clock)
 *   interrupt   the simulator-control device's external interrupt, re-armed by its handler
 *               every RMP_TEST_IRQ_PERIOD cycles (the CH32V307VC: TIM4, every 57,600 cycles)
 *   memory pool 16 KiB at both widths (the CH32V307VC: 4096 words, 16 KiB at RV32), so Mem
 *               allocates the same bytes at RV32 and RV64 and fits the paper's 32 KiB data memory
 *   stacks      4 KiB per benchmark thread at both widths (the CH32V307VC: 1024 words)
 *   exit        TEST_EXIT: the run ends after the table (exit status 0), as on RMP's x86 Linux
 *               port, instead of spinning on the counter. */
#ifndef RMP_TEST_TEMPO_H
#define RMP_TEST_TEMPO_H
#include "rmp.h"
#include "bsp.h"
#include "rmp_board.h"

#define RMP_CNT_READ()       ((rmp_tim_t)board_cycles())
#define TEST_MEM_POOL        (16384U / sizeof(rmp_ptr_t))
#define TEST_EXIT
typedef rmp_ptr_t rmp_tim_t;

/* Cycles from one benchmark interrupt to the next: longer than an interrupt, the switch to
 * the woken thread and its return to blocking (a few hundred cycles) plus a tick interrupt
 * that may fall in between, so that no interrupt is raised while the last is still being
 * processed (rmp_benchmark.c's requirement). */
#define RMP_TEST_IRQ_PERIOD  4000U
#define RMP_TEST_STACK_BYTES 4096U

#ifndef MINIMAL_SIZE
rmp_ptr_t Stack_1[RMP_TEST_STACK_BYTES / sizeof(rmp_ptr_t)];
rmp_ptr_t Stack_2[RMP_TEST_STACK_BYTES / sizeof(rmp_ptr_t)];

void Timer_Init(void);
void Int_Init(void);
void Int_Handler(void);
void Int_Disable(void);
void Test_Exit(void);

/* mcycle always counts: nothing to start. */
void Timer_Init(void)
{
}

static void Test_Int_Handler(void)
{
    rmp_board_irq_ack();
    rmp_board_irq_after(RMP_TEST_IRQ_PERIOD);
    Int_Handler();
}

void Int_Init(void)
{
    rmp_board_irq_route(Test_Int_Handler);
    rmp_board_irq_after(RMP_TEST_IRQ_PERIOD);
}

void Int_Disable(void)
{
    rmp_board_irq_route(0);
}

void Test_Exit(void)
{
    RMP_DBG_S("rmp-benchmark: DONE\r\n");
    board_exit(0);
}
#endif
#endif
