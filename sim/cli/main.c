/* tempo-sim command line: tempo-sim [options] image.elf
 * One option table drives getopt_long and --help; the run's outcome becomes the exit
 * status (docs/simulator.md), with one line on stderr for every outcome that is the
 * simulator's own. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "coverage.h"
#include "elf.h"
#include "gdb.h"
#include "machine.h"
#include "measure.h"
#include "memfile.h"
#include "observe.h"
#include "profile.h"
#include "revision.h" /* TEMPO_SIM_REVISION, written by sim/sim.mk */
#include "symbols.h"
#include "timeline.h"
#include "trace.h"

/* docs/timing.md "Memory": 32 KiB each; the devices above them bound the sizes */
#define DEFAULT_MEM_SIZE  (32u << 10)
#define PAPER_IMEM_MAX    (32ull << 20) /* the CLINT is at 0x0200_0000 */
#define PAPER_DMEM_MAX    (64ull << 10) /* the UART is at 0x1001_0000 */
#define VIRT_RAM_DEFAULT  (128ull << 20) /* QEMU virt's default -m 128M */
#define VIRT_RAM_MAX      (2048ull << 20) /* RAM at 0x8000_0000 up to the 4 GiB line */
#define MEM_MIN           64u
#define MEM_CYCLES_MAX    100000u /* --mem-latency, --mem-beat */
#define MEM_WIDTH_MAX     64u     /* --mem-width: bytes per beat */

enum key {
    OPT_HELP = 'h',
    OPT_SOC = 256, OPT_MAX_CYCLES, OPT_IMEM, OPT_DMEM, OPT_RAM, OPT_TRACE, OPT_TRACE_FILE,
    OPT_STATS, OPT_STATS_JSON, OPT_PROFILE, OPT_PROFILE_JSON, OPT_SET, OPT_LIST_PARAMS,
    OPT_VERSION, OPT_COVERAGE, OPT_ICACHE, OPT_DCACHE, OPT_MEM_LATENCY, OPT_MEM_BEAT,
    OPT_MEM_WIDTH, OPT_ENGINE,
    OPT_TRACE_FROM, OPT_TRACE_TO, OPT_TIMELINE, OPT_MEASURE, OPT_GDB, OPT_HAZARDS,
    OPT_XLEN, OPT_KEYS, OPT_KEYS_FILE, OPT_VGA_TEXT, OPT_VGA_PNG, OPT_VGA_FONT,
    OPT_CHECK, OPT_CHECK_HANG, OPT_CHECK_NULL, OPT_CHECK_IRQ_OFF, OPT_SILENCE,
    OPT_IRQ_OFF_JSON,
};

