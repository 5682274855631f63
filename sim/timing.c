/* The timing model's parameters and its out-of-line parts (see timing.h for the model).
 *
 * Stage positions used below, counted from an instruction's issue into EXR at cycle x:
 * EX x+1, BR x+2, MEM x+3, WB x+4; IO is x-2 (the predictor), ID x-1 (MRET is detected).
 *
 * Where the spec and a plain reading of the 8-stage diagram disagree, the spec wins:
 *  - predicted-taken bubbles: a redirect from IO would lose one fetch; the spec says 2.
 *  - misprediction / JAL / JALR: a redirect from BR would cost 5 bubbles (EX, EXR, ID, IO,
 *    IF); the spec says 6 ("the four younger stages plus one fetch").
 *  - store data: the spec says it is never stalled; the published RTL stalls it.
 *  - CSR read-after-write: the spec lists EX, MEM and WB (not BR) as the stages where an
 *    older CSR write stalls a CSR instruction in EXR, as the RTL does; a write in BR does
 *    not stall, so a CSR instruction 2 slots behind a CSR write is not delayed while one 3
 *    slots behind waits 2 cycles.
 *  - the CSR stall: the spec says "stalls the pipeline 1 cycle in ID"; a bubble held in ID
 *    could overlap a data hazard of the same instruction, the RTL instead freezes the whole
 *    pipeline (csr_ready), which never overlaps; we charge a freeze (csr).
 * Choices the spec leaves open: the load-use bubble with one instruction between is
 * load_use - 1 (data comes from MEM into EXR); MUL/DIV results forward like ALU results;
 * synchronous exceptions other than ECALL take the ECALL path; the refill after the trap
 * FSM is IF, IO, ID (3); interrupts are taken irq_flush cycles early (timing_interrupt). */
#include "timing.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

const char *const stall_cause_name[ST_COUNT] = {
    "alu-use", "load-use", "branch", "mispredict", "jump", "store", "multiply", "divide",
    "csr", "trap", "refill", "idle",
};

