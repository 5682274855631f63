/* CSR rules of the paper's M-only core that QEMU 7.2 does not share (tempo-sim only):
 * - CSRRS/CSRRC with rs1 != x0 are writes even when the register holds 0 (Zicsr chapter:
 *   "will still attempt to write the unmodified value back"), so they are illegal on a
 *   read-only CSR;
 * - mstatus.MPP is hard-wired to 3 (M-mode only; docs/timing.md "CSRs");
 * - mepc[1:0] read as 0 (only IALIGN = 32 is supported);
 * - mcycle/minstret are 64-bit counters: a carry reaches mcycleh/minstreth on RV32;
 * - misa is exactly MXL | I | M and ignores writes; mie implements MSIE/MTIE/MEIE only;
 * - minstret counts instructions retired before the reading one, not the canonical NOP;
 *   a write to minstret(h) is what the next instruction reads;
 * - every CSR the core lacks raises illegal instruction (docs/boards.md "Toolchain"), including the
 *   standard ones QEMU implements (satp, medeleg, pmp*, mhpm*, ...). */
#include "isa_test.h"
#define MISA_EXPECTED (XV(MISA_MXL_RV32 << 30, MISA_MXL_RV64 << 62) | MISA_I | MISA_M)

TEST_FUNC
    li a0, 0
    TEST_ILLEGAL(1, csrrs a1, mhartid, a0)
    TEST_ILLEGAL(2, csrrc a1, mvendorid, a0)
    TEST_ILLEGAL(3, csrrs a1, cycle, a0)
    TEST_ILLEGAL(4, csrrc a1, instret, a0)
    TEST_ILLEGAL(5, csrrs a1, time, a0)
    /* MPP reads 3: at reset, after clearing it, after writing mstatus = 0, after MRET */
    TEST_CASE(6, a0, MSTATUS_MPP, csrr a0, mstatus; li a1, MSTATUS_MPP; and a0, a0, a1)
    TEST_CASE(7, a0, MSTATUS_MPP, li a1, MSTATUS_MPP; csrc mstatus, a1; csrr a0, mstatus; and a0, a0, a1)
    TEST_CASE(8, a0, MSTATUS_MPP, csrw mstatus, zero; csrr a0, mstatus)
    TEST_CASE(9, a0, MSTATUS_MPP | MSTATUS_MPIE, la a1, 1f; csrw mepc, a1; mret; 1: csrr a0, mstatus)
    csrw mstatus, zero
    /* mepc: the low two bits read as zero */
    TEST_CASE(10, a0, 0x1234, li a1, 0x1237; csrw mepc, a1; csrr a0, mepc)
    TEST_CASE(11, a0, -4, li a1, -1; csrw mepc, a1; csrr a0, mepc)
    /* misa: exact value, writes ignored without a trap */
    TEST_CASE(12, a0, MISA_EXPECTED, csrr a0, misa)
    TEST_CASE(13, a0, MISA_EXPECTED, csrw misa, zero; csrr a0, misa)
    TEST_CASE(14, a0, MISA_EXPECTED, li a1, -1; csrw misa, a1; csrr a0, misa)
    /* mie: only MSIE, MTIE, MEIE exist; mip reads 0 when nothing is pending */
    TEST_CASE(15, a0, MIE_MSIE | MIE_MTIE | MIE_MEIE, li a1, -1; csrw mie, a1; csrr a0, mie)
    csrw mie, zero
    call timer_off
    TEST_CASE(16, a0, 0, li a1, -1; csrw mip, a1; csrr a0, mip)
    /* minstret: a read returns the instructions retired before it */
    TEST_CASE(17, a0, 3, csrr a1, minstret; addi a2, a2, 1; addi a2, a2, 1; csrr a0, minstret; sub a0, a0, a1)
    TEST_CASE(18, a0, 6, rdinstret a1; add a2, a2, a2; add a2, a2, a2; lw a3, -8(sp); sw a3, -8(sp); mul a2, a2, a2; rdinstret a0; sub a0, a0, a1)
    /* a CSR write takes effect after the writing instruction has otherwise completed
     * (privileged spec, counters): the value written is what the next instruction reads,
     * the writing instruction's own retirement is not added */
    TEST_CASE(25, a0, 0, csrwi minstret, 0; csrr a0, minstret)
    TEST_CASE(26, a0, 1000, li a1, 1000; csrw minstret, a1; csrr a0, minstret)
    /* docs/timing.md: minstret does not count the canonical NOP 0x00000013, but
     * counts other instructions writing x0 */
    TEST_CASE(27, a0, 1, csrr a1, minstret; nop; nop; nop; csrr a0, minstret; sub a0, a0, a1)
    TEST_CASE(28, a0, 3, csrr a1, minstret; .word 0x00008013; addi zero, zero, 1; csrr a0, minstret; sub a0, a0, a1)
    /* mcycle advances by at least one per instruction */
    TEST_CASE(19, a0, 0, csrr a1, mcycle; addi a2, a2, 1; addi a2, a2, 1; csrr a0, mcycle; sub a0, a0, a1; sltiu a0, a0, 3)
