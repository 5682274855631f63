/* RISC-V encodings, in the manner of Spike's riscv/encoding.h: CSR numbers, mstatus, mie and
 * mip bits, mcause values, instruction fields and the match/mask of every instruction the
 * paper core implements (RV32IM/RV64IM, Zicsr, machine mode).  One header for the simulator
 * (host C), firmware (target C) and assembly: everything outside the C-only part at the end
 * is a plain integer expression.  Numbers are from the RISC-V unprivileged and privileged
 * specifications (the tables named beside each group). */
#ifndef RISCV_ENCODING_H
#define RISCV_ENCODING_H

/* An unsigned 64-bit constant in C; a plain number for the assembler, which computes in
 * 64 bits on RV64 (and on RV32 keeps the low XLEN bits of `li` operands). */
#ifdef __ASSEMBLER__
#define RISCV_U64(x) x
#else
#define RISCV_U64(x) x##ull
#endif

/* ---- CSR numbers (privileged spec, "Currently allocated RISC-V machine-level CSR
 * addresses" and the unprivileged counters) ---- */
#define CSR_FCSR          0x003
#define CSR_SSTATUS       0x100
#define CSR_STVEC         0x105
#define CSR_SATP          0x180
#define CSR_MSTATUS       0x300
#define CSR_MISA          0x301
#define CSR_MEDELEG       0x302
#define CSR_MIDELEG       0x303
#define CSR_MIE           0x304
#define CSR_MTVEC         0x305
#define CSR_MCOUNTEREN    0x306
#define CSR_MENVCFG       0x30a
#define CSR_MSTATUSH      0x310
#define CSR_MCOUNTINHIBIT 0x320
#define CSR_MHPMEVENT3    0x323
#define CSR_MSCRATCH      0x340
#define CSR_MEPC          0x341
#define CSR_MCAUSE        0x342
#define CSR_MTVAL         0x343
#define CSR_MIP           0x344
#define CSR_MTVAL2        0x34b
#define CSR_PMPCFG0       0x3a0
#define CSR_PMPADDR0      0x3b0
#define CSR_TSELECT       0x7a0
#define CSR_DCSR          0x7b0
#define CSR_MCYCLE        0xb00
#define CSR_MINSTRET      0xb02
#define CSR_MHPMCOUNTER3  0xb03
#define CSR_MCYCLEH       0xb80
#define CSR_MINSTRETH     0xb82
#define CSR_CYCLE         0xc00
#define CSR_TIME          0xc01
#define CSR_INSTRET       0xc02
#define CSR_HPMCOUNTER3   0xc03
#define CSR_CYCLEH        0xc80
#define CSR_TIMEH         0xc81
#define CSR_INSTRETH      0xc82
#define CSR_MVENDORID     0xf11
#define CSR_MARCHID       0xf12
#define CSR_MIMPID        0xf13
#define CSR_MHARTID       0xf14
#define CSR_MCONFIGPTR    0xf15
/* CSR address bits [11:10] == 3: read-only */
#define CSR_READ_ONLY(csr) (((csr) >> 10) == 3)

/* ---- mstatus (privileged spec, "Machine Status Register") ---- */
#define MSTATUS_MIE  0x00000008
#define MSTATUS_MPIE 0x00000080
#define MSTATUS_MPP  0x00001800 /* previous privilege; 3 = machine */

/* ---- misa (privileged spec, "Machine ISA Register") ---- */
#define MISA_E         (1 << 4)
#define MISA_I         (1 << 8)
#define MISA_M         (1 << 12)
#define MISA_MXL_RV32  1 /* in bits [XLEN-1:XLEN-2] */
#define MISA_MXL_RV64  2

/* ---- interrupts: mcause codes, and the matching mie/mip bits (privileged spec, "Machine
 * Interrupt Registers") ---- */