static const struct opt {
    const char *name;
    enum key key;
    const char *arg; /* the value's name in --help; NULL: the option takes none; "[=...]": optional */
    const char *help;
} opts[] = {
    {"soc", OPT_SOC, "paper|virt", "SoC profile (default paper)"},
    {"max-cycles", OPT_MAX_CYCLES, "N", "stop with status 124 once N cycles have passed (0: no limit, the default)"},
    {"imem-size", OPT_IMEM, "N", "paper instruction memory (default 32K, at most 32M)"},
    {"dmem-size", OPT_DMEM, "N", "paper data memory (default 32K, at most 64K)"},
    {"ram-size", OPT_RAM, "N", "virt RAM (default 128M, at most 2048M)"},
    {"trace", OPT_TRACE, NULL, "one line per retired instruction on stderr: cycle pc raw-word "
                               "function+offset disassembly [xN=value] [mem=address] [thread=name]"},
    {"trace-file", OPT_TRACE_FILE, "FILE", "the same, into FILE"},
    {"trace-from", OPT_TRACE_FROM, "CYCLE|SYMBOL", "--trace and --timeline start at this cycle, or where pc first reaches SYMBOL"},
    {"trace-to", OPT_TRACE_TO, "CYCLE|SYMBOL", "... and end before this cycle, or after the first instruction at SYMBOL"},
    {"timeline", OPT_TIMELINE, "FILE", "threads, interrupts, kernel calls and switches over time for Perfetto: FILE.json in the Chrome Trace Event Format, FILE.pftrace in Perfetto's protobuf format"},
    {"measure", OPT_MEASURE, "NAME=FROM,TO", "cycles from each FROM event to the next TO (symbol, 0xaddress, irq[:ext|timer|soft], "
                                             "trap, mret, switch[:THREAD], run[:THREAD]); printed at exit (repeatable)"},
    {"gdb", OPT_GDB, "PORT", "GDB remote protocol on 127.0.0.1:PORT (0: any free port), halted at reset"},
    {"check", OPT_CHECK, "[=LIST]", "stop at the first bug found, with one line naming the thread, function and source line "
                                    "(status 128): stack, code, null, uninit, hang, deadlock, irqoff (default all; docs/check.md)"},
    {"check-hang", OPT_CHECK_HANG, "N", "--check: cycles with no thread switch, output, interrupt or trap that make a hang (default 10^8; 0: none)"},
    {"check-irq-off", OPT_CHECK_IRQ_OFF, "N", "--check: cycles with interrupts disabled that make a finding (default 100000; 0: none)"},
    {"check-null", OPT_CHECK_NULL, "N", "--check: bytes from address 0 that no load, store or jump may reach (default 256)"},
    {"silence-limit", OPT_SILENCE, "N", "say so on stderr (once) when a run prints nothing for N cycles (default 10^10; 0: never)"},
    {"stats", OPT_STATS, NULL, "at exit: cycles, instructions, CPI, stall cycles by cause, threads' stacks, --measure (stderr)"},
    {"stats-json", OPT_STATS_JSON, "FILE", "the same as JSON"},
    {"irq-off-json", OPT_IRQ_OFF_JSON, "FILE", "at exit: the longest interrupt-disabled windows as JSON (also in --stats-json; keeps the fast engine)"},
    {"profile", OPT_PROFILE, NULL, "at exit: cycles and instructions per function (stderr)"},
    {"profile-json", OPT_PROFILE_JSON, "FILE", "the same as JSON"},
    {"coverage", OPT_COVERAGE, "FILE", "at exit: every instruction that ran and each branch's directions, into FILE"},
    {"set", OPT_SET, "NAME=VALUE", "change a timing parameter (repeatable)"},
    {"icache", OPT_ICACHE, "S:L:W", "an instruction cache of S bytes, L-byte lines, W ways (LRU) before main memory"},
    {"dcache", OPT_DCACHE, "S:L:W[:wt]", "a data cache likewise (LRU; write-back, or :wt write-through)"},
    {"mem-latency", OPT_MEM_LATENCY, "N", "main memory behind the caches: cycles to the first beat (default 20)"},
    {"mem-beat", OPT_MEM_BEAT, "N", "cycles per further beat (default 1)"},
    {"mem-width", OPT_MEM_WIDTH, "N", "bytes per beat: 1, 2, 4, ... 64 (default 4)"},
    {"hazards", OPT_HAZARDS, "warn|stop", "an MRET the paper core sends to the old mepc, a store its instruction memory loses: "
                                          "one line at the first of each (warn, the default), or stop the run there with status 128"},
    {"xlen", OPT_XLEN, "32|64", "the width of a .mem image (one 32-bit hexadecimal word per line from address 0; docs/boards.md)"},
    {"keys", OPT_KEYS, "TEXT", "paper: type TEXT on the PS/2 keyboard (\\n Enter, \\t, \\b, \\e, \\\\; docs/boards.md \"PS/2 keyboard\")"},
    {"keys-file", OPT_KEYS_FILE, "FILE", "paper: type the bytes of FILE likewise (after --keys)"},
    {"vga-text", OPT_VGA_TEXT, NULL, "paper: at exit, the VGA text screen (80 x 30) in a frame (stderr)"},
    {"vga-png", OPT_VGA_PNG, "FILE", "paper: at exit, the VGA screen as a 640 x 480 PNG (needs --vga-font)"},
    {"vga-font", OPT_VGA_FONT, "FILE", "the SoC's 8 x 16 font ROM for --vga-png (the RTL's cp437_8x16.mem)"},
    {"list-params", OPT_LIST_PARAMS, NULL, "list the timing parameters (after any --set) and exit"},
    {"engine", OPT_ENGINE, "fast|reference|threaded", "execute loop (default fast; threaded: the fast engine without generated code; the results are the same)"},
    {"version", OPT_VERSION, NULL, "the simulator's version (git revision) and exit"},
    {"help", OPT_HELP, NULL, "this text and exit (also -h)"},
};
#define NOPTS (sizeof opts / sizeof opts[0])

static const struct {
    int status;
    const char *meaning;
} statuses[] = {
    {EXIT_USAGE, "usage error"},
    {EXIT_ELF_UNREADABLE, "image cannot be opened or read, or is larger than 64 MiB"},
    {EXIT_ELF_MALFORMED, "malformed or unsupported ELF, or a malformed .mem image"},
    {EXIT_ELF_OUTSIDE, "a segment, or the entry point, outside the SoC's memories"},
    {EXIT_CYCLE_LIMIT, "--max-cycles reached"},
    {EXIT_NO_WAKE, "WFI with no wake-up source (or none before the end of the cycle count)"},
    {EXIT_TRAP_STORM, "trap storm: the same exception repeats with no MRET between"},
    {EXIT_OUTPUT_LOST, "output lost (stdout, --trace-file, a JSON or coverage file could not be written)"},
    {EXIT_CHECK, "a --check finding (one line: what, thread, pc, function, source line, cycle), or "
                 "--hazards stop: an MRET returned to the old mepc, or a store was lost"},
    {130, "SIGINT; 143: SIGTERM (after a line with cycle, pc and function)"},
    {EXIT_KILLED, "killed from GDB (kill)"},
};

