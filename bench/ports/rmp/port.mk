# RMP's benchmark layer (read by bench/bench.mk, which documents the variables).
# Only when RMP_DIR points at an RMP tree (RMP is not in this repository):
#   make bench RMP_DIR=/path/to/RMP
# The board layer it runs on is rmp/board/ (rmp/rmp.mk builds RMP's own benchmark).
ifneq ($(RMP_DIR),)
# A directory that is not an RMP tree stops here with the reason (as rmp/check-kernel-dir.sh).
RMP_BENCH_NEED := Include/rmp.h Source/Kernel/rmp_kernel.c Source/Platform/RV32P/rmp_platform_rv32p.c
RMP_BENCH_MISSING := $(firstword $(foreach f,$(RMP_BENCH_NEED),$(if $(wildcard $(RMP_DIR)/$(f)),,$(f))))
ifneq ($(RMP_BENCH_MISSING),)
$(error rmp: RMP_DIR=$(RMP_DIR) is not an RMP tree (no $(RMP_BENCH_MISSING)); point it at an RMP checkout, e.g. git clone https://github.com/EDI-Systems/M5P01_Prokaron)
endif
BENCH_KERNELS += rmp
BENCH_SRCS_rmp := bench/ports/rmp/port.c
# The kernel: RMP itself, its platform for the width (rmp/board/rmp_platform.c and
# rmp_platform_gcc.S: RMP's RV32P, or rmp/rv64p/) and the board layer.  RMP's main() becomes
# rmp_kernel_main: the suites have their own, which starts RMP through bp_start.
BENCH_KSRCS_rmp := rmp/board/rmp_board.c rmp/board/rmp_vector.S rmp/board/rmp_platform.c \
    rmp/board/rmp_platform_gcc.S $(RMP_DIR)/Source/Kernel/rmp_kernel.c
BENCH_KCFLAGS_rmp := -Irmp/board -Irmp/rv64p -I$(RMP_DIR)/Include \
    -I$(RMP_DIR)/Include/Platform/RV32P -I$(RMP_DIR)/Source/Platform/RV32P -Dmain=rmp_kernel_main
BENCH_CFLAGS_rmp := -Irmp/board -Irmp/rv64p -I$(RMP_DIR)/Include -I$(RMP_DIR)/Include/Platform/RV32P
# RMP's published rows: GCC -O3 (rmp/rmp.mk).
BENCH_OPT_rmp := -O3
# _RMP_Global, the one address RMP takes from the linker (rmp/board/rmp_symbols.ld).
BENCH_LDSCRIPT_rmp := rmp/board/bench-paper.ld
# A voluntary switch is RMP's yield routine (a call that saves the context and returns with
# mret); an interrupt enters at the board's vector.
BENCH_SWITCH_SYM_rmp := _RMP_RV32P_Yield_NONE,_RMP_RV64P_Yield
BENCH_TRAP_SYM_rmp := rmp_vector
# RMP's kernel data: its capitalised names (RMP_Thd_Cur, RMP_Run, RMP_Bitmap, ...).
BENCH_DATA_RE_rmp := ^_?RMP_
# RMP's own benchmark at both widths (rmp/rmp.mk, rmp/native.py).
BENCH_NATIVE_rmp := $(BUILD)/rmp/native.json
BENCH_DEPS_rmp := $(wildcard rmp/board/*.h rmp/board/*.ld rmp/rv64p/*) rmp/check-kernel-dir.sh
endif
