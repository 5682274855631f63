/* RV32I/RV64I integer computational instructions: OP, OP-IMM, LUI, AUIPC. */
#include "isa_test.h"
#define MIN XV(0x80000000, 0x8000000000000000)
#define MAX XV(0x7fffffff, 0x7fffffffffffffff)

TEST_FUNC
    /* add / addi: wrap-around, signs, x0 */
    TEST_RR(1, add, 0, 0, 0)
    TEST_RR(2, add, 10, 3, 7)
    TEST_RR(3, add, -1, 0, -1)
    TEST_RR(4, add, MIN, MAX, 1)                 /* overflow wraps, no trap */
    TEST_RR(5, add, XV(0xfffffffe, 0xfffffffffffffffe), -1, -1)
    TEST_RR(6, add, XV(0, 0x100000000), 0xffffffff, 1)
    TEST_RR_SRC1_EQ_DEST(7, add, 24, 11, 13)
    TEST_RR_ZERODEST(8, add, 11, 13)
    TEST_RI(9, addi, 0x7ff, 0, 0x7ff)
    TEST_RI(10, addi, -2048, 0, -2048)
    TEST_RI(11, addi, MIN, MAX, 1)
    TEST_RI(12, addi, 4, 5, -1)
    TEST_CASE(13, a0, 42, li a0, 41; addi a0, a0, 1)
    TEST_CASE(14, zero, 0, addi zero, zero, 5)    /* x0 stays 0 */

    /* sub */
    TEST_RR(15, sub, 0, 7, 7)
    TEST_RR(16, sub, -4, 3, 7)
    TEST_RR(17, sub, MAX, MIN, 1)
    TEST_RR(18, sub, MIN, 0, MIN)
    TEST_RR_SRC1_EQ_DEST(19, sub, 2, 13, 11)

    /* slt / sltu / slti / sltiu */
    TEST_RR(20, slt, 1, -1, 0)
    TEST_RR(21, slt, 0, 0, -1)
    TEST_RR(22, slt, 1, MIN, MAX)
    TEST_RR(23, slt, 0, 5, 5)
    TEST_RR(24, sltu, 0, -1, 0)
    TEST_RR(25, sltu, 1, 0, -1)
    TEST_RR(26, sltu, 0, MIN, MAX)
    TEST_RR(27, sltu, 1, 0, 1)
    TEST_RI(28, slti, 1, -5, -4)
    TEST_RI(29, slti, 0, 0, -1)
    TEST_RI(30, slti, 1, MIN, 0)
    TEST_RI(31, sltiu, 1, 5, -1)                  /* the immediate is sign-extended, then unsigned */
    TEST_RI(32, sltiu, 0, -1, -1)
    TEST_RI(33, sltiu, 1, 0, 1)                   /* seqz */
    TEST_RI(34, sltiu, 0, 7, 1)
    TEST_CASE(35, a0, 1, li a1, 9; sltu a0, zero, a1)   /* snez */

    /* logic */
    TEST_RR(36, xor, 0xf00f, 0xff00, 0x0f0f)
    TEST_RR(37, or, 0xff0f, 0xff00, 0x0f0f)
    TEST_RR(38, and, 0x0f00, 0xff00, 0x0f0f)
    TEST_RI(39, xori, -1, 0, -1)
    TEST_RI(40, xori, XV(0xffff00f0, 0xffffffffffff00f0), 0xff0f, -1)
    TEST_RI(41, ori, XV(0xfffff80f, 0xfffffffffffff80f), 0x0f, -2048)
    TEST_RI(42, andi, 0x70f, XV(0xffffff0f, 0xffffffffffffff0f), 0x7ff)
    TEST_RI(43, andi, 0x0f, 0x0f, -1)

    /* shifts: only the low log2(XLEN) bits of rs2 count */
    TEST_RR(44, sll, 0x80, 1, 7)
    TEST_RR(45, sll, MIN, 1, XLEN - 1)
    TEST_RR(46, sll, 2, 1, XLEN + 1)              /* shamt masked */
    TEST_RR(47, sll, 1, 1, -XLEN)
    TEST_RR(48, srl, 1, MIN, XLEN - 1)
    TEST_RR(49, srl, XV(0x7fffffff, 0x7fffffffffffffff), -1, 1)
    TEST_RR(50, srl, 0x40, 0x80, XLEN + 1)
    TEST_RR(51, sra, -1, MIN, XLEN - 1)
    TEST_RR(52, sra, XV(0xc0000000, 0xc000000000000000), MIN, 1)
    TEST_RR(53, sra, 0x3fff, 0x7fff, XLEN + 1)
    TEST_RR(54, sra, 5, 5, 0)
    TEST_RI(55, slli, MIN, 1, XLEN - 1)
    TEST_RI(56, slli, 0x10, 1, 4)
    TEST_RI(57, srli, 1, MIN, XLEN - 1)
    TEST_RI(58, srli, XV(0x0fffffff, 0x0fffffffffffffff), -1, 4)
    TEST_RI(59, srai, -1, MIN, XLEN - 1)
    TEST_RI(60, srai, XV(0xf8000000, 0xf800000000000000), MIN, 4)
    TEST_RI(61, srai, 0x7ff, 0x7fff, 4)
