# ThreadX as this project builds it: sources, port, configuration and the kernel library, one
# per width.  Read by threadx/threadx.mk (its images and tests) and bench/ports/threadx/port.mk
# (the benchmark images), whichever make reads first.  ThreadX is not in this repository: point
# THREADX_DIR at a ThreadX tree (eclipse-threadx/threadx, v6.4.x):
#   make test THREADX_DIR=/path/to/threadx
ifndef TX_KERNEL_MK
TX_KERNEL_MK := 1
THREADX_DIR ?=
TX_BUILD     := $(BUILD)/threadx
TX_CHECK_DIR := threadx/check-kernel-dir.sh
TX_TM_DIR     = $(THREADX_DIR)/utility/benchmarks/thread_metric

ifneq ($(THREADX_DIR),)
# A directory that is not a ThreadX tree stops here with the reason (threadx/check-kernel-dir.sh).
TX_CHECK := $(shell $(TX_CHECK_DIR) '$(THREADX_DIR)' 2>&1 >/dev/null)
ifneq ($(TX_CHECK),)
$(error $(TX_CHECK))
endif
endif

# The port: RV64 is ThreadX's ports/risc-v64/gnu as shipped, but for its
# tx_initialize_low_level.S, the board-specific template every port expects the board to
# replace (threadx/board/tx_board.c); RV32 is the GNU port written here (upstream ships RV32
# for IAR only).
TX_PORT_SRC_64 = $(addprefix $(THREADX_DIR)/ports/risc-v64/gnu/src/,tx_thread_context_restore.S \
    tx_thread_context_save.S tx_thread_interrupt_control.S tx_thread_schedule.S \
    tx_thread_stack_build.S tx_thread_system_return.S tx_timer_interrupt.c)
