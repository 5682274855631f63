/* Host unit tests of the timing model (sim/timing.c): synthetic instruction sequences,
 * exact costs from tests/timing/expect.h (the spec's figures), stall accounting, and the
 * parameter interface.  Exit status 0 when every check passes. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "../../sim/timing.h"
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

static void fresh(struct timing *t)
{
    timing_init(t, &params);
    total = base = 0;
    for (int i = 0; i < 8; i++) /* some history, like a running program */
        NOP(t);
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
        for (int k = 0; k < 6; k++)
            NOP(t);
    }
    for (unsigned i = 0; i < state; i++) {
        ins(t, TC_BRANCH, 0, 0, 0, TF_TAKEN);
        for (int k = 0; k < 6; k++)
            NOP(t);
    }
}

static void test_data_hazards(void)
{
    struct timing t;
    fresh(&t);
    ALU(&t, 5, 0, 0);
    CHECK_EQ("alu dependent pair", ALU(&t, 6, 5, 0), 1 + SPEC_ALU_USE);
    ALU(&t, 5, 0, 0);
    CHECK_EQ("alu dependent via rs2", ALU(&t, 6, 0, 5), 1 + SPEC_ALU_USE);
    ALU(&t, 5, 0, 0);
    CHECK_EQ("alu independent pair", ALU(&t, 6, 7, 8), 1);
    ALU(&t, 5, 0, 0);
    NOP(&t);
    CHECK_EQ("alu distance 2", ALU(&t, 6, 5, 0), 1);
    ins(&t, TC_LUI, 5, 0, 0, 0);
    CHECK_EQ("lui forwards", ALU(&t, 6, 5, 0), 1);
    ins(&t, TC_CSR, 5, 0, 0, 0);
    CHECK_EQ("csr value forwards", ALU(&t, 6, 5, 0), 1);
    for (int i = 0; i < 6; i++)
        NOP(&t);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    CHECK_EQ("load use", ALU(&t, 6, 5, 0), 1 + SPEC_LOAD_USE);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    CHECK_EQ("load then independent", ALU(&t, 6, 7, 0), 1);
    CHECK_EQ("load use at distance 2", ALU(&t, 8, 5, 0), 1 + SPEC_LOAD_USE_DIST2);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    NOP(&t);
    NOP(&t);
    CHECK_EQ("load use at distance 3", ALU(&t, 8, 5, 0), 1);
    /* a consumer that waited absorbs the hazard for the next one */
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    ALU(&t, 6, 5, 0);
    CHECK_EQ("second consumer after a load-use bubble", ALU(&t, 7, 5, 0), 1);
    /* a freeze keeps the distances: load, MUL (frozen), consumer still waits 1 */
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    CHECK_EQ("mul after load", ins(&t, TC_MUL, 9, 10, 11, 0), 1 + SPEC_MUL);
    CHECK_EQ("load use across a freeze", ALU(&t, 6, 5, 0), 1 + SPEC_LOAD_USE_DIST2);
    /* store data is never stalled; the address is */
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    CHECK_EQ("store data from a load", ins(&t, TC_STORE, 0, 2, 5, 0), 1 + SPEC_STORE_RAM);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    CHECK_EQ("store address from a load", ins(&t, TC_STORE, 0, 5, 6, 0),
             1 + SPEC_LOAD_USE + SPEC_STORE_RAM);
    ALU(&t, 5, 0, 0);
    CHECK_EQ("branch operand from alu", ins(&t, TC_BRANCH, 0, 5, 0, 0), 1 + SPEC_ALU_USE);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    CHECK_EQ("jalr base from load", ins(&t, TC_JALR, 0, 5, 0, 0),
             1 + SPEC_LOAD_USE + SPEC_JALR);
    ins(&t, TC_MUL, 5, 0, 0, 0);
    CHECK_EQ("mul result used next", ALU(&t, 6, 5, 0), 1 + SPEC_ALU_USE);
    ALU(&t, 0, 0, 0);
    CHECK_EQ("x0 is never a hazard", ALU(&t, 6, 0, 0), 1);
    CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
    CHECK_EQ("alu-use stall count", t.stall[ST_ALU_USE], 4 * SPEC_ALU_USE);
    CHECK_EQ("load-use stall count", t.stall[ST_LOAD_USE],
             4 * SPEC_LOAD_USE + 2 * SPEC_LOAD_USE_DIST2);
}

