/* --stats / --stats-json: cycles, instructions, CPI and where the cycles went.
 * The check: base cycles (one per issued instruction: timing_retire and timing_mret calls)
 * + stall cycles by cause (struct timing, including ST_IDLE: the cycles WFI skipped; with
 * caches, the cycles their misses stalled: icache, dcache) = total cycles. */
#include "machine.h"

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

/* The pipeline's stalls and, with caches, the cycles their misses stalled it. */
static uint64_t stall_total(const struct machine *m)
{
    uint64_t n = m->caches.i.stall + m->caches.d.stall;
    for (int i = 0; i < ST_COUNT; i++)
        n += m->timing.stall[i];
    return n;
}

static void caches_print(const struct machine *m, FILE *out)
{
    const struct caches *c = &m->caches;
    char desc[160];
    caches_describe(c, desc, sizeof desc);
    fprintf(out, "  caches: %s\n", desc);
    if (c->i.g.size)
        fprintf(out, "  icache fetches %llu, misses %llu\n", (unsigned long long)c->i.reads,
                (unsigned long long)c->i.read_misses);
    if (c->d.g.size)
        fprintf(out, "  dcache loads %llu, misses %llu; stores %llu, misses %llu; write-backs %llu, memory writes %llu\n",
                (unsigned long long)c->d.reads, (unsigned long long)c->d.read_misses,
                (unsigned long long)c->d.writes, (unsigned long long)c->d.write_misses,
                (unsigned long long)c->d.writebacks, (unsigned long long)c->d.mem_writes);
}

/* "caches": {...}, one object per cache present */
static void caches_json(const struct machine *m, FILE *f)
{
    const struct caches *c = &m->caches;
    const struct cache *k[2] = {&c->i, &c->d};
    static const char *const name[2] = {"icache", "dcache"};
    fprintf(f, "  \"caches\": {\"memory\": {\"latency\": %u, \"beat\": %u, \"width\": %u}",
            c->mem.latency, c->mem.beat, c->mem.width);
    for (int i = 0; i < 2; i++) {
        const struct cache *x = k[i];
        if (!x->g.size)
            continue;
        uint64_t acc = x->reads + x->writes, miss = x->read_misses + x->write_misses;
        fprintf(f, ",\n    \"%s\": {\"size\": %u, \"line\": %u, \"ways\": %u, \"policy\": \"%s\", "
                   "\"accesses\": %llu, \"hits\": %llu, \"misses\": %llu, \"reads\": %llu, "
                   "\"read_misses\": %llu, \"writes\": %llu, \"write_misses\": %llu, "
                   "\"writebacks\": %llu, \"memory_writes\": %llu, \"stall_cycles\": %llu}",
                name[i], x->g.size, x->g.line, x->g.ways,
                i == 0 ? "read-only" : x->g.write_through ? "write-through" : "write-back",
                (unsigned long long)acc, (unsigned long long)(acc - miss), (unsigned long long)miss,
                (unsigned long long)x->reads, (unsigned long long)x->read_misses,
                (unsigned long long)x->writes, (unsigned long long)x->write_misses,
                (unsigned long long)x->writebacks, (unsigned long long)x->mem_writes,
                (unsigned long long)x->stall);
    }
    fprintf(f, "},\n");
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
    if (m->caches.i.g.size)
        fprintf(out, "  stall %-16s %14llu\n", "icache", (unsigned long long)m->caches.i.stall);
    if (m->caches.d.g.size)
        fprintf(out, "  stall %-16s %14llu\n", "dcache", (unsigned long long)m->caches.d.stall);
    fprintf(out, "  check: base + stalls = %llu %s cycles\n", (unsigned long long)sum,
            sum == m->hart.clk.cycle ? "==" : "!= (MISMATCH)");
    fprintf(out, "  traps %llu (interrupts %llu)\n", (unsigned long long)m->stats.traps,
            (unsigned long long)m->stats.interrupts);
    fprintf(out, "  hazards: MRET to the old mepc %llu, lost stores %llu, ECALL saving the pc before it %llu\n",
            (unsigned long long)m->hazards.mret_stale, (unsigned long long)m->hazards.store_lost,
            (unsigned long long)m->hazards.ecall_back);
    fprintf(out, "  by class:");
    for (int i = 0; i < TC_COUNT; i++)
        fprintf(out, " %s %llu", class_name[i], (unsigned long long)m->stats.class_count[i]);
    fputc('\n', out);
    if (m->caches.on)
        caches_print(m, out);
    irqoff_print(&m->irqoff, m->symbols, out);
}

int stats_json(const struct machine *m, const char *path, int exit_status,
               void (*more)(const struct machine *m, FILE *f))
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
    if (m->caches.i.g.size)
        fprintf(f, ", \"icache\": %llu", (unsigned long long)m->caches.i.stall);
    if (m->caches.d.g.size)
        fprintf(f, ", \"dcache\": %llu", (unsigned long long)m->caches.d.stall);
    fprintf(f, "},\n  \"class_counts\": {");
    for (int i = 0; i < TC_COUNT; i++)
        fprintf(f, "%s\"%s\": %llu", i ? ", " : "", class_name[i], (unsigned long long)m->stats.class_count[i]);
    fprintf(f, "},\n");
    char desc[160];
    caches_describe(&m->caches, desc, sizeof desc);
    fprintf(f, "  \"cache\": \"%s\",\n", desc);
    if (m->caches.on)
        caches_json(m, f);
    irqoff_json(&m->irqoff, m->symbols, f);
    fprintf(f, ",\n");
    fprintf(f, "  \"traps\": %llu, \"interrupts\": %llu, \"trap_digest\": \"0x%016llx\",\n",
            (unsigned long long)m->stats.traps, (unsigned long long)m->stats.interrupts,
            (unsigned long long)m->stats.trap_digest);
    fprintf(f, "  \"hazards\": {\"mret_stale_mepc\": %llu, \"store_lost\": %llu, \"ecall_mepc_back\": %llu}",
            (unsigned long long)m->hazards.mret_stale, (unsigned long long)m->hazards.store_lost,
            (unsigned long long)m->hazards.ecall_back);
    if (more)
        more(m, f);
    fprintf(f, "\n}\n");
    int bad = ferror(f);
    return fclose(f) || bad ? -1 : 0;
}