#if XLEN == 32
    li TESTNUM, 20                               /* carry from mcycle into mcycleh */
    csrw mcycleh, zero
    li a1, -8
    csrw mcycle, a1
    .rept 8
    nop
    .endr
    csrr a0, mcycleh
    CHECK(a0, 1)
    csrr a0, mcycle
    sltiu a0, a0, 100
    CHECK(a0, 1)
    li TESTNUM, 21                               /* carry from minstret into minstreth */
    csrw minstreth, zero
    li a1, -4
    csrw minstret, a1
    addi a2, a2, 1
    addi a2, a2, 1
    addi a2, a2, 1
    addi a2, a2, 1
    addi a2, a2, 1
    csrr a0, minstreth
    CHECK(a0, 1)
    TEST_CASE(22, a0, 1, rdcycleh a0)
    TEST_CASE(23, a0, 1, rdinstreth a0)
    csrw mcycleh, zero
    csrw minstreth, zero
    TEST_ILLEGAL(24, csrr a0, CSR_MSTATUSH)       /* not implemented */
    /* a write to minstreth is a write to minstret: no increment by the writer either */
    TEST_CASE(29, a0, -1, li a1, -1; csrw minstret, a1; csrw minstreth, a1; csrr a0, minstret)
#endif
    /* CSRs the core does not have */
    TEST_ILLEGAL(30, csrr a0, CSR_SATP)
    TEST_ILLEGAL(31, csrr a0, CSR_SSTATUS)
    TEST_ILLEGAL(32, csrw CSR_STVEC, a0)
    TEST_ILLEGAL(33, csrr a0, CSR_MEDELEG)
    TEST_ILLEGAL(34, csrwi CSR_MIDELEG, 0)
    TEST_ILLEGAL(35, csrr a0, CSR_MCOUNTEREN)
    TEST_ILLEGAL(36, csrr a0, CSR_MENVCFG)
    TEST_ILLEGAL(37, csrr a0, CSR_MCOUNTINHIBIT)
    TEST_ILLEGAL(38, csrr a0, CSR_MHPMEVENT3)
    TEST_ILLEGAL(39, csrr a0, CSR_PMPCFG0)
    TEST_ILLEGAL(40, csrw CSR_PMPADDR0, a0)
    TEST_ILLEGAL(41, csrr a0, CSR_TSELECT)
    TEST_ILLEGAL(42, csrr a0, CSR_DCSR)
    TEST_ILLEGAL(43, csrr a0, CSR_MHPMCOUNTER3)
    TEST_ILLEGAL(44, csrr a0, CSR_HPMCOUNTER3)
    TEST_ILLEGAL(45, csrr a0, CSR_MCONFIGPTR)
    TEST_ILLEGAL(46, csrr a0, CSR_FCSR)          /* no F */
    TEST_ILLEGAL(47, csrr a0, CSR_MIP + 0x100)   /* 0x444: nothing */
    TEST_ILLEGAL(48, csrr a0, CSR_MTVAL2)        /* H only */
    TEST_DONE