static void test_memory_muldiv(void)
{
    struct timing t;
    fresh(&t);
    CHECK_EQ("store to RAM", ins(&t, TC_STORE, 0, 0, 0, 0), 1 + SPEC_STORE_RAM);
    CHECK_EQ("store to MMIO", ins(&t, TC_STORE, 0, 0, 0, TF_MMIO), 1 + SPEC_STORE_MMIO);
    CHECK_EQ("load from MMIO", ins(&t, TC_LOAD, 5, 0, 0, TF_MMIO), 1);
    CHECK_EQ("MMIO load use", ALU(&t, 6, 5, 0), 1 + SPEC_LOAD_USE);
    CHECK_EQ("mul", ins(&t, TC_MUL, 5, 8, 7, 0), 1 + SPEC_MUL);
    NOP(&t);
    CHECK_EQ("div 32-bit", ins(&t, TC_DIV, 5, 6, 7, TF_WORD), 1 + SPEC_DIV32);
    NOP(&t);
    CHECK_EQ("div 64-bit", ins(&t, TC_DIV, 5, 6, 7, 0), 1 + SPEC_DIV64);
    NOP(&t);
    CHECK_EQ("div by zero", ins(&t, TC_DIV, 5, 6, 7, TF_DIV_EARLY), 1 + SPEC_DIV_EARLY);
    NOP(&t);
    CHECK_EQ("div overflow 32", ins(&t, TC_DIV, 5, 6, 7, TF_DIV_EARLY | TF_WORD),
             1 + SPEC_DIV_EARLY);
    CHECK_EQ("fence", ins(&t, TC_FENCE, 0, 0, 0, 0), 1);
    CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
    CHECK_EQ("divide stall count", t.stall[ST_DIV], SPEC_DIV32 + SPEC_DIV64 + 2 * SPEC_DIV_EARLY);
}

static void test_control_flow(void)
{
    struct timing t;
    for (unsigned s = 0; s < 4; s++) {
        char what[64];
        fresh(&t);
        predictor_state(&t, s);
        snprintf(what, sizeof what, "taken branch, counter %u", s);
        CHECK_EQ(what, ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN),
                 1 + (s >= 2 ? SPEC_BRANCH_TAKEN : SPEC_MISPREDICT));
        fresh(&t);
        predictor_state(&t, s);
        snprintf(what, sizeof what, "not-taken branch, counter %u", s);
        CHECK_EQ(what, ins(&t, TC_BRANCH, 0, 0, 0, 0), 1 + (s >= 2 ? SPEC_MISPREDICT : 0));
        CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
    }
    /* the counter saturates: 5 taken from 0 is state 3; one not-taken -> 2, still taken */
    fresh(&t);
    predictor_state(&t, 5);
    ins(&t, TC_BRANCH, 0, 0, 0, 0);
    for (int k = 0; k < 6; k++)
        NOP(&t);
    CHECK_EQ("saturated then one not-taken", ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN),
             1 + SPEC_BRANCH_TAKEN);
    /* the update is made in BR: a branch right behind another still sees the old counter */
    fresh(&t);
    predictor_state(&t, 1);
    ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN); /* mispredicted; counter -> 2 at its BR */
    CHECK_EQ("update visible after the 6-cycle penalty",
             ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN), 1 + SPEC_BRANCH_TAKEN);
    fresh(&t);
    predictor_state(&t, 2);
    ins(&t, TC_BRANCH, 0, 0, 0, 0); /* not taken, mispredicted, -> 1 */
    ins(&t, TC_BRANCH, 0, 0, 0, 0); /* sees 1: predicted not taken, correct, -> 0 */
    CHECK_EQ("not-taken branch right behind: counter not yet updated",
             ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN), 1 + SPEC_MISPREDICT);
    fresh(&t);
    predictor_state(&t, 2);
    ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN); /* correct, 2 bubbles, -> 3 at BR */
    ins(&t, TC_BRANCH, 0, 0, 0, 0);        /* 3 cycles later: still sees 2 -> mispredict */
    CHECK_EQ("stale counter", t.mispredicts >= 1, 1);
    fresh(&t);
    CHECK_EQ("jal", ins(&t, TC_JAL, 1, 0, 0, 0), 1 + SPEC_JAL);
    CHECK_EQ("jal link forwards", ALU(&t, 5, 1, 0), 1);
    CHECK_EQ("jalr", ins(&t, TC_JALR, 0, 1, 0, 0), 1 + SPEC_JALR);
    CHECK_EQ("jump stall count", t.stall[ST_JUMP], SPEC_JAL + SPEC_JALR);
    CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
}

