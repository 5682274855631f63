/* RMP's RV64P platform layer, C part: a new thread's first context, low-level start-up, the
 * console and the tick handler (rmp_platform_rv64p.h says what the layer is). */
#include "rmp.h"

/* mstatus a thread starts with: MPP = machine, MPIE = 1 (the mret that starts it enables
 * interrupts), as RMP's RV32P platform without an FPU. */
#define RMP_RV64P_MSTATUS_INIT 0x1880U

rmp_ptr_t _RMP_Stack_Init(rmp_ptr_t Stack, rmp_ptr_t Size, rmp_ptr_t Entry, rmp_ptr_t Param)
{
    rmp_ptr_t Ptr;
    struct RMP_RV64P_Stack *Ctx;
    rmp_ptr_t *Word;
    rmp_ptr_t Count;

    RMP_STACK_CALC(Ptr, Ctx, Stack, Size);
    Word = (rmp_ptr_t *)Ctx;
    for (Count = 0U; Count < sizeof(*Ctx) / sizeof(rmp_ptr_t); Count++)
        Word[Count] = 0U;
    Ctx->MSTATUS = RMP_RV64P_MSTATUS_INIT;
    Ctx->PC = Entry;
    /* The thread's gp is the kernel's: a thread may change it later for itself */
    Ctx->X3_GP = (rmp_ptr_t)&_RMP_Global;
    Ctx->X10_A0 = Param;
    return Ptr;
}

void _RMP_Lowlvl_Init(void)
{
    RMP_Int_Disable();
    RMP_RV64P_LOWLVL_INIT();
}

/* The scheduler lock is interrupt masking: nothing more to set up. */
void _RMP_Plat_Hook(void)
{
}

void RMP_Putchar(char Char)
{
    RMP_RV64P_PUTCHAR(Char);
}

void _RMP_RV64P_Tim_Handler(void)
{
    RMP_RV64P_TIM_CLR();
    _RMP_Tim_Handler(1U);
}
