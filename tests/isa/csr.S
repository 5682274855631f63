/* Zicsr and the machine CSRs of docs/timing.md: the six CSR instructions, their
 * rd = x0 / rs1 = x0 / uimm = 0 rules, read-only CSRs, read-write CSRs, mstatus, misa,
 * mie, mip, the counters (RV32 high halves) and the read-only user aliases.
 * Privileged spec references: "CSR Instructions" (unprivileged Zicsr chapter), "Machine-
 * Level CSRs".  Exact-value checks that hold only for the paper core (misa exactly I+M,
 * exact instret deltas, unimplemented standard CSRs) are in csr_strict.S. */
#include "isa_test.h"
#define PAT1 XV(0xa5a5a5a5, 0xa5a5a5a55a5a5a5a)
#define PAT2 XV(0x0ff00ff0, 0x0ff00ff00ff00ff0)
#define MIE_ALL (MIE_MSIE | MIE_MTIE | MIE_MEIE)

TEST_FUNC
    /* the six instructions on mscratch: rd gets the old value, the CSR the new */
    TEST_CASE(1, a0, PAT1, li a1, PAT1; csrw mscratch, a1; csrr a0, mscratch)
    TEST_CASE(2, a0, PAT1, li a1, PAT2; csrrw a0, mscratch, a1)
    TEST_CASE(3, a0, PAT2, csrr a0, mscratch)
    TEST_CASE(4, a0, PAT2, li a1, 0xf; csrrs a0, mscratch, a1)
    TEST_CASE(5, a0, PAT2 | 0xf, csrr a0, mscratch)
    TEST_CASE(6, a0, PAT2 | 0xf, li a1, 0xff0; csrrc a0, mscratch, a1)
    TEST_CASE(7, a0, PAT2 & ~0xff0 | 0xf, csrr a0, mscratch)
    TEST_CASE(8, a0, PAT2 & ~0xff0 | 0xf, csrrwi a0, mscratch, 0x15)
    TEST_CASE(9, a0, 0x15, csrr a0, mscratch)
    TEST_CASE(10, a0, 0x15, csrrsi a0, mscratch, 0x0a)
    TEST_CASE(11, a0, 0x1f, csrr a0, mscratch)
    TEST_CASE(12, a0, 0x1f, csrrci a0, mscratch, 0x11)
    TEST_CASE(13, a0, 0x0e, csrr a0, mscratch)
    TEST_CASE(14, a0, 31, csrwi mscratch, 31; csrr a0, mscratch)   /* uimm is zero-extended */
    /* rs1 = x0 / uimm = 0 do not write; rd = x0 does not write rd */
    TEST_CASE(15, a0, 0x0e, csrwi mscratch, 0x0e; csrrs a0, mscratch, zero; csrr a0, mscratch)
    TEST_CASE(16, a0, 0x0e, csrrc a0, mscratch, zero; csrr a0, mscratch)
    TEST_CASE(17, a0, 0x0e, csrrsi a0, mscratch, 0; csrrci a0, mscratch, 0; csrr a0, mscratch)
    TEST_CASE(18, a0, 0, li a0, 5; csrrw a0, mscratch, zero; csrr a0, mscratch)  /* rs1 = x0 in csrrw writes 0 */
    TEST_CASE(19, zero, 0, li a1, 3; csrrw zero, mscratch, a1)
    TEST_CASE(20, a0, 3, csrr a0, mscratch)
    TEST_CASE(21, a0, 3, csrrw a0, mscratch, a0; csrr a0, mscratch)              /* rd = rs1 */
    /* read-only CSRs: reading with rs1 = x0 / uimm = 0 is legal, any write is illegal */
    TEST_CASE(22, a0, 0, li a0, 7; csrr a0, mhartid)
    TEST_CASE(23, a0, 0, csrrs a0, mhartid, zero; csrrc a0, mhartid, zero; csrrsi a0, mhartid, 0; csrrci a0, mhartid, 0)
    li a0, 1                                     /* (a zero value in rs1 != x0: csr_strict.S) */
    TEST_ILLEGAL(24, csrrs a1, mhartid, a0)
    TEST_ILLEGAL(25, csrrc a1, mhartid, a0)
    TEST_ILLEGAL(26, csrrw zero, mhartid, zero)  /* csrrw always writes */
    TEST_ILLEGAL(27, csrrwi a1, mhartid, 0)
    TEST_ILLEGAL(28, csrrsi a1, mvendorid, 1)
    TEST_ILLEGAL(29, csrrci a1, marchid, 1)
    TEST_ILLEGAL(30, csrw mimpid, a0)
    TEST_CASE(31, a1, 99, li a1, 99; TEST_ILLEGAL(32, csrrs a1, mvendorid, a1))   /* rd untouched */
    li TESTNUM, 33                                   /* the id CSRs are readable */
    csrr a0, mvendorid
    csrr a0, marchid
    csrr a0, mimpid
    /* misa: MXL = 1 (RV32) or 2 (RV64) in the top two bits, I and M present */
    TEST_CASE(34, a0, XV(1, 2), csrr a0, misa; srli a0, a0, XLEN - 2)
    TEST_CASE(35, a0, MISA_I | MISA_M, csrr a0, misa; li a1, MISA_I | MISA_M; and a0, a0, a1)
    TEST_CASE(36, a0, 0, csrr a0, misa; andi a0, a0, MISA_E)                 /* not RV32E */
    /* mstatus: MIE and MPIE read back (MPP hard-wired to 3: csr_strict.S; QEMU 7.2 lets it be 0) */
    TEST_CASE(39, a0, MSTATUS_MPIE, csrsi mstatus, 0; li a1, MSTATUS_MPIE; csrs mstatus, a1; csrr a0, mstatus; andi a0, a0, MSTATUS_MIE | MSTATUS_MPIE)
    TEST_CASE(40, a0, MSTATUS_MPIE | MSTATUS_MIE, csrsi mstatus, MSTATUS_MIE; csrr a0, mstatus; andi a0, a0, MSTATUS_MIE | MSTATUS_MPIE)
    TEST_CASE(41, a0, 0, li a1, MSTATUS_MIE | MSTATUS_MPIE; csrc mstatus, a1; csrr a0, mstatus; andi a0, a0, MSTATUS_MIE | MSTATUS_MPIE)
    /* mie: MSIE, MTIE, MEIE read-write */
    TEST_CASE(42, a0, MIE_ALL, li a1, MIE_ALL; csrw mie, a1; csrr a0, mie; li a1, MIE_ALL; and a0, a0, a1)
    TEST_CASE(43, a0, MIE_MTIE, li a1, MIE_MSIE | MIE_MEIE; csrc mie, a1; csrr a0, mie; li a1, MIE_ALL; and a0, a0, a1)
    TEST_CASE(44, a0, 0, csrw mie, zero; csrr a0, mie)
    /* mip: MSIP, MTIP, MEIP are read-only in the CSR; a write does not trap or set them */
    call timer_off
    TEST_CASE(45, a0, 0, li a1, -1; csrw mip, a1; csrr a0, mip; li a1, MIE_ALL; and a0, a0, a1)
    TEST_CASE(46, a0, 0, csrs mip, a1; csrc mip, a1; csrr a0, mip; li a1, MIE_ALL; and a0, a0, a1)
    /* the trap CSRs are read-write; (mepc[1:0] = 0 for IALIGN = 32: csr_strict.S) */
    TEST_CASE(47, a0, PAT2, li a1, PAT2; csrw mepc, a1; csrr a0, mepc)
    TEST_CASE(49, a0, PAT1, li a1, PAT1; csrw mtval, a1; csrr a0, mtval)
    TEST_CASE(50, a0, CAUSE_MACHINE_ECALL, li a1, CAUSE_MACHINE_ECALL; csrw mcause, a1; csrr a0, mcause)
    TEST_CASE(51, a0, CAUSE_INTR(IRQ_M_TIMER), li a1, CAUSE_INTR(IRQ_M_TIMER); csrw mcause, a1; csrr a0, mcause)
    li TESTNUM, 52                                   /* mtvec: an aligned base in direct mode */
    csrr s0, mtvec
    la a1, trap_entry
    CHECK_REG(s0, a1)
    la a1, 1f
    csrw mtvec, a1
    csrr a0, mtvec
    csrw mtvec, s0
    CHECK_REG(a0, a1)
    .align 2
