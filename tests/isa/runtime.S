/* Runtime of the ISA tests: start-up, the trap handler that records what the tests check,
 * failure reporting on the UART, exit through the board's exit device, timer helpers.
 * Linked into every test image; the test file provides test_main (see isa_test.h). */
#include "isa_test.h"

#define SAVE(r, i) REG_S r, (i) * REGBYTES(t0)
#define LOAD(r, i) REG_L r, (i) * REGBYTES(t0)
#define IRQ_LOG_LEN 8 /* interrupts recorded in irq_log, in order of arrival */

    .section .text.start, "ax"
    .globl _start
_start:
    la      sp, __stack_top
    la      t0, trap_entry
    csrw    mtvec, t0
    li      TESTNUM, 0
    j       test_main               /* it ends with TEST_DONE: exit 0 */

/* ---- trap handler (direct mode: mtvec must be 4-byte aligned) ---- */
    .text
    .align  2
    .globl  trap_entry
trap_entry:
    csrw    mscratch, t0            /* tests never trap between a write and read of mscratch */
    la      t0, trap_save
    SAVE(t1, 1); SAVE(t2, 2); SAVE(a0, 3); SAVE(a1, 4); SAVE(ra, 5)
    csrr    t1, mscratch
    SAVE(t1, 0)
    la      t2, trap_count
    REG_L   t1, 0(t2)
    addi    t1, t1, 1
    REG_S   t1, 0(t2)
    csrr    t1, mstatus
    la      t2, trap_mstatus
    REG_S   t1, 0(t2)
    csrr    t1, mcause
    bltz    t1, trap_interrupt

    /* synchronous exception: record, then resume where the test said */
    la      t2, trap_cause
    REG_S   t1, 0(t2)
    csrr    t1, mepc
    la      t2, trap_epc
    REG_S   t1, 0(t2)
    csrr    t1, mtval
    la      t2, trap_tval
    REG_S   t1, 0(t2)
    la      t2, trap_armed
    REG_L   t1, 0(t2)
    beqz    t1, trap_unexpected
    REG_S   zero, 0(t2)
    la      t2, trap_resume
    REG_L   t1, 0(t2)
    bnez    t1, 1f
    csrr    t1, mepc
    addi    t1, t1, 4
1:  csrw    mepc, t1
    REG_S   zero, 0(t2)
    j       trap_return

    /* interrupt: log the cause in order of arrival, silence its source */
trap_interrupt:
    csrr    a0, mcycle              /* when the handler started (irq_ext.S checks it) */
    la      t2, irq_mcycle
    REG_S   a0, 0(t2)
    la      t2, irq_count
    REG_L   a0, 0(t2)
    li      a1, IRQ_LOG_LEN
    bgeu    a0, a1, 1f
    slli    a1, a0, (XLEN / 32 + 1)  /* * REGBYTES */
    la      ra, irq_log
    add     ra, ra, a1
    REG_S   t1, 0(ra)
1:  addi    a0, a0, 1
    REG_S   a0, 0(t2)
    csrr    a0, mepc
    la      t2, irq_epc
    REG_S   a0, 0(t2)
    slli    t1, t1, 1               /* drop the interrupt bit */
    srli    t1, t1, 1
    li      t2, IRQ_M_TIMER
    beq     t1, t2, 2f
    li      t2, IRQ_M_SOFT
    beq     t1, t2, 3f
    li      t2, IRQ_M_EXT
    beq     t1, t2, 4f
    j       trap_unexpected
2:  li      t1, BOARD_MTIMECMP      /* all ones: never matches */
    li      t2, -1
    sw      t2, 0(t1)
    sw      t2, 4(t1)
    j       trap_return
3:  li      t1, BOARD_MSIP
    sw      zero, 0(t1)
    j       trap_return
4:  li      t1, BOARD_SIMCTL
    sw      zero, SIMCTL_IRQ_ACK(t1)
    j       trap_return

trap_return:
    la      t0, trap_save
    LOAD(t1, 1); LOAD(t2, 2); LOAD(a0, 3); LOAD(a1, 4); LOAD(ra, 5)
    LOAD(t0, 0)
    mret

trap_unexpected:
    la      a0, msg_unexpected
    call    isa_puts
    csrr    a0, mcause
    call    isa_puthex
    la      a0, msg_mepc
    call    isa_puts
    csrr    a0, mepc
    call    isa_puthex
    la      a0, msg_mtval
    call    isa_puts
    csrr    a0, mtval
    call    isa_puthex
    la      a0, msg_intest
    call    isa_puts
    mv      a0, TESTNUM
    call    isa_putdec
    li      a0, '\n'
    call    isa_putc
    j       isa_exit_testnum

/* ---- failure and exit ---- */
/* isa_fail: a check failed in case TESTNUM; t5 = value got, t6 = value expected. */
    .globl  isa_fail
isa_fail:
    la      a0, msg_test
    call    isa_puts
    mv      a0, TESTNUM
    call    isa_putdec
    la      a0, msg_got
    call    isa_puts
    mv      a0, t5
    call    isa_puthex
    la      a0, msg_expected
    call    isa_puts
    mv      a0, t6
    call    isa_puthex
    li      a0, '\n'
    call    isa_putc
isa_exit_testnum:
    mv      a0, TESTNUM
    bnez    a0, isa_exit
    li      a0, 255

