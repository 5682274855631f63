/* Loads and stores: LB LH LW LBU LHU (LWU LD SD on RV64), SB SH SW: sign and zero
 * extension, byte lanes (little-endian), positive and negative offsets, store-to-load,
 * and a load from code memory (the paper SoC's instruction memory is readable as data). */
#include "isa_test.h"

    .data
    .align 3
src:    .byte 0x81, 0x7f, 0x00, 0xff
        .half 0x8001, 0x7ffe
        .word 0x80000001
        .word 0x7ffffffe
        .dword 0x8877665544332211
dst:    .fill 4, 8, 0

TEST_FUNC
    la s0, src
    /* lb / lbu */
    TEST_CASE(1, a0, XV(0xffffff81, 0xffffffffffffff81), lb a0, 0(s0))
    TEST_CASE(2, a0, 0x7f, lb a0, 1(s0))
    TEST_CASE(3, a0, 0, lb a0, 2(s0))
    TEST_CASE(4, a0, -1, lb a0, 3(s0))
    TEST_CASE(5, a0, 0x81, lbu a0, 0(s0))
    TEST_CASE(6, a0, 0xff, lbu a0, 3(s0))
    /* lh / lhu */
    TEST_CASE(7, a0, XV(0xffff8001, 0xffffffffffff8001), lh a0, 4(s0))
    TEST_CASE(8, a0, 0x7ffe, lh a0, 6(s0))
    TEST_CASE(9, a0, 0x8001, lhu a0, 4(s0))
    TEST_CASE(10, a0, 0x7f81, lhu a0, 0(s0))   /* bytes 0x81, 0x7f little-endian */
    /* lw */
    TEST_CASE(11, a0, XV(0x80000001, 0xffffffff80000001), lw a0, 8(s0))
    TEST_CASE(12, a0, 0x7ffffffe, lw a0, 12(s0))
    TEST_CASE(13, a0, XV(0xff007f81, 0xffffffffff007f81), lw a0, 0(s0))
    /* negative offsets */
    TEST_CASE(14, a0, 0x7ffe, addi a1, s0, 8; lh a0, -2(a1))
    TEST_CASE(15, a0, XV(0xffffff81, 0xffffffffffffff81), addi a1, s0, 2047; lb a0, -2047(a1))
#if XLEN == 64
    TEST_CASE(16, a0, 0x80000001, lwu a0, 8(s0))
    TEST_CASE(17, a0, 0x8877665544332211, ld a0, 16(s0))
    TEST_CASE(18, a0, 0xffffffff88776655, lw a0, 20(s0))
#endif
    TEST_CASE(19, a0, XV(0x44332211, 0x44332211), lw a0, 16(s0))

    /* stores: each writes only its bytes */
    la s1, dst
    TEST_CASE(20, a0, XV(0xaabbccdd, 0xffffffffaabbccdd), li a1, 0xaabbccdd; sw a1, 0(s1); lw a0, 0(s1))
    TEST_CASE(21, a0, XV(0xaabbcc11, 0xffffffffaabbcc11), li a1, 0x11; sb a1, 0(s1); lw a0, 0(s1))
    TEST_CASE(22, a0, XV(0xaa22cc11, 0xffffffffaa22cc11), li a1, 0x7722; sb a1, 2(s1); lw a0, 0(s1))
    TEST_CASE(23, a0, XV(0x3333cc11, 0x3333cc11), li a1, 0x12343333; sh a1, 2(s1); lw a0, 0(s1))
    TEST_CASE(24, a0, 0x5544, li a1, 0x5544; sh a1, 0(s1); lhu a0, 0(s1))
    TEST_CASE(25, a0, 0x33, lbu a0, 3(s1))
    TEST_CASE(26, a0, 0, lw a0, 4(s1))            /* neighbour untouched */
    TEST_CASE(27, a0, 0x9, li a1, 0x9; addi a2, s1, 12; sb a1, -4(a2); lbu a0, 8(s1))
    TEST_CASE(28, a0, -1, li a1, -1; sw a1, 4(s1); lw a0, 4(s1))
    TEST_CASE(29, a0, 0x9, lw a0, 8(s1))
#if XLEN == 64
    TEST_CASE(30, a0, 0x0123456789abcdef, li a1, 0x0123456789abcdef; sd a1, 16(s1); ld a0, 16(s1))
    TEST_CASE(31, a0, 0x01234567, lwu a0, 20(s1))
    TEST_CASE(32, a0, 0xffffffff89abcdef, lw a0, 16(s1))
    TEST_CASE(33, a0, 0x01234567ffffffff, li a1, -1; sw a1, 16(s1); ld a0, 16(s1))
#endif
    /* load into x0 is discarded (no trap, x0 stays 0) */
    TEST_CASE(34, zero, 0, lw zero, 0(s0))
    /* load-use and store-data forwarding chains */
    TEST_CASE(35, a0, 0x82, lbu a1, 1(s0); addi a1, a1, 3; sh a1, 0(s1); lbu a2, 0(s1); lbu a3, 1(s1); slli a3, a3, 8; or a0, a2, a3)
    /* a load from code memory returns the instruction word */
    TEST_CASE(36, a0, 0x00000013, la a1, code_nop; lw a0, 0(a1))
    TEST_CASE(37, a0, 0x13, la a1, code_nop; lbu a0, 0(a1))
    TEST_DONE
code_nop:
    nop