static void test_csr(void)
{
    struct timing t;
    fresh(&t);
    CHECK_EQ("csr read", ins(&t, TC_CSR, 5, 0, 0, 0), 1 + SPEC_CSR);
    CHECK_EQ("csr write", ins(&t, TC_CSR, 0, 5, 0, TF_CSR_WRITE), 1 + SPEC_CSR);
    CHECK_EQ("csr read after write, distance 1", ins(&t, TC_CSR, 6, 0, 0, 0),
             1 + SPEC_CSR + SPEC_CSR_RAW_DIST1);
    for (int i = 0; i < 6; i++)
        NOP(&t);
    ins(&t, TC_CSR, 0, 0, 0, TF_CSR_WRITE);
    NOP(&t);
    CHECK_EQ("csr read after write, distance 2", ins(&t, TC_CSR, 6, 0, 0, 0),
             1 + SPEC_CSR + SPEC_CSR_RAW_DIST2);
    for (int i = 0; i < 6; i++)
        NOP(&t);
    ins(&t, TC_CSR, 0, 0, 0, TF_CSR_WRITE);
    NOP(&t);
    NOP(&t);
    CHECK_EQ("csr read after write, distance 3", ins(&t, TC_CSR, 6, 0, 0, 0),
             1 + SPEC_CSR + SPEC_CSR_RAW_DIST3);
    for (int i = 0; i < 6; i++)
        NOP(&t);
    ins(&t, TC_CSR, 0, 0, 0, TF_CSR_WRITE);
    for (int i = 0; i < 4; i++)
        NOP(&t);
    CHECK_EQ("csr read after write, distance 5", ins(&t, TC_CSR, 6, 0, 0, 0), 1 + SPEC_CSR);
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    CHECK_EQ("csr write of a loaded value: freeze and load-use add",
             ins(&t, TC_CSR, 0, 5, 0, TF_CSR_WRITE), 1 + SPEC_CSR + SPEC_LOAD_USE);
    CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
}

