/* The ThreadX port of this build's width, for sources compiled at either: RV64 is ThreadX's
 * ports/risc-v64/gnu (the include directory after this one, threadx/kernel.mk TX_INC), RV32
 * the port written here. */
#if __riscv_xlen == 64
#include_next <tx_port.h>
#else
#include "rv32/tx_port.h"
#endif
