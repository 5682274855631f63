/* The timing figures the tests expect, written from docs/timing.md (not from the
 * model's table in sim/timing.c), so that a wrong model fails.  Usable from C and from
 * assembly.  A build may override one figure (-DEXPECT_DIV32=10) to check that
 * `tempo-sim --set div32=10` changes the measured delta accordingly. */
#ifndef TEMPO_TIMING_EXPECT_H
#define TEMPO_TIMING_EXPECT_H

/* docs/timing.md "Data hazards": ALU result used by the next instruction: 1 bubble */
#define SPEC_ALU_USE 1
/* docs/timing.md "Data hazards": load-use 2 bubbles when the consumer directly follows */
#define SPEC_LOAD_USE 2
/* derived from "data forwarded from MEM" into EXR: one instruction between load and use
 * leaves one bubble (the consumer reaches EXR when the load is in BR, data comes in MEM) */
#define SPEC_LOAD_USE_DIST2 (SPEC_LOAD_USE - 1)
/* docs/timing.md "Control flow": predicted-taken branch, correct: 2 bubbles */
#define SPEC_BRANCH_TAKEN 2
/* docs/timing.md "Control flow": misprediction (either direction): 6 */
#ifndef EXPECT_MISPREDICT
#define EXPECT_MISPREDICT 6
#endif
#define SPEC_MISPREDICT EXPECT_MISPREDICT
/* docs/timing.md "Control flow": JAL and JALR never predicted: 6 each */
#define SPEC_JAL 6
#define SPEC_JALR 6
/* docs/timing.md "Memory": each store to RAM stalls 1; MMIO stores do not stall */
#define SPEC_STORE_RAM 1
#define SPEC_STORE_MMIO 0
/* docs/timing.md "Multiply and divide": MUL about 4 (model default 4) */
#define SPEC_MUL 4
/* the product leaves EX like an ALU result: the ALU-use rule (model choice, sim/timing.h) */
#define SPEC_MUL_USE SPEC_ALU_USE
/* docs/timing.md "Multiply and divide": DIV about 35 (32-bit), 67-68 (64-bit);
 * divide by zero and overflow finish early (derived: 1, the divider's start cycle) */
#ifndef EXPECT_DIV32
#define EXPECT_DIV32 35
#endif
#define SPEC_DIV32 EXPECT_DIV32
#define SPEC_DIV64 67
#define SPEC_DIV_EARLY 1
/* docs/timing.md "CSRs": every CSR instruction stalls 1 cycle */
#define SPEC_CSR 1
/* docs/timing.md "Data hazards": a CSR instruction waits while an older CSR write is
 * in EX, MEM or WB.  Directly behind the write: the write is in EX (1 bubble), then in BR
 * (free).  Two instructions between: the write is in MEM, then WB (2 bubbles). */
#define SPEC_CSR_RAW_DIST1 1
#define SPEC_CSR_RAW_DIST2 0
#define SPEC_CSR_RAW_DIST3 2
/* docs/timing.md "Trap controller" */
#define SPEC_TRAP_DETECT 1   /* registered exception detector: +1 */
#define SPEC_ECALL_STAGE 2   /* ECALL raised in BR: EX, BR after its issue in EXR */
#define SPEC_FSM_ECALL 9
#define SPEC_FSM_IRQ 6
#define SPEC_FSM_MRET 6
/* derived from the 8 stages: after the FSM's last state, IF, IO, ID, then the first new
 * instruction issues into EXR */
#define SPEC_REFILL 3
/* ECALL from its issue to the first handler instruction issuing */
#define SPEC_ECALL (1 + SPEC_ECALL_STAGE + SPEC_TRAP_DETECT + SPEC_FSM_ECALL + SPEC_REFILL)
/* other exceptions take the synchronous (ECALL) path (paper II-B1); by the detector's
 * source priority, illegal instruction and EBREAK are raised with ECALL in BR, misaligned
 * and faulting loads and stores in MEM, one stage later */
#define SPEC_EXC SPEC_ECALL
#define SPEC_MEM_FAULT (SPEC_ECALL + 1)
/* MRET (detected in ID, one stage before its issue) to the first instruction after it */
#define SPEC_MRET (1 + SPEC_TRAP_DETECT - 1 + SPEC_FSM_MRET + SPEC_REFILL)
/* interrupt: from the assertion cycle (mcycle >= IRQ_AT, or mtime >= mtimecmp) to the value
 * rdcycle reads as the handler's first instruction: the assertion cycle, the detector,
 * the FSM, the refill */
#define SPEC_IRQ_LATENCY (1 + SPEC_TRAP_DETECT + SPEC_FSM_IRQ + SPEC_REFILL)
/* docs/timing.md "CLINT": mtime += 1 every 100,000 cycles */
#define SPEC_CYCLES_PER_TICK 100000
#endif