static void test_traps(void)
{
    struct timing t;
    fresh(&t);
    uint32_t c = timing_trap(&t, TRAP_ECALL);
    total += c;
    CHECK_EQ("ecall to first handler instruction", c, SPEC_ECALL);
    c = timing_mret(&t);
    total += c;
    base++;
    CHECK_EQ("mret to next instruction", c, SPEC_MRET);
    c = timing_trap(&t, TRAP_EXCEPTION);
    total += c;
    CHECK_EQ("illegal/ebreak take the ECALL path", c, SPEC_ECALL);
    c = timing_trap(&t, TRAP_MEM_FAULT);
    total += c;
    CHECK_EQ("load/store fault raised in MEM, one stage later", c, SPEC_ECALL + 1);
    c = timing_trap(&t, TRAP_INTERRUPT);
    total += c;
    CHECK_EQ("interrupt asserted at the boundary", c, SPEC_IRQ_LATENCY);
    /* timing_interrupt: the handler issues SPEC_IRQ_LATENCY after the assertion wherever the
     * boundary falls within the window */
    uint64_t a = 1000;
    for (uint64_t now = a - timing_irq_window(&t); now < a + SPEC_IRQ_LATENCY - SPEC_REFILL;
         now++) {
        c = timing_interrupt(&t, now, a);
        total += c;
        CHECK_EQ("handler issue - assertion", now + c - a, SPEC_IRQ_LATENCY);
    }
    /* asserted during a long freeze: only the refill is left */
    c = timing_interrupt(&t, 5000, 10);
    total += c;
    CHECK_EQ("asserted long before the boundary", c, 1 + SPEC_REFILL);
    CHECK_EQ("stalls + base = cycles", stalls(&t) + base, total);
    CHECK_EQ("refill stall count", t.stall[ST_REFILL], (uint64_t)(5 + SPEC_IRQ_LATENCY - SPEC_REFILL + 1 + 1) * SPEC_REFILL);
    /* nothing in flight survives a trap */
    ins(&t, TC_LOAD, 5, 0, 0, 0);
    c = timing_trap(&t, TRAP_ECALL);
    CHECK_EQ("no load-use across a trap", ALU(&t, 6, 5, 0), 1);
    timing_idle(&t, 100);
    CHECK_EQ("idle stall", t.stall[ST_IDLE], 100);
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
    CHECK_EQ("bad predictor", timing_set_param(&params, "predictor=oracle"), -1);
    CHECK_EQ("bad counter", timing_set_param(&params, "bp_init=4"), -1);
    CHECK_EQ("unchanged after errors", timing_get_param(&params, "div32"), SPEC_DIV32);
    CHECK_EQ("set div32", timing_set_param(&params, "div32=10"), 0);
    fresh(&t);
    CHECK_EQ("div32 after --set", ins(&t, TC_DIV, 5, 6, 7, TF_WORD), 1 + 10);
    CHECK_EQ("set mispredict", timing_set_param(&params, "mispredict=3"), 0);
    CHECK_EQ("set predictor", timing_set_param(&params, "predictor=not-taken"), 0);
    fresh(&t);
    predictor_state(&t, 3);
    CHECK_EQ("static not-taken predictor", ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN), 1 + 3);
    CHECK_EQ("predictor by number", timing_set_param(&params, "predictor=2"), 0);
    fresh(&t);
    CHECK_EQ("static taken predictor", ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN),
             1 + SPEC_BRANCH_TAKEN);
    CHECK_EQ("bad table size", timing_set_param(&params, "bp_entries=100"), -1);
    CHECK_EQ("table size", timing_set_param(&params, "bp_entries=64"), 0);
    CHECK_EQ("table predictor", timing_set_param(&params, "predictor=table"), 0);
    fresh(&t);
    /* two branches at different pcs, one always taken, one never: a table learns both */
    for (int i = 0; i < 4; i++) {
        struct timing_insn br = {TC_BRANCH, 0, 0, 0};
        uint32_t c1 = timing_retire_pc(&t, br, TF_TAKEN, 0x104);
        for (int k = 0; k < 6; k++)
            NOP(&t);
        uint32_t c2 = timing_retire_pc(&t, br, 0, 0x208);
        for (int k = 0; k < 6; k++)
            NOP(&t);
        if (i == 3) {
            CHECK_EQ("table: taken branch learnt", c1, 1 + SPEC_BRANCH_TAKEN);
            CHECK_EQ("table: not-taken branch learnt", c2, 1);
        }
    }
    CHECK_EQ("bp_init", timing_set_param(&params, "bp_init=3"), 0);
    CHECK_EQ("predictor back", timing_set_param(&params, "predictor=global2bit"), 0);
    fresh(&t);
    CHECK_EQ("counter starts at bp_init", ins(&t, TC_BRANCH, 0, 0, 0, TF_TAKEN),
             1 + SPEC_BRANCH_TAKEN);
    timing_params_default(&params);
    CHECK_EQ("reset", timing_get_param(&params, "mispredict"), SPEC_MISPREDICT);
    CHECK_EQ("get unknown", timing_get_param(&params, "nosuch"), -1);
    /* --list-params names every parameter with its value */
    char buf[16384];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    timing_list_params(&params, f);
    fclose(f);
    const char *names[] = {"alu_use", "load_use", "branch_taken", "mispredict", "jal", "jalr",
                           "store_ram", "store_mmio", "mul", "div32", "div64", "div_early",
                           "csr", "csr_raw", "trap_detect", "ecall_stage", "exc_stage",
                           "mem_fault_stage", "fsm_ecall", "fsm_exc", "fsm_irq", "fsm_mret",
                           "refill", "irq_flush", "predictor", "bp_entries", "bp_init"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char line[64];
        snprintf(line, sizeof line, "  %s ", names[i]);
        CHECK_EQ(names[i], strstr(buf, line) != NULL, 1);
    }
    CHECK_EQ("cites the spec", strstr(buf, "docs/timing.md") != NULL, 1);
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
