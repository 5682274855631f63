/* Host unit tests of the timing model (sim/timing/timing.c): synthetic instruction sequences with
 * exact costs from tests/timing/expect.h (the RTL cross-check's figures), stall accounting,
 * and the parameter interface.  The model charges each instruction the cycles until it enters
 * EXR, so a freeze an instruction causes in EX or MEM shows in the cost of the instructions
 * behind it: the checks add up a sequence and the NOPs that drain it.  Exit status 0 when
 * every check passes. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "../../sim/timing/timing.h"
#include "expect.h"

static int failures, checks;
static uint64_t total, base;
static struct timing_params params; /* what fresh() builds a model with */

#define CHECK_EQ(what, got, want)                                                         \
    do {                                                                                  \
        long long g_ = (long long)(got), w_ = (long long)(want);                          \
        checks++;                                                                         \
        if (g_ != w_) {                                                                   \
            failures++;                                                                   \
            printf("FAIL %s:%d %s: got %lld, want %lld\n", __FILE__, __LINE__, what, g_,  \
                   w_);                                                                   \
        }                                                                                 \
    } while (0)

static uint32_t ins(struct timing *t, int cls, int rd, int rs1, int rs2, unsigned flags)
{
    struct timing_insn in = {(uint8_t)cls, (uint8_t)rd, (uint8_t)rs1, (uint8_t)rs2};
    uint32_t c = timing_retire(t, in, flags);
    total += c;
    base++;
    return c;
}
#define ALU(t, rd, a, b) ins(t, TC_ALU, rd, a, b, 0)
#define NOP(t) ins(t, TC_ALU, 0, 0, 0, 0)
#define CSR(t, rd, rs1) ins(t, TC_CSR, rd, rs1, 0, TF_CSR_ACCESS)
/* an instruction that waits in EXR for an operand enters EXR on time: the wait shows in the
 * cost of the next one; THEN_NOP(x) is x's cost plus the next NOP's */
#define THEN_NOP(t, call) ((call) + NOP(t))

/* cycles of 8 NOPs: what the sequence before them still had in flight, plus 8 */
static uint32_t drain(struct timing *t)
{
    uint32_t c = 0;
    for (int i = 0; i < 8; i++)
        c += NOP(t);
    return c;
}

static void fresh(struct timing *t)
{
    timing_init(t, &params);
    total = base = 0;
    drain(t); /* some history, like a running program */
}

static uint64_t stalls(const struct timing *t)
{
    uint64_t s = 0;
    for (int i = 0; i < ST_COUNT; i++)
        s += t->stall[i];
    return s;
}

/* Drive the global counter to `state` with well-spaced branches (updates visible). */
static void predictor_state(struct timing *t, unsigned state)
{
    for (int i = 0; i < 4; i++) {
        ins(t, TC_BRANCH, 0, 0, 0, 0);
        drain(t);
    }
    for (unsigned i = 0; i < state; i++) {
        ins(t, TC_BRANCH, 0, 0, 0, TF_TAKEN);
        drain(t);
    }
}