#define IRQ_M_SOFT  3
#define IRQ_M_TIMER 7
#define IRQ_M_EXT   11
#define MIP_MSIP (1 << IRQ_M_SOFT)
#define MIP_MTIP (1 << IRQ_M_TIMER)
#define MIP_MEIP (1 << IRQ_M_EXT)
#define MIE_MSIE MIP_MSIP
#define MIE_MTIE MIP_MTIP
#define MIE_MEIE MIP_MEIP
/* mcause's interrupt bit is the top bit of the XLEN-wide register */
#define MCAUSE_INTERRUPT(xlen) (RISCV_U64(1) << ((xlen) - 1))
#ifdef __riscv_xlen
#define MCAUSE_INT MCAUSE_INTERRUPT(__riscv_xlen) /* firmware: at its own width */
#endif

/* ---- exceptions: mcause codes (privileged spec, "Machine cause register values") ---- */
#define CAUSE_MISALIGNED_FETCH    0
#define CAUSE_FETCH_ACCESS        1
#define CAUSE_ILLEGAL_INSTRUCTION 2
#define CAUSE_BREAKPOINT          3
#define CAUSE_MISALIGNED_LOAD     4
#define CAUSE_LOAD_ACCESS         5
#define CAUSE_MISALIGNED_STORE    6
#define CAUSE_STORE_ACCESS        7
#define CAUSE_MACHINE_ECALL       11

/* mtvec: mode in bits [1:0] (privileged spec, "Machine Trap-Vector Base-Address Register") */
#define MTVEC_MODE_MASK 3
#define MTVEC_VECTORED  1 /* interrupts go to base + 4 * cause */

/* ---- instruction fields (unprivileged spec, "Base Instruction Formats") ---- */
#define INSN_OPCODE(i) ((i) & 0x7f)
#define INSN_RD(i)     (((i) >> 7) & 0x1f)
#define INSN_FUNCT3(i) (((i) >> 12) & 0x7)
#define INSN_RS1(i)    (((i) >> 15) & 0x1f)
#define INSN_RS2(i)    (((i) >> 20) & 0x1f)
#define INSN_FUNCT7(i) (((i) >> 25) & 0x7f)
#define INSN_CSR(i)    (((i) >> 20) & 0xfff)
/* An I-type word from an instruction's MATCH_ value, e.g. INSN_I(MATCH_ADDI, 10, 0, 5) is
 * `addi a0, zero, 5` */
#define INSN_I(match, rd, rs1, imm) \
    ((match) | ((rd) << 7) | ((rs1) << 15) | (((imm) & 0xfff) << 20))

/* Major opcodes (unprivileged spec, "RISC-V base opcode map") */
#define OPCODE_LOAD      0x03
#define OPCODE_MISC_MEM  0x0f
#define OPCODE_OP_IMM    0x13
#define OPCODE_AUIPC     0x17
#define OPCODE_OP_IMM_32 0x1b
#define OPCODE_STORE     0x23
#define OPCODE_OP        0x33
#define OPCODE_LUI       0x37
#define OPCODE_OP_32     0x3b
#define OPCODE_BRANCH    0x63
#define OPCODE_JALR      0x67
#define OPCODE_JAL       0x6f
#define OPCODE_SYSTEM    0x73

