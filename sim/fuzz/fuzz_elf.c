/* libFuzzer harness: the ELF loader on any bytes (make fuzz; sim/fuzz/fuzz.mk).
 *
 * The input is an image file.  It must be refused with EXIT_ELF_MALFORMED and a reason, or
 * parse; a parsed image is loaded into both SoCs (refused with EXIT_ELF_OUTSIDE and a
 * reason, or loaded), its function table and profile table are built, and a loaded image
 * runs for a few thousand cycles.  ASan and UBSan make any out-of-bounds access, leak or
 * undefined behaviour a crash; a broken expectation is a trap. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "elf.h"
#include "machine.h"
#include "observe.h"
#include "profile.h"
#include "symbols.h"

#define EXPECT(c) do { if (!(c)) __builtin_trap(); } while (0)

static FILE *devnull;

static void run_loaded(const struct elf_image *img, enum soc soc)
{
    static struct machine m;
    struct sim_config cfg = {.soc = soc, .imem_size = 32 << 10, .dmem_size = 32 << 10,
                             .ram_size = 64 << 10, .max_cycles = 5000};
    timing_params_default(&cfg.timing);
    EXPECT(machine_init(&m, &cfg, img->xlen) == 0);
    m.uart.out = devnull;
    char err[256] = "";
    int rc = elf_load(img, &m, err, sizeof err);
    EXPECT(rc == 0 || (rc == EXIT_ELF_OUTSIDE && err[0]));
    if (rc == 0) {
        struct symtab syms;
        struct profile prof;
        const struct ram *code = m.bus.code;
        EXPECT(symtab_init(&syms, img, code->base, code->base + code->size) == 0);
        EXPECT(profile_init(&prof, &syms) == 0);
        for (size_t i = 0; i < syms.n; i++)
            EXPECT(symtab_index(&syms, syms.f[i].lo) == i && syms.f[i].lo < syms.f[i].hi);
        m.symbols = &syms;
        struct observer ob = profile_observer(&prof);
        EXPECT(observe_register(&m, &ob) == 0);
        if (!(img->entry & 3)) {
            m.hart.pc = img->entry;
            cpu_run(&m);
            EXPECT(m.run.stop != STOP_NONE);
        }
        profile_free(&prof);
        symtab_free(&syms);
    }
    machine_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    struct elf_image img;
    memset(&img, 0, sizeof img);
    img.data = malloc(size ? size : 1);
    EXPECT(img.data);
    memcpy(img.data, data, size);
    img.len = size;
    char err[256] = "";
    int rc = elf_parse(&img, "input", err, sizeof err);
    EXPECT(rc == 0 || (rc == EXIT_ELF_MALFORMED && err[0]));
    if (rc == 0) {
        EXPECT(img.xlen == 32 || img.xlen == 64);
        EXPECT(img.nseg > 0);
        uint64_t v, sz;
        elf_find_symbol(&img, "tohost", &v, &sz);
        run_loaded(&img, SOC_PAPER);
        run_loaded(&img, SOC_VIRT);
    }
    elf_free(&img);
    return 0;
}
