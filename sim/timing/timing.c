/* The timing model: the parameter table and the cycle-by-cycle pipeline (see timing.h).
 *
 * The rules are the paper's RTL (its published hazard unit, CSR file, data memory, ALU
 * controller, trap controller and branch predictor), checked cycle by cycle against the
 * compiled RTL of the paper's SoC with the micro-programs of tests/rtl/ (docs/timing-rtl.md
 * lists every measurement).  Where docs/timing.md said otherwise, the RTL wins; the
 * parameters keep the spec's what-ifs (csr_raw=0, store_data=0, predictor=...).
 *
 * Stage positions of one instruction that enters EXR at cycle x in a pipeline that does not
 * freeze: ID x-1, EX x+1, BR x+2, MEM x+3, WB x+4; IO x-2 (branch prediction). */
#include "timing.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

const char *const stall_cause_name[ST_COUNT] = {
    "alu-use", "load-use", "branch", "mispredict", "jump", "store", "multiply", "divide",
    "csr", "trap", "refill", "idle",
};

/* The ONE table of numbers.  Changing a default here changes the model.  "RTL:" cites the
 * RTL cross-check (tests/rtl/, docs/timing-rtl.md): a micro-program measurement on the
 * paper's compiled SoC, or the RTL signal the rule is. */
