# RK0 as this project builds it: sources, the RISC-V architecture layer, configuration and the
# kernel library, one per width.  Read by rk0/rk0.mk (its images and tests) and
# bench/ports/rk0/port.mk (the benchmark images), whichever make reads first.  RK0 is not in
# this repository: point RK0_DIR at an RK0 tree (antoniogiacomelli/RK0, V0.73.x):
#   make test RK0_DIR=/path/to/RK0
ifndef RK0_KERNEL_MK
RK0_KERNEL_MK := 1
RK0_DIR ?=
RK0_BUILD     := $(BUILD)/rk0
RK0_CHECK_DIR := rk0/check-kernel-dir.sh

ifneq ($(RK0_DIR),)
# A directory that is not an RK0 tree stops here with the reason (rk0/check-kernel-dir.sh).
RK0_CHECK := $(shell $(RK0_CHECK_DIR) '$(RK0_DIR)' 2>&1 >/dev/null)
ifneq ($(RK0_CHECK),)
$(error $(RK0_CHECK))
endif
endif

# RK0's core as it ships, but for kerr.c (ARM assembly and a Cortex-M check: its entries are
# rk0/port/rk_port.c's), syscalls.c (newlib's stubs; these images have no C library) and
# ktrace.c (the trace console, off below); the architecture layer is rk0/port/, written here
# (RK0 ships arch/armv6m and arch/armv7m only).
RK0_CORE_SRC = $(filter-out %/kerr.c %/syscalls.c %/ktrace.c,$(sort $(wildcard $(RK0_DIR)/core/src/*.c)))
RK0_PORT_SRC := rk0/port/rk_port.c rk0/port/rk_port.S

# The configuration: the compiler level of RK0's own profiling build (its wiki's "RK0
# Profiling" page, the Thread-Metric preemptive test: -O2) and the rest as kconfig.h ships it,
# error checking included (RK_CONF_ERR_CHECK and RK_CONF_FAULT: on unless NDEBUG).  That page
# builds with NDEBUG, but with NDEBUG RK0 V0.73 leaves a semaphore's wait queue uninitialised
# (ksema.c: kSemaphoreInit initialises it inside its error checks), so that the first task
# to wait on one faults; the checks stay on.  RK_ABORT, ARM assembly as shipped, ends the run
# (rk0/port/rk_port.c).  The trace console off (a debugging aid with its own task; RK0's
# ARMv6-M build has it off too); the tick at 1 kHz (bench/port.h BP_TICK_HZ); room for the
# benchmarks' eight tasks.  docs/rk0.md.
RK0_CONFIG := -DRK_CONF_TRACE_SUPPORTED=OFF -DRK_CONF_SYSTICK_DIV=1000UL \
    -DRK_CONF_N_USRTASKS_MAX=8 '-DRK_ABORT=rk_port_abort();'
# RK0's core asserts ARMv7-M's TCB offsets (4-byte pointers); the port uses only sp's, 0.
RK0_CONFIG_64 := -DRK_DISABLE_TCB_LAYOUT_ASSERTS
# The profiling page's compiler level.
RK0_OPT := -O2
# RK0's headers, the architecture layer and the C library headers they include (memset,
# memcpy: the freestanding ones of the FreeRTOS board layer; stdio.h: rk0/port/libc).  RK0 is
# GNU C (its inline assembly uses `asm`): -std=gnu11 after TCFLAGS' -std=c11.
RK0_INC = -Irk0/port -Irk0/port/libc -I$(RK0_DIR)/core/inc -Ifreertos/board/libc
RK0_STD := -std=gnu11
# Upstream sources are compiled with warnings off (they are not written for -Wextra -Werror);
# everything written here keeps the project's flags.
RK0_UPSTREAM_CFLAGS := -w
RK0_HDRS := $(wildcard rk0/port/*.h rk0/port/libc/*.h)

# $(call rk0-kernel-rules,XLEN,SUFFIX,OPT): the kernel library
# $(RK0_BUILD)/kernel-XLEN[SUFFIX]/librk0.a, the core and the port, compiled once per width
# and shared by every RK0 image of the paper SoC (SUFFIX -Os: the footprint's size build).
# The port's C part includes the board's addresses: the virt images (rk0/rk0.mk) compile it
# again for theirs, and the linker then takes nothing of the port from the library.
define rk0-kernel-rules
RK0_LIB_$(1)$(2) := $(RK0_BUILD)/kernel-$(1)$(2)/librk0.a
RK0_LIB_OBJS_$(1)$(2) = $$(patsubst %,$(RK0_BUILD)/kernel-$(1)$(2)/obj/%.o,$$(RK0_CORE_SRC) $(RK0_PORT_SRC))
RK0_KCFLAGS_$(1)$(2) = $(ARCH_$(1)) -DBOARD_PAPER $(TCFLAGS) $(RK0_STD) $(3) -ffunction-sections \
    -fdata-sections $(RK0_CONFIG) $(RK0_CONFIG_$(1)) $(RK0_INC)
$(RK0_BUILD)/kernel-$(1)$(2)/obj/%.o: % rk0/kernel.mk $(RK0_CHECK_DIR) $(RK0_HDRS) bsp/common/board.h \
    bsp/common/clint.h
	@mkdir -p $$(dir $$@)
	@$$(TCC) $$(RK0_KCFLAGS_$(1)$(2)) $$(if $$(filter $(RK0_DIR)/%,$$<),$(RK0_UPSTREAM_CFLAGS)) -c -o $$@ $$<
$(RK0_BUILD)/kernel-$(1)$(2)/librk0.a: $$(RK0_LIB_OBJS_$(1)$(2))
	@echo "  AR      $$@"
	@rm -f $$@ && $(CROSS)ar rcs $$@ $$^
endef
$(foreach x,32 64,$(eval $(call rk0-kernel-rules,$(x),,$(RK0_OPT))))
$(foreach x,32 64,$(eval $(call rk0-kernel-rules,$(x),-Os,-Os)))

# What every image adds to the library: the C library functions (and the start-up, BSP_SRC).
RK0_BOARD_SRC := freertos/board/fr_libc.c
endif