/* ---- one match/mask pair per instruction: (word & MASK_x) == MATCH_x ---- */
#define MATCH_LUI     0x00000037
#define MASK_LUI      0x0000007f
#define MATCH_AUIPC   0x00000017
#define MASK_AUIPC    0x0000007f
#define MATCH_JAL     0x0000006f
#define MASK_JAL      0x0000007f
#define MATCH_JALR    0x00000067
#define MASK_JALR     0x0000707f
#define MATCH_BEQ     0x00000063
#define MASK_BEQ      0x0000707f
#define MATCH_BNE     0x00001063
#define MASK_BNE      0x0000707f
#define MATCH_BLT     0x00004063
#define MASK_BLT      0x0000707f
#define MATCH_BGE     0x00005063
#define MASK_BGE      0x0000707f
#define MATCH_BLTU    0x00006063
#define MASK_BLTU     0x0000707f
#define MATCH_BGEU    0x00007063
#define MASK_BGEU     0x0000707f
#define MATCH_LB      0x00000003
#define MASK_LB       0x0000707f
#define MATCH_LH      0x00001003
#define MASK_LH       0x0000707f
#define MATCH_LW      0x00002003
#define MASK_LW       0x0000707f
#define MATCH_LD      0x00003003
#define MASK_LD       0x0000707f
#define MATCH_LBU     0x00004003
#define MASK_LBU      0x0000707f
#define MATCH_LHU     0x00005003
#define MASK_LHU      0x0000707f
#define MATCH_LWU     0x00006003
#define MASK_LWU      0x0000707f
#define MATCH_SB      0x00000023
#define MASK_SB       0x0000707f
#define MATCH_SH      0x00001023
#define MASK_SH       0x0000707f
#define MATCH_SW      0x00002023
#define MASK_SW       0x0000707f
#define MATCH_SD      0x00003023
#define MASK_SD       0x0000707f
#define MATCH_ADDI    0x00000013
#define MASK_ADDI     0x0000707f
#define MATCH_SLTI    0x00002013
#define MASK_SLTI     0x0000707f
#define MATCH_SLTIU   0x00003013
#define MASK_SLTIU    0x0000707f
#define MATCH_XORI    0x00004013
#define MASK_XORI     0x0000707f
#define MATCH_ORI     0x00006013
#define MASK_ORI      0x0000707f
#define MATCH_ANDI    0x00007013
#define MASK_ANDI     0x0000707f
#define MATCH_SLLI    0x00001013 /* shamt[5] (bit 25) exists at XLEN 64 only */
#define MASK_SLLI     0xfc00707f
#define MATCH_SRLI    0x00005013
#define MASK_SRLI     0xfc00707f
#define MATCH_SRAI    0x40005013
#define MASK_SRAI     0xfc00707f
#define MATCH_ADD     0x00000033
#define MASK_ADD      0xfe00707f
#define MATCH_SUB     0x40000033
#define MASK_SUB      0xfe00707f
#define MATCH_SLL     0x00001033
#define MASK_SLL      0xfe00707f
#define MATCH_SLT     0x00002033
#define MASK_SLT      0xfe00707f
#define MATCH_SLTU    0x00003033
#define MASK_SLTU     0xfe00707f
#define MATCH_XOR     0x00004033
#define MASK_XOR      0xfe00707f
#define MATCH_SRL     0x00005033
#define MASK_SRL      0xfe00707f
#define MATCH_SRA     0x40005033
#define MASK_SRA      0xfe00707f
#define MATCH_OR      0x00006033
#define MASK_OR       0xfe00707f
#define MATCH_AND     0x00007033
#define MASK_AND      0xfe00707f
#define MATCH_MUL     0x02000033
#define MASK_MUL      0xfe00707f
#define MATCH_MULH    0x02001033
#define MASK_MULH     0xfe00707f
#define MATCH_MULHSU  0x02002033
#define MASK_MULHSU   0xfe00707f
#define MATCH_MULHU   0x02003033
#define MASK_MULHU    0xfe00707f
#define MATCH_DIV     0x02004033
#define MASK_DIV      0xfe00707f
#define MATCH_DIVU    0x02005033
#define MASK_DIVU     0xfe00707f
#define MATCH_REM     0x02006033
#define MASK_REM      0xfe00707f
#define MATCH_REMU    0x02007033
#define MASK_REMU     0xfe00707f
#define MATCH_ADDIW   0x0000001b
#define MASK_ADDIW    0x0000707f
#define MATCH_SLLIW   0x0000101b
#define MASK_SLLIW    0xfe00707f
#define MATCH_SRLIW   0x0000501b
#define MASK_SRLIW    0xfe00707f
#define MATCH_SRAIW   0x4000501b
#define MASK_SRAIW    0xfe00707f
#define MATCH_ADDW    0x0000003b
#define MASK_ADDW     0xfe00707f
#define MATCH_SUBW    0x4000003b
#define MASK_SUBW     0xfe00707f
#define MATCH_SLLW    0x0000103b
#define MASK_SLLW     0xfe00707f
#define MATCH_SRLW    0x0000503b
#define MASK_SRLW     0xfe00707f
#define MATCH_SRAW    0x4000503b
#define MASK_SRAW     0xfe00707f
#define MATCH_MULW    0x0200003b
#define MASK_MULW     0xfe00707f
#define MATCH_DIVW    0x0200403b
#define MASK_DIVW     0xfe00707f
#define MATCH_DIVUW   0x0200503b
#define MASK_DIVUW    0xfe00707f
#define MATCH_REMW    0x0200603b
#define MASK_REMW     0xfe00707f
#define MATCH_REMUW   0x0200703b
#define MASK_REMUW    0xfe00707f
#define MATCH_FENCE   0x0000000f
#define MASK_FENCE    0x0000707f
#define MATCH_FENCE_I 0x0000100f
#define MASK_FENCE_I  0x0000707f
#define MATCH_ECALL   0x00000073
#define MASK_ECALL    0xffffffff
#define MATCH_EBREAK  0x00100073
#define MASK_EBREAK   0xffffffff
#define MATCH_MRET    0x30200073
#define MASK_MRET     0xffffffff
#define MATCH_WFI     0x10500073
#define MASK_WFI      0xffffffff
#define MATCH_CSRRW   0x00001073
#define MASK_CSRRW    0x0000707f
#define MATCH_CSRRS   0x00002073
#define MASK_CSRRS    0x0000707f
#define MATCH_CSRRC   0x00003073
#define MASK_CSRRC    0x0000707f
#define MATCH_CSRRWI  0x00005073
#define MASK_CSRRWI   0x0000707f
#define MATCH_CSRRSI  0x00006073
#define MASK_CSRRSI   0x0000707f
#define MATCH_CSRRCI  0x00007073
#define MASK_CSRRCI   0x0000707f
/* the canonical NOP, addi x0, x0, 0 */
#define INSN_NOP MATCH_ADDI

