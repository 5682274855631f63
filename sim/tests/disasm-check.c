/* The disassembler (sim/observe/disasm.c) against objdump: reads `objdump -d -M no-aliases` lines
 * ("addr:<TAB>word<TAB>mnemonic<TAB>operands [<sym>] [# note]") on stdin, decodes each word at the
 * XLEN given as argv[1] and compares the text (the tab becomes a space; the " <sym>" suffix
 * of a target is objdump's, not ours).  Exit 0 when every line matched and at least one did.
 * usage: objdump -d -M no-aliases image.elf | disasm-check 32|64 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "disasm.h"

int main(int argc, char **argv)
{
    int xlen = argc > 1 ? atoi(argv[1]) : 0;
    if (xlen != 32 && xlen != 64) {
        fprintf(stderr, "usage: objdump -d -M no-aliases image.elf | disasm-check 32|64\n");
        return 2;
    }
    char line[512];
    unsigned long checked = 0, bad = 0;
    while (fgets(line, sizeof line, stdin)) {
        unsigned long long addr;
        unsigned word;
        char text[256];
        int off = 0;
        /* "     14c:\tc00027f3          \tcsrrs\ta5,cycle,zero"; data in a code section is
         * "    60f8:\t61662073 00746c75 656c6c69 206c6167     s fault.illegal " (no tab) */
        if (sscanf(line, " %llx:\t%x%n", &addr, &word, &off) != 2 || !off || !strchr(line + off, '\t'))
            continue;
        char *p = line + off;
        while (*p == ' ' || *p == '\t')
            p++;
        p[strcspn(p, "\n")] = 0;
        char *sym = strstr(p, " <"), *comment = strstr(p, " #");
        if (sym)
            *sym = 0;
        if (comment)
            *comment = 0; /* objdump's note of an address formed from gp or auipc */
        if (!*p || !strncmp(p, ".insn", 5) || !strncmp(p, "0x", 2) || strchr(p, '.') == p)
            continue;
        snprintf(text, sizeof text, "%s", p);
        char *tab = strchr(text, '\t');
        if (tab)
            *tab = ' ';
        struct insn d;
        decode(&d, word, xlen);
        if (d.op == OP_ILLEGAL)
            continue; /* data in a code section, or an extension this core lacks */
        char got[DISASM_MAX];
        disasm(got, &d, addr, xlen);
        checked++;
        if (strcmp(got, text)) {
            if (++bad <= 20)
                printf("%llx %08x: objdump \"%s\", disasm \"%s\"\n", addr, word, text, got);
        }
    }
    printf("RV%d: %lu instructions compared, %lu differ\n", xlen, checked, bad);
    return bad || !checked;
}