1:
    /* counters: mcycle and minstret advance and are writable */
    TEST_CASE(53, a0, 1, csrr a1, mcycle; nop; csrr a2, mcycle; sltu a0, a1, a2)
    TEST_CASE(54, a0, 1, csrr a1, minstret; addi a3, a3, 1; csrr a2, minstret; sltu a0, a1, a2)
    TEST_CASE(55, a0, 1, csrw mcycle, zero; csrr a1, mcycle; sltiu a0, a1, 100)
    TEST_CASE(56, a0, 1, li a1, 1000000; csrw mcycle, a1; csrr a2, mcycle; sub a2, a2, a1; sltiu a0, a2, 100)
    TEST_CASE(57, a0, 1, li a1, 1000000; csrw minstret, a1; csrr a2, minstret; sub a2, a2, a1; sltiu a0, a2, 100)
#if XLEN == 32
    TEST_CASE(58, a0, 5, li a1, 5; csrw mcycleh, a1; csrr a0, mcycleh)
    TEST_CASE(59, a0, 7, li a1, 7; csrw minstreth, a1; csrr a0, minstreth)
    TEST_CASE(60, a0, 5, csrr a0, cycleh)
    TEST_CASE(61, a0, 7, csrr a0, instreth)
    TEST_CASE(62, a0, 0, csrw mcycleh, zero; csrw minstreth, zero; csrr a0, mcycleh)
    /* (the carry from mcycle into mcycleh: csr_strict.S; QEMU 7.2 keeps the halves apart) */
