/* RV64-only instructions.  At XLEN 64: the W forms ADDIW SLLIW SRLIW SRAIW ADDW SUBW SLLW
 * SRLW SRAW MULW DIVW DIVUW REMW REMUW (32-bit operation on the low words, result
 * sign-extended from bit 31; shift amounts of 5 bits; W-form divide corner cases as in
 * the M chapter table).  At XLEN 32: the same encodings, LD/SD/LWU and shift immediates
 * with bit 5 set are illegal instructions (unprivileged spec: RV32 reserves them). */
#include "isa_test.h"

TEST_FUNC
#if XLEN == 64
    TEST_RR(1, addw, 0x3, 0x1, 0x2)
    TEST_RR(2, addw, 0xffffffff80000000, 0x7fffffff, 0x1)
    TEST_RR(3, addw, 0x0, 0xffffffffffffffff, 0x1)
    TEST_RR(4, addw, 0xffffffffffffffff, 0xffffffff, 0x0)
    TEST_RR(5, addw, 0x2345678a, 0x123456789, 0x1)
    TEST_RR(6, addw, 0x0, 0x80000000, 0x80000000)
    TEST_RR(7, addw, 0x0, 0xfffffff0, 0x10)
    TEST_RR(8, subw, 0xffffffffffffffff, 0x0, 0x1)
    TEST_RR(9, subw, 0x7fffffff, 0x80000000, 0x1)
    TEST_RR(10, subw, 0xffffffffffffffff, 0x100000000, 0x1)
    TEST_RR(11, subw, 0xfffffffffffffffe, 0x5, 0x7)
    TEST_RR(12, subw, 0x7fffffff, 0xffffffff80000000, 0x1)
    TEST_RI(13, addiw, 0xffffffff80000000, 0x7fffffff, 1)
    TEST_RI(14, addiw, 0xffffffffffffffff, 0xffffffff, 0)
    TEST_RI(15, addiw, 0x23456788, 0x123456789, -1)
    TEST_RI(16, addiw, 0x7ffff800, 0x80000000, -2048)
    TEST_RI(17, addiw, 0x7ff, 0x0, 2047)
    TEST_RR(18, sllw, 0xffffffff80000000, 0x1, 0x1f)
    TEST_RR(19, sllw, 0x1, 0x1, 0x20)
    TEST_RR(20, sllw, 0xfffffffffffffff0, 0xffffffff, 0x4)
    TEST_RR(21, sllw, 0x12345678, 0x12345678, 0x0)
    TEST_RR(22, sllw, 0xffffffff80000000, 0x3, 0x3f)
    TEST_RR(23, srlw, 0x1, 0x80000000, 0x1f)
    TEST_RR(24, srlw, 0x40000000, 0xffffffff80000000, 0x1)
    TEST_RR(25, srlw, 0x3, 0xfffffff00000000f, 0x2)
    TEST_RR(26, srlw, 0x12345678, 0x12345678, 0x20)
    TEST_RR(27, sraw, 0xffffffffffffffff, 0x80000000, 0x1f)
    TEST_RR(28, sraw, 0xffffffffc0000000, 0x80000000, 0x1)
    TEST_RR(29, sraw, 0x0, 0x7fffffff00000000, 0x4)
    TEST_RR(30, sraw, 0xffffffffc0000000, 0x80000000, 0x21)
    TEST_RI(31, slliw, 0xffffffff80000000, 0x1, 31)
    TEST_RI(32, slliw, 0xfffffffffffffff0, 0xffffffff, 4)
    TEST_RI(33, slliw, 0x23456789, 0x123456789, 0)
    TEST_RI(34, srliw, 0x1, 0x80000000, 31)
    TEST_RI(35, srliw, 0x1, 0xffffffff00000010, 4)
    TEST_RI(36, srliw, 0xffffffffffffffff, 0xffffffff, 0)
    TEST_RI(37, sraiw, 0xffffffffffffffff, 0x80000000, 31)
    TEST_RI(38, sraiw, 0xfffffffff8000000, 0x80000000, 4)
    TEST_RI(39, sraiw, 0xfffffffff0000000, 0xfffffffff0000000, 0)
    TEST_RI(40, sraiw, 0x7, 0x70000000, 28)
    TEST_RR(41, mulw, 0x15, 0x3, 0x7)
    TEST_RR(42, mulw, 0x1, 0x7fffffff, 0x7fffffff)
    TEST_RR(43, mulw, 0x1, 0xffffffffffffffff, 0xffffffffffffffff)
    TEST_RR(44, mulw, 0x1, 0x100000001, 0x100000001)
    TEST_RR(45, mulw, 0x0, 0x80000000, 0x2)
    TEST_RR(46, mulw, 0x242d2080, 0x12345678, 0x9abcdef0)
    TEST_RR(47, divw, 0x3, 0x14, 0x6)
    TEST_RR(48, divw, 0xfffffffffffffffd, 0xffffffffffffffec, 0x6)
    TEST_RR(49, divw, 0xfffffffffffffffd, 0x14, 0xfffffffffffffffa)
    TEST_RR(50, divw, 0xffffffff80000000, 0x80000000, 0xffffffffffffffff)
    TEST_RR(51, divw, 0xffffffff80000000, 0xffffffff80000000, 0xffffffff)
    TEST_RR(52, divw, 0xffffffffffffffff, 0x7, 0x0)
    TEST_RR(53, divw, 0xffffffffffffffff, 0xfffffffffffffff9, 0x0)
    TEST_RR(54, divw, 0x3, 0x100000007, 0x100000002)
    TEST_RR(55, divw, 0x0, 0xffffffff, 0x2)
    TEST_RR(56, divw, 0xffffffffffffffff, 0x123456789, 0x100000000)
    TEST_RR(57, divuw, 0x3, 0x14, 0x6)
    TEST_RR(58, divuw, 0x2aaaaaa7, 0xffffffffffffffec, 0x6)
    TEST_RR(59, divuw, 0x0, 0x14, 0xfffffffffffffffa)
    TEST_RR(60, divuw, 0x0, 0x80000000, 0xffffffffffffffff)
    TEST_RR(61, divuw, 0x0, 0xffffffff80000000, 0xffffffff)
    TEST_RR(62, divuw, 0xffffffffffffffff, 0x7, 0x0)
    TEST_RR(63, divuw, 0xffffffffffffffff, 0xfffffffffffffff9, 0x0)
    TEST_RR(64, divuw, 0x3, 0x100000007, 0x100000002)
    TEST_RR(65, divuw, 0x7fffffff, 0xffffffff, 0x2)
    TEST_RR(66, divuw, 0xffffffffffffffff, 0x123456789, 0x100000000)
    TEST_RR(67, remw, 0x2, 0x14, 0x6)
    TEST_RR(68, remw, 0xfffffffffffffffe, 0xffffffffffffffec, 0x6)
    TEST_RR(69, remw, 0x2, 0x14, 0xfffffffffffffffa)
    TEST_RR(70, remw, 0x0, 0x80000000, 0xffffffffffffffff)
    TEST_RR(71, remw, 0x0, 0xffffffff80000000, 0xffffffff)
    TEST_RR(72, remw, 0x7, 0x7, 0x0)
    TEST_RR(73, remw, 0xfffffffffffffff9, 0xfffffffffffffff9, 0x0)
    TEST_RR(74, remw, 0x1, 0x100000007, 0x100000002)
    TEST_RR(75, remw, 0xffffffffffffffff, 0xffffffff, 0x2)
    TEST_RR(76, remw, 0x23456789, 0x123456789, 0x100000000)
    TEST_RR(77, remuw, 0x2, 0x14, 0x6)
    TEST_RR(78, remuw, 0x2, 0xffffffffffffffec, 0x6)
    TEST_RR(79, remuw, 0x14, 0x14, 0xfffffffffffffffa)
    TEST_RR(80, remuw, 0xffffffff80000000, 0x80000000, 0xffffffffffffffff)
    TEST_RR(81, remuw, 0xffffffff80000000, 0xffffffff80000000, 0xffffffff)
    TEST_RR(82, remuw, 0x7, 0x7, 0x0)
    TEST_RR(83, remuw, 0xfffffffffffffff9, 0xfffffffffffffff9, 0x0)
    TEST_RR(84, remuw, 0x1, 0x100000007, 0x100000002)
    TEST_RR(85, remuw, 0x1, 0xffffffff, 0x2)
    TEST_RR(86, remuw, 0x23456789, 0x123456789, 0x100000000)
    TEST_CASE(100, a1, 0xffffffff80000000, li a1, 0x7fffffff; addiw a1, a1, 1)   /* rd = rs1 */
    TEST_CASE(101, zero, 0, li a1, 5; addw zero, a1, a1)
    TEST_CASE(102, a0, 0xffffffffffffffff, li a1, 0xffffffff; sext.w a0, a1)     /* addiw rd, rs, 0 */
