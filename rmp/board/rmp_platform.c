/* RMP's platform, C part, for the width being built: RMP's RV32P as shipped, or the RV64P
 * layer of rmp/rv64p/.  One source for both widths, so every build names the same files. */
#if __riscv_xlen == 64
#include "rmp_platform_rv64p.c"
#else
#include "rmp_platform_rv32p.c"
#endif