static void usage(FILE *out)
{
    fputs("usage: tempo-sim [options] image.elf|image.mem\n"
          "Runs a bare-metal RV32IM/RV64IM image on the paper's 8-stage core: an ELF (XLEN from\n"
          "its class) or a .mem with --xlen.  N: decimal or 0x hexadecimal; sizes take a K or M suffix.\n", out);
    for (size_t i = 0; i < NOPTS; i++) {
        char head[48];
        snprintf(head, sizeof head, "--%s%s%s", opts[i].name, opts[i].arg && opts[i].arg[0] != '[' ? " " : "",
                 opts[i].arg ? opts[i].arg : "");
        fprintf(out, "  %-28s %s\n", head, opts[i].help);
    }
    fputs("Exit status: the firmware's (codes of 120 or more become 119), or\n", out);
    for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
        fprintf(out, "  %d  %s\n", statuses[i].status, statuses[i].meaning);
}

static _Noreturn void die(int code, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fputs("tempo-sim: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(code);
}

/* A decimal or 0x-hexadecimal number of at most `max`; with `sizes`, a K or M suffix
 * multiplies it.  Anything else (a sign, spaces, overflow) is a usage error. */
static uint64_t parse_number(const char *opt, const char *s, bool sizes, uint64_t max)
{
    bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const char *digits = hex ? s + 2 : s;
    char *end = NULL;
    unsigned shift = 0;
    errno = 0;
    unsigned long long v = 0;
    if (hex ? isxdigit((unsigned char)*digits) : isdigit((unsigned char)*digits))
        v = strtoull(digits, &end, hex ? 16 : 10); /* else end stays NULL: not a number */
    if (end && sizes && (*end == 'K' || *end == 'k'))
        shift = 10, end++;
    else if (end && sizes && (*end == 'M' || *end == 'm'))
        shift = 20, end++;
    if (!end || errno || *end || v > (max >> shift))
        die(EXIT_USAGE, "--%s: '%s' is not a number from 0 to %llu%s", opt, s,
            (unsigned long long)max, sizes ? " (with K or M)" : "");
    return (uint64_t)v << shift;
}

static uint64_t parse_size(const char *opt, const char *s, uint64_t max)
{
    uint64_t v = parse_number(opt, s, true, max);
    if (v < MEM_MIN || v % 8)
        die(EXIT_USAGE, "--%s: %llu is not a multiple of 8 between %u and %llu", opt,
            (unsigned long long)v, MEM_MIN, (unsigned long long)max);
    return v;
}

#define MEASURE_OPTS 16
struct options {
    struct sim_config cfg;
    const char *image, *stats_path, *profile_path, *trace_path, *coverage_path;
    const char *trace_from, *trace_to, *timeline_path, *measure[MEASURE_OPTS];
    const char *keys_file, *vga_png, *vga_font;
    char *keys;
    int xlen; /* --xlen: a .mem image's width; 0 when not given */
    bool vga_text;
    const char *irq_off_path;
    int nmeasure;
    long gdb_port; /* -1: no --gdb */
    struct check_config check;
    const char *check_limit; /* a --check-* option given (it needs --check) */
    bool stats, profile, trace, list_params;
};

static const struct opt *find_opt(int key)
{
    for (size_t i = 0; i < NOPTS; i++)
        if ((int)opts[i].key == key)
            return &opts[i];
    return NULL;
}

/* How many long options `arg` ("--pro", "--pro=x") abbreviates. */
static int prefixes(const char *arg)
{
    if (strncmp(arg, "--", 2))
        return 0;
    size_t n = strcspn(arg + 2, "=");
    int count = 0;
    for (size_t i = 0; i < NOPTS; i++)
        count += n && !strncmp(opts[i].name, arg + 2, n);
    return count;
}

/* A word of a fixed set (`words`, NULL-terminated, two or three): its index, or a usage
 * error listing them. */
static int choice(const char *opt, const char *v, const char *const words[], const char *what)
{
    int n = 0;
    for (; words[n]; n++)
        if (!strcmp(v, words[n]))
            return n;
    if (n == 3)
        die(EXIT_USAGE, "--%s: unknown %s '%s' (%s, %s or %s)", opt, what, v, words[0], words[1],
            words[2]);
    die(EXIT_USAGE, "--%s: unknown %s '%s' (%s or %s)", opt, what, v, words[0], words[1]);
}

/* The options that shape the machine: SoC, memories, timing, caches, engine, hazards.
 * false: `c` is not one of them. */
static bool machine_option(struct options *o, int c, const char *name, char *v)
{
    struct cache_config *cc = &o->cfg.cache;
    switch (c) {
    case OPT_SOC:
        o->cfg.soc = choice(name, v, (const char *const[]){"paper", "virt", NULL}, "SoC") ? SOC_VIRT : SOC_PAPER;
        break;
    case OPT_MAX_CYCLES: o->cfg.max_cycles = parse_number(name, v, false, MACHINE_END_OF_TIME); break;
    case OPT_IMEM: o->cfg.imem_size = parse_size(name, v, PAPER_IMEM_MAX); break;
    case OPT_DMEM: o->cfg.dmem_size = parse_size(name, v, PAPER_DMEM_MAX); break;
    case OPT_RAM: o->cfg.ram_size = parse_size(name, v, VIRT_RAM_MAX); break;
    case OPT_SET:
        if (timing_set_param(&o->cfg.timing, v))
            exit(EXIT_USAGE); /* timing_set_param printed the reason */
        break;
    case OPT_LIST_PARAMS: o->list_params = true; break;
    case OPT_ENGINE:
        switch (choice(name, v, (const char *const[]){"fast", "reference", "threaded", NULL}, "engine")) {
        case 1: o->cfg.reference = true; break;
        case 2: o->cfg.threaded = true; break;
        }
        break;
    case OPT_HAZARDS:
        o->cfg.hazard_stop = choice(name, v, (const char *const[]){"warn", "stop", NULL}, "choice");
        break;
    case OPT_XLEN:
        if (strcmp(v, "32") && strcmp(v, "64"))
            die(EXIT_USAGE, "--xlen: '%s' is neither 32 nor 64", v);
        o->xlen = atoi(v);
        break;
    case OPT_ICACHE:
    case OPT_DCACHE: {
        char err[200];
        if (cache_parse(v, c == OPT_DCACHE, c == OPT_ICACHE ? &cc->icache : &cc->dcache, err, sizeof err))
            die(EXIT_USAGE, "--%s: %s", name, err);
        break;
    }
    case OPT_MEM_LATENCY:
    case OPT_MEM_BEAT:
        *(c == OPT_MEM_LATENCY ? &cc->mem.latency : &cc->mem.beat) =
            (uint32_t)parse_number(name, v, false, MEM_CYCLES_MAX);
        cc->mem_given = true;
        break;
    case OPT_MEM_WIDTH:
        cc->mem.width = (uint32_t)parse_number(name, v, false, MEM_WIDTH_MAX);
        if (cc->mem.width & (cc->mem.width - 1) || !cc->mem.width)
            die(EXIT_USAGE, "--%s: %s is not a power of two from 1 to %u", name, v, MEM_WIDTH_MAX);
        cc->mem_given = true;
        break;
    default: return false;
    }
    return true;
}

/* The options that watch the run or report on it, --check and the paper's devices' input
 * and output.  false: `c` is not one of them. */
static bool watch_option(struct options *o, int c, const char *name, char *v)
{
    switch (c) {
    case OPT_TRACE: o->trace = true; break;
    case OPT_TRACE_FILE: o->trace_path = v; break;
    case OPT_TRACE_FROM: o->trace_from = v; break;
    case OPT_TRACE_TO: o->trace_to = v; break;
    case OPT_STATS: o->stats = true; break;
    case OPT_STATS_JSON: o->stats_path = v; break;
    case OPT_IRQ_OFF_JSON: o->irq_off_path = v; break;
    case OPT_PROFILE: o->profile = true; break;
    case OPT_PROFILE_JSON: o->profile_path = v; break;
    case OPT_COVERAGE: o->coverage_path = v; break;
    case OPT_TIMELINE: o->timeline_path = v; break;
    case OPT_MEASURE:
        if (o->nmeasure == MEASURE_OPTS)
            die(EXIT_USAGE, "--measure: at most %d probes", MEASURE_OPTS);
        o->measure[o->nmeasure++] = v;
        break;
    case OPT_GDB: o->gdb_port = (long)parse_number(name, v, false, 65535); break;
    case OPT_KEYS: o->keys = v; break; /* argv's own: unescaped in place (type_keys) */
    case OPT_KEYS_FILE: o->keys_file = v; break;
    case OPT_VGA_TEXT: o->vga_text = true; break;
    case OPT_VGA_PNG: o->vga_png = v; break;
    case OPT_VGA_FONT: o->vga_font = v; break;
    case OPT_CHECK: {
        char err[200];
        o->check.what = CHECK_ALL;
        if (v && check_parse(v, &o->check.what, err, sizeof err))
            die(EXIT_USAGE, "--check: %s", err);
        break;
    }
    case OPT_CHECK_HANG: o->check.hang = parse_number(name, v, false, UINT64_MAX), o->check_limit = name; break;
    case OPT_CHECK_IRQ_OFF: o->check.irq_off = parse_number(name, v, false, UINT64_MAX), o->check_limit = name; break;
    case OPT_CHECK_NULL: o->check.null_size = parse_number(name, v, true, 1ull << 32), o->check_limit = name; break;
    case OPT_SILENCE: o->check.silence = parse_number(name, v, false, UINT64_MAX); break;
    default: return false;
    }
    return true;
}

/* Options that do not go together, or need another: a usage error each. */
static void args_consistent(struct options *o)
{
    if ((o->trace_from || o->trace_to) && !o->trace && !o->trace_path && !o->timeline_path)
        die(EXIT_USAGE, "--trace-from and --trace-to bound --trace, --trace-file or --timeline; none was given");
    if (o->check_limit && !o->check.what)
        die(EXIT_USAGE, "--%s is a limit of --check; give --check too", o->check_limit);
    if (!o->check.hang)
        o->check.what &= ~(unsigned)CHECK_HANG;
    if (o->cfg.cache.mem_given && !o->cfg.cache.icache.size && !o->cfg.cache.dcache.size)
        die(EXIT_USAGE, "--mem-latency, --mem-beat and --mem-width describe the memory behind "
                        "the caches: give --icache or --dcache (without a cache every memory is a BRAM)");
    if (o->cfg.soc != SOC_PAPER && (o->keys || o->keys_file || o->vga_text || o->vga_png))
        die(EXIT_USAGE, "--keys, --keys-file, --vga-text and --vga-png are for the paper SoC's devices; --soc virt has none");
    if (o->vga_png && !o->vga_font)
        die(EXIT_USAGE, "--vga-png draws with the SoC's font ROM: give --vga-font FILE (the RTL's cp437_8x16.mem)");
}

static void parse_args(int argc, char **argv, struct options *o)
{
    struct option longopts[NOPTS + 1] = {{0}};
    for (size_t i = 0; i < NOPTS; i++)
        longopts[i] = (struct option){opts[i].name,
                                      !opts[i].arg ? no_argument
                                      : opts[i].arg[0] == '[' ? optional_argument : required_argument,
                                      NULL, (int)opts[i].key};
    opterr = 0; /* our own one-line messages */
    int c;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        const struct opt *opt = find_opt(c);
        if (opt && (machine_option(o, c, opt->name, optarg) || watch_option(o, c, opt->name, optarg)))
            continue;
        if (c == OPT_HELP) {
            usage(stdout);
            exit(0);
        }
        if (c == OPT_VERSION) {
            printf("tempo-sim %s\n", TEMPO_SIM_REVISION);
            exit(0);
        }
        if (c == ':')
            die(EXIT_USAGE, "%s needs a value; try --help", argv[optind - 1]);
        /* '?': unknown, ambiguous, or a value given to an option without one */
        if (optopt && find_opt(optopt))
            die(EXIT_USAGE, "%s takes no value; try --help", argv[optind - 1]);
        die(EXIT_USAGE, "%s option %s; try --help", prefixes(argv[optind - 1]) > 1 ? "ambiguous" : "unknown",
            argv[optind - 1]);
    }
    if (o->list_params) {
        timing_list_params(&o->cfg.timing, stdout);
        exit(0);
    }
    args_consistent(o);
    if (optind >= argc)
        die(EXIT_USAGE, "no image given; try --help");
    if (optind + 1 < argc)
        die(EXIT_USAGE, "more than one image (%s, %s); try --help", argv[optind], argv[optind + 1]);
    o->image = argv[optind];
}

