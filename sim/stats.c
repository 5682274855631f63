/* --stats / --stats-json: cycles, instructions, CPI and where the cycles went.
 * The check: base cycles (one per issued instruction: timing_retire and timing_mret calls)
 * + stall cycles by cause (struct timing, including ST_IDLE: the cycles WFI skipped)
 * = total cycles. */
#include "machine.h"
#include "observe.h"

static const char *const class_name[TC_COUNT] = {
    "alu", "lui", "load", "store", "branch", "jal", "jalr", "mul", "div", "csr", "fence", "system",
};

static uint64_t retired(const struct machine *m)
{
    uint64_t n = 0;
    for (int i = 0; i < TC_COUNT; i++)
        n += m->stats.class_count[i];
    return n;
}

static uint64_t stall_total(const struct machine *m)
{
    uint64_t n = 0;
    for (int i = 0; i < ST_COUNT; i++)
        n += m->timing.stall[i];
    return n;
}

void stats_print(const struct machine *m, FILE *out)
{
    uint64_t n = retired(m), st = stall_total(m);
    uint64_t sum = m->stats.issued + st;
    fprintf(out, "tempo-sim stats (%s, RV%d)\n", m->soc == SOC_PAPER ? "paper" : "virt", m->hart.xlen);
    fprintf(out, "  %-22s %14llu\n", "cycles", (unsigned long long)m->hart.clk.cycle);
    fprintf(out, "  %-22s %14llu\n", "instructions retired", (unsigned long long)n);
    fprintf(out, "  %-22s %14llu\n", "minstret", (unsigned long long)m->hart.instret);
    fprintf(out, "  %-22s %14.3f\n", "CPI", n ? (double)m->hart.clk.cycle / (double)n : 0.0);
    fprintf(out, "  %-22s %14llu\n", "base cycles", (unsigned long long)m->stats.issued);
    for (int i = 0; i < ST_COUNT; i++)
        fprintf(out, "  stall %-16s %14llu\n", stall_cause_name[i], (unsigned long long)m->timing.stall[i]);
    fprintf(out, "  check: base + stalls = %llu %s cycles\n", (unsigned long long)sum,
            sum == m->hart.clk.cycle ? "==" : "!= (MISMATCH)");
    fprintf(out, "  traps %llu (interrupts %llu)\n", (unsigned long long)m->stats.traps,
            (unsigned long long)m->stats.interrupts);
    fprintf(out, "  by class:");
    for (int i = 0; i < TC_COUNT; i++)
        fprintf(out, " %s %llu", class_name[i], (unsigned long long)m->stats.class_count[i]);
    fputc('\n', out);
    observe_stats_print(m, out); /* threads' stacks, --measure */
}

int stats_json(const struct machine *m, const char *path, int exit_status)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    uint64_t n = retired(m), st = stall_total(m);
    fprintf(f, "{\n  \"soc\": \"%s\", \"xlen\": %d, \"exit_status\": %d,\n",
            m->soc == SOC_PAPER ? "paper" : "virt", m->hart.xlen, exit_status);
    fprintf(f, "  \"cycles\": %llu, \"instructions\": %llu, \"minstret\": %llu, \"cpi\": %.6f,\n",
            (unsigned long long)m->hart.clk.cycle, (unsigned long long)n, (unsigned long long)m->hart.instret,
            n ? (double)m->hart.clk.cycle / (double)n : 0.0);
    fprintf(f, "  \"base_cycles\": %llu, \"wfi_idle_cycles\": %llu, \"stall_cycles_total\": %llu,\n",
            (unsigned long long)m->stats.issued, (unsigned long long)m->stats.wfi_idle, (unsigned long long)st);
    fprintf(f, "  \"consistent\": %s,\n", m->stats.issued + st == m->hart.clk.cycle ? "true" : "false");
    fprintf(f, "  \"stall_cycles\": {");
    for (int i = 0; i < ST_COUNT; i++)
        fprintf(f, "%s\"%s\": %llu", i ? ", " : "", stall_cause_name[i], (unsigned long long)m->timing.stall[i]);
    fprintf(f, "},\n  \"class_counts\": {");
    for (int i = 0; i < TC_COUNT; i++)
        fprintf(f, "%s\"%s\": %llu", i ? ", " : "", class_name[i], (unsigned long long)m->stats.class_count[i]);
    fprintf(f, "},\n  \"traps\": %llu, \"interrupts\": %llu", (unsigned long long)m->stats.traps,
            (unsigned long long)m->stats.interrupts);
    observe_stats_json(m, f); /* kernel, threads, measures */
    fprintf(f, "\n}\n");
    int bad = ferror(f);
    return fclose(f) || bad ? -1 : 0;
}
