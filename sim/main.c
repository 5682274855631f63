/* tempo-sim command line: tempo-sim [options] image.elf */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "elf.h"
#include "profile.h"
#include "tempo_sim.h"

/* spec/core-timing.md "Memory": 32 KiB each; the devices above them bound the sizes */
#define DEFAULT_MEM_SIZE  (32u << 10)
#define PAPER_IMEM_MAX    (32ull << 20) /* the CLINT is at 0x0200_0000 */
#define PAPER_DMEM_MAX    (64ull << 10) /* the UART is at 0x1001_0000 */
#define VIRT_RAM_DEFAULT  (128ull << 20) /* QEMU virt's default -m 128M */
#define VIRT_RAM_MAX      (2048ull << 20) /* RAM at 0x8000_0000 up to the 4 GiB line */
#define MEM_MIN           64u

static const char usage_text[] =
    "usage: tempo-sim [options] image.elf\n"
    "Runs a bare-metal RV32IM/RV64IM ELF image (XLEN from the ELF class) on the paper's\n"
    "8-stage core.\n"
    "  --soc paper|virt     SoC profile (default paper)\n"
    "  --max-cycles N       stop with status 124 after N cycles\n"
    "  --imem-size N        paper instruction memory (default 32K, at most 32M)\n"
    "  --dmem-size N        paper data memory (default 32K, at most 64K)\n"
    "  --ram-size N         virt RAM (default 128M, at most 2048M); N takes K/M suffixes\n"
    "  --trace              one line per retired instruction on stderr:\n"
    "                       cycle pc raw-word [xN=value]\n"
    "  --trace-file FILE    the same, into FILE\n"
    "  --stats              cycles, instructions, CPI, stall cycles by cause (stderr)\n"
    "  --stats-json FILE    the same as JSON\n"
    "  --profile            cycles and instructions per function (stderr)\n"
    "  --profile-json FILE  the same as JSON\n"
    "  --set name=value     change a timing parameter (repeatable)\n"
    "  --list-params        list the timing parameters and exit\n"
    "  --help               this text\n"
    "Exit status: the firmware's (codes >= 120 become 119); 120 usage, 121 unreadable ELF,\n"
    "122 malformed or unsupported ELF, 123 segment outside memory, 124 cycle limit,\n"
    "125 WFI with no wake-up source, 126 trap handler not fetchable (endless trap loop).\n";

static int die(int code, const char *fmt, ...)
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

/* "32K", "4M", "65536"; 0 on error */
static uint64_t parse_size(const char *opt, const char *s)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (*end == 'K' || *end == 'k')
        v <<= 10, end++;
    else if (*end == 'M' || *end == 'm')
        v <<= 20, end++;
    if (errno || end == s || *end || *s == '-' || v > (1ull << 40))
        die(EXIT_USAGE, "%s: bad size '%s'", opt, s);
    return v;
}

static uint64_t parse_u64(const char *opt, const char *s)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end || *s == '-')
        die(EXIT_USAGE, "%s: bad number '%s'", opt, s);
    return v;
}

static void check_size(const char *opt, uint64_t v, uint64_t max)
{
    if (v < MEM_MIN || v > max || v % 8)
        die(EXIT_USAGE, "%s: %llu is not a multiple of 8 between %u and %llu", opt,
            (unsigned long long)v, MEM_MIN, (unsigned long long)max);
}