/* SIGINT and SIGTERM end the run at the next instruction, with the usual reports. */
static struct machine *running;
static void on_signal(int sig)
{
    machine_signal = sig;
    running->hart.next_event = 0;
}

static void catch_signals(struct machine *m)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    running = m;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static const char *a(const char *noun) { return strchr("aeiou", noun[0]) ? "an" : "a"; }

/* The one-line message of the run's end, and its exit status. */
static int outcome(struct machine *m)
{
    const struct hart *h = &m->hart;
    const struct fault_watch *f = &m->faults;
    const char *fn = symtab_name(m->symbols, h->pc);
    unsigned long long cycle = h->clk.cycle, pc = h->pc;
    switch (m->run.stop) {
    case STOP_EXIT:
        if (m->run.exit_code && f->open) {
            const char *cause = trap_cause_name(f->cause, h->xlen);
            fprintf(stderr, "tempo-sim: firmware exit status %d while handling %s %s at pc 0x%llx in %s (mtval 0x%llx)\n",
                    m->run.exit_code, a(cause), cause, (unsigned long long)f->epc,
                    symtab_name(m->symbols, f->epc), (unsigned long long)f->tval);
        }
        return m->run.exit_code;
    case STOP_CYCLE_LIMIT:
        fprintf(stderr, "tempo-sim: cycle limit reached (--max-cycles %llu; stopped at cycle %llu, pc 0x%llx in %s)\n",
                (unsigned long long)m->run.max_cycles, cycle, pc, fn);
        return EXIT_CYCLE_LIMIT;
    case STOP_END_OF_TIME:
        fprintf(stderr, "tempo-sim: simulated time ran out at cycle %llu, the end of the 64-bit cycle count: a WFI waited for a wake-up that far (pc 0x%llx in %s)\n",
                cycle, pc, fn);
        return EXIT_NO_WAKE;
    case STOP_WFI:
        fprintf(stderr, "tempo-sim: WFI with no wake-up source (pc 0x%llx in %s, mie 0x%llx, cycle %llu)\n",
                pc - 4, symtab_name(m->symbols, pc - 4), (unsigned long long)h->csr.mie, cycle);
        return EXIT_NO_WAKE;
    case STOP_TRAP_STORM:
        if (f->unfetchable) {
            const char *cause = trap_cause_name(h->csr.mcause, h->xlen);
            fprintf(stderr, "tempo-sim: trap storm: the trap handler at 0x%llx cannot be fetched (after %s %s at pc 0x%llx in %s, mcause 0x%llx, mtval 0x%llx)\n",
                    pc, a(cause), cause, (unsigned long long)h->csr.mepc,
                    symtab_name(m->symbols, h->csr.mepc), (unsigned long long)h->csr.mcause,
                    (unsigned long long)h->csr.mtval);
        } else {
            fprintf(stderr, "tempo-sim: trap storm: %s at pc 0x%llx in %s, %llu times in a row with no MRET (mtval 0x%llx, cycle %llu)\n",
                    trap_cause_name(f->last_cause, h->xlen), (unsigned long long)f->last_epc,
                    symtab_name(m->symbols, f->last_epc), (unsigned long long)f->repeats,
                    (unsigned long long)h->csr.mtval, cycle);
        }
        return EXIT_TRAP_STORM;
    case STOP_HAZARD:
        fprintf(stderr, "%s\n", m->hazards.line);
        return EXIT_CHECK;
    case STOP_KILLED:
        fprintf(stderr, "tempo-sim: killed from GDB at cycle %llu, pc 0x%llx in %s\n", cycle, pc, fn);
        return EXIT_KILLED;
    case STOP_CHECK:
        return EXIT_CHECK; /* check.c wrote the finding's line */
    case STOP_SIGNAL:
    default: {
        char ctx[512];
        check_context(m, ctx, sizeof ctx);
        fprintf(stderr, "tempo-sim: %s at cycle %llu, pc 0x%llx in %s%s\n",
                machine_signal == SIGINT ? "interrupted (SIGINT)" : "terminated (SIGTERM)", cycle, pc, fn, ctx);
        return EXIT_SIGNAL_BASE + machine_signal;
    }
    }
}

