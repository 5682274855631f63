# The RK0 kernel's benchmark layer (read by bench/bench.mk, which documents the variables).
# Only when RK0_DIR points at an RK0 tree (RK0 is not in this repository):
#   make bench RK0_DIR=/path/to/RK0
# The kernel library with its RISC-V port and configuration comes from rk0/kernel.mk
# (rk0/rk0.mk builds its other images).
include rk0/kernel.mk
ifneq ($(RK0_DIR),)
BENCH_KERNELS += rk0
BENCH_SRCS_rk0 := bench/ports/rk0/port.c
# RK0 is GNU C; the library of each width holds the core and the port (rk0/kernel.mk, the
# paper SoC's); the images add the C library functions.
BENCH_KSRCS_rk0 := $(RK0_BOARD_SRC)
BENCH_LIBS_rk0_32 := $(RK0_LIB_32)
BENCH_LIBS_rk0_64 := $(RK0_LIB_64)
BENCH_KCFLAGS_rk0 := $(RK0_STD) $(RK0_CONFIG) $(RK0_INC)
BENCH_CFLAGS_rk0 := $(RK0_STD) $(RK0_CONFIG) $(RK0_INC)
BENCH_OPT_rk0 := $(RK0_OPT)
# RK0 has no variable-size allocator: no Mem figure (bench/report/kernels.py MISSING).
BENCH_NO_CASES_rk0 := km_mem
# A voluntary switch and an interrupt both enter the port's trap entry, which saves the
# frame, switches (rk_port_trap, kSwtch) and restores through rk_port_restore.
BENCH_SWITCH_SYM_rk0 := rk_port_trap_entry
BENCH_TRAP_SYM_rk0 := rk_port_trap_entry
# RK0's kernel data: its globals are named RK_g*, the port's rk_port_*.
BENCH_DATA_RE_rk0 := ^(RK_g|rk_port_)
BENCH_VERSIONS += rk0=$(shell $(RK0_CHECK_DIR) '$(RK0_DIR)' 2>/dev/null)
# Its footprint program (rk0/rk0.mk), read with Tempo's (bench/report/footprint.py).
BENCH_FOOTPRINT_ELFS += $(foreach x,32 64,$(foreach o,Os O2,$(BUILD)/bench/footprint/rk0/rv$(x)/$(o)/minimal.elf))
BENCH_DEPS_rk0 := $(RK0_HDRS) rk0/kernel.mk rk0/check-kernel-dir.sh
endif
