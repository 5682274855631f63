/* RMP's platform header for tempo-sim and QEMU virt: RMP's kernel includes "rmp_platform.h" and
 * expects it to name one platform.  RV32: RMP's RV32P platform as upstream ships it
 * ($(RMP_DIR)/Include/Platform/RV32P); RV64: the RV64P platform layer of rmp/rv64p/, written
 * against the same interface.  Both read the chip header rmp_platform_tempo.h through their
 * rmp_platform_rv*p_conf.h. */
#if __riscv_xlen == 64
#include "rmp_platform_rv64p.h"
#else
#include "Platform/RV32P/rmp_platform_rv32p.h"
#endif