/* A report that could not be written makes the run's output incomplete: one line each. */
static bool lost(const char *what, bool failed)
{
    if (failed)
        fprintf(stderr, "tempo-sim: output lost: %s could not be written\n", what);
    return failed;
}

/* --keys, then --keys-file, onto the keyboard. */
static void type_keys(const struct options *o, struct ps2 *kbd)
{
    char err[256];
    if (o->keys) {
        long n = ps2_unescape(o->keys);
        if (n < 0)
            die(EXIT_USAGE, "--keys: an unknown escape (\\n, \\t, \\b, \\e and \\\\ are known)");
        if (ps2_type(kbd, o->keys, (size_t)n, err, sizeof err))
            die(EXIT_USAGE, "--keys: %s", err);
    }
    if (o->keys_file) {
        FILE *f = fopen(o->keys_file, "rb");
        if (!f)
            die(EXIT_USAGE, "--keys-file: cannot open %s: %s", o->keys_file, strerror(errno));
        char buf[4096];
        size_t n;
        int failed = 0;
        while (!failed && (n = fread(buf, 1, sizeof buf, f)) > 0)
            failed = ps2_type(kbd, buf, n, err, sizeof err);
        if (!failed && ferror(f))
            failed = snprintf(err, sizeof err, "read error") > 0;
        fclose(f);
        if (failed)
            die(EXIT_USAGE, "--keys-file: %s: %s", o->keys_file, err);
    }
}

