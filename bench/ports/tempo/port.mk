# The Tempo kernel's benchmark layer (read by bench/bench.mk, which documents the variables).
BENCH_KERNELS += tempo
# The layer sees the kernel's public header only (kernel/include/tempo.h).
BENCH_SRCS_tempo := bench/ports/tempo/port.c
BENCH_CFLAGS_tempo := -Ikernel/include
# The kernel and its RISC-V port, compiled with the kernel's own include directories
# (TK_INC, kernel/kernel.mk, which finds the generated offsets.h, TK_OFFSETS).
BENCH_KSRCS_tempo := $(sort $(wildcard kernel/*.c)) $(TK_PSRC)
BENCH_KCFLAGS_tempo := $(TK_INC)
BENCH_OPT_tempo := -O2
# The kernel's switch routine (port/riscv/switch.S) and trap entry, for the context-switch
# figure and the analysis.
BENCH_SWITCH_SYM_tempo := tk_yield,tk_port_switch
BENCH_TRAP_SYM_tempo := tk_port_trap_entry
# Kernel data objects whose sizes the analysis lists (ELF symbols matching this regex).
BENCH_DATA_RE_tempo := ^tk_
BENCH_DEPS_tempo := $(TK_HDRS)
