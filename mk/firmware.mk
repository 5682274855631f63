# Cross-compilation of firmware images, shared by every component.
# docs/boards.md "Toolchain": compile with _zicsr, link with the plain -march so the rv32im/rv64im
# multilib libgcc is selected.
CROSS      ?= riscv64-unknown-elf-
TCC        := $(CROSS)gcc
TOBJDUMP   := $(CROSS)objdump
ARCH_32    := -march=rv32im_zicsr -mabi=ilp32
ARCH_64    := -march=rv64im_zicsr -mabi=lp64
LINKARCH_32 := -march=rv32im -mabi=ilp32
LINKARCH_64 := -march=rv64im -mabi=lp64
BOARDDEF_paper := -DBOARD_PAPER
BOARDDEF_virt  := -DBOARD_VIRT
TCFLAGS    := -std=c11 -Wall -Wextra -Werror -ffreestanding -nostdlib -fno-builtin \
              -mcmodel=medany -g -Ibsp/common -Iinclude
TLDFLAGS   = -nostdlib -nostartfiles -Lbsp/common
BSP_SRC    := bsp/common/crt0.S bsp/common/board.c

# $(call fw-link,OUT,XLEN,BOARD,SOURCES,EXTRA_CFLAGS): one image from sources, compiled and
# linked in one gcc call.  One call takes one -march, so it is the plain link spelling with
# -misa-spec=2.2, under which Zicsr is part of I (docs/boards.md "Toolchain").
# Usage in a rule:  $(call fw-link,$@,32,paper,$^,-O2)
fw-link = $(TCC) -misa-spec=2.2 $(LINKARCH_$(2)) $(BOARDDEF_$(3)) $(TCFLAGS) $(5) \
          -T bsp/$(3)/link.ld $(TLDFLAGS) -o $(1) $(4) -lgcc