static void test_data_hazards(void)
{
    struct timing t;
    fresh(&t);
    ALU(&t, 5, 0, 0);
    CHECK_EQ("alu dependent pair", THEN_NOP(&t, ALU(&t, 6, 5, 0)), 2 + RTL_ALU_USE);
    ALU(&t, 5, 0, 0);
    CHECK_EQ("alu dependent via rs2", THEN_NOP(&t, ALU(&t, 6, 0, 5)), 2 + RTL_ALU_USE);
    ALU(&t, 5, 0, 0);
    CHECK_EQ("alu independent pair", ALU(&t, 6, 7, 8), 1);
    ALU(&t, 5, 0, 0);
    NOP(&t);
    CHECK_EQ("alu distance 2", ALU(&t, 6, 5, 0), 1);
    ins(&t, TC_LUI, 5, 0, 0, 0);
    CHECK_EQ("lui forwards", ALU(&t, 6, 5, 0), 1);
    ins(&t, TC_JAL, 5, 0, 0, 0);
    CHECK_EQ("jal link forwards (after the jump's bubbles)", ALU(&t, 6, 5, 0), 1 + RTL_JAL);
    drain(&t);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    CHECK_EQ("load use", THEN_NOP(&t, ALU(&t, 6, 5, 0)), 2 + RTL_LOAD_USE);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    CHECK_EQ("load then independent", ALU(&t, 6, 7, 0), 1);
    CHECK_EQ("load use at distance 2", THEN_NOP(&t, ALU(&t, 8, 5, 0)), 2 + RTL_LOAD_USE_DIST2);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    NOP(&t);
    NOP(&t);
    CHECK_EQ("load use at distance 3", ALU(&t, 8, 5, 0), 1);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    ALU(&t, 6, 5, 0);
    CHECK_EQ("second consumer after a load-use bubble", THEN_NOP(&t, ALU(&t, 7, 5, 0)),
             1 + RTL_LOAD_USE + 1);
    /* store data stalls like an operand (the RTL's ex_stall_store, load_br_use_store) */
    drain(&t);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    CHECK_EQ("store data from a load", THEN_NOP(&t, ins(&t, TC_STORE, 0, 2, 5, 0)),
             2 + RTL_STORE_DATA_LOAD);
    drain(&t);
    ALU(&t, 5, 0, 0);
    CHECK_EQ("store data from an alu", THEN_NOP(&t, ins(&t, TC_STORE, 0, 2, 5, 0)),
             2 + RTL_STORE_DATA_ALU);
    drain(&t);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    CHECK_EQ("store address from a load", THEN_NOP(&t, ins(&t, TC_STORE, 0, 5, 6, 0)),
             2 + RTL_LOAD_USE);
    drain(&t);
    ALU(&t, 5, 0, 0);
    CHECK_EQ("branch operand from alu", THEN_NOP(&t, ins(&t, TC_BRANCH, 0, 5, 0, 0)),
             2 + RTL_ALU_USE);
    ins(&t, TC_MUL, 5, 6, 7, 0);
    CHECK_EQ("mul result: the freeze, then the alu-use bubble", THEN_NOP(&t, ALU(&t, 6, 5, 0)),
             2 + RTL_MUL + RTL_MUL_USE);
    ALU(&t, 0, 0, 0);
    CHECK_EQ("x0 is never a hazard", ALU(&t, 6, 0, 0), 1);
    drain(&t);
    CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
    CHECK_EQ("multiply stall count", t.stall[ST_MUL], RTL_MUL);
}

static void test_memory_muldiv(void)
{
    struct timing t;
    fresh(&t);
    /* a RAM store freezes in MEM, three instructions later: seen in the drain */
    ins(&t, TC_STORE, 0, 0, 0, 0);
    CHECK_EQ("store to RAM", drain(&t), 8 + RTL_STORE_RAM);
    ins(&t, TC_STORE, 0, 0, 0, TF_MMIO);
    CHECK_EQ("store to MMIO", drain(&t), 8 + RTL_STORE_MMIO);
    uint32_t c = 0;
    for (int i = 0; i < 4; i++)
        c += ins(&t, TC_STORE, 0, 0, 0, 0);
    CHECK_EQ("4 stores back to back", c + drain(&t), 4 + 8 + 4 * RTL_STORE_RAM);
    CHECK_EQ("load from MMIO", ins(&t, TC_LOAD, 5, 0, 0, TF_MMIO), 1);
    CHECK_EQ("MMIO load use", THEN_NOP(&t, ALU(&t, 6, 5, 0)), 2 + RTL_LOAD_USE);
    drain(&t);
    ins(&t, TC_MUL, 5, 8, 7, 0);
    CHECK_EQ("mul", drain(&t), 8 + RTL_MUL);
    ins(&t, TC_DIV, 5, 6, 7, TF_WORD);
    CHECK_EQ("div 32-bit", drain(&t), 8 + RTL_DIV32);
    ins(&t, TC_DIV, 5, 6, 7, 0);
    CHECK_EQ("div 64-bit", drain(&t), 8 + RTL_DIV64);
    ins(&t, TC_DIV, 5, 6, 7, TF_DIV_EARLY);
    CHECK_EQ("div by zero", drain(&t), 8 + RTL_DIV_EARLY);
    ins(&t, TC_DIV, 5, 6, 7, TF_DIV_EARLY | TF_WORD);
    CHECK_EQ("div overflow 32", drain(&t), 8 + RTL_DIV_EARLY);
    CHECK_EQ("fence", ins(&t, TC_FENCE, 0, 0, 0, 0), 1);
    CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
    CHECK_EQ("divide stall count", t.stall[ST_DIV], RTL_DIV32 + RTL_DIV64 + 2 * RTL_DIV_EARLY);
    CHECK_EQ("store stall count", t.stall[ST_STORE], 5 * RTL_STORE_RAM);
    /* what-if data_port=32: an 8-byte access takes a second beat */
    timing_set_param(&params, "data_port=32");
    fresh(&t);
    ins(&t, TC_STORE, 0, 0, 0, TF_DOUBLE);
    CHECK_EQ("sd through a 32-bit port", drain(&t), 8 + RTL_STORE_RAM + 1);
    ins(&t, TC_LOAD, 5, 0, 0, TF_DOUBLE);
    CHECK_EQ("ld through a 32-bit port", drain(&t), 8 + 1);
    ins(&t, TC_STORE, 0, 0, 0, 0);
    CHECK_EQ("sw through a 32-bit port: one beat", drain(&t), 8 + RTL_STORE_RAM);
    timing_params_default(&params);
}

