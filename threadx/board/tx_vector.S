/* The ThreadX trap entry (direct mode, every trap): ThreadX's RISC-V interrupt contract
 * (tx_board.h), then the C dispatch, then the kernel's context restore, which returns to the
 * interrupted thread or switches to the one the interrupt made ready.  Width-neutral:
 * REGBYTES and STORE come from the port's tx_port.h (its assembler part). */
#include "tx_port.h"

    .section .text.tx_board_trap_entry, "ax"
    .balign 4
    .globl tx_board_trap_entry
tx_board_trap_entry:
    addi    sp, sp, -32*REGBYTES
    STORE   ra, 28*REGBYTES(sp)
    call    _tx_thread_context_save
    csrr    a0, mcause
    call    tx_board_trap
    j       _tx_thread_context_restore