TX_PORT_SRC_32 := threadx/port/rv32/tx_port.S threadx/port/rv32/tx_timer_interrupt.c
TX_COMMON_SRC   = $(sort $(wildcard $(THREADX_DIR)/common/src/*.c))

# The configuration: the options ThreadX's own Thread-Metric layer
# (utility/benchmarks/thread_metric/threadx_example/tm_porting_layer_threadx.c) gives for the
# smallest and fastest build, but TX_ENABLE_EXECUTION_CHANGE_NOTIFY (a profiling hook that
# adds calls to every switch and needs the execution-profile kit); error checking off in the
# application (TX_DISABLE_ERROR_CHECKING before tx_api.h: the calls go straight to the
# services, as that layer builds them).  docs/threadx.md.
TX_CONFIG := -DTX_DISABLE_PREEMPTION_THRESHOLD -DTX_DISABLE_NOTIFY_CALLBACKS \
    -DTX_DISABLE_REDUNDANT_CLEARING -DTX_DISABLE_STACK_FILLING -DTX_NOT_INTERRUPTABLE \
    -DTX_TIMER_PROCESS_IN_ISR -DTX_REACTIVATE_INLINE -DTX_INLINE_THREAD_RESUME_SUSPEND
# ThreadX publishes no compiler level with its Thread-Metric figures: -O2, the benchmark
# images' default (bench/bench.mk).
TX_OPT := -O2
# ThreadX's headers, the port of the width (threadx/port/tx_port.h picks it) and the few C
# library functions they use (memset, memcpy: the freestanding ones of the FreeRTOS board
# layer, word at a time).
TX_INC := -I$(THREADX_DIR)/common/inc -Ithreadx/port -I$(THREADX_DIR)/ports/risc-v64/gnu/inc \
    -Ifreertos/board/libc
# Upstream sources are compiled with warnings off (they are not written for -Wextra -Werror);
# everything written here keeps the project's flags.
TX_UPSTREAM_CFLAGS := -w

# $(call tx-kernel-rules,XLEN,SUFFIX,OPT): the kernel library
# $(TX_BUILD)/kernel-XLEN[SUFFIX]/libthreadx.a, the common sources and the port, compiled once
# per width and shared by every ThreadX image (SUFFIX -Os: the footprint's size build).
define tx-kernel-rules
TX_LIB_$(1)$(2) := $(TX_BUILD)/kernel-$(1)$(2)/libthreadx.a
TX_LIB_OBJS_$(1)$(2) = $$(patsubst %,$(TX_BUILD)/kernel-$(1)$(2)/obj/%.o,$$(TX_COMMON_SRC) $$(TX_PORT_SRC_$(1)))
TX_KCFLAGS_$(1)$(2) = $(ARCH_$(1)) $(TCFLAGS) $(3) -ffunction-sections -fdata-sections \
    $(TX_CONFIG) $(TX_INC)
$(TX_BUILD)/kernel-$(1)$(2)/obj/%.o: % threadx/kernel.mk $(TX_CHECK_DIR) $(wildcard threadx/port/*.h threadx/port/rv32/*.h)
	@mkdir -p $$(dir $$@)
	@$$(TCC) $$(TX_KCFLAGS_$(1)$(2)) $$(if $$(filter $(THREADX_DIR)/%,$$<),$(TX_UPSTREAM_CFLAGS)) -c -o $$@ $$<
$(TX_BUILD)/kernel-$(1)$(2)/libthreadx.a: $$(TX_LIB_OBJS_$(1)$(2))
	@echo "  AR      $$@"
	@rm -f $$@ && $(CROSS)ar rcs $$@ $$^
endef
$(foreach x,32 64,$(eval $(call tx-kernel-rules,$(x),,$(TX_OPT))))
$(foreach x,32 64,$(eval $(call tx-kernel-rules,$(x),-Os,-Os)))

# ThreadX's own Thread-Metric (threadx/threadx.mk builds and tests the images).
TX_TESTS_TM := basic_processing cooperative_scheduling preemptive_scheduling interrupt_processing \
               interrupt_preemption_processing message_processing synchronization_processing \
               memory_allocation
# Each test's main() is ThreadX's example of it (threadx_example/threadx_tm_<name>_example.c).
TX_TM_MAIN_basic_processing := basic
TX_TM_MAIN_cooperative_scheduling := cooperative_scheduling
TX_TM_MAIN_preemptive_scheduling := preemptive_scheduling
TX_TM_MAIN_interrupt_processing := interrupt
TX_TM_MAIN_interrupt_preemption_processing := interrupt_preemption
TX_TM_MAIN_message_processing := message_processing
TX_TM_MAIN_synchronization_processing := synchronization
TX_TM_MAIN_memory_allocation := memory_allocation
TX_TM_FILE_basic_processing := tm_basic_processing_test.c
TX_TM_FILE_cooperative_scheduling := tm_cooperative_scheduling_test.c
TX_TM_FILE_preemptive_scheduling := tm_preemptive_scheduling_test.c
TX_TM_FILE_interrupt_processing := tm_interrupt_processing_test.c
TX_TM_FILE_interrupt_preemption_processing := tm_interrupt_preemption_processing_test.c
TX_TM_FILE_message_processing := tm_message_processing_test.c
TX_TM_FILE_synchronization_processing := tm_synchronization_processing_test.c
TX_TM_FILE_memory_allocation := tm_memory_allocation_test.c
TX_TM_ELFS_32 := $(foreach t,$(TX_TESTS_TM),$(TX_BUILD)/tm-32/tm_$(t).elf)
TX_TM_ELFS_64 := $(foreach t,$(TX_TESTS_TM),$(TX_BUILD)/tm-64/tm_$(t).elf)
# Its images need 64 KiB memories (threadx/board/link-tm.ld).
TX_TM_SIM_OPTS := --imem-size 64K --dmem-size 64K

TX_BOARD_SRC := threadx/board/tx_board.c threadx/board/tx_vector.S freertos/board/fr_libc.c
TX_BOARD_HDRS := $(wildcard threadx/board/*.h)
endif
