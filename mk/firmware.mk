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
# the paper SoC as its RTL starts: .data copied from instruction memory (bsp/paper-rom/link.ld)
BOARDDEF_paper-rom := -DBOARD_PAPER -DBOARD_PAPER_ROM
# Other projects' kernels are compiled from wherever the user keeps them, and their assertions
# put __FILE__ into the image: spelled by the variable's name, not its path, the image (and so
# every cycle it takes, the tick's phase included) is the same from any checkout.
KERNEL_DIR_VARS := FREERTOS_DIR RMP_DIR THREADX_DIR RK0_DIR
KERNEL_DIR_MAP := $(foreach v,$(KERNEL_DIR_VARS),$(if $($(v)),-fmacro-prefix-map=$($(v))=$(v)))
TCFLAGS    := -std=c11 -Wall -Wextra -Werror -ffreestanding -nostdlib -fno-builtin \
              -mcmodel=medany -g -Ibsp/common -Iinclude $(KERNEL_DIR_MAP)
TLDFLAGS   = -nostdlib -nostartfiles -Lbsp/common
# The Tempo kernel built for size (its footprint figures, the -Os kernel tests): -Os, and
# -msave-restore, which makes every prologue and epilogue that saves registers a call of
# libgcc's shared save/restore routines (__riscv_save_N / __riscv_restore_N, 188 B at RV32,
# 232 B at RV64, linked once): they use t0, t1 and the stack only, all the ABI's, so the port's
# assembly and tp are untouched.  A function using them returns through __riscv_restore_N, so
# it makes no tail calls: slower, but the speed build (-O2) has neither.  -fno-shrink-wrap:
# one prologue at each function's entry; shrink-wrapping, which moves it past the early
# returns, copies the code those returns share with the rest (200 B over the full API).
# -fno-caller-saves: a value live across a call stays in a callee-saved register rather than
# being spilled and reloaded around the call (64 B); -fno-thread-jumps and
# -fno-tree-dominator-opts: no copy of a block for each path that reaches it knowing a
# branch's outcome (52 B); -fno-tree-sink: no statement moved into the branch that uses it,
# which copies the code around it (8 B of the minimal configuration, 4 B more on the full
# API).  Each measured on the RV32 full API and minimal configuration (make bench-footprint).
TK_SIZE_OPT := -Os -msave-restore -fno-shrink-wrap -fno-caller-saves -fno-thread-jumps \
               -fno-tree-dominator-opts -fno-tree-sink
BSP_SRC    := bsp/common/crt0.S bsp/common/board.c

# $(call fw-link,OUT,XLEN,BOARD,SOURCES,EXTRA_CFLAGS): one image from sources, compiled and
# linked in one gcc call.  One call takes one -march, so it is the plain link spelling with
# -misa-spec=2.2, under which Zicsr is part of I (docs/boards.md "Toolchain").
# Usage in a rule:  $(call fw-link,$@,32,paper,$^,-O2)
fw-link = $(TCC) -misa-spec=2.2 $(LINKARCH_$(2)) $(BOARDDEF_$(3)) $(TCFLAGS) $(5) \
          -T bsp/$(3)/link.ld $(TLDFLAGS) -o $(1) $(4) -lgcc