/* The ONE table of numbers.  Changing a default here changes the model. */
#define P(f) offsetof(struct timing_params, f)
static const struct param {
    const char *name;
    size_t off;
    uint32_t def;
    const char *desc;
} params[] = {
    {"alu_use", P(alu_use), 1,
     "bubbles when the next instruction uses an ALU/MUL/DIV result (docs/timing.md: "
     "Data hazards: 1 bubble; LUI, link and CSR values forward from EX without one)"},
    {"load_use", P(load_use), 2,
     "bubbles when the next instruction uses a load result (docs/timing.md: Data "
     "hazards: load-use 2; one instruction between costs load_use-1 = 1: data comes from MEM)"},
    {"branch_taken", P(branch_taken), 2,
     "bubbles after a correctly predicted taken branch (docs/timing.md: Control flow: "
     "predicted-taken 2)"},
    {"mispredict", P(mispredict), 6,
     "bubbles after a mispredicted branch, either direction (docs/timing.md: Control "
     "flow: misprediction 6)"},
    {"jal", P(jal), 6,
     "bubbles after JAL, never predicted (docs/timing.md: Control flow: JAL 6)"},
    {"jalr", P(jalr), 6,
     "bubbles after JALR, never predicted (docs/timing.md: Control flow: JALR 6)"},
    {"store_ram", P(store_ram), 1,
     "pipeline freeze per store to RAM (docs/timing.md: Memory: two-cycle write, 1)"},
    {"store_mmio", P(store_mmio), 0,
     "pipeline freeze per store to a device (docs/timing.md: Memory: MMIO no stall)"},
    {"mul", P(mul), 4,
     "pipeline freeze per MUL* (docs/timing.md: Multiply and divide: about 4)"},
    {"div32", P(div32), 35,
     "pipeline freeze per 32-bit DIV*/REM* (XLEN=32 or W form) (docs/timing.md: "
     "Multiply and divide: about 35, derived: 32 iterations + 3)"},
    {"div64", P(div64), 67,
     "pipeline freeze per 64-bit DIV*/REM* (docs/timing.md: Multiply and divide: "
     "67-68, derived: 64 iterations + 3)"},
    {"div_early", P(div_early), 1,
     "pipeline freeze for a divide by zero or overflow (docs/timing.md: finish early; "
     "derived: the divider flags them in its start cycle and never goes busy)"},
    {"csr", P(csr), 1,
     "pipeline freeze per CSR instruction (docs/timing.md: CSRs: 1 cycle in ID)"},
    {"csr_raw", P(csr_raw), 1,
     "1: a CSR instruction waits in EXR while an older CSR write is in EX, MEM or WB "
     "(docs/timing.md: Data hazards); 0: no such interlock"},
    {"trap_detect", P(trap_detect), 1,
     "cycles the registered exception detector adds before the FSM reacts "
     "(docs/timing.md: Trap controller: +1)"},
    {"ecall_stage", P(ecall_stage), 2,
     "cycles from ECALL's issue (EXR) to the stage that raises it, BR "
     "(docs/timing.md: Trap controller: ECALL raised in BR)"},
    {"exc_stage", P(exc_stage), 2,
     "same for illegal instruction, EBREAK and fetch faults (raised with ECALL in BR; "
     "docs/timing.md: source priority)"},
    {"mem_fault_stage", P(mem_fault_stage), 3,
     "same for misaligned/faulting loads and stores, raised in MEM "
     "(docs/timing.md: source priority MEM first)"},
    {"fsm_ecall", P(fsm_ecall), 9,
     "trap FSM cycles for ECALL, IDLE..GOTO_MTVEC with the 3-cycle drain "
     "(docs/timing.md: Trap controller: 9)"},
    {"fsm_exc", P(fsm_exc), 9,
     "trap FSM cycles for other exceptions: the synchronous (ECALL) path "
     "(docs/timing.md: Trap controller; paper II-B1)"},
    {"fsm_irq", P(fsm_irq), 6,
     "trap FSM cycles for timer, software and external interrupts "
     "(docs/timing.md: Trap controller: interrupt 6)"},
    {"fsm_mret", P(fsm_mret), 6,
     "trap FSM cycles for MRET (docs/timing.md: Trap controller: MRET 6)"},
    {"refill", P(refill), 3,
     "cycles after the FSM's last state before the new PC's first instruction issues: "
     "IF, IO, ID (docs/timing.md: Pipeline; derived from the 8 stages)"},
    {"irq_flush", P(irq_flush), 1,
     "instructions issued up to this many cycles before an interrupt's assertion have not "
     "completed when the FSM freezes the pipeline and are re-executed after MRET "
     "(docs/timing.md: mepc = oldest not completed; derived: WB is issue+4, the FSM "
     "leaves IDLE at assertion+trap_detect+2)"},
    {"predictor", P(predictor), BP_GLOBAL2BIT,
     "global2bit (0): ONE global 2-bit counter, IO, updated at BR (docs/timing.md: "
     "Control flow); what-ifs: not-taken (1), taken (2), table (3): bp_entries counters "
     "indexed by pc"},
    {"bp_entries", P(bp_entries), 256,
     "counters of predictor=table, a power of two up to 4096 (what-if; the spec's core has "
     "one: docs/timing.md: Control flow)"},
    {"bp_init", P(bp_init), 0,
     "reset value of the global counter, 0..3 (derived: the RTL resets it to 00)"},
};
#define NPARAMS (sizeof params / sizeof params[0])

static uint32_t *field(struct timing_params *p, const struct param *q)
{
    return (uint32_t *)((char *)p + q->off);
}

static uint32_t value(const struct timing_params *p, const struct param *q)
{
    return *(const uint32_t *)((const char *)p + q->off);
}

static const char *const predictor_name[] = {"global2bit", "not-taken", "taken", "table"};

void timing_params_default(struct timing_params *p)
{
    for (size_t i = 0; i < NPARAMS; i++)
        *field(p, &params[i]) = params[i].def;
}

void timing_init(struct timing *t, const struct timing_params *p)
{
    memset(t, 0, sizeof *t);
    t->p = *p;
    /* Pipeline time starts far from 0 so that "a CSR write 1..4 cycles ago" never matches
     * the zeroed history. */
    t->now = 64;
    memset(t->bp, (int)(p->bp_init & 3), sizeof t->bp);
    for (int c = 0; c < TC_COUNT; c++) {
        t->lat[c] = 1; /* LUI, JAL/JALR link, CSR value: forwarded from EX, no bubble */
        t->lat_cause[c] = ST_ALU_USE;
    }
    /* MUL and DIV results leave EX like an ALU result (model choice: the spec's ALU-use
     * rule names "the ALU instruction"; the multiplier and divider sit in EX) */
    t->lat[TC_ALU] = t->lat[TC_MUL] = t->lat[TC_DIV] = (uint8_t)(1 + p->alu_use);
    t->lat[TC_LOAD] = (uint8_t)(1 + p->load_use);
    t->lat_cause[TC_LOAD] = ST_LOAD_USE;
}