static void test_control_flow(void)
{
    struct timing t;
    for (unsigned s = 0; s < 4; s++) {
        char what[64];
        fresh(&t);
        predictor_state(&t, s);
        ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN);
        snprintf(what, sizeof what, "taken branch, counter %u", s);
        CHECK_EQ(what, NOP(&t), 1 + (s >= 2 ? RTL_BRANCH_TAKEN : RTL_MISPREDICT));
        fresh(&t);
        predictor_state(&t, s);
        ins(&t, TC_BRANCH, 0, 0, 0, 0);
        snprintf(what, sizeof what, "not-taken branch, counter %u", s);
        CHECK_EQ(what, NOP(&t), 1 + (s >= 2 ? RTL_MISPREDICT : 0));
        CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
    }
    /* the counter saturates: 5 taken from 0 is state 3; one not-taken -> 2, still taken */
    fresh(&t);
    predictor_state(&t, 5);
    ins(&t, TC_BRANCH, 0, 0, 0, 0);
    drain(&t);
    ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN);
    CHECK_EQ("saturated then one not-taken", NOP(&t), 1 + RTL_BRANCH_TAKEN);
    /* a taken branch from 0: mispredicted, and the counter (updated in BR) reaches the
     * next branch's IO in time: 1 then 2 */
    fresh(&t);
    uint32_t c = 0;
    for (int i = 0; i < 3; i++)
        c += ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN);
    c += NOP(&t);
    CHECK_EQ("taken x3 from counter 0", c, 3 + 2 * RTL_MISPREDICT + 1 + RTL_BRANCH_TAKEN);
    fresh(&t);
    ins(&t, TC_JAL, 1, 0, 0, 0);
    CHECK_EQ("jal", ALU(&t, 5, 1, 0), 1 + RTL_JAL);
    ins(&t, TC_JALR, 0, 1, 0, 0);
    CHECK_EQ("jalr", NOP(&t), 1 + RTL_JALR);
    CHECK_EQ("jump stall count", t.stall[ST_JUMP], RTL_JAL + RTL_JALR);
    CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
    /* what-if jal=2: resolved early */
    timing_set_param(&params, "jal=2");
    fresh(&t);
    ins(&t, TC_JAL, 1, 0, 0, 0);
    CHECK_EQ("jal=2", NOP(&t), 1 + 2);
    timing_params_default(&params);
}

