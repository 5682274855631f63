# The ThreadX kernel's benchmark layer (read by bench/bench.mk, which documents the variables).
# Only when THREADX_DIR points at a ThreadX tree (ThreadX is not in this repository):
#   make bench THREADX_DIR=/path/to/threadx
# The kernel library, its port and configuration come from threadx/kernel.mk; the board layer
# it runs on is threadx/board/ (threadx/threadx.mk builds its other images).
include threadx/kernel.mk
ifneq ($(THREADX_DIR),)
BENCH_KERNELS += threadx
BENCH_SRCS_threadx := bench/ports/threadx/port.c
# The kernel: the board layer, compiled with the images; ThreadX and its port, the library of
# each width (threadx/kernel.mk, the same configuration as ThreadX's own Thread-Metric images).
BENCH_KSRCS_threadx := threadx/board/tx_board.c threadx/board/tx_vector.S
BENCH_LIBS_threadx_32 := $(TX_LIB_32)
BENCH_LIBS_threadx_64 := $(TX_LIB_64)
BENCH_KCFLAGS_threadx := $(TX_CONFIG) $(TX_INC) -Ithreadx/board
BENCH_CFLAGS_threadx := $(BENCH_KCFLAGS_threadx)
BENCH_OPT_threadx := $(TX_OPT)
# A voluntary switch: the thread enters _tx_thread_system_return (saves its frame, leaves for
# the system stack), which jumps to _tx_thread_schedule, which restores the next thread and
# returns into it; an interrupt enters the board's trap entry.
# ThreadX's RV64 assembly has no .size directives, so each routine spans its local labels
# too (the trace walker takes a sizeless symbol up to the next one).
BENCH_SWITCH_SYM_threadx := _tx_thread_system_return,_tx_thread_schedule,_tx_thread_dont_save_ts,_tx_thread_schedule_loop,_tx_thread_synch_return
BENCH_TRAP_SYM_threadx := tx_board_trap_entry
# ThreadX's kernel data: every global of it is named _tx_*.
BENCH_DATA_RE_threadx := ^_tx_
# ThreadX's own benchmark: the original Thread-Metric with ThreadX's porting layer
# (threadx/threadx.mk, threadx/native.py).
BENCH_NATIVE_threadx := $(TX_BUILD)/native.json
BENCH_VERSIONS += threadx=$(shell $(TX_CHECK_DIR) '$(THREADX_DIR)' 2>/dev/null)
# Its footprint program (threadx/threadx.mk), read with Tempo's (bench/report/footprint.py).
BENCH_FOOTPRINT_ELFS += $(foreach x,32 64,$(foreach o,Os O2,$(BUILD)/bench/footprint/threadx/rv$(x)/$(o)/minimal.elf))
BENCH_DEPS_threadx := $(wildcard threadx/board/*.h threadx/port/*.h threadx/port/rv32/*.h) \
    threadx/kernel.mk threadx/check-kernel-dir.sh
endif