#else
    TEST_CASE(58, a0, 1, li a1, 0x100000000; csrw mcycle, a1; csrr a2, mcycle; srli a0, a2, 32)
#endif
    /* the user aliases read the machine counters and mtime */
    TEST_CASE(64, a0, 1, csrr a1, mcycle; rdcycle a2; sub a2, a2, a1; sltiu a0, a2, 100)
    TEST_CASE(65, a0, 1, csrr a1, minstret; rdinstret a2; sub a2, a2, a1; sltiu a0, a2, 100)
    TEST_CASE(66, a0, 1, rdcycle a1; rdcycle a2; sltu a0, a1, a2)
    li TESTNUM, 67                                   /* time follows the CLINT's mtime */
    rdtime s0
    call mtime_read
    rdtime s1
    sltu a2, a0, s0
    CHECK(a2, 0)                                     /* time <= mtime ... */
    sltu a2, s1, a0
    CHECK(a2, 0)                                     /* ... <= time */
#if XLEN == 32
    TEST_CASE(68, a0, 0, csrr a0, timeh)
#endif
    /* the aliases are read-only */
    TEST_ILLEGAL(69, csrw cycle, a0)
    TEST_ILLEGAL(70, csrw time, a0)
    TEST_ILLEGAL(71, csrw instret, a0)
    TEST_ILLEGAL(72, csrsi cycle, 1)
#if XLEN == 32
    TEST_ILLEGAL(73, csrw cycleh, a0)
    TEST_ILLEGAL(74, csrw timeh, a0)
    TEST_ILLEGAL(75, csrw instreth, a0)
#else
    /* the high halves exist only on RV32 */
    TEST_ILLEGAL(73, csrr a0, CSR_MCYCLEH)
    TEST_ILLEGAL(74, csrr a0, CSR_MINSTRETH)
    TEST_ILLEGAL(75, csrr a0, CSR_CYCLEH)
#endif
    /* CSR numbers nothing implements (the custom spaces: no names) */
    TEST_ILLEGAL(76, csrr a0, 0x7c0)
    TEST_ILLEGAL(77, csrw 0xbc0, a0)
    TEST_ILLEGAL(78, csrr a0, 0xfc0)
    TEST_ILLEGAL(79, csrrs a0, 0x5c0, zero)
    TEST_DONE