static void test_csr(void)
{
    struct timing t;
    fresh(&t);
    /* a CSR address in ID freezes one cycle: the CSR instruction costs 2 */
    CHECK_EQ("csr read", CSR(&t, 5, 0), 1 + RTL_CSR);
    CHECK_EQ("read lag after a 2-cycle ID stay", timing_read_lag(&t), RTL_READ_LAG);
    drain(&t);
    /* the interlock: a CSR instruction waits while an older one is in EX, MEM or WB */
    CSR(&t, 0, 5);
    NOP(&t);
    NOP(&t);
    CHECK_EQ("csr two instructions after a csr: waits for MEM and WB",
             THEN_NOP(&t, CSR(&t, 6, 0)), 2 + RTL_CSR + RTL_CSR_RAW_DIST3);
    drain(&t);
    CSR(&t, 0, 5);
    NOP(&t);
    NOP(&t);
    NOP(&t);
    CHECK_EQ("csr three instructions after a csr: waits for WB",
             THEN_NOP(&t, CSR(&t, 6, 0)), 2 + RTL_CSR + RTL_CSR_RAW_DIST4);
    drain(&t);
    CSR(&t, 0, 5);
    for (int i = 0; i < 4; i++)
        NOP(&t);
    CHECK_EQ("csr four after: no wait", THEN_NOP(&t, CSR(&t, 6, 0)), 2 + RTL_CSR);
    drain(&t);
    /* back to back: 3 cycles of interlock, and the one in ID freezes again meanwhile */

    uint32_t c4 = 0, c8 = 0;
    for (int i = 0; i < 4; i++)
        c4 += CSR(&t, 5, 0);
    c4 += drain(&t);
    for (int i = 0; i < 8; i++)
        c8 += CSR(&t, 5, 0);
    c8 += drain(&t);
    CHECK_EQ("csr back to back, 8 minus 4", c8 - c4, RTL_CSR_RAW_4REP_DIST1);
    /* a data stall while a CSR address waits in ID re-arms its freeze (RTL alu-use 6) */
    ALU(&t, 5, 0, 0);
    ALU(&t, 6, 5, 0);
    CHECK_EQ("csr behind a stalled instruction: the stall, and the freeze again",
             CSR(&t, 7, 0), 1 + RTL_CSR + RTL_ALU_USE + 1);
    drain(&t);
    /* a CSR address in a non-CSR instruction freezes too (the RTL decodes bits 31:20) */
    CHECK_EQ("csr address in an addi", ins(&t, TC_ALU, 5, 0, 0, TF_CSR_ACCESS), 1 + RTL_CSR);
    CHECK_EQ("timing_csr_address mepc", timing_csr_address(0x34102573, 64), 1);
    CHECK_EQ("timing_csr_address mcycleh RV32", timing_csr_address(0xb8002573, 32), 1);
    CHECK_EQ("timing_csr_address mcycleh RV64", timing_csr_address(0xb8002573, 64), 0);
    CHECK_EQ("timing_csr_address cycle", timing_csr_address(0xc0002573, 64), 0);
    CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
    /* MRET right behind a CSR write to mepc reads the old mepc */
    fresh(&t);
    CSR(&t, 0, 5);
    timing_mepc_written(&t);
    CHECK_EQ("mret right behind csrw mepc: old mepc", timing_mret_stale_mepc(&t), 1);
    NOP(&t);
    NOP(&t);
    CHECK_EQ("two instructions between: old mepc", timing_mret_stale_mepc(&t), 1);
    NOP(&t);
    CHECK_EQ("three between: the new one", timing_mret_stale_mepc(&t), 0);
}