int timing_set_param(struct timing_params *p, const char *assignment)
{
    const char *eq = strchr(assignment, '=');
    if (!eq || eq == assignment) {
        fprintf(stderr, "tempo-sim: --set expects name=value, got '%s'\n", assignment);
        return -1;
    }
    size_t n = (size_t)(eq - assignment);
    const char *val = eq + 1;
    for (size_t i = 0; i < NPARAMS; i++) {
        if (strlen(params[i].name) != n || strncmp(params[i].name, assignment, n))
            continue;
        uint32_t *f = field(p, &params[i]);
        if (f == &p->predictor) {
            for (unsigned k = 0; k <= BP_TABLE; k++)
                if (!strcmp(val, predictor_name[k])) {
                    p->predictor = k;
                    return 0;
                }
        }
        char *end;
        unsigned long v = strtoul(val, &end, 0);
        int bad = !*val || *end || *val == '-' || v > 100000;
        if ((f == &p->alu_use || f == &p->load_use) && v > 200)
            bad = 1; /* kept in a byte per class */
        if (f == &p->predictor && v > BP_TABLE)
            bad = 1;
        if (f == &p->bp_entries && (v == 0 || v > TIMING_BP_MAX || (v & (v - 1))))
            bad = 1;
        if (f == &p->bp_init && v > 3)
            bad = 1;
        if (f == &p->csr_raw && v > 1)
            bad = 1;
        if (bad) {
            fprintf(stderr, "tempo-sim: bad value '%s' for timing parameter %s\n", val,
                    params[i].name);
            return -1;
        }
        *f = (uint32_t)v;
        return 0;
    }
    fprintf(stderr, "tempo-sim: unknown timing parameter '%.*s' (see --list-params)\n",
            (int)n, assignment);
    return -1;
}

long long timing_get_param(const struct timing_params *p, const char *name)
{
    for (size_t i = 0; i < NPARAMS; i++)
        if (!strcmp(params[i].name, name))
            return value(p, &params[i]);
    return -1;
}

void timing_list_params(const struct timing_params *p, FILE *out)
{
    fprintf(out, "timing parameters (--set name=value; cycles unless stated):\n");
    for (size_t i = 0; i < NPARAMS; i++) {
        uint32_t v = value(p, &params[i]);
        if (params[i].off == offsetof(struct timing_params, predictor) && v <= BP_TABLE)
            fprintf(out, "  %-16s %-10s %s\n", params[i].name, predictor_name[v],
                    params[i].desc);
        else
            fprintf(out, "  %-16s %-10u %s\n", params[i].name, v, params[i].desc);
    }
}

/* A conditional branch at `pc` whose natural issue slot was x0 and which issued at x
 * (after operand bubbles).  IO looked at the counter at x0 - 2 (when the branch left IO);
 * the counter is updated when the branch is in BR (x + 2), visible from x + 3. */
static void bp_apply(struct timing *t)
{
    uint8_t *c = &t->bp[t->bp_index[t->bp_head]];
    *c = t->bp_taken[t->bp_head] ? (*c < 3 ? *c + 1 : 3) : (*c ? *c - 1 : 0);
    t->bp_head = (t->bp_head + 1) % TIMING_BP_FIFO;
    t->bp_count--;
}

uint32_t timing_branch(struct timing *t, uint64_t x0, uint64_t x, unsigned flags, uint64_t pc)
{
    const struct timing_params *p = &t->p;
    unsigned taken = (flags & TF_TAKEN) != 0;
    while (t->bp_count && t->bp_at[t->bp_head] + 2 <= x0)
        bp_apply(t);
    unsigned index = p->predictor == BP_TABLE ? (unsigned)(pc >> 2) & (p->bp_entries - 1) : 0;
    unsigned predict = p->predictor == BP_NOT_TAKEN ? 0
                       : p->predictor == BP_TAKEN   ? 1
                                                    : t->bp[index] >> 1;
    if (t->bp_count == TIMING_BP_FIFO) /* cannot happen: at most 4 fit in 5 cycles */
        bp_apply(t);
    unsigned tail = (t->bp_head + t->bp_count) % TIMING_BP_FIFO;
    t->bp_at[tail] = x + 3;
    t->bp_taken[tail] = (uint8_t)taken;
    t->bp_index[tail] = (uint16_t)index;
    t->bp_count++;
    t->branches++;
    uint32_t bubbles;
    if (predict != taken) {
        t->mispredicts++;
        bubbles = p->mispredict;
        t->stall[ST_MISPREDICT] += bubbles;
    } else {
        bubbles = taken ? p->branch_taken : 0;
        t->stall[ST_BRANCH] += bubbles;
    }
    t->now += bubbles;
    return bubbles;
}

