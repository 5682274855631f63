/* A disassembler driven by the decoder table (decode.h): one predecoded instruction as text,
 * in the spelling of `objdump -d -M no-aliases` (ABI register names, CSR names, branch and
 * jump targets as absolute hexadecimal addresses), which sim/tests/disasm-check.c checks word
 * for word.  Used by --trace. */
#ifndef TEMPO_DISASM_H
#define TEMPO_DISASM_H
#include <stddef.h>
#include <stdint.h>
#include "decode.h"

/* Longest text disasm() writes, with its terminating NUL. */
#define DISASM_MAX 48

/* The instruction `d` (decoded at `xlen`) at address `pc`, as "mnemonic operands", into buf
 * (at least DISASM_MAX bytes).  Returns the text's length. */
int disasm(char *buf, const struct insn *d, uint64_t pc, int xlen);
/* "zero", "ra", "sp", ... for x0..x31 */
const char *disasm_reg(unsigned r);
/* The CSR's name ("mstatus"), or NULL for a number objdump has no name for here. */
const char *disasm_csr(unsigned csr);
#endif