#define P(f) offsetof(struct timing_params, f)
static const struct param {
    const char *name;
    size_t off;
    uint32_t def, max;
    const char *desc;
} params[] = {
    {"alu_use", P(alu_use), 1, 1,
     "1: an ALU/AUIPC/MUL/DIV result in EX stalls its consumer in EXR one cycle; 0: it "
     "forwards (RTL: ex_stall_rs1/rs2; s-alu-chain 8 per 4; docs/timing.md: Data "
     "hazards; LUI, link and CSR values forward from EX either way)"},
    {"load_use", P(load_use), 2, 2,
     "stages a load result is not forwarded from: 2 = EX and BR (2 bubbles right behind, 1 "
     "with one instruction between), 1 = EX only, 0 = none (RTL: load_br_use; s-load-use 16 "
     "per 4, s-load-use-1-between 16)"},
    {"store_data", P(store_data), 1, 1,
     "1: a store's data register stalls like any operand (RTL: ex_stall_store, "
     "load_br_use_store; s-store-alu-data 16, s-store-load-data 20 per 4); 0: never "
     "(the first docs/timing.md)"},
    {"branch_taken", P(branch_taken), 2, 200,
     "bubbles after a correctly predicted taken branch (RTL: s-branch-taken-predicted 12 per "
     "4; docs/timing.md: Control flow)"},
    {"mispredict", P(mispredict), 6, 200,
     "bubbles after a mispredicted branch, either direction, resolved in BR (RTL: "
     "s-branch-taken-then-not 32, s-branch-not-then-taken 40 per 4; spec: 6)"},
    {"jal", P(jal), 6, 200,
     "bubbles after JAL, resolved in BR (RTL: s-jal 28 per 4; docs/timing.md: 6)"},
    {"jalr", P(jalr), 6, 200,
     "bubbles after JALR, resolved in BR (RTL: s-jal-jalr 56 per 4; docs/timing.md: 6)"},
    {"store_ram", P(store_ram), 1, 1,
     "1: a store to RAM freezes the pipeline in its first MEM cycle (RTL: write_done, "
     "write_phase; s-store 8 per 4, store-ram-x4 6); 0: no freeze"},
    {"store_mmio", P(store_mmio), 0, 1,
     "1: a device store freezes like a RAM store; 0: not (RTL: write_enable excludes "
     "mmio_hit; s-store-mmio 4 per 4)"},
    {"mul", P(mul), 4, 1000,
     "pipeline freeze per MUL*: the multiplier's start cycle + 3 busy cycles (RTL: s-mul 20 "
     "per 4; mul-use 14: it restarts when a freeze holds it in EX as it finishes)"},
    {"div32", P(div32), 36, 1000,
     "pipeline freeze per 32-bit DIV*/REM* (XLEN=32 or W form): start + 35 busy (RTL: "
     "s-div32 148 per 4; div-32-use 78: a restart, as for MUL)"},
    {"div64", P(div64), 68, 1000,
     "pipeline freeze per 64-bit DIV*/REM*: start + 67 busy (RTL: s-div64 276 per 4)"},
    {"div_early", P(div_early), 1, 1000,
     "pipeline freeze for a divide by zero or overflow (RTL: s-div32-by-zero 8 per 4)"},
    {"data_port", P(data_port), 64, 64,
     "data memory port width: 64 = XLEN wide (RTL: Data_Memory.v, 8 byte banks); 32 = the "
     "paper's hypothesis, what-if: an 8-byte load or store takes a second beat (one more "
     "freeze cycle in MEM)"},
    {"csr", P(csr), 1, 1,
     "1: a CSR address in ID freezes the pipeline one cycle, again every second cycle while "
     "it stays there (RTL: csr_ready, csr_processing; decoded from bits 31:20 of any "
     "instruction; s-csrr-4nop 24 per 4, alu-use 6); 0: no CSR freeze"},
    {"csr_raw", P(csr_raw), 1, 1,
     "1: a CSR instruction (csrr included: funct3 != 0) waits in EXR while an older one is in "
     "EX, MEM or WB (RTL: csr_data_hazard; s-csrr 28, s-csrr-2nop 24 per 4); 0: no interlock"},
    {"read_lag", P(read_lag), 2, 8,
     "cycles between a CSR instruction's counter read and its entry into EXR: the value "
     "carried is the one captured in its second-last ID cycle (RTL: csr_read_out; mul 3, "
     "store-ram 3)"},
    {"trap_detect", P(trap_detect), 1, 100,
     "cycles the registered exception detector adds before the FSM reacts (RTL: "
     "Exception_Detector.v; docs/timing.md: Trap controller: +1)"},
    {"ecall_stage", P(ecall_stage), 0, 100,
     "stages after ID where ECALL is raised: 0 = ID (RTL: ECALL detected in ID; s-ecall 176 "
     "per 4, ecall-to-handler 15)"},
    {"exc_stage", P(exc_stage), 3, 100,
     "stages after ID where illegal instruction, EBREAK and fetch faults are raised: BR "
     "(derived; not measured: the RTL has no illegal-instruction trap and EBREAK enters its "
     "debug mode)"},
    {"mem_fault_stage", P(mem_fault_stage), 4, 100,
     "stages after ID where misaligned/faulting loads and stores are raised: MEM "
     "(RTL: MEM has the detector's highest priority; not measured)"},
    {"fsm_ecall", P(fsm_ecall), 9, 1000,
     "trap FSM cycles for ECALL: IDLE with standby, MEM/WB/RTRE_STANDBY, ECALL_MEPC_WRITE, "
     "WRITE_MEPC, WRITE_MCAUSE, READ_MTVEC, GOTO_MTVEC (RTL trace: handler in EXR 14 cycles "
     "after ECALL was in ID)"},
    {"fsm_exc", P(fsm_exc), 9, 1000,
     "trap FSM cycles for other exceptions (derived: taken like ECALL; not measured)"},
    {"fsm_irq", P(fsm_irq), 6, 1000,
     "trap FSM cycles for the timer interrupt: IDLE, IRQ_MEPC_WRITE, WRITE_MEPC, "
     "WRITE_MCAUSE, READ_MTVEC, GOTO_MTVEC (RTL: timer-store-to-handler 17)"},
    {"fsm_mret", P(fsm_mret), 6, 1000,
     "trap FSM cycles for MRET: IDLE, READ_MEPC, RETURN_MRET, RETURN_MRET_D1/D2, GOTO_MRET "
     "(RTL: mret-to-next 12)"},
    {"refill", P(refill), 3, 100,
     "cycles from the FSM's last state until the new instruction enters ID: IF, IO, and the "
     "fetch the FSM's last state squashes (RTL: derived from the traps' totals)"},
    {"irq_flush", P(irq_flush), 2, 100,
     "instructions entering EXR up to this many cycles before the interrupt's line rises "
     "complete; later ones are cut and re-executed after MRET (RTL: the trap controller "
     "saves MEM_pc; timer-mepc-offset 12)"},
    {"mmio_effect", P(mmio_effect), 4, 100,
     "cycles from a device store's entry into EXR to the device seeing it: a store that "
     "raises an interrupt raises it then (RTL: the store writes in MEM, the line rises the "
     "next cycle)"},
    {"mret_mepc_window", P(mret_mepc_window), 3, 100,
     "an MRET fewer than this many instructions after a CSR write to mepc returns to the old "
     "mepc (RTL: mret-after-csrw-mepc-N-between 2 for N = 0..2; with 3 between the RTL writes "
     "0 to mepc, not modelled); 0: no hazard"},
    {"ecall_mepc_wait", P(ecall_mepc_wait), 0, 1,
     "1: an ECALL fetched in sequence behind an instruction that waits in EXR for an operand "
     "saves that instruction's pc as mepc, as the RV64 netlist does (RTL: "
     "ecall-bgeu-ld0-nt-p0 4, ecall-bgeu-ld0-t-p0 0); 0: its own pc, as the machine that "
     "measured Table II (docs/timing-rtl.md)"},
    {"predictor", P(predictor), BP_GLOBAL2BIT, BP_TABLE,
     "global2bit (0): ONE global 2-bit counter, read in IO, updated in BR (RTL: "
     "Branch_Predictor.v); what-ifs: not-taken (1), taken (2), table (3): bp_entries counters "
     "indexed by pc"},
    {"bp_entries", P(bp_entries), 256, TIMING_BP_MAX,
     "counters of predictor=table, a power of two up to 4096 (what-if; the RTL has one)"},
    {"bp_init", P(bp_init), 0, 3,
     "reset value of the counter, 0..3 (RTL: Branch_Predictor.v resets it to 00)"},
    {"bp_frozen", P(bp_frozen), 1, 1,
     "1: the counter counts a branch once per cycle it sits in BR, frozen cycles included "
     "(RTL: Branch_Predictor.v updates on every clock with EX2_branch); 0: once per branch"},
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
    memset(t, 0, sizeof *t); /* (no code memory until timing_attach_code) */
    t->p = *p;
    memset(t->bp, (int)(p->bp_init & 3), sizeof t->bp);
    t->bp_io = (uint8_t)(p->bp_init & 3);
}

