/* wcet-cost: the simulator's own timing model (sim/timing/timing.c) as the cost oracle of the static
 * WCET analysis (tools/wcet/wcet.py, docs/wcet.md "Costs").
 *
 * usage: wcet-cost [--set name=value]... IMAGE
 * Reads queries on stdin, one per line, answers one line each on stdout:
 *   N PC[:F] PC[:F] ...   the instructions at these pcs, in order, run through a model at
 *                         reset; prints the cycles charged to those after the first N (the
 *                         context: what is in flight before the block).  F for a branch: t
 *                         taken, n not taken.  F m: an MRET, e: an ECALL (trap controller,
 *                         to the handler's first instruction in ID).  The branch predictor's
 *                         counter is unknown where the context starts: the answer is the
 *                         largest over its four values (the context's own branches then train
 *                         it as on the core).
 *   lag                   the parameter read_lag: a counter read samples the counter 1 to
 *                         read_lag cycles before its instruction enters EXR.
 *   irq                   cycles from an interrupt line's rise to its handler's first
 *                         instruction in ID, then the longest an instruction in flight may
 *                         delay the boundary at which it is taken (timing_irq_window_max).
 * Every load and store is taken to go to RAM (a device store costs less: docs/timing.md) and
 * every divide to run its full length. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "decode.h"
#include "elf.h"
#include "timing.h"

static const uint8_t *code;
static uint64_t code_base, code_size;

/* Cycles the instruction at pc adds (f: its flag, as in the usage above). */
static uint64_t one(struct timing *t, uint64_t pc, char f, int xlen)
{
    uint32_t raw;
    if (pc < code_base || pc + 4 > code_base + code_size) {
        fprintf(stderr, "wcet-cost: pc 0x%llx outside the image's code\n", (unsigned long long)pc);
        exit(2);
    }
    memcpy(&raw, code + (pc - code_base), 4);
    struct insn d;
    decode(&d, raw, xlen);
    if (f == 'm')
        return timing_mret(t);
    if (f == 'e')
        return timing_trap(t, TRAP_ECALL);
    unsigned flags = d.sflags;
    if (d.t.cls == TC_BRANCH && f == 't')
        flags |= TF_TAKEN;
    if (d.t.cls == TC_CSR) {
        bool imm = d.op >= OP_CSRRWI, swap = d.op == OP_CSRRW || d.op == OP_CSRRWI;
        if (swap || (imm ? d.uimm != 0 : d.t.rs1 != 0))
            flags |= TF_CSR_WRITE;
    }
    return timing_retire_pc(t, d.t, flags, pc);
}

/* One query: the cycles of the instructions after the first n, the predictor's counter
 * starting at `counter`. */
static uint64_t run(const struct timing_params *p, const char *text, int xlen, unsigned counter)
{
    static struct timing t;
    timing_init(&t, p);
    timing_attach_code(&t, code, code_base, code_size, (unsigned)xlen);
    t.bp[0] = t.bp_io = (uint8_t)counter;
    char *end;
    long n = strtol(text, &end, 10);
    uint64_t total = 0;
    for (long k = 0;; k++) {
        const char *s = end;
        while (*s == ' ')
            s++;
        if (!*s || *s == '\n')
            break;
        uint64_t pc = strtoull(s, &end, 0);
        char f = '-';
        if (*end == ':') {
            f = end[1];
            end += 2;
        }
        uint64_t c = one(&t, pc, f, xlen);
        if (k >= n)
            total += c;
    }
    return total;
}

int main(int argc, char **argv)
{
    struct timing_params p;
    timing_params_default(&p);
    int i = 1;
    for (; i + 1 < argc && !strcmp(argv[i], "--set"); i += 2)
        if (timing_set_param(&p, argv[i + 1]))
            return 1;
    if (i + 1 != argc) {
        fprintf(stderr, "usage: wcet-cost [--set name=value]... IMAGE\n");
        return 1;
    }
    struct elf_image img;
    char err[256];
    if (elf_read(argv[i], &img, err, sizeof err)) {
        fprintf(stderr, "wcet-cost: %s\n", err);
        return 1;
    }
    /* the code: the lowest loadable segment with contents (both SoCs link code first) */
    for (size_t s = 0; s < img.nseg; s++)
        if (img.seg[s].filesz && (!code || img.seg[s].vaddr < code_base)) {
            code = img.data + img.seg[s].offset;
            code_base = img.seg[s].vaddr;
            code_size = img.seg[s].filesz;
        }
    if (!code) {
        fprintf(stderr, "wcet-cost: %s has no code\n", argv[i]);
        return 1;
    }
    char line[65536];
    while (fgets(line, sizeof line, stdin)) {
        if (!strncmp(line, "lag", 3)) {
            printf("%u\n", p.read_lag);
        } else if (!strncmp(line, "irq", 3)) {
            static struct timing t;
            timing_init(&t, &p);
            printf("%u %llu\n", timing_interrupt(&t, t.cyc, t.cyc),
                   (unsigned long long)timing_irq_window_max(&t));
        } else {
            uint64_t worst = 0;
            for (unsigned counter = 0; counter < 4; counter++) {
                uint64_t c = run(&p, line, img.xlen, counter);
                worst = c > worst ? c : worst;
            }
            printf("%llu\n", (unsigned long long)worst);
        }
        fflush(stdout);
    }
    return 0;
}