/* Everything main() makes for one run, freed at its end. */
struct run {
    struct elf_image img;
    struct machine m;
    struct symtab syms;
    struct profile prof;
    struct coverage cov;
    struct trace trace;   /* --trace, --trace-file (trace.f NULL: not asked for) */
    struct observe obs;   /* the observers' shared state (observe.h) */
    struct timeline *tl;  /* the observers main() made (NULL: not asked for) */
    struct measures *ms;
    struct gdb *gdb;
    struct check *check;
    uint8_t font[256][VGA_FONT_H]; /* --vga-font */
};

/* --stats: the machine's figures, then the observers' (threads' stacks, --measure). */
static void full_stats(const struct machine *m, FILE *out)
{
    stats_print(m, out);
    observe_stats_print(m, out);
}

static void must_register(struct machine *m, struct observer ob)
{
    if (observe_register(m, &ob))
        die(EXIT_USAGE, "more than %d observers", OBSERVERS_MAX);
}

/* --measure's probes, on the shared state (their symbols flagged in it). */
static void measure_setup(const struct options *o, struct run *r)
{
    char err[256];
    if (!(r->ms = measure_new(&r->obs)))
        die(EXIT_USAGE, "out of memory for --measure");
    for (int i = 0; i < o->nmeasure; i++)
        if (measure_add(r->ms, o->measure[i], &r->img, err, sizeof err))
            die(EXIT_USAGE, "--measure: %s", err);
    if (measure_needs_kernel(r->ms) && !r->obs.kernel)
        die(EXIT_USAGE, "--measure: switch: and run: need a kernel tempo-sim knows (Tempo or FreeRTOS); %s has none",
            o->image);
}

/* The observers the options ask for that need the shared state (observe.h, observer.h):
 * the traced loop runs with them.  A kernel image's --stats adds the threads' stack marks;
 * without a kernel it stays on the fast loop.  The debugger is registered first: it may
 * move pc before the others look at it; the trace next, so that a trap's line comes before
 * what the other observers make of it. */
