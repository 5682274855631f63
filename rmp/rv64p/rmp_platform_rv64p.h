/* RMP's platform interface for RV64 with physical addressing ("RV64P"), written for Tempo
 * against the interface RMP's RV32P platform implements: the same context layout (mstatus,
 * pc, x1, x3-x31, now of 8-byte words), the same yield (a call that saves the context and
 * returns through mret), the same interrupt macros (rmp_platform_rv64p_gcc.inc), the same
 * chip hooks (RMP_RV64P_TIM_CLR, RMP_RV64P_LOWLVL_INIT, RMP_RV64P_PUTCHAR from the chip header
 * through rmp_platform_rv64p_conf.h).  No FPU (the paper core is RV64IM).
 *
 * RMP's headers are read three times (__HDR_DEF__, __HDR_STRUCT__, then declarations), as
 * every RMP platform header is. */

#ifdef __HDR_DEF__
#ifndef RMP_PLATFORM_RV64P_DEF
#define RMP_PLATFORM_RV64P_DEF
typedef signed int rmp_s32_t;
typedef signed short rmp_s16_t;
typedef signed char rmp_s8_t;
typedef unsigned int rmp_u32_t;
typedef unsigned short rmp_u16_t;
typedef unsigned char rmp_u8_t;
/* Machine words: the kernel's pointers, counters and return values are 64-bit. */
typedef unsigned long long rmp_ptr_t;
typedef signed long long rmp_cnt_t;
typedef signed long long rmp_ret_t;

#define RMP_EXTERN                      extern
/* 2^6 bits in a machine word */
#define RMP_WORD_ORDER                  (6U)
/* Full descending stack of 8-byte words, 16-byte aligned (the RISC-V psABI) */
#define RMP_STKSEG_ENABLE               (0U)
#define RMP_STACK_TYPE                  RMP_STACK_FULL_DESCEND
#define RMP_STACK_ALIGN                 (4U)
#define RMP_STACK_ELEM                  rmp_ptr_t
#define RMP_STACK_STRUCT                struct RMP_RV64P_Stack
/* No count-leading-zeros instruction on RV64IM: RMP's table-driven generic versions, as RV32P */
#define RMP_MSB_GET(VAL)                RMP_MSB_Generic(VAL)
#define RMP_LSB_GET(VAL)                RMP_LSB_Generic(VAL)

#include "rmp_platform_rv64p_conf.h"

#define RMP_INT_MASK()                  RMP_Int_Disable()
#define RMP_INT_UNMASK()                RMP_Int_Enable()
#define RMP_YIELD()                     _RMP_RV64P_Yield()
#endif
#endif

#ifdef __HDR_STRUCT__
#ifndef RMP_PLATFORM_RV64P_STRUCT
#define RMP_PLATFORM_RV64P_STRUCT
/* A saved context, lowest address first: the order rmp_platform_rv64p_gcc.inc stores it in
 * (mstatus is pushed last, below the rest). */
struct RMP_RV64P_Stack
{
    rmp_ptr_t MSTATUS;
    rmp_ptr_t PC;
    rmp_ptr_t X1_RA;
    rmp_ptr_t X3_GP;
    rmp_ptr_t X4_TP;
    rmp_ptr_t X5_T0;
    rmp_ptr_t X6_T1;
    rmp_ptr_t X7_T2;
    rmp_ptr_t X8_S0_FP;
    rmp_ptr_t X9_S1;
    rmp_ptr_t X10_A0;
    rmp_ptr_t X11_A1;
    rmp_ptr_t X12_A2;
    rmp_ptr_t X13_A3;
    rmp_ptr_t X14_A4;
    rmp_ptr_t X15_A5;
    rmp_ptr_t X16_A6;
    rmp_ptr_t X17_A7;
    rmp_ptr_t X18_S2;
    rmp_ptr_t X19_S3;
    rmp_ptr_t X20_S4;
    rmp_ptr_t X21_S5;
    rmp_ptr_t X22_S6;
    rmp_ptr_t X23_S7;
    rmp_ptr_t X24_S8;
    rmp_ptr_t X25_S9;
    rmp_ptr_t X26_S10;
    rmp_ptr_t X27_S11;
    rmp_ptr_t X28_T3;
    rmp_ptr_t X29_T4;
    rmp_ptr_t X30_T5;
    rmp_ptr_t X31_T6;
};
#endif
#endif

#if !(defined __HDR_DEF__ || defined __HDR_STRUCT__)
#ifndef RMP_PLATFORM_RV64P_MEMBER
#define RMP_PLATFORM_RV64P_MEMBER
/* Linker-provided: the kernel's gp and the top of the kernel (interrupt) stack. */
extern rmp_ptr_t _RMP_Global;
extern rmp_ptr_t _RMP_Stack;

/* rmp_platform_rv64p_gcc.S */
void RMP_Int_Disable(void);
void RMP_Int_Enable(void);
void _RMP_Start(rmp_ptr_t Entry, rmp_ptr_t Stack);
rmp_ptr_t RMP_RV64P_MCYCLE_Get(void);
void _RMP_RV64P_Yield(void);

/* rmp_platform_rv64p.c */
rmp_ptr_t _RMP_Stack_Init(rmp_ptr_t Stack, rmp_ptr_t Size, rmp_ptr_t Entry, rmp_ptr_t Param);
void _RMP_Lowlvl_Init(void);
void RMP_Putchar(char Char);
void _RMP_Plat_Hook(void);
void _RMP_RV64P_Tim_Handler(void);
#endif
#endif
