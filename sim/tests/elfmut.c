/* Make a broken ELF from a good one, for the loader tests.
 * usage: elfmut MODE in.elf out.elf
 * MODE: trunc-header | trunc-phdr | machine | class | garbage | overlap | outside | rvc |
 *       shoff (section headers past the end) | type (ET_DYN) | endian (big-endian) |
 *       entryHEX (e_entry = HEX) |
 *       flipN (N: seed; 8 random bytes of the headers and tables get random values) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rd(const unsigned char *p, int n)
{
    unsigned long long v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void wr(unsigned char *p, int n, unsigned long long v)
{
    for (int i = 0; i < n; i++, v >>= 8)
        p[i] = (unsigned char)v;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: elfmut MODE in.elf out.elf\n");
        return 2;
    }
    FILE *f = fopen(argv[2], "rb");
    if (!f)
        return 2;
    static unsigned char d[1 << 22];
    size_t len = fread(d, 1, sizeof d, f);
    fclose(f);
    int is64 = d[4] == 2;
    unsigned long long phoff = is64 ? rd(d + 32, 8) : rd(d + 28, 4);
    unsigned phentsize = rd(d + (is64 ? 54 : 42), 2), phnum = rd(d + (is64 ? 56 : 44), 2);
    const char *mode = argv[1];
    if (!strcmp(mode, "trunc-header")) {
        len = 30;
    } else if (!strcmp(mode, "trunc-phdr")) {
        len = phoff + phentsize / 2;
    } else if (!strcmp(mode, "machine")) {
        wr(d + 18, 2, 62); /* x86-64 */
    } else if (!strcmp(mode, "class")) {
        d[4] = 3;
    } else if (!strcmp(mode, "garbage")) {
        static const char text[] = "this is not an executable, just some text\n";
        memcpy(d, text, sizeof text - 1);
        len = sizeof text - 1;
    } else if (!strcmp(mode, "shoff")) {
        wr(d + (is64 ? 40 : 32), is64 ? 8 : 4, len + 1000);
    } else if (!strcmp(mode, "type")) {
        wr(d + 16, 2, 3);
    } else if (!strcmp(mode, "endian")) {
        d[5] = 2;
    } else if (!strncmp(mode, "entry", 5)) {
        wr(d + 24, is64 ? 8 : 4, strtoull(mode + 5, NULL, 16));
    } else if (!strncmp(mode, "flip", 4)) {
        /* header, program headers and section headers: where a loader can go wrong */
        unsigned long long shoff = is64 ? rd(d + 40, 8) : rd(d + 32, 4);
        unsigned long seed = strtoul(mode + 4, NULL, 10) * 2654435761u + 1;
        for (int k = 0; k < 8; k++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            unsigned long r = seed >> 33;
            size_t at = k % 3 == 0 ? r % 64 : k % 3 == 1 ? phoff + r % 128 : shoff + r % 512;
            if (at < len)
                d[at] = (unsigned char)(seed >> 17);
        }
    } else if (!strcmp(mode, "rvc")) {
        unsigned char *fl = d + (is64 ? 48 : 36);
        wr(fl, 4, rd(fl, 4) | 1);
    } else if (!strcmp(mode, "overlap") || !strcmp(mode, "outside")) {
        /* the first PT_LOAD: copy it over the second (overlap) or move it (outside) */
        int first = -1, second = -1;
        for (unsigned i = 0; i < phnum; i++) {
            if (rd(d + phoff + i * phentsize, 4) != 1)
                continue;
            if (first < 0)
                first = i;
            else if (second < 0)
                second = i;
        }
        if (first < 0 || (!strcmp(mode, "overlap") && second < 0)) {
            fprintf(stderr, "elfmut: not enough PT_LOAD segments\n");
            return 2;
        }
        unsigned char *p1 = d + phoff + first * phentsize;
        if (!strcmp(mode, "overlap")) {
            memcpy(d + phoff + second * phentsize, p1, phentsize);
            /* shift it by 4 bytes so that it overlaps without being identical (p_vaddr and
             * p_paddr: tempo-sim loads at the latter) */
            unsigned char *p2 = d + phoff + second * phentsize;
            for (int off = is64 ? 16 : 8; off <= (is64 ? 24 : 12); off += is64 ? 8 : 4)
                wr(p2 + off, is64 ? 8 : 4, rd(p2 + off, is64 ? 8 : 4) + 4);
        } else {
            /* no memory there (p_vaddr and p_paddr) */
            wr(p1 + (is64 ? 16 : 8), is64 ? 8 : 4, 0x40000000);
            wr(p1 + (is64 ? 24 : 12), is64 ? 8 : 4, 0x40000000);
        }
    } else {
        fprintf(stderr, "elfmut: unknown mode %s\n", mode);
        return 2;
    }
    f = fopen(argv[3], "wb");
    if (!f || fwrite(d, 1, len, f) != len || fclose(f))
        return 2;
    return 0;
}