int main(int argc, char **argv)
{
    struct sim_config cfg = {
        .soc = SOC_PAPER, .imem_size = DEFAULT_MEM_SIZE, .dmem_size = DEFAULT_MEM_SIZE,
        .ram_size = VIRT_RAM_DEFAULT,
    };
    const char *image = NULL, *stats_path = NULL, *profile_path = NULL, *trace_path = NULL;
    bool stats = false, profile = false, trace = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = NULL;
        char name[32];
        if (strncmp(a, "--", 2) != 0) {
            if (image)
                die(EXIT_USAGE, "more than one image (%s, %s); try --help", image, a);
            image = a;
            continue;
        }
        /* --opt=value or --opt value */
        const char *eq = strchr(a, '=');
        size_t len = eq ? (size_t)(eq - a) : strlen(a);
        if (len >= sizeof name)
            die(EXIT_USAGE, "unknown option %s; try --help", a);
        memcpy(name, a, len);
        name[len] = 0;
        static const char *const with_value[] = {
            "--soc", "--max-cycles", "--imem-size", "--dmem-size", "--ram-size", "--trace-file",
            "--stats-json", "--profile-json", "--set",
        };
        bool needs = false;
        for (size_t k = 0; k < sizeof with_value / sizeof *with_value; k++)
            needs |= strcmp(name, with_value[k]) == 0;
        if (needs) {
            if (eq)
                val = eq + 1;
            else if (i + 1 < argc)
                val = argv[++i];
            else
                die(EXIT_USAGE, "%s needs a value; try --help", name);
        } else if (eq) {
            die(EXIT_USAGE, "%s takes no value; try --help", name);
        }
        if (!strcmp(name, "--help")) {
            fputs(usage_text, stdout);
            return 0;
        } else if (!strcmp(name, "--list-params")) {
            timing_list_params(stdout);
            return 0;
        } else if (!strcmp(name, "--soc")) {
            if (!strcmp(val, "paper"))
                cfg.soc = SOC_PAPER;
            else if (!strcmp(val, "virt"))
                cfg.soc = SOC_VIRT;
            else
                die(EXIT_USAGE, "--soc: unknown SoC '%s' (paper or virt)", val);
        } else if (!strcmp(name, "--max-cycles")) {
            cfg.max_cycles = parse_u64(name, val);
        } else if (!strcmp(name, "--imem-size")) {
            cfg.imem_size = parse_size(name, val);
            check_size(name, cfg.imem_size, PAPER_IMEM_MAX);
        } else if (!strcmp(name, "--dmem-size")) {
            cfg.dmem_size = parse_size(name, val);
            check_size(name, cfg.dmem_size, PAPER_DMEM_MAX);
        } else if (!strcmp(name, "--ram-size")) {
            cfg.ram_size = parse_size(name, val);
            check_size(name, cfg.ram_size, VIRT_RAM_MAX);
        } else if (!strcmp(name, "--trace")) {
            trace = true;
        } else if (!strcmp(name, "--trace-file")) {
            trace_path = val;
        } else if (!strcmp(name, "--stats")) {
            stats = true;
        } else if (!strcmp(name, "--stats-json")) {
            stats_path = val;
        } else if (!strcmp(name, "--profile")) {
            profile = true;
        } else if (!strcmp(name, "--profile-json")) {
            profile_path = val;
        } else if (!strcmp(name, "--set")) {
            if (timing_set_param(val))
                exit(EXIT_USAGE); /* timing_set_param printed the reason */
        } else {
            die(EXIT_USAGE, "unknown option %s; try --help", a);
        }
    }
    if (!image)
        die(EXIT_USAGE, "no image given; try --help");

    char err[512];
    struct elf_image img;
    int rc = elf_read(image, &img, err, sizeof err);
    if (rc)
        die(rc, "%s", err);
    if (img.entry & 3)
        die(EXIT_ELF_MALFORMED, "%s: entry point 0x%llx is not 4-byte aligned", image,
            (unsigned long long)img.entry);
    static struct machine m;
    if (trace_path) {
        cfg.trace = fopen(trace_path, "w");
        if (!cfg.trace)
            die(EXIT_USAGE, "--trace-file: cannot open %s: %s", trace_path, strerror(errno));
    } else if (trace) {
        cfg.trace = stderr;
    }
    if (machine_init(&m, &cfg, img.xlen))
        die(EXIT_USAGE, "out of memory for the simulated memories");
    rc = elf_load(&img, &m, err, sizeof err);
    if (rc)
        die(rc, "%s: %s", image, err);
    uint64_t th, thsize;
    if (elf_find_symbol(&img, "tohost", &th, &thsize)) {
        m.tohost = th;
        m.tohost_size = thsize == 4 || (th & 7) ? 4 : 8;
        m.tohost_dw = th >> 3;
    }
    if ((profile || profile_path) && profile_init(&m, &img))
        die(EXIT_USAGE, "out of memory for the profile");
    m.pc = img.entry;
    /* UART output: line-buffered so that nothing is lost and lines arrive whole */
    setvbuf(stdout, NULL, _IOLBF, 0);

    cpu_run(&m);
    fflush(stdout);

    int status;
    switch (m.stop) {
    case STOP_EXIT: status = m.exit_code; break;
    case STOP_CYCLE_LIMIT:
        fprintf(stderr, "tempo-sim: cycle limit reached (--max-cycles %llu; stopped at cycle %llu, pc 0x%llx)\n",
                (unsigned long long)cfg.max_cycles, (unsigned long long)m.cycle, (unsigned long long)m.pc);
        status = EXIT_CYCLE_LIMIT;
        break;
    case STOP_WFI:
        fprintf(stderr, "tempo-sim: WFI with no wake-up source (pc 0x%llx, mie 0x%llx, cycle %llu)\n",
                (unsigned long long)m.pc - 4, (unsigned long long)m.mie, (unsigned long long)m.cycle);
        status = EXIT_WFI_NO_WAKE;
        break;
    default:
        fprintf(stderr, "tempo-sim: trap handler at 0x%llx cannot be fetched (mcause 0x%llx, mepc 0x%llx, mtval 0x%llx)\n",
                (unsigned long long)m.pc, (unsigned long long)m.mcause, (unsigned long long)m.mepc,
                (unsigned long long)m.mtval);
        status = EXIT_TRAP_LOOP;
        break;
    }
    if (stats)
        stats_print(&m, stderr);
    if (stats_path && stats_json(&m, stats_path, status))
        die(EXIT_USAGE, "--stats-json: cannot write %s", stats_path);
    if (profile)
        profile_print(&m, stderr);
    if (profile_path && profile_json(&m, profile_path))
        die(EXIT_USAGE, "--profile-json: cannot write %s", profile_path);
    if (cfg.trace && cfg.trace != stderr)
        fclose(cfg.trace);
    machine_free(&m);
    elf_free(&img);
    return status;
}