static void observe_setup(const struct options *o, struct run *r)
{
    struct machine *m = &r->m;
    struct observe *obs = &r->obs;
    bool trace = o->trace || o->trace_path, stats = o->stats || o->stats_path;
    bool check = o->check.what & CHECK_PER_INSN;
    bool watchers = trace || o->timeline_path || o->nmeasure || o->gdb_port >= 0 || check;
    if (!watchers && !stats)
        return;
    if (observe_init(obs, m, &r->img, &r->syms, true))
        die(EXIT_USAGE, "out of memory for the observers");
    if (!watchers && !obs->kernel) {
        observe_free(obs); /* --stats alone, no kernel: nothing to observe */
        return;
    }
    m->obs = obs;
    if (observe_window(obs, &r->img, o->trace_from, o->trace_to))
        die(EXIT_USAGE, "--trace-from/--trace-to: '%s' is neither a cycle count nor a symbol in code memory",
            o->trace_from && observe_window(obs, &r->img, o->trace_from, NULL) ? o->trace_from : o->trace_to);
    if (o->nmeasure)
        measure_setup(o, r);
    if (o->timeline_path && !(r->tl = timeline_new(obs, &r->syms, o->timeline_path, o->image)))
        die(EXIT_USAGE, "--timeline: %s: %s", o->timeline_path, strerror(errno));
    if (o->gdb_port >= 0) {
        char err[256];
        if (!(r->gdb = gdb_listen((unsigned)o->gdb_port, full_stats, err, sizeof err)))
            die(EXIT_USAGE, "%s", err);
        must_register(m, gdb_observer(r->gdb));
    }
    if (trace)
        must_register(m, trace_observer(&r->trace));
    if (r->tl)
        must_register(m, timeline_observer(r->tl));
    if (r->ms)
        must_register(m, measure_observer(r->ms));
}

/* The image (ELF or .mem) and the --vga-font ROM: a usage or image error ends the run. */
static void load_image(const struct options *o, struct run *r)
{
    char err[512];
    bool mem = memfile_is(o->image);
    if (mem && !o->xlen)
        die(EXIT_USAGE, "%s: a .mem image does not say its width: give --xlen 32 or 64", o->image);
    if (!mem && o->xlen)
        die(EXIT_USAGE, "--xlen is for .mem images; the ELF image %s gives its own", o->image);
    int rc = mem ? memfile_read(o->image, o->xlen, &r->img, err, sizeof err)
                 : elf_read(o->image, &r->img, err, sizeof err);
    if (rc)
        die(rc, "%s", err);
    if (o->vga_font && vga_font_read(o->vga_font, r->font, err, sizeof err))
        die(EXIT_USAGE, "--vga-font: %s", err);
    if (r->img.entry & 3)
        die(EXIT_ELF_MALFORMED, "%s: entry point 0x%llx is not 4-byte aligned", o->image,
            (unsigned long long)r->img.entry);
}

/* The machine with the image loaded, the keys typed, tohost watched, the symbols, and the
 * profile and coverage counters asked for (registered: they need no shared state); pc at
 * the entry point. */
static void machine_setup(struct options *o, struct run *r)
{
    char err[512];
    struct machine *m = &r->m;
    if (o->trace_path) {
        r->trace.f = fopen(o->trace_path, "w");
        if (!r->trace.f)
            die(EXIT_USAGE, "--trace-file: cannot open %s: %s", o->trace_path, strerror(errno));
    } else if (o->trace) {
        r->trace.f = stderr;
    }
    r->trace.m = m;
    if (machine_init(m, &o->cfg, r->img.xlen))
        die(EXIT_USAGE, "out of memory for the simulated memories");
    int rc = elf_load(&r->img, m, err, sizeof err);
    if (rc)
        die(rc, "%s: %s", o->image, err);
    type_keys(o, &m->kbd);
    uint64_t th, thsize;
    if (elf_find_symbol(&r->img, "tohost", &th, &thsize)) {
        m->bus.tohost = th;
        m->bus.tohost_size = thsize == 4 || (th & 7) ? 4 : 8;
        m->bus.tohost_dw = th >> 3;
    }
    const struct ram *code = m->bus.code;
    if (symtab_init(&r->syms, &r->img, code->base, code->base + code->size))
        die(EXIT_USAGE, "out of memory for the symbol table");
    m->symbols = &r->syms;
    if (o->profile || o->profile_path) {
        if (profile_init(&r->prof, &r->syms))
            die(EXIT_USAGE, "out of memory for the profile");
        must_register(m, profile_observer(&r->prof));
    }
    if (o->coverage_path) {
        if (coverage_init(&r->cov, code->base, code->size))
            die(EXIT_USAGE, "out of memory for the coverage counters");
        must_register(m, coverage_observer(&r->cov));
    }
    m->hart.pc = r->img.entry;
}

/* A path that cannot be written fails before the run, not after it.  The timeline's file
 * is not emptied: its writer writes over it (timeline.c's writer_new()). */
