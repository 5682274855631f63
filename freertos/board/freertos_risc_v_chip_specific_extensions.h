/* FreeRTOS RISC-V port: chip-specific extensions of the paper's core (the paper, section II;
 * docs/boards.md).  The core has an mtime/mtimecmp pair (memory-mapped CLINT, paper
 * layout: not the SiFive one, hence portasmHAS_SIFIVE_CLINT 0; the addresses come from
 * FreeRTOSConfig.h) and no registers beyond the RV32I/RV64I integer file, so nothing extra is
 * saved in a task's context.  Included from the port's assembly (portContext.h). */
#ifndef FR_CHIP_SPECIFIC_EXTENSIONS_H
#define FR_CHIP_SPECIFIC_EXTENSIONS_H

#define portasmHAS_MTIME               1
#define portasmHAS_SIFIVE_CLINT        0
#define portasmADDITIONAL_CONTEXT_SIZE 0

.macro portasmSAVE_ADDITIONAL_REGISTERS
    /* no additional registers */
.endm

.macro portasmRESTORE_ADDITIONAL_REGISTERS
    /* no additional registers */
.endm

#endif
