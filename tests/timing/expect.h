/* The timing figures the tests expect, written from the RTL cross-check's measurements on the
 * paper's compiled SoC (tests/rtl/, docs/timing-rtl.md; not from the model's table in
 * sim/timing/timing.c), so that a wrong model fails.  Usable from C and from assembly.  A build may
 * override one figure (-DEXPECT_DIV32=10) to check that `tempo-sim --set div32=10` changes the
 * measured figure accordingly.
 *
 * Most figures are per repetition of a sequence in steady state (tests/timing/cases.S runs
 * each sequence 8 and 4 times and takes the difference), so the counter reads at the ends do
 * not enter them; the trap and interrupt figures are from one counter read to another. */
#ifndef TEMPO_TIMING_EXPECT_H
#define TEMPO_TIMING_EXPECT_H

/* RTL s-alu-chain: 8 cycles per 4 dependent addi: an ALU result in EX stalls its consumer 1 */
#define RTL_ALU_USE 1
/* RTL s-load-use: 16 per 4 (lw; addi of it): 2 bubbles; s-load-use-1-between: 16 per 4 (one
 * instruction between: 1 bubble); s-load-use-2-between 16 per 4: none */
#define RTL_LOAD_USE 2
#define RTL_LOAD_USE_DIST2 1
/* RTL s-store: 8 per 4 stores to RAM (a 1-cycle freeze each); s-store-mmio: 4 per 4 */
#define RTL_STORE_RAM 1
#define RTL_STORE_MMIO 0
/* RTL s-store-alu-data 16 per 4, s-store-load-data 20 per 4: store data stalls like an operand */
#define RTL_STORE_DATA_ALU RTL_ALU_USE
#define RTL_STORE_DATA_LOAD RTL_LOAD_USE
/* RTL s-branch-taken-predicted: 12 per 4: 2 bubbles after a correctly predicted taken branch */
#define RTL_BRANCH_TAKEN 2
/* RTL s-branch-taken-then-not 32 per 4, s-branch-not-then-taken 40 per 4: 6 bubbles */
#ifndef EXPECT_MISPREDICT
#define EXPECT_MISPREDICT 6
#endif
#define RTL_MISPREDICT EXPECT_MISPREDICT
/* RTL s-jal 28 per 4, s-jal-jalr 56 per 4: 6 bubbles each */
#define RTL_JAL 6
#define RTL_JALR 6
/* RTL s-mul 20 per 4: a 4-cycle freeze; s-mul-use 28 per 4: the product forwards like an ALU
 * result */
#define RTL_MUL 4
#define RTL_MUL_USE RTL_ALU_USE
/* RTL s-div32 148 per 4 (36-cycle freeze), s-div64 276 per 4 (68), s-div32-by-zero 8 per 4 (1) */
#ifndef EXPECT_DIV32
#define EXPECT_DIV32 36
#endif
#define RTL_DIV32 EXPECT_DIV32
#define RTL_DIV64 68
#define RTL_DIV_EARLY 1
/* RTL s-csrr-4nop 24 per 4 (csrr and 4 nops): a CSR address in ID freezes 1 cycle */
#define RTL_CSR 1
/* a CSR instruction waits in EXR while an older one (csrr included) is in EX, MEM or WB:
 * RTL s-csrr-2nop 24 per 4 (an older one in MEM, then WB: 2), s-csrr-3nop 24 (WB: 1),
 * s-csrr-1nop 18 per 4 (in BR, not checked: 0 for one pair, 2 for the next), s-csrr 28 per 4
 * (back to back: 3, and the freeze of the one in ID twice more) */
#define RTL_CSR_RAW_4REP_DIST1 28
#define RTL_CSR_RAW_4REP_DIST2 18
#define RTL_CSR_RAW_DIST3 2
#define RTL_CSR_RAW_DIST4 1
/* Trap controller (RTL traces and micro-programs): the registered detector, the FSM, the
 * refill; a CSR read carries the counter of its second-last ID cycle */
#define RTL_TRAP_DETECT 1
#define RTL_FSM_ECALL 9
#define RTL_FSM_IRQ 6
#define RTL_FSM_MRET 6
#define RTL_REFILL 3
#define RTL_READ_LAG 2
/* from ECALL/MRET in ID to the next instruction in ID (ECALL and MRET are detected in ID) */
#define RTL_ECALL_TO_ID (RTL_TRAP_DETECT + RTL_FSM_ECALL + RTL_REFILL)
#define RTL_MRET_TO_ID (RTL_TRAP_DETECT + RTL_FSM_MRET + RTL_REFILL)
/* RTL ecall-to-handler 15, mret-to-next 12: counter read right before (its second-last ID
 * cycle is read_lag before the trapping instruction's ID cycle) to the first read after */
#define RTL_ECALL_READS (RTL_READ_LAG + RTL_ECALL_TO_ID)
#define RTL_MRET_READS (RTL_READ_LAG + RTL_MRET_TO_ID)
/* interrupt: from the line's rise to the handler's first counter read: the handler enters ID
 * trap_detect + fsm_irq + refill later and reads there (RTL timer-store-to-handler 17) */
#define RTL_IRQ_LATENCY (RTL_TRAP_DETECT + RTL_FSM_IRQ + RTL_REFILL)
/* a device store reaches the device in MEM; the line rises the cycle after: 4 cycles after
 * the store entered EXR */
#define RTL_MMIO_EFFECT 4
/* docs/timing.md "CLINT": mtime += 1 every 100,000 cycles */
#define RTL_CYCLES_PER_TICK 100000
#endif