#else
    la a1, scratch
    TEST_ILLEGAL(1, .insn i 0x1b, 0, a0, a1, 1)          /* addiw */
    TEST_ILLEGAL(2, .insn i 0x1b, 1, a0, a1, 1)          /* slliw */
    TEST_ILLEGAL(3, .insn i 0x1b, 5, a0, a1, 1)          /* srliw */
    TEST_ILLEGAL(4, .insn i 0x1b, 5, a0, a1, 0x401)      /* sraiw */
    TEST_ILLEGAL(5, .insn r 0x3b, 0, 0, a0, a1, a2)      /* addw */
    TEST_ILLEGAL(6, .insn r 0x3b, 0, 0x20, a0, a1, a2)   /* subw */
    TEST_ILLEGAL(7, .insn r 0x3b, 1, 0, a0, a1, a2)      /* sllw */
    TEST_ILLEGAL(8, .insn r 0x3b, 5, 0, a0, a1, a2)      /* srlw */
    TEST_ILLEGAL(9, .insn r 0x3b, 5, 0x20, a0, a1, a2)   /* sraw */
    TEST_ILLEGAL(10, .insn r 0x3b, 0, 1, a0, a1, a2)     /* mulw */
    TEST_ILLEGAL(11, .insn r 0x3b, 4, 1, a0, a1, a2)     /* divw */
    TEST_ILLEGAL(12, .insn r 0x3b, 5, 1, a0, a1, a2)     /* divuw */
    TEST_ILLEGAL(13, .insn r 0x3b, 6, 1, a0, a1, a2)     /* remw */
    TEST_ILLEGAL(14, .insn r 0x3b, 7, 1, a0, a1, a2)     /* remuw */
    TEST_ILLEGAL(15, .insn i 0x03, 3, a0, 0(a1))         /* ld */
    TEST_ILLEGAL(16, .insn i 0x03, 6, a0, 0(a1))         /* lwu */
    TEST_ILLEGAL(17, .insn s 0x23, 3, a0, 0(a1))         /* sd */
    TEST_ILLEGAL(18, .insn i 0x13, 1, a0, a1, 32)        /* slli, shamt[5] = 1 */
    TEST_ILLEGAL(19, .insn i 0x13, 5, a0, a1, 32)        /* srli, shamt[5] = 1 */
    TEST_ILLEGAL(20, .insn i 0x13, 5, a0, a1, 0x420)     /* srai, shamt[5] = 1 */
    /* the destination is not written by an illegal instruction */
    TEST_CASE(21, a0, 1234, li a0, 1234)
    TEST_ILLEGAL(22, .insn r 0x3b, 0, 0, a0, a1, a1)
    CHECK(a0, 1234)
#endif
    TEST_DONE

    .data
    .align 3
scratch: .dword 0
