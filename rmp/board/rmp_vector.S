/* RMP's trap vector on tempo-sim and QEMU virt (mtvec direct mode): every interrupt and
 * exception saves the interrupted thread's context with the platform's own interrupt macros
 * (RMP's rmp_platform_rv32p_gcc.inc at RV32, rmp/rv64p/rmp_platform_rv64p_gcc.inc at RV64),
 * which also switch to RMP's kernel stack; rmp_board_trap dispatches on mcause; the macros then
 * switch threads if the handler made one ready (RMP_Sched_Pend) and return with mret. */
#if __riscv_xlen == 64
#include "rmp_platform_rv64p_gcc.inc"
#define RMP_INT_SAVE RMP_RV64P_INT_SAVE_NONE
#define RMP_INT_LOAD RMP_RV64P_INT_LOAD_NONE
#else
#include "rmp_platform_rv32p_gcc.inc"
#define RMP_INT_SAVE RMP_RV32P_INT_SAVE_NONE
#define RMP_INT_LOAD RMP_RV32P_INT_LOAD_NONE
#endif

    .section .text.rmp_vector, "ax"
    .globl  rmp_vector
    .align  4
rmp_vector:
    RMP_INT_SAVE
    csrr    a0, mcause
    call    rmp_board_trap
    RMP_INT_LOAD

/* RMP's kernel stack: 256 words; _RMP_Stack, its top, is where the save macros above and RMP's
 * yield put sp before calling the kernel.  rmp_board.c paints it (rmp_board_kernel_stack_unused). */
    .section .bss.rmp_kernel_stack, "aw", @nobits
    .globl  rmp_kernel_stack
    .globl  _RMP_Stack
    .align  4
rmp_kernel_stack:
    .space  256 * (__riscv_xlen / 8)
_RMP_Stack:
