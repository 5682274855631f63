/* Runtime of the differential test images (tests/diff/gen.py writes the cases).
 *
 * Each generated case calls case_setup (CSRs, the CLINT and the data area to a state of
 * its seed), sets every register, runs its random body, stores x0..x31 at tp and jumps to
 * case_dump with ra = the next case.  case_dump prints one line on the UART:
 *   <case> x1 .. x31 traps mscratch mepc mcause mtval mstatus mie mip mtvec misa hash
 *   then mcause mepc mtval of each logged trap
 * all in hexadecimal, so tempo-sim and QEMU can be compared line by line.
 *
 * Reserved registers (the random bodies never write them): gp = the middle of the data
 * area (loads and stores are gp-relative), tp = the state block below.  The trap handler
 * uses only t0/t1, saved in the state block, so a body sees every register unchanged
 * across a trap. */
#include "riscv/encoding.h"

#if __riscv_xlen == 64
#define REG_L ld
#define REG_S sd
#define RB 8
#define LOG2RB 3
#define LCG_MUL 6364136223846793005
#define FNV_PRIME 0x100000001b3
#else
#define REG_L lw
#define REG_S sw
#define RB 4
#define LOG2RB 2
#define LCG_MUL 1664525
#define FNV_PRIME 0x01000193
#endif

/* QEMU virt (docs/simulator.md "The simulated SoCs") */
#define UART_THR       0x10000000
#define TEST_DEV       0x00100000
#define CLINT_MSIP     0x02000000
#define CLINT_MTIMECMP 0x02004000

#define DATA_SIZE  2048    /* gp = data_area + DATA_SIZE / 2 */
#define LOG_LEN    8       /* traps logged per case */
#define TRAP_LIMIT 32      /* more traps than this in one case: it ends (a runaway loop) */

/* the state block at tp */
#define ST_REGS   0             /* x0..x31 at the end of the case */
#define ST_T0     (32 * RB)     /* the handler's two registers */
#define ST_T1     (33 * RB)
#define ST_NTRAPS (34 * RB)
#define ST_ABORT  (35 * RB)     /* where the case ends when it traps too often */
#define ST_CSR    (36 * RB)     /* mscratch mepc mcause mtval mstatus mie mip mtvec misa */
#define NCSR      9
#define ST_HASH   (ST_CSR + NCSR * RB)
#define ST_LOG    (ST_HASH + RB) /* LOG_LEN x (mcause, mepc, mtval) */
#define ST_SIZE   (ST_LOG + LOG_LEN * 3 * RB)

    .option norelax
    .section .text.start, "ax"
    .globl _start
_start:
    la      tp, state
    la      gp, data_area + DATA_SIZE / 2
    la      t0, trap_vec
    csrw    mtvec, t0
    j       diff_cases

    .globl diff_done
diff_done:
    li      t0, TEST_DEV
    li      t1, 0x5555
    sw      t1, 0(t0)
1:  j       1b

/* The trap handler: every vector entry leads to it (mtvec direct or vectored).  It logs
 * mcause, mepc and mtval; an exception resumes after the trapping instruction, a timer
 * interrupt is silenced with mtimecmp = all ones, a software one with msip = 0. */
    .text
    .balign 256
    .globl trap_vec
trap_vec:
    .rept 16
    j       trap_handler
    .endr
trap_handler:
    REG_S   t0, ST_T0(tp)
    REG_S   t1, ST_T1(tp)
    REG_L   t0, ST_NTRAPS(tp)
    addi    t0, t0, 1
    REG_S   t0, ST_NTRAPS(tp)
    li      t1, LOG_LEN
    bgtu    t0, t1, 2f
    addi    t0, t0, -1              /* entry n at ST_LOG + 3 * RB * n */
    slli    t1, t0, LOG2RB
    slli    t0, t0, LOG2RB + 1
    add     t0, t0, t1
    add     t0, t0, tp
    csrr    t1, mcause
    REG_S   t1, ST_LOG(t0)
    csrr    t1, mepc
    REG_S   t1, ST_LOG + RB(t0)
    csrr    t1, mtval
    REG_S   t1, ST_LOG + 2 * RB(t0)
    /* mtval of a misaligned jump target and of EBREAK: QEMU 7.2 gives a stale pc (the
     * privileged spec: the target) and 0 (the spec: 0 or the pc, tempo-sim gives the
     * pc); difftest.py checks the logged values, and mtval is cleared so that the rest
     * of the case compares alike */
2:  csrr    t0, mcause
    beqz    t0, 4f
    li      t1, CAUSE_BREAKPOINT
    bne     t0, t1, 5f
4:  csrw    mtval, zero
5:  REG_L   t0, ST_NTRAPS(tp)
    li      t1, TRAP_LIMIT
    bgtu    t0, t1, trap_abort
    csrr    t0, mcause
    bltz    t0, trap_irq
    csrr    t0, mepc
    addi    t0, t0, 4
    csrw    mepc, t0
    j       trap_ret
trap_irq:
    slli    t0, t0, 1
    srli    t0, t0, 1
    li      t1, IRQ_M_TIMER
    bne     t0, t1, 3f
    li      t0, CLINT_MTIMECMP
    li      t1, -1
    sw      t1, 4(t0)
    sw      t1, 0(t0)
    j       trap_ret
3:  li      t1, IRQ_M_SOFT
    bne     t0, t1, trap_abort
    li      t0, CLINT_MSIP
    sw      zero, 0(t0)
    j       trap_ret
trap_abort:
    csrw    mie, zero
    REG_L   t0, ST_ABORT(tp)
    csrw    mepc, t0
    nop                     /* MRET 4 instructions after the write of mepc (the paper core */
    nop                     /* returns to the old mepc from nearer: gen.py MEPC_SETTLE) */
trap_ret:
    REG_L   t0, ST_T0(tp)
    REG_L   t1, ST_T1(tp)
    mret

/* case_setup(a0 = seed, a1 = the case's end): no interrupt enabled or pending, mstatus =
 * MPP only, mtvec direct, no trap counted, the data area filled from the seed. */
    .globl case_setup
case_setup:
    csrw    mie, zero
    li      t0, MSTATUS_MPP
    csrw    mstatus, t0
    la      t0, trap_vec
    csrw    mtvec, t0
    REG_S   a1, ST_ABORT(tp)
    REG_S   zero, ST_NTRAPS(tp)
    li      t0, CLINT_MTIMECMP
    li      t1, -1
    sw      t1, 4(t0)
    sw      t1, 0(t0)
    li      t0, CLINT_MSIP
    sw      zero, 0(t0)
    la      t0, data_area
    li      t1, DATA_SIZE
    add     t1, t1, t0
    li      t2, LCG_MUL
1:  mul     a0, a0, t2
    addi    a0, a0, 1
    REG_S   a0, 0(t0)
    addi    t0, t0, RB
    bltu    t0, t1, 1b
    ret

/* print a0 as XLEN/4 hex digits and a space (t0-t3 clobbered) */
print_hex:
    li      t0, __riscv_xlen - 4
    li      t3, UART_THR
    la      t2, hexdigits
1:  srl     t1, a0, t0
    andi    t1, t1, 15
    add     t1, t1, t2
    lbu     t1, 0(t1)
    sb      t1, 0(t3)
    addi    t0, t0, -4
    bgez    t0, 1b
    li      t1, ' '
    sb      t1, 0(t3)
    ret

/* case_dump(a0 = case number, ra = where to go next); x0..x31 are already at tp. */
    .globl case_dump
case_dump:
    mv      s0, ra
    csrr    t0, mscratch
    REG_S   t0, ST_CSR + 0 * RB(tp)
    csrr    t0, mepc
    REG_S   t0, ST_CSR + 1 * RB(tp)
    csrr    t0, mcause
    REG_S   t0, ST_CSR + 2 * RB(tp)
    csrr    t0, mtval
    REG_S   t0, ST_CSR + 3 * RB(tp)
    csrr    t0, mstatus
    REG_S   t0, ST_CSR + 4 * RB(tp)
    csrr    t0, mie
    REG_S   t0, ST_CSR + 5 * RB(tp)
    csrr    t0, mip
    REG_S   t0, ST_CSR + 6 * RB(tp)
    csrr    t0, mtvec
    REG_S   t0, ST_CSR + 7 * RB(tp)
    csrr    t0, misa
    REG_S   t0, ST_CSR + 8 * RB(tp)
    /* FNV-1a over the data area, a word at a time */
    la      t0, data_area
    li      t1, DATA_SIZE
    add     t1, t1, t0
    li      t2, FNV_PRIME
    li      t3, -1
1:  REG_L   t4, 0(t0)
    xor     t3, t3, t4
    mul     t3, t3, t2
    addi    t0, t0, RB
    bltu    t0, t1, 1b
    REG_S   t3, ST_HASH(tp)
    jal     print_hex               /* the case number */
    /* x1..x31, the CSRs, the trap count and the hash: consecutive words from tp + RB */
    addi    s1, tp, RB
    addi    s2, tp, ST_LOG
2:  REG_L   a0, 0(s1)
    jal     print_hex
    addi    s1, s1, RB
    li      t0, ST_T0
    add     t0, t0, tp
    bne     s1, t0, 3f
    addi    s1, tp, ST_NTRAPS       /* skip the handler's words */
    REG_L   a0, 0(s1)
    jal     print_hex
    addi    s1, tp, ST_CSR
3:  bltu    s1, s2, 2b
    /* the logged traps */
    REG_L   s3, ST_NTRAPS(tp)
    li      t0, LOG_LEN
    bleu    s3, t0, 4f
    mv      s3, t0
4:  slli    t0, s3, LOG2RB
    slli    s3, s3, LOG2RB + 1
    add     s3, s3, t0
    add     s3, s3, s2              /* the end of the logged entries */
5:  bgeu    s2, s3, 6f
    REG_L   a0, 0(s2)
    jal     print_hex
    addi    s2, s2, RB
    j       5b
6:  li      t0, UART_THR
    li      t1, '\n'
    sb      t1, 0(t0)
    jr      s0

    .section .rodata
hexdigits:
    .ascii  "0123456789abcdef"

/* The data area and the state block, each on pages of their own: QEMU would take its
 * slow self-modifying-code path for stores beside translated code. */
    .section .bss
    .balign 4096
    .globl data_area
data_area:
    .space  DATA_SIZE
    .balign 4096
    .globl state
state:
    .space  ST_SIZE
    .balign 4096