#if XLEN == 64
    TEST_RI(62, slli, 0x100000000, 1, 32)         /* RV64: 6-bit shift amounts */
    TEST_RI(63, srli, 0xffffffff, -1, 32)
    TEST_RI(64, srai, 0xffffffff80000000, 0x8000000000000000, 32)
    TEST_RR(65, sll, 0x8000000000000000, 1, 63)
#endif

    /* lui / auipc */
    TEST_CASE(66, a0, 0x12345000, lui a0, 0x12345)
    TEST_CASE(67, a0, XV(0x80000000, 0xffffffff80000000), lui a0, 0x80000)   /* sign-extended on RV64 */
    TEST_CASE(68, a0, XV(0xfffff000, 0xfffffffffffff000), lui a0, 0xfffff)
    TEST_CASE(69, a0, 0, lui a0, 0)
    li TESTNUM, 70                                  /* auipc adds to its own pc */
1:  auipc a0, 0
    la a1, 1b
    CHECK_REG(a0, a1)
    li TESTNUM, 71
1:  auipc a0, 1
    la a1, 1b
    sub a0, a0, a1
    CHECK(a0, 0x1000)
    li TESTNUM, 72
1:  auipc a0, 0xfffff                               /* -4096 */
    la a1, 1b
    sub a0, a0, a1
    CHECK(a0, -4096)

    /* every register can be written and read back (x0 excepted) */
    li TESTNUM, 73
    li x1, 1; li x2, 2; li x3, 3; li x4, 4; li x5, 5; li x6, 6; li x7, 7; li x8, 8
    li x9, 9; li x10, 10; li x11, 11; li x12, 12; li x13, 13; li x14, 14; li x15, 15
    li x16, 16; li x17, 17; li x18, 18; li x19, 19; li x20, 20; li x21, 21; li x22, 22
    li x23, 23; li x24, 24; li x25, 25; li x26, 26; li x28, 28; li x29, 29
    add a0, x1, x2; add a0, a0, x3; add a0, a0, x4; add a0, a0, x5; add a0, a0, x6
    add a0, a0, x7; add a0, a0, x8; add a0, a0, x9; add a0, a0, x11; add a0, a0, x12
    add a0, a0, x13; add a0, a0, x14; add a0, a0, x15; add a0, a0, x16; add a0, a0, x17
    add a0, a0, x18; add a0, a0, x19; add a0, a0, x20; add a0, a0, x21; add a0, a0, x22
    add a0, a0, x23; add a0, a0, x24; add a0, a0, x25; add a0, a0, x26; add a0, a0, x28
    add a0, a0, x29
    CHECK(a0, 1+2+3+4+5+6+7+8+9+11+12+13+14+15+16+17+18+19+20+21+22+23+24+25+26+28+29)
    TEST_DONE