/* isa_exit: end the run with status a0 (0 = pass). */
    .globl  isa_exit
isa_exit:
#if defined(BOARD_VIRT)
    li      t0, 0x5555              /* the test device: pass, or (code << 16) | 0x3333 */
    beqz    a0, 1f
    slli    t0, a0, 16
    li      t1, 0x3333
    or      t0, t0, t1
1:  li      t1, BOARD_TEST
    sw      t0, 0(t1)
#else
    li      t1, BOARD_SIMCTL
    sw      a0, SIMCTL_EXIT(t1)
#endif
2:  j       2b

/* isa_putc(a0): one character on the board UART; clobbers t0, t1. */
isa_putc:
#if defined(BOARD_PAPER)
    li      t0, BOARD_UART_STATUS
1:  lw      t1, 0(t0)
    andi    t1, t1, 1               /* busy */
    bnez    t1, 1b
    li      t0, BOARD_UART_TX
    sw      a0, 0(t0)
#else
    li      t0, BOARD_UART_LSR
1:  lbu     t1, 0(t0)
    andi    t1, t1, 0x20            /* THR empty */
    beqz    t1, 1b
    li      t0, BOARD_UART_TX
    sb      a0, 0(t0)
#endif
    ret

/* isa_puts(a0 = string); clobbers a0, a1, t0, t1. */
isa_puts:
    mv      a1, a0
    mv      t2, ra
1:  lbu     a0, 0(a1)
    beqz    a0, 2f
    call    isa_putc
    addi    a1, a1, 1
    j       1b
2:  mv      ra, t2
    ret

/* isa_puthex(a0): "0x" and XLEN/4 hex digits; clobbers a0, a1, a2, t0-t2. */
isa_puthex:
    mv      t2, ra
    mv      a2, a0
    li      a0, '0'
    call    isa_putc
    li      a0, 'x'
    call    isa_putc
    li      a1, XLEN - 4
1:  srl     a0, a2, a1
    andi    a0, a0, 15
    addi    a0, a0, '0'
    li      t0, '9'
    ble     a0, t0, 2f
    addi    a0, a0, 'a' - '0' - 10
2:  call    isa_putc
    addi    a1, a1, -4
    bgez    a1, 1b
    mv      ra, t2
    ret

/* isa_putdec(a0): unsigned decimal; clobbers a0-a3, t0-t2, and 32 bytes below sp. */
isa_putdec:
    mv      t2, ra
    mv      a2, a0
    mv      a3, sp                  /* digits are pushed below sp, then printed back */
    li      a1, 10
1:  remu    a0, a2, a1
    addi    a0, a0, '0'
    addi    a3, a3, -1
    sb      a0, 0(a3)
    divu    a2, a2, a1
    bnez    a2, 1b
2:  lbu     a0, 0(a3)
    call    isa_putc
    addi    a3, a3, 1
    bne     a3, sp, 2b
    mv      ra, t2
    ret

/* ---- CLINT timer helpers ---- */
/* mtime_read: a0 = mtime (RV32: a0 = low word, a1 = high word, read consistently). */
    .globl  mtime_read
mtime_read:
    li      t0, BOARD_MTIME
#if XLEN == 64
    ld      a0, 0(t0)
#else
1:  lw      a1, 4(t0)
    lw      a0, 0(t0)
    lw      t1, 4(t0)
    bne     a1, t1, 1b
#endif
    ret

/* timer_set_after(a0 = ticks): mtimecmp = mtime + ticks.  Clobbers a0-a3, t0, t1. */
    .globl  timer_set_after
timer_set_after:
    mv      a2, a0
    mv      a3, ra
    call    mtime_read
    mv      ra, a3
    li      t0, BOARD_MTIMECMP
#if XLEN == 64
    add     a0, a0, a2
    sd      a0, 0(t0)
#else
    add     a2, a0, a2              /* 64-bit add of a 32-bit tick count */
    sltu    t1, a2, a0
    add     a1, a1, t1
    li      t1, -1                  /* high word first: no transient match */
    sw      t1, 4(t0)
    sw      a2, 0(t0)
    sw      a1, 4(t0)
#endif
    ret

/* timer_off: mtimecmp = all ones. */
    .globl  timer_off
timer_off:
    li      t0, BOARD_MTIMECMP
    li      t1, -1
    sw      t1, 0(t0)
    sw      t1, 4(t0)
    ret

    .section .rodata
msg_test:       .asciz "isa: test "
msg_got:        .asciz " failed: got "
msg_expected:   .asciz " expected "
msg_unexpected: .asciz "isa: unexpected trap mcause="
msg_mepc:       .asciz " mepc="
msg_mtval:      .asciz " mtval="
msg_intest:     .asciz " in test "

    .data
    .align  3
    .globl  trap_armed, trap_resume, trap_cause, trap_epc, trap_tval, trap_mstatus
    .globl  trap_count, irq_log, irq_count, irq_epc, irq_mcycle
trap_armed:   .dword 0
trap_resume:  .dword 0
trap_cause:   .dword 0
trap_epc:     .dword 0
trap_tval:    .dword 0
trap_mstatus: .dword 0
trap_count:   .dword 0
irq_count:    .dword 0
irq_epc:      .dword 0
irq_mcycle:   .dword 0
irq_log:      .fill IRQ_LOG_LEN, 8, 0
trap_save:    .fill 8, 8, 0