#ifndef __ASSEMBLER__
#include <stdint.h>

/* Sign-extended immediates of the formats (unprivileged spec, "Immediate Encoding
 * Variants"). */
static inline int32_t insn_imm_i(uint32_t i) { return (int32_t)i >> 20; }
static inline int32_t insn_imm_s(uint32_t i)
{
    return (int32_t)(i & 0xfe000000) >> 20 | (int32_t)(i >> 7 & 0x1f);
}
static inline int32_t insn_imm_b(uint32_t i)
{
    return (int32_t)(i & 0x80000000) >> 19 | (int32_t)((i & 0x80) << 4) |
           (int32_t)(i >> 20 & 0x7e0) | (int32_t)(i >> 7 & 0x1e);
}
static inline int32_t insn_imm_u(uint32_t i) { return (int32_t)(i & 0xfffff000); }
static inline int32_t insn_imm_j(uint32_t i)
{
    return (int32_t)(i & 0x80000000) >> 11 | (int32_t)(i & 0xff000) |
           (int32_t)(i >> 9 & 0x800) | (int32_t)(i >> 20 & 0x7fe);
}

#ifdef __riscv
/* Firmware CSR access by name: read_csr(mcause), write_csr(mtvec, handler),
 * set_csr(mie, MIE_MTIE), clear_csr(mstatus, MSTATUS_MIE). */
#define read_csr(reg) ({ uintptr_t v_; __asm__ volatile("csrr %0, " #reg : "=r"(v_)); v_; })
#define write_csr(reg, val) __asm__ volatile("csrw " #reg ", %0" ::"r"((uintptr_t)(val)))
#define set_csr(reg, bits) __asm__ volatile("csrs " #reg ", %0" ::"r"((uintptr_t)(bits)))
#define clear_csr(reg, bits) __asm__ volatile("csrc " #reg ", %0" ::"r"((uintptr_t)(bits)))
#endif
#endif /* !__ASSEMBLER__ */
#endif