void timing_attach_code(struct timing *t, const uint8_t *mem, uint64_t base, uint64_t size,
                        unsigned xlen)
{
    t->code = mem;
    t->code_base = base;
    t->code_size = size;
    t->xlen = xlen;
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
        int bad = !*val || *end || *val == '-' || v > params[i].max;
        if (f == &p->bp_entries && (v == 0 || (v & (v - 1))))
            bad = 1;
        if (f == &p->data_port && v != 32 && v != 64)
            bad = 1;
        if ((f == &p->mul || f == &p->div32 || f == &p->div64 || f == &p->div_early) && v == 0)
            bad = 1; /* the unit's start cycle is always there */
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

/* id_cause while the next instruction's fetch misses in the I$: no stall cause of ours */
#define ID_FETCH_MISS ST_COUNT

/* ---- the pipeline -------------------------------------------------------------------- */

static uint32_t code_word(const struct timing *t, uint64_t pc);

/* A wrong-path instruction at `pc`: a bubble that may still freeze the pipeline in ID. */
static struct tslot wrong_slot(const struct timing *t, uint64_t pc)
{
    struct tslot s = {0};
    s.valid = 1;
    s.wrong = 1;
    s.csr_acc = timing_csr_address(code_word(t, pc), t->xlen) && t->p.csr;
    return s;
}

/* The word at `pc` in code memory, 0 outside it. */
static uint32_t code_word(const struct timing *t, uint64_t pc)
{
    if (!t->code || pc - t->code_base > t->code_size - 4 || (pc & 3))
        return 0;
    const uint8_t *w = t->code + (pc - t->code_base);
    return (uint32_t)w[0] | (uint32_t)w[1] << 8 | (uint32_t)w[2] << 16 | (uint32_t)w[3] << 24;
}

/* The offset of the conditional branch at `pc` (its predicted-taken target). */
static int64_t branch_offset(const struct timing *t, uint64_t pc)
{
    uint32_t r = code_word(t, pc);
    uint32_t imm = (r >> 31 & 1) << 12 | (r >> 7 & 1) << 11 | (r >> 25 & 0x3f) << 5 |
                   (r >> 8 & 0xf) << 1;
    int64_t off = (int64_t)imm - (int64_t)(imm & 0x1000) * 2; /* sign bit 12 */
    return r ? off : 4;
}

/* The producer in `p` (EX or BR) holds up a consumer of register r in EXR. */
static bool holds(const struct timing *t, const struct tslot *p, unsigned r, bool in_br)
{
    if (!p->valid || p->wrong || !p->rd || p->rd != r)
        return false;
    if (in_br)
        return p->load && t->p.load_use >= 2;
    if (p->load)
        return t->p.load_use >= 1;
    return !p->fwd && t->p.alu_use;
}

static bool operand_wait(const struct timing *t, const struct tslot *c, uint8_t *cause)
{
    for (int s = TS_EX; s <= TS_BR; s++) {
        const struct tslot *p = &t->st[s];
        bool br = s == TS_BR;
        if ((c->rs1 && holds(t, p, c->rs1, br)) || (c->rs2 && holds(t, p, c->rs2, br)) ||
            (c->sdata && t->p.store_data && holds(t, p, c->sdata, br))) {
            *cause = p->load ? ST_LOAD_USE : ST_ALU_USE;
            return true;
        }
    }
    return false;
}

/* What freezes the whole pipeline this cycle (RTL hazard unit: !csr_ready, MUL/DIV start
 * or busy, !write_done). */
struct freeze {
    bool csr_access;  /* a CSR address sits in ID */
    bool csr, md_start, md, do_write, mem, any;
};

static struct freeze freeze_of(const struct timing *t)
{
    const struct tslot *id = &t->st[TS_ID], *ex = &t->st[TS_EX], *br = &t->st[TS_BR],
                       *mem = &t->st[TS_MEM];
    struct freeze z;
    z.csr_access = id->valid && id->csr_acc;
    /* (a wrong-path CSR address in ID as a jump leaves BR does not hold it, as the RTL
     * squashes EX for a jump whatever csr_ready says, for a mispredict only with csr_ready:
     * RTL jal-x4 32, call-return 25, branch-not-taken-counter2 10) */
    z.csr = z.csr_access && !t->csr_proc &&
            !(id->wrong && br->valid && !br->wrong && br->redirect && !br->branch);
    z.md_start = ex->valid && !ex->wrong && ex->busy && !t->md_inflight;
    z.md = z.md_start || t->md_busy;
    z.do_write = mem->valid && mem->store_ram;
    z.mem = (z.do_write && !t->write_phase) || (mem->valid && t->beat < mem->beats);
    z.any = z.csr || z.md || z.mem;
    return z;
}

/* A frozen cycle: nothing moves but the extra beats of a memory access and the wait for
 * fetch; *cause gets the freeze's. */
static void hold(struct timing *t, const struct freeze *z, uint8_t *cause)
{
    const struct tslot *ex = &t->st[TS_EX], *mem = &t->st[TS_MEM];
    *cause = z->csr ? ST_CSR : z->md ? (ex->cls == TC_MUL ? ST_MUL : ST_DIV) : ST_STORE;
    if (mem->valid && t->beat < mem->beats && !(z->do_write && !t->write_phase))
        t->beat++;
    if (t->id_ready != UINT64_MAX && t->id_ready > t->cyc && t->id_cause != ST_TRAP &&
        t->id_cause != ST_REFILL && t->id_cause != ID_FETCH_MISS)
        t->id_ready++; /* fetch holds too */
}

/* The instruction in EXR waits this cycle (a bubble enters EX): for an operand, or for an
 * older CSR instruction in EX, MEM or WB; *cause gets what it waits for. */
static bool exr_waits(const struct timing *t, uint8_t *cause)
{
    const struct tslot *exr = &t->st[TS_EXR], *ex = &t->st[TS_EX], *mem = &t->st[TS_MEM],
                       *wb = &t->st[TS_WB];
    if (operand_wait(t, exr, cause))
        return true;
    if (t->p.csr_raw && exr->csr_we &&
        ((ex->valid && !ex->wrong && ex->csr_we) || (mem->valid && mem->csr_we) ||
         (wb->valid && wb->csr_we))) {
        *cause = ST_CSR;
        return true;
    }
    return false;
}

/* A cycle without a freeze: everything moves one stage, except that the front (IF..EXR)
 * holds and a bubble enters EX while EXR waits; a jump or mispredicted branch leaving BR
 * squashes the wrong path.  Returns true when the instruction in ID moved to EXR. */
static bool advance(struct timing *t, uint8_t *cause)
{
    struct tslot *id = &t->st[TS_ID], *exr = &t->st[TS_EXR], *ex = &t->st[TS_EX],
                 *br = &t->st[TS_BR], *mem = &t->st[TS_MEM], *wb = &t->st[TS_WB];
    bool redirect = br->valid && !br->wrong && br->redirect;
    bool wait = exr->valid && !exr->wrong && !redirect && exr_waits(t, cause);
    bool moved = false;
    *wb = *mem;
    *mem = *br;
    t->beat = 0;
    *br = *ex;
    if (wait) {
        memset(ex, 0, sizeof *ex);
        if (t->id_ready != UINT64_MAX && t->id_ready > t->cyc && t->id_cause == ST_BRANCH)
            t->id_ready++; /* IF and IO hold behind the stalled branch */
    } else {
        *ex = *exr;
        *exr = *id;
        moved = id->valid && !id->wrong;
        memset(id, 0, sizeof *id);
        if (moved && exr->redirect && exr->pen <= 2) {
            /* what-if: resolved before BR (jal=2: in ID) */
            exr->redirect = 0;
            t->wrong_on = 0;
            t->id_ready = t->cyc + 1 + exr->pen;
        }
    }
    if (redirect) {
        /* the jump or mispredicted branch (now in MEM) squashes the wrong path; its
         * target reaches ID `redirect` - 2 cycles after this one (6 bubbles in all) */
        for (int s = TS_ID; s <= TS_BR; s++)
            if (t->st[s].wrong)
                memset(&t->st[s], 0, sizeof t->st[s]);
        t->wrong_on = 0;
        t->id_ready = t->cyc + mem->pen - 2;
        mem->redirect = 0;
    }
    return moved;
}

/* The state beside the stages at the end of a cycle: the CSR file, the data memory, the
 * multiplier/divider and the branch counter (`in_br`: the branch whose BR cycle it was). */
static void tick_units(struct timing *t, const struct freeze *z, const struct tslot *in_br)
{
    const struct tslot *ex = &t->st[TS_EX];
    /* the CSR file's csr_processing toggles while a CSR address sits in ID */
    t->csr_proc = z->csr_access && !t->csr_proc;
    /* the data memory's write phase */
    if (z->do_write && !t->write_phase)
        t->write_phase = 1;
    else if (!z->any)
        t->write_phase = 0;
    /* multiplier/divider (RTL ALU_Controller.v: a unit that finishes while a freeze keeps
     * its instruction in EX starts again) */
    if (z->md_start) {
        t->md_inflight = 1;
        t->md_busy = (uint16_t)(ex->busy - 1);
    } else if (t->md_busy) {
        t->md_busy--;
    } else {
        t->md_inflight = 0;
    }
    /* the counter: the correct-path branch that sat in BR this cycle */
    if (in_br->valid && !in_br->wrong && in_br->branch && (t->p.bp_frozen || !z->any)) {
        uint8_t *c = &t->bp[in_br->bp_index];
        *c = in_br->taken ? (*c < 3 ? *c + 1 : 3) : (*c ? *c - 1 : 0);
    }
}

/* One clock.  Returns true when the instruction in ID moved to EXR; *cause gets what held
 * the pipeline otherwise. */
static bool clock(struct timing *t, uint8_t *cause)
{
    /* IO reads the counter as it is during this cycle (timing.h: place) */
    t->bp_io = t->bp[0];
    const struct freeze z = freeze_of(t);
    const struct tslot was_br = t->st[TS_BR];
    bool moved = false;
    if (z.any)
        hold(t, &z, cause);
    else
        moved = advance(t, cause);
    tick_units(t, &z, z.any ? &t->st[TS_BR] : &was_br);
    t->cyc++;
    return moved;
}

/* The instruction enters ID this cycle: prediction, and what fetch does behind it. */
static void place(struct timing *t, struct tslot *s, unsigned flags, uint64_t pc)
{
    const struct timing_params *p = &t->p;
    if (s->cls == TC_BRANCH) {
        unsigned taken = (flags & TF_TAKEN) != 0;
        unsigned predict = p->predictor == BP_NOT_TAKEN ? 0
                           : p->predictor == BP_TAKEN   ? 1
                           : p->predictor == BP_TABLE   ? t->bp[s->bp_index] >> 1
                                                        : t->bp_io >> 1;
        t->branches++;
        if (predict) {
            /* redirected from IO: the target reaches ID branch_taken + 1 cycles later */
            t->id_ready = t->cyc + 1 + p->branch_taken;
            t->id_cause = ST_BRANCH;
        }
        if (predict != taken) {
            t->mispredicts++;
            s->redirect = 1;
            s->pen = (uint8_t)p->mispredict;
            t->id_ready = UINT64_MAX;
            t->id_cause = ST_MISPREDICT;
            /* the wrong path behind it: the fall-through, or the target sequence after the
             * predicted-taken bubbles */
            t->wrong_on = 1;
            t->wrong_pc = taken ? pc + 4 : pc + (uint64_t)branch_offset(t, pc);
            t->wrong_at = predict ? t->cyc + 1 + p->branch_taken : t->cyc + 1;
        }
    } else if (s->cls == TC_JAL || s->cls == TC_JALR) {
        s->redirect = 1;
        s->pen = (uint8_t)(s->cls == TC_JAL ? p->jal : p->jalr);
        t->id_ready = UINT64_MAX;
        t->id_cause = ST_JUMP;
        t->wrong_on = 1;
        t->wrong_pc = pc + 4;
        t->wrong_at = t->cyc + 1;
    }
    t->st[TS_ID] = *s;
}

static struct tslot make_slot(const struct timing *t, struct timing_insn in, unsigned flags, uint64_t pc)
{
    const struct timing_params *p = &t->p;
    struct tslot s = {0};
    s.valid = 1;
    s.cls = in.cls;
    s.rd = in.rd;
    s.rs1 = in.rs1;
    if (in.cls == TC_STORE)
        s.sdata = in.rs2;
    else
        s.rs2 = in.rs2;
    s.fwd = in.cls == TC_LUI || in.cls == TC_JAL || in.cls == TC_JALR || in.cls == TC_CSR;
    s.load = in.cls == TC_LOAD;
    s.store_ram = in.cls == TC_STORE && (flags & TF_MMIO ? p->store_mmio : p->store_ram);
    s.csr_acc = (flags & TF_CSR_ACCESS) && p->csr;
    s.csr_we = in.cls == TC_CSR;
    if ((in.cls == TC_LOAD || in.cls == TC_STORE) && (flags & TF_DOUBLE) && p->data_port == 32)
        s.beats = 1;
    if (in.cls == TC_MUL)
        s.busy = (uint16_t)p->mul;
    else if (in.cls == TC_DIV)
        s.busy = (uint16_t)(flags & TF_DIV_EARLY ? p->div_early
                            : flags & TF_WORD    ? p->div32
                                                 : p->div64);
    if (in.cls == TC_BRANCH) {
        s.branch = 1;
        s.taken = (flags & TF_TAKEN) != 0;
        s.bp_index = (uint16_t)timing_bp_index(t, pc);
    }
    return s;
}

/* Clock until the slot has entered ID (and, with `to_exr`, moved on to EXR).  Each cycle
 * that is not the instruction's own move is charged to what held it. */
static uint64_t run_until(struct timing *t, struct tslot *s, unsigned flags, uint64_t pc,
                          bool to_exr)
{
    bool placed = false;
    uint64_t in_id = 0;
    for (;;) {
        if (!placed && t->fetch_delay && t->cyc >= t->id_ready && !t->st[TS_ID].valid) {
            /* an instruction-cache miss: the fetch starts now (timing_fetch_wait) */
            t->id_ready = t->cyc + t->fetch_delay;
            t->id_cause = ID_FETCH_MISS;
            t->fetch_delay = 0;
        }
        if (!t->st[TS_ID].valid) {
            if (!placed && t->cyc >= t->id_ready) {
                t->id_ready = 0;
                place(t, s, flags, pc);
                placed = true;
                in_id = t->cyc;
                if (!to_exr)
                    return t->cyc;
            } else if (!placed && t->wrong_on && t->cyc >= t->wrong_at) {
                t->st[TS_ID] = wrong_slot(t, t->wrong_pc);
                t->wrong_pc += 4;
            }
        }
        uint8_t cause = placed ? ST_CSR : t->id_cause;
        bool waiting = !placed && t->id_ready > t->cyc && !t->st[TS_ID].valid;
        if (clock(t, &cause)) {
            /* RTL csr_read_out: captured every cycle the CSR address sits in ID, carried into
             * EXR from the second-last one */
            t->read_lag = t->cyc - in_id >= t->p.read_lag ? t->p.read_lag : 1;
            return t->cyc;
        }
        uint8_t charged = waiting ? t->id_cause : cause;
        if (charged != ID_FETCH_MISS) /* the cache counts its own */
            t->stall[charged]++;
    }
}

uint32_t timing_retire_pc(struct timing *t, struct timing_insn in, unsigned flags, uint64_t pc)
{
    uint64_t start = t->cyc;
    struct tslot s = make_slot(t, in, flags, pc);
    t->seq++;
    run_until(t, &s, flags, pc, true);
    if (in.cls == TC_STORE && (flags & TF_MMIO))
        t->mmio_at = t->cyc + t->p.mmio_effect;
    return (uint32_t)(t->cyc - start);
}

/* The pipeline empties: the trap controller squashes what is in flight. */
static void flush(struct timing *t)
{
    memset(t->st, 0, sizeof t->st);
    t->wrong_on = 0;
    t->md_busy = 0;
    t->md_inflight = 0;
    t->write_phase = 0;
    t->beat = 0;
    t->csr_proc = 0;
}

/* The next instruction may enter ID at `ready`; the cycles up to it are the trap's. */
static uint32_t trap_wait(struct timing *t, uint64_t start, uint64_t ready)
{
    const struct timing_params *p = &t->p;
    flush(t);
    if (ready < t->cyc)
        ready = t->cyc;
    uint64_t refill = ready - t->cyc < p->refill ? ready - t->cyc : p->refill;
    t->stall[ST_TRAP] += ready - t->cyc - refill;
    t->stall[ST_REFILL] += refill;
    t->cyc = ready;
    t->id_ready = 0;
    return (uint32_t)(ready - start);
}

/* An ECALL in ID lets the instructions ahead of it complete (mepc is its own pc): a
 * conditional branch among them reaches BR and sits there while the trap controller holds the
 * pipeline, and the counter counts it every cycle it sits there (bp_frozen) or once.  RTL: the
 * branch at 0x25f8 of the paper's Rhealstone image, right before vTaskResume's ECALL, sits in
 * BR for six cycles of the controller's states and takes the counter from 1 to 0; without
 * this, tempo-sim left the counter where it was and mispredicted the image's later branches
 * (docs/timing-rtl.md, "The paper's own firmware"). */
static void drain_branches(struct timing *t)
{
    const unsigned updates = t->p.bp_frozen ? 3 : 1; /* six cycles saturate the counter */
    for (int s = TS_BR; s >= TS_EXR; s--) {
        const struct tslot *b = &t->st[s];
        if (!b->valid || b->wrong || !b->branch)
            continue;
        uint8_t *c = &t->bp[b->bp_index];
        for (unsigned k = 0; k < updates; k++)
            *c = b->taken ? (*c < 3 ? *c + 1 : 3) : (*c ? *c - 1 : 0);
    }
}

/* The trapping instruction enters ID (cycle d); the FSM starts trap_detect later. */
uint32_t timing_trap(struct timing *t, enum trap_kind kind)
{
    const struct timing_params *p = &t->p;
    uint64_t start = t->cyc;
    struct tslot s = {0};
    s.valid = 1;
    s.cls = TC_SYSTEM;
    t->seq++;
    uint64_t d = run_until(t, &s, 0, 0, false);
    /* the ECALL is in ID (cycle d): is the instruction ahead of it held in EXR for an operand,
     * with the ECALL behind it in sequence (no redirect, no predicted-taken branch)? */
    const struct tslot *exr = &t->st[TS_EXR];
    uint8_t cause;
    t->ecall_behind_wait = kind == TRAP_ECALL && p->ecall_mepc_wait && exr->valid && !exr->wrong &&
                           !exr->redirect && !(exr->branch && exr->taken) &&
                           operand_wait(t, exr, &cause);
    if (kind == TRAP_ECALL)
        drain_branches(t);
    uint64_t ready;
    switch (kind) {
    case TRAP_ECALL:
        ready = d + p->ecall_stage + p->trap_detect + p->fsm_ecall + p->refill;
        break;
    case TRAP_MEM_FAULT:
        ready = d + p->mem_fault_stage + p->trap_detect + p->fsm_exc + p->refill;
        break;
    case TRAP_INTERRUPT:
        ready = d + p->trap_detect + p->fsm_irq + p->refill;
        break;
    case TRAP_EXCEPTION:
    default:
        ready = d + p->exc_stage + p->trap_detect + p->fsm_exc + p->refill;
        break;
    }
    return trap_wait(t, start, ready);
}

/* MRET is detected in ID like ECALL; its FSM is fsm_mret long.  It counts as an issued
 * instruction (the base cycle of --stats). */
uint32_t timing_mret(struct timing *t)
{
    const struct timing_params *p = &t->p;
    uint64_t start = t->cyc;
    struct tslot s = {0};
    s.valid = 1;
    s.cls = TC_SYSTEM;
    t->seq++;
    uint64_t d = run_until(t, &s, 0, 0, false);
    uint64_t ready = d + p->trap_detect + p->fsm_mret + p->refill;
    if (ready <= start)
        ready = start + 1;
    uint32_t c = trap_wait(t, start, ready);
    /* one of these cycles is the MRET's own (the base cycle) */
    if (t->stall[ST_TRAP])
        t->stall[ST_TRAP]--;
    else
        t->stall[ST_REFILL]--;
    return c;
}

/* The handler may enter ID trap_detect + fsm_irq + refill after the line rose (a line raised
 * by a device store: when the store reaches the device), and not before the FSM, started
 * now, has run. */
uint32_t timing_interrupt(struct timing *t, uint64_t mcycle_now, uint64_t asserted_at)
{
    const struct timing_params *p = &t->p;
    uint64_t a = asserted_at, w = timing_irq_window(t);
    if (a > mcycle_now + w)
        a = mcycle_now + w;
    uint64_t ready = a + p->trap_detect + p->fsm_irq + p->refill;
    if (ready < mcycle_now + 1 + p->refill)
        ready = mcycle_now + 1 + p->refill;
    return trap_wait(t, t->cyc, ready);
}

/* An instruction-cache miss: the next instruction reaches ID `cycles` after it would have
 * (run_until), the cache's cycles, not charged to a stall cause. */
void timing_fetch_wait(struct timing *t, uint64_t cycles)
{
    t->fetch_delay += cycles;
}

/* A data-cache miss: the whole pipeline stands still `cycles` cycles (like a RAM store's
 * write cycle in MEM), so everything pending moves that much later.  The model charges it
 * before the load or store enters ID, not when it reaches MEM: the same total, as nothing
 * moves during a freeze.  The cycles are the cache's to count. */
void timing_freeze_all(struct timing *t, uint64_t cycles)
{
    t->cyc += cycles;
    if (t->id_ready && t->id_ready != UINT64_MAX)
        t->id_ready += cycles;
    if (t->wrong_on)
        t->wrong_at += cycles;
    if (t->mmio_at)
        t->mmio_at += cycles;
}

void timing_idle(struct timing *t, uint64_t cycles)
{
    flush(t);
    t->cyc += cycles;
    t->stall[ST_IDLE] += cycles;
    if (t->id_ready != UINT64_MAX && t->id_ready < t->cyc)
        t->id_ready = 0;
}

uint64_t timing_irq_window(const struct timing *t)
{
    uint64_t w = t->p.irq_flush, next_id = t->cyc;
    /* a multiply or divide starting or running freezes everything first (the RTL's FSM
     * squashes it: the model lets it complete and cuts its time) */
    if (t->md_busy)
        next_id += t->md_busy;
    else if (t->st[TS_EXR].valid && !t->st[TS_EXR].wrong && t->st[TS_EXR].busy)
        next_id += t->st[TS_EXR].busy;
    if (t->id_ready == UINT64_MAX) {
        /* a jump or mispredicted branch on its way to BR: its target's ID cycle */
        for (int s = TS_EXR; s <= TS_BR; s++)
            if (t->st[s].valid && !t->st[s].wrong && t->st[s].redirect)
                next_id += (uint64_t)(TS_BR - s) + t->st[s].pen - 2;
    } else if (t->id_ready > next_id) {
        next_id = t->id_ready;
    }
    return w + (next_id - t->cyc);
}

uint64_t timing_irq_window_max(const struct timing *t)
{
    const struct timing_params *p = &t->p;
    uint32_t pen = p->mispredict > p->jal ? p->mispredict : p->jal;
    pen = pen > p->jalr ? pen : p->jalr;
    uint32_t md = p->div64 > p->div32 ? p->div64 : p->div32;
    return p->irq_flush + pen + (md > p->mul ? md : p->mul) + p->branch_taken;
}