/* A CSR instruction in EXR at pipeline time x: the read-after-write interlock, then the
 * 1-cycle freeze every CSR instruction costs. */
uint32_t timing_csr_raw(struct timing *t, uint64_t x, unsigned flags)
{
    const struct timing_params *p = &t->p;
    uint32_t bubbles = 0;
    if (p->csr_raw) {
        for (unsigned i = 0; i < TIMING_CSRW; i++) {
            uint64_t d = x + bubbles - t->csrw[i];
            if (d == 1 || d == 3 || d == 4) { /* older write in EX, MEM or WB */
                bubbles++;
                i = (unsigned)-1; /* look at every write again one cycle later */
            }
        }
    }
    t->now += bubbles;
    if (flags & TF_CSR_WRITE) {
        t->csrw[t->csrw_n] = x + bubbles;
        t->csrw_n = (t->csrw_n + 1) % TIMING_CSRW;
    }
    t->stall[ST_CSR] += bubbles + p->csr;
    return bubbles + p->csr;
}

static uint32_t charge_trap(struct timing *t, uint32_t fsm_part)
{
    t->stall[ST_TRAP] += fsm_part;
    t->stall[ST_REFILL] += t->p.refill;
    uint32_t cost = fsm_part + t->p.refill;
    t->now += cost;
    return cost;
}

/* Synchronous trap: 1 (the trapping instruction's issue) + the stages until it is raised
 * + the registered detector + the FSM + the refill from mtvec.  All of it is charged as
 * stall (the trapping instruction does not retire). */
uint32_t timing_trap(struct timing *t, enum trap_kind kind)
{
    const struct timing_params *p = &t->p;
    switch (kind) {
    case TRAP_ECALL:
        return charge_trap(t, 1 + p->ecall_stage + p->trap_detect + p->fsm_ecall);
    case TRAP_MEM_FAULT:
        return charge_trap(t, 1 + p->mem_fault_stage + p->trap_detect + p->fsm_exc);
    case TRAP_INTERRUPT:
        return charge_trap(t, 1 + p->trap_detect + p->fsm_irq);
    case TRAP_EXCEPTION:
    default:
        return charge_trap(t, 1 + p->exc_stage + p->trap_detect + p->fsm_exc);
    }
}

/* Interrupt latency, from the assertion cycle A to the first handler instruction issuing:
 * A itself (the line is sampled at its end) + trap_detect + fsm_irq + refill.  The FSM runs
 * whatever the pipeline holds (bubbles after a jump, a frozen divide), so the handler issues
 * at A + latency wherever the boundary falls.  One approximation: an interrupt asserted
 * during a long freeze (DIV) more than the latency before its end; the RTL would flush the
 * divide and redo it after MRET, the model lets it complete and charges only the refill. */
uint32_t timing_interrupt(struct timing *t, uint64_t mcycle_now, uint64_t asserted_at)
{
    const struct timing_params *p = &t->p;
    uint64_t a = asserted_at;
    if (a > mcycle_now + p->irq_flush)
        a = mcycle_now + p->irq_flush;
    uint64_t handler = a + 1 + p->trap_detect + p->fsm_irq + p->refill;
    uint64_t earliest = mcycle_now + 1 + p->refill;
    if (handler < earliest)
        handler = earliest;
    return charge_trap(t, (uint32_t)(handler - mcycle_now - p->refill));
}

/* MRET is detected in ID, one stage before its issue: the detector's register cycle
 * coincides with MRET's own issue cycle (the base cycle the caller counts). */
uint32_t timing_mret(struct timing *t)
{
    const struct timing_params *p = &t->p;
    uint32_t detect = p->trap_detect ? p->trap_detect - 1 : 0;
    return 1 + charge_trap(t, detect + p->fsm_mret);
}
