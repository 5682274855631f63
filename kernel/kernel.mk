# Tempo kernel: sources, its library and test images for each build, and their runs.
# A build is a configuration (the kernel's compile-time settings: TK_CONFIG_<name> below) for a
# target (a board at a width); its objects, libtempo.a and test images are in
# build/kernel/<configuration>-<target>/, the default configuration's in build/kernel/<target>/.
# Adding a test or a configuration: docs/testing.md "Kernel tests".
TK_KSRC   := $(wildcard kernel/*.c)
TK_PSRC   := port/riscv/port.c port/riscv/switch.S
TK_SRC_HDRS := $(wildcard kernel/*.h port/riscv/*.h) kernel/include/tempo.h bsp/common/board.h
# The assembly's offsets, generated from C (port/riscv/gen_offsets.c) into the build directory:
# one header for both widths and both interrupt-nesting settings, the two things that move the
# fields switch.S reads.  Every kernel object depends on it (TK_HDRS); TK_INC finds it.
TK_GEN    := build/kernel/gen
TK_OFFSETS := $(TK_GEN)/offsets.h
TK_OFFSET_BUILDS := 32-0 32-1 64-0 64-1
TK_HDRS   := $(TK_SRC_HDRS) $(TK_OFFSETS)
TK_INC    := -Ikernel/include -Ikernel -Iport/riscv -I$(TK_GEN)
TK_OPT    ?= -O2

# $(TK_GEN)/offsets-<xlen>-<nesting>.s: gen_offsets.c compiled to assembly for that build
$(TK_GEN)/offsets-%.s: port/riscv/gen_offsets.c $(TK_SRC_HDRS) kernel/kernel.mk
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	@$(TCC) $(ARCH_$(word 1,$(subst -, ,$*))) -DBOARD_PAPER $(TCFLAGS) $(TK_OPT) $(TK_INC) \
	  -DTK_IRQ_NESTING=$(word 2,$(subst -, ,$*)) -S -o $@ $<
$(TK_OFFSETS): $(foreach b,$(TK_OFFSET_BUILDS),$(TK_GEN)/offsets-$(b).s) port/riscv/gen_offsets.sh
	@echo "  GEN     $@"
	@sh port/riscv/gen_offsets.sh $@ $(foreach b,$(TK_OFFSET_BUILDS),\
	  '__riscv_xlen == $(word 1,$(subst -, ,$(b))) && $(if $(filter 1,$(word 2,$(subst -, ,$(b)))),,!)TK_IRQ_NESTING:$(TK_GEN)/offsets-$(b).s')

# Targets.  paper32 paper64 virt32 virt64 run on tempo-sim; qemu32 qemu64 are the virt board
# built with -DKT_QEMU, run on qemu-system-riscv*; paperos32 paperos64 are the paper board with
# the kernel built for size (TK_SIZE_OPT), as the footprint figures are: TK_SIZE
# (kernel/kconfig.h), which shares the helpers instead of inlining them.  A target's name has
# no '-': a build's name ends with it.
tk_board = $(if $(filter paper%,$(1)),paper,virt)
tk_xlen  = $(if $(filter %32,$(1)),32,64)
tk_cc    = $(TCC) $(ARCH_$(call tk_xlen,$(1))) $(BOARDDEF_$(call tk_board,$(1))) $(TCFLAGS) \
           $(if $(filter paperos%,$(1)),$(TK_SIZE_OPT),$(TK_OPT)) $(TK_INC) $(if $(filter qemu%,$(1)),-DKT_QEMU)
# The kernel in function and data sections, linked with --gc-sections: a test image holds only the
# calls it uses (the paper SoC has 32 KiB of code).  Not the test sources: a function of
# theirs named start would land in .text.start, which the linker script puts first.
TK_SECTIONS ?= -ffunction-sections -fdata-sections -DTK_SPLIT_SECTIONS

# Configurations, each with
#   TK_CONFIG_<c>   the flags the kernel, the port and the test programs are compiled with
#                   (kernel/include/tempo.h "Configuration"; library and program alike);
#   TK_TARGETS_<c>  the targets it is built for;
#   TK_TESTS_<c>    the test programs (tests/kernel/<name>.c) built and run in each of its builds;
#   TK_SKIP_<build> a test of that list not run in one build, and why.
TK_CONFIGS := default nest direct direct-nest notimers

# The default configuration: every test of the kernel's API, ports and faults.
TK_CONFIG_default :=
TK_TARGETS_default := paper32 paper64 virt32 virt64 qemu32 qemu64 paperos32 paperos64
TK_TESTS_default := carrywake cover_allexit cover_api cover_carry cover_deadlock cover_excmain \
    cover_fatalnull cover_heap cover_heaprand cover_heaptop cover_idleguard cover_irqext \
    cover_irqmain cover_isrfault cover_kill cover_lists cover_locks cover_noinit cover_overflow \
    cover_paths cover_report cover_sched cover_slice cover_stack cover_threads cover_timers \
    cover_wake deadlock early exitowner fault faultmsg heapedge idlestack irqlockwake irqwindow \
    killmail mailinval mem metrics misuse msgalign overflow policy queue stack stall strerror \
    stress sweep_objects sweep_threads sync thread ticks time wheel
# cover_api calls every call of the API: at RV64 -O2 it passes the paper SoC's 32 KiB of code
# (since the tick's expiry budget, TK_CONFIG_TICK_EXPIRIES); virt64 and qemu64 run it.
TK_SKIP_paper64 := cover_api
# The kernel built for size passes the same tests, but for two written for the -O2 build: the
# kernel metrics' cycle budgets (make bench measures -O2), and cover_stack, whose second pass
# enters each call with the stack pointer just where the switch frame reaches the guard word,
# which holds when the call path pushes nothing before the check (the -O2 build's, by design:
# kernel.h); built for size, calls push frames of their own first, below the stack.  (Within
# tests, likewise: thread's cycle budgets and cover_kill's overflow by the stack pointer in a
# self-suspension are checked in the -O2 build only; built for size, tk_yield is its C path.)
TK_SKIP_paperos32 := metrics cover_stack
TK_SKIP_paperos64 := metrics cover_stack

# Nested interrupts (TK_IRQ_NESTING=1: kernel/include/tempo.h) on tempo-sim's two boards: the
# nest* tests, the default tests whose code paths (the kernel's calls, its trap entry and exit)
# are other copies there, and the seeded stress run, which adds a second interrupt level.
TK_CONFIG_nest := -DTK_IRQ_NESTING=1
TK_TARGETS_nest := paper32 paper64 virt32 virt64
TK_TESTS_nest := nest nest_calls nest_lock nest_unhandled carrywake cover_carry cover_heaptop \
    cover_isrfault cover_slice exitowner heapedge idlestack irqlockwake irqwindow killmail \
    mailinval msgalign stress
# (Not stress on the paper SoC: with the nesting entry and the tick's expiry budget
# (TK_CONFIG_TICK_EXPIRIES) it passes its 32 KiB of code; virt32 and virt64 run it.)
TK_SKIP_nest-paper32 := stress
TK_SKIP_nest-paper64 := stress

# The direct external handler (kernel/include/tempo.h TK_IRQ_DIRECT_EXTERNAL), named
# kt_direct_isr (the direct tests define it), on the paper SoC at both widths: alone at -O2
# and built for size (the shared context save), and with TK_IRQ_NESTING=1.
TK_CONFIG_direct := -DTK_IRQ_DIRECT_EXTERNAL=kt_direct_isr
TK_TARGETS_direct := paper32 paper64 paperos32 paperos64
TK_TESTS_direct := direct direct_fault direct_window
TK_CONFIG_direct-nest := -DTK_IRQ_DIRECT_EXTERNAL=kt_direct_isr -DTK_IRQ_NESTING=1
TK_TARGETS_direct-nest := paper32 paper64
TK_TESTS_direct-nest := $(TK_TESTS_direct)

# Timers off (tempo.h TK_CONFIG_TIMERS 0: no timer interrupt, every finite timeout refused):
# default tests written for both settings (mailinval expects the refusal there), at -O2 and
# built for size.
TK_CONFIG_notimers := -DTK_CONFIG_TIMERS=0
TK_TARGETS_notimers := paper32 paper64 paperos32 paperos64
TK_TESTS_notimers := exitowner heapedge irqlockwake killmail mailinval msgalign

# A build's name from its configuration and target, and back; a build's tests and images.
tk_build   = $(if $(filter default,$(1)),,$(1)-)$(2)
tk_builds  = $(foreach c,$(1),$(foreach t,$(TK_TARGETS_$(c)),$(call tk_build,$(c),$(t))))
tk_target  = $(lastword $(subst -, ,$(1)))
tk_config  = $(if $(findstring -,$(1)),$(patsubst %-$(call tk_target,$(1)),%,$(1)),default)
tk_tests   = $(filter-out $(TK_SKIP_$(1)),$(TK_TESTS_$(call tk_config,$(1))))
tk_images  = $(foreach b,$(1),$(patsubst %,build/kernel/$(b)/%.elf,$(call tk_tests,$(b))))

# $(call TK_BUILD_RULES,configuration,target,build): the build's objects, libtempo.a, and any
# test image build/kernel/<build>/<test>.elf from tests/kernel/<test>.c.
# (-misa-spec=2.2 at the link: the test sources compiled there under the linker's -march keep
# Zicsr, for tests that use the kernel's internal headers, e.g. policy.c; docs/boards.md
# "Toolchain")
define TK_BUILD_RULES
TK_OBJ_$(3) := $(patsubst kernel/%.c,build/kernel/$(3)/k_%.o,$(TK_KSRC)) \
               build/kernel/$(3)/p_port.o build/kernel/$(3)/p_switch.o
build/kernel/$(3)/k_%.o: kernel/%.c $(TK_HDRS) kernel/kernel.mk
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$(call tk_cc,$(2)) $(TK_CONFIG_$(1)) $(TK_SECTIONS) -c -o $$@ $$<
build/kernel/$(3)/p_%.o: port/riscv/%.c $(TK_HDRS) kernel/kernel.mk
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$(call tk_cc,$(2)) $(TK_CONFIG_$(1)) $(TK_SECTIONS) -c -o $$@ $$<
build/kernel/$(3)/p_%.o: port/riscv/%.S $(TK_HDRS) kernel/kernel.mk
	@mkdir -p $$(@D)
	@echo "  AS      $$@"
	@$(call tk_cc,$(2)) $(TK_CONFIG_$(1)) -c -o $$@ $$<
build/kernel/$(3)/libtempo.a: $$(TK_OBJ_$(3))
	@rm -f $$@ && $(CROSS)ar rcs $$@ $$^
build/kernel/$(3)/%.elf: tests/kernel/%.c tests/kernel/ktest.c $(wildcard tests/kernel/*.h) \
                         build/kernel/$(3)/libtempo.a $(BSP_SRC) $(TK_HDRS)
	@echo "  LINK    $$@"
	@$(call tk_cc,$(2)) $(TK_CONFIG_$(1)) -Itests/kernel -T bsp/$(call tk_board,$(2))/link.ld \
	  $(TLDFLAGS) -Wl,--no-warn-rwx-segments -Wl,--gc-sections \
	  $(LINKARCH_$(call tk_xlen,$(2))) -misa-spec=2.2 -o $$@ tests/kernel/$$*.c tests/kernel/ktest.c \
	  $(BSP_SRC) build/kernel/$(3)/libtempo.a -lgcc
endef
$(foreach c,$(TK_CONFIGS),$(foreach t,$(TK_TARGETS_$(c)),\
  $(eval $(call TK_BUILD_RULES,$(c),$(t),$(call tk_build,$(c),$(t))))))

# The test targets, each with the builds whose images it runs: one check per image,
# kernel-<test>-<build> (tests/kernel/run.sh <target> <image>).  test-kernel also compares
# RV64 with RV32 on the kernel metrics (within 10%), and that every test source is listed.
TK_RUNS_test-kernel := $(filter-out paperos%,$(call tk_builds,default)) $(call tk_builds,nest)
TK_RUNS_test-kernel-os := $(filter paperos%,$(call tk_builds,default))
TK_RUNS_test-kernel-direct := $(call tk_builds,direct direct-nest)
TK_RUNS_test-kernel-notimers := $(call tk_builds,notimers)
TK_TEST_TARGETS := test-kernel test-kernel-os test-kernel-direct test-kernel-notimers
# Every image a kernel test target runs (make test builds them before any check runs).
TK_TEST_IMAGES := $(foreach r,$(TK_TEST_TARGETS),$(call tk_images,$(TK_RUNS_$(r))))
# tests/kernel/*.c in no TK_TESTS_<configuration> list, which nothing would run
TK_UNLISTED := $(filter-out ktest $(foreach c,$(TK_CONFIGS),$(TK_TESTS_$(c))),\
                 $(basename $(notdir $(wildcard tests/kernel/*.c))))

# $(call tk_run,test target): its checks, one per image
tk_run = for i in $(call tk_images,$(TK_RUNS_$(1))); do b=$${i\#build/kernel/}; b=$${b%%/*}; \
           tools/check.sh kernel-$$(basename $$i .elf)-$$b tests/kernel/run.sh $${b\#\#*-} $$i; done
.PHONY: $(TK_TEST_TARGETS)
test-kernel: $(call tk_images,$(TK_RUNS_test-kernel)) $(SIM)
	@$(call tk_run,test-kernel)
	@tools/check.sh kernel-rv64-vs-rv32 tests/kernel/widths.sh \
	  build/kernel/paper32/metrics.elf build/kernel/paper64/metrics.elf
	@tools/check.sh kernel-tests-listed sh -c 'for t in $(TK_UNLISTED); do \
	  echo "tests/kernel/$$t.c is in no TK_TESTS_<configuration> list of kernel/kernel.mk"; done; \
	  [ -z "$(TK_UNLISTED)" ]'
test-kernel-os: $(call tk_images,$(TK_RUNS_test-kernel-os)) $(SIM)
	@$(call tk_run,test-kernel-os)
test-kernel-direct: $(call tk_images,$(TK_RUNS_test-kernel-direct)) $(SIM)
	@$(call tk_run,test-kernel-direct)
test-kernel-notimers: $(call tk_images,$(TK_RUNS_test-kernel-notimers)) $(SIM)
	@$(call tk_run,test-kernel-notimers)
TEST_TARGETS += $(TK_TEST_TARGETS)

# The default configuration's images on tempo-sim's and QEMU's boards.
.PHONY: kernel-images
kernel-images: $(call tk_images,$(filter-out paperos%,$(call tk_builds,default)))