static void outputs_writable(const struct options *o)
{
    const struct {
        const char *opt, *path;
        int trunc;
    } outputs[] = {{"stats-json", o->stats_path, O_TRUNC}, {"profile-json", o->profile_path, O_TRUNC},
                   {"timeline", o->timeline_path, 0}, {"coverage", o->coverage_path, O_TRUNC}};
    for (size_t i = 0; i < sizeof outputs / sizeof *outputs; i++) {
        const int fd = outputs[i].path ? open(outputs[i].path, O_WRONLY | O_CREAT | outputs[i].trunc, 0666) : -1;
        if (outputs[i].path && fd < 0)
            die(EXIT_USAGE, "--%s: cannot open %s: %s", outputs[i].opt, outputs[i].path, strerror(errno));
        if (fd >= 0)
            close(fd);
    }
}

/* After the run: the screen, the debugger's farewell, and every report asked for.  The exit
 * status may become a usage error (a --measure thread that never ran); true when an output
 * could not be written. */
static bool report(const struct options *o, struct run *r, int *status)
{
    struct machine *m = &r->m;
    bool out_lost = false;
    const char *no_thread = r->ms ? measure_unknown_thread(r->ms) : NULL;
    if (no_thread) {
        fprintf(stderr, "tempo-sim: --measure: no thread named '%s' ran (--stats lists the threads)\n", no_thread);
        if (*status < EXIT_USAGE)
            *status = EXIT_USAGE;
    }
    if (o->vga_text)
        vga_text(&m->vga, stderr);
    if (o->vga_png)
        out_lost |= lost(o->vga_png, vga_png(&m->vga, r->font, o->vga_png) != 0);
    gdb_exit(r->gdb, *status);
    uint64_t cycles = m->hart.clk.cycle;
    if (o->stats)
        full_stats(m, stderr);
    else if (r->ms)
        measure_print(r->ms, stderr); /* --measure asked for its figures */
    if (o->stats_path)
        out_lost |= lost(o->stats_path, stats_json(m, o->stats_path, *status, observe_stats_json) != 0);
    if (o->irq_off_path)
        out_lost |= lost(o->irq_off_path, irqoff_write(&m->irqoff, &r->syms, o->irq_off_path) != 0);
    if (o->profile)
        profile_print(&r->prof, cycles, stderr);
    if (o->profile_path)
        out_lost |= lost(o->profile_path, profile_json(&r->prof, cycles, o->profile_path) != 0);
    if (r->tl)
        out_lost |= lost(o->timeline_path, timeline_write(r->tl) != 0);
    if (o->coverage_path)
        out_lost |= lost(o->coverage_path, coverage_write(&r->cov, m->bus.code, o->coverage_path, m->hart.xlen,
                                                          o->cfg.soc == SOC_PAPER ? "paper" : "virt",
                                                          o->image) != 0);
    if (r->trace.f && r->trace.f != stderr) {
        bool failed = ferror(r->trace.f);
        failed |= fclose(r->trace.f) != 0;
        out_lost |= lost(o->trace_path, failed);
    }
    return out_lost;
}

static void run_free(struct run *r)
{
    profile_free(&r->prof);
    timeline_free(r->tl);
    measure_free(r->ms);
    gdb_free(r->gdb);
    observe_free(&r->obs);
    check_free(r->check);
    coverage_free(&r->cov);
    symtab_free(&r->syms);
    machine_free(&r->m);
    elf_free(&r->img);
}

int main(int argc, char **argv)
{
    struct options o = {
        .cfg = {.soc = SOC_PAPER, .imem_size = DEFAULT_MEM_SIZE, .dmem_size = DEFAULT_MEM_SIZE,
                .ram_size = VIRT_RAM_DEFAULT,
                .cache = {.mem = {CACHE_MEM_LATENCY, CACHE_MEM_BEAT, CACHE_MEM_WIDTH}}},
        .gdb_port = -1,
        .check = {.hang = CHECK_HANG_DEFAULT, .null_size = CHECK_NULL_DEFAULT, .irq_off = CHECK_IRQOFF_DEFAULT, .silence = CHECK_SILENCE_DEFAULT},
    };
    timing_params_default(&o.cfg.timing);
    parse_args(argc, argv, &o);

    static struct run r; /* the simulated memories' bookkeeping is large: not on the stack */
    load_image(&o, &r);
    machine_setup(&o, &r);
    outputs_writable(&o); /* the timeline's writer opens its file */
    observe_setup(&o, &r);
    if (!(r.check = check_new(&r.m, &r.img, o.image, &o.check)))
        die(EXIT_USAGE, "out of memory for --check");
    if (r.m.obs)
        must_register(&r.m, check_observer(r.check));
    /* UART output: line-buffered so that nothing is lost and lines arrive whole */
    setvbuf(stdout, NULL, _IOLBF, 0);

    catch_signals(&r.m);
    cpu_run(&r.m);
    if (r.m.obs)
        observe_end(&r.m);
    bool out_lost = lost("stdout", fflush(stdout) != 0 || ferror(stdout));
    int status = outcome(&r.m);
    out_lost |= report(&o, &r, &status);
    out_lost |= fflush(stderr) != 0 || ferror(stderr);
    run_free(&r);
    return out_lost ? EXIT_OUTPUT_LOST : status;
}
