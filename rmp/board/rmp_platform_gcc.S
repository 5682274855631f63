/* RMP's platform, assembly part, for the width being built (as rmp_platform.c). */
#if __riscv_xlen == 64
#include "rmp_platform_rv64p_gcc.S"
#else
#include "rmp_platform_rv32p_gcc.s"
#endif