static void test_traps(void)
{
    struct timing t;
    fresh(&t);
    /* ECALL detected in ID: the handler's first instruction enters ID RTL_ECALL_TO_ID later
     * and EXR one cycle after that */
    uint32_t c = timing_trap(&t, TRAP_ECALL);
    total += c;
    c += NOP(&t);
    CHECK_EQ("ecall to the first handler instruction in EXR", c, 1 + RTL_ECALL_TO_ID);
    c = timing_mret(&t);
    total += c;
    base++;
    c += NOP(&t);
    CHECK_EQ("mret to the next instruction in EXR", c, 1 + RTL_MRET_TO_ID);
    c = timing_trap(&t, TRAP_EXCEPTION);
    total += c;
    c += NOP(&t);
    CHECK_EQ("illegal/ebreak: raised in BR, 3 stages after ID", c, 1 + RTL_ECALL_TO_ID + 3);
    c = timing_trap(&t, TRAP_MEM_FAULT);
    total += c;
    c += NOP(&t);
    CHECK_EQ("load/store fault: raised in MEM", c, 1 + RTL_ECALL_TO_ID + 4);
    /* the handler enters ID RTL_IRQ_LATENCY after the line rose, wherever the boundary falls
     * within the window */
    uint64_t a = t.cyc + 100;
    drain(&t);
    for (int i = 0; i < 6; i++) {
        while (t.cyc + timing_irq_window(&t) < a)
            NOP(&t);
        uint64_t now = t.cyc;
        c = timing_interrupt(&t, now, a);
        total += c;
        CHECK_EQ("handler in ID - rise", now + c - a, RTL_IRQ_LATENCY);
        a = t.cyc + 100 + (uint64_t)i;
        drain(&t);
    }
    /* a line that rose long ago: the FSM starts now */
    drain(&t);
    uint64_t now = t.cyc;
    c = timing_interrupt(&t, now, 10);
    total += c;
    CHECK_EQ("rose long before the boundary", c, 1 + RTL_REFILL);
    /* the window covers the bubbles behind a jump (the RTL cuts during them) */
    drain(&t);
    ins(&t, TC_JAL, 0, 0, 0, 0);
    CHECK_EQ("window behind a jump", timing_irq_window(&t), 2 + RTL_JAL);
    NOP(&t);
    drain(&t);
    CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
    /* nothing in flight survives a trap */
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    total += timing_trap(&t, TRAP_ECALL);
    CHECK_EQ("no load-use across a trap", ALU(&t, 6, 5, 0), 1);
    timing_idle(&t, 100);
    CHECK_EQ("idle stall", t.stall[ST_IDLE], 100);
    /* a branch ahead of an ECALL still counts in BR, where the trap controller holds it
     * (RTL: 0x25f8 of the paper's Rhealstone image takes the counter from 1 to 0) */
    for (unsigned taken = 0; taken < 2; taken++) {
        fresh(&t);
        predictor_state(&t, taken ? 2 : 1); /* predicted right: the ECALL follows in sequence */
        ins(&t, TC_LOAD, 5, 0, 0, 0);
        ins(&t, TC_BRANCH, 0, 5, 0, taken ? TF_TAKEN : 0);
        timing_trap(&t, TRAP_ECALL);
        CHECK_EQ(taken ? "taken branch ahead of an ecall: counter saturates up"
                       : "not-taken branch ahead of an ecall: counter saturates down",
                 t.bp[0], taken ? 3 : 0);
    }
    /* and its pc becomes mepc with ecall_mepc_wait (it waits in EXR for the load) */
    params.ecall_mepc_wait = 1;
    fresh(&t);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    ins(&t, TC_BRANCH, 0, 5, 0, 0);
    timing_trap(&t, TRAP_ECALL);
    CHECK_EQ("ecall_mepc_wait: the branch waiting in EXR", timing_ecall_mepc_back(&t), 1);
    fresh(&t);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    NOP(&t);
    NOP(&t);
    ins(&t, TC_BRANCH, 0, 5, 0, 0);
    timing_trap(&t, TRAP_ECALL);
    CHECK_EQ("ecall_mepc_wait: no wait, its own pc", timing_ecall_mepc_back(&t), 0);
    params.ecall_mepc_wait = 0;
}

static void test_params(void)
{
    struct timing t;
    CHECK_EQ("unknown name", timing_set_param(&params, "nosuch=3"), -1);
    CHECK_EQ("no value", timing_set_param(&params, "div32="), -1);
    CHECK_EQ("no =", timing_set_param(&params, "div32"), -1);
    CHECK_EQ("negative", timing_set_param(&params, "div32=-1"), -1);
    CHECK_EQ("junk", timing_set_param(&params, "div32=1x"), -1);
    CHECK_EQ("huge", timing_set_param(&params, "div32=99999999999"), -1);
    CHECK_EQ("zero divide cycles", timing_set_param(&params, "div32=0"), -1);
    CHECK_EQ("bad predictor", timing_set_param(&params, "predictor=oracle"), -1);
    CHECK_EQ("bad counter", timing_set_param(&params, "bp_init=4"), -1);
    CHECK_EQ("bad port", timing_set_param(&params, "data_port=16"), -1);
    CHECK_EQ("bad csr flag", timing_set_param(&params, "csr=2"), -1);
    CHECK_EQ("unchanged after errors", timing_get_param(&params, "div32"), RTL_DIV32);
    CHECK_EQ("set div32", timing_set_param(&params, "div32=10"), 0);
    fresh(&t);
    ins(&t, TC_DIV, 5, 6, 7, TF_WORD);
    CHECK_EQ("div32 after --set", drain(&t), 8 + 10);
    CHECK_EQ("set mispredict", timing_set_param(&params, "mispredict=3"), 0);
    CHECK_EQ("set predictor", timing_set_param(&params, "predictor=not-taken"), 0);
    fresh(&t);
    predictor_state(&t, 3);
    ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN);
    CHECK_EQ("static not-taken predictor", NOP(&t), 1 + 3);
    CHECK_EQ("predictor by number", timing_set_param(&params, "predictor=2"), 0);
    fresh(&t);
    ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN);
    CHECK_EQ("static taken predictor", NOP(&t), 1 + RTL_BRANCH_TAKEN);
    CHECK_EQ("bad table size", timing_set_param(&params, "bp_entries=100"), -1);
    CHECK_EQ("table size", timing_set_param(&params, "bp_entries=64"), 0);
    CHECK_EQ("table predictor", timing_set_param(&params, "predictor=table"), 0);
    fresh(&t);
    /* two branches at different pcs, one always taken, one never: a table learns both */
    for (int i = 0; i < 4; i++) {
        struct timing_insn br = {TC_BRANCH, 0, 0, 0};
        timing_retire_pc(&t, br, TF_TAKEN, 0x104);
        uint32_t c1 = NOP(&t);
        drain(&t);
        timing_retire_pc(&t, br, 0, 0x208);
        uint32_t c2 = NOP(&t);
        drain(&t);
        if (i == 3) {
            CHECK_EQ("table: taken branch learnt", c1, 1 + RTL_BRANCH_TAKEN);
            CHECK_EQ("table: not-taken branch learnt", c2, 1);
        }
    }
    CHECK_EQ("bp_init", timing_set_param(&params, "bp_init=3"), 0);
    CHECK_EQ("predictor back", timing_set_param(&params, "predictor=global2bit"), 0);
    fresh(&t);
    ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN);
    CHECK_EQ("counter starts at bp_init", NOP(&t), 1 + RTL_BRANCH_TAKEN);
    timing_params_default(&params);
    CHECK_EQ("reset", timing_get_param(&params, "mispredict"), RTL_MISPREDICT);
    CHECK_EQ("get unknown", timing_get_param(&params, "nosuch"), -1);
    /* --list-params names every parameter with its value */
    char buf[32768];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    timing_list_params(&params, f);
    fclose(f);
    const char *names[] = {"alu_use", "load_use", "store_data", "branch_taken", "mispredict",
                           "jal", "jalr", "store_ram", "store_mmio", "mul", "div32", "div64",
                           "div_early", "data_port", "csr", "csr_raw", "read_lag",
                           "trap_detect", "ecall_stage", "exc_stage", "mem_fault_stage",
                           "fsm_ecall", "fsm_exc", "fsm_irq", "fsm_mret", "refill", "irq_flush",
                           "mmio_effect", "mret_mepc_window", "predictor", "bp_entries",
                           "bp_init", "bp_frozen"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char line[64];
        snprintf(line, sizeof line, "  %s ", names[i]);
        CHECK_EQ(names[i], strstr(buf, line) != NULL, 1);
    }
    CHECK_EQ("cites the RTL", strstr(buf, "RTL:") != NULL, 1);
}

int main(void)
{
    timing_params_default(&params);
    test_data_hazards();
    test_memory_muldiv();
    test_control_flow();
    test_csr();
    test_traps();
    test_params();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
