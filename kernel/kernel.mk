# Tempo kernel: sources, per-configuration libraries, kernel test images and their runs.
# A configuration is a board and a width: paper32 paper64 virt32 virt64 (run on tempo-sim)
# and qemu32 qemu64 (the virt board built with -DKT_QEMU, run on qemu-system-riscv*).
# paperos32 paperos64 are the paper board with the kernel built for size (TK_SIZE_OPT), as the
# footprint figures are: TK_SIZE (kernel/kconfig.h), which shares the helpers instead of inlining them.
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
TK_CFGS   := paper32 paper64 virt32 virt64 qemu32 qemu64
TK_OS_CFGS := paperos32 paperos64
# (-misa-spec=2.2 at the link: the test sources compiled there under the linker's -march keep
# Zicsr, for tests that use the kernel's internal headers, e.g. policy.c; docs/boards.md
# "Toolchain")
# Tests of the nesting configuration (TK_IRQ_NESTING=1) only: nest*.c; of the direct-handler
# configurations (TK_IRQ_DIRECT_EXTERNAL) only: direct*.c.
TK_NEST_TESTS := $(basename $(notdir $(wildcard tests/kernel/nest*.c)))
TK_DIRECT_TESTS := $(basename $(notdir $(wildcard tests/kernel/direct*.c)))
TK_NOTIMERS_TESTS := $(basename $(notdir $(wildcard tests/kernel/notimers*.c)))
TK_TESTS  := $(filter-out $(TK_NEST_TESTS) $(TK_DIRECT_TESTS) $(TK_NOTIMERS_TESTS),\
               $(basename $(notdir $(filter-out tests/kernel/ktest.c,$(wildcard tests/kernel/*.c)))))

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

tk_board = $(if $(filter paper%,$(1)),paper,virt)
tk_xlen  = $(if $(filter %32,$(1)),32,64)
tk_cc    = $(TCC) $(ARCH_$(call tk_xlen,$(1))) $(BOARDDEF_$(call tk_board,$(1))) $(TCFLAGS) \
           $(if $(filter paperos%,$(1)),$(TK_SIZE_OPT),$(TK_OPT)) $(TK_INC) $(if $(filter qemu%,$(1)),-DKT_QEMU)
# The kernel in function and data sections, linked with --gc-sections: a test image holds only the
# calls it uses (the paper SoC has 32 KiB of code).  Not the test sources: a function of
# theirs named start would land in .text.start, which the linker script puts first.
TK_SECTIONS ?= -ffunction-sections -fdata-sections -DTK_SPLIT_SECTIONS

# $(1) = configuration: objects, libtempo.a, and one image per test.
define TK_CFG_RULES
TK_OBJ_$(1) := $(patsubst kernel/%.c,build/kernel/$(1)/k_%.o,$(TK_KSRC)) \
               build/kernel/$(1)/p_port.o build/kernel/$(1)/p_switch.o
build/kernel/$(1)/k_%.o: kernel/%.c $(TK_HDRS) kernel/kernel.mk
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$(call tk_cc,$(1)) $(TK_SECTIONS) -c -o $$@ $$<
build/kernel/$(1)/p_%.o: port/riscv/%.c $(TK_HDRS) kernel/kernel.mk
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$(call tk_cc,$(1)) $(TK_SECTIONS) -c -o $$@ $$<
build/kernel/$(1)/p_%.o: port/riscv/%.S $(TK_HDRS)
	@mkdir -p $$(@D)
	@echo "  AS      $$@"
	@$(call tk_cc,$(1)) -c -o $$@ $$<
build/kernel/$(1)/libtempo.a: $$(TK_OBJ_$(1))
	@rm -f $$@ && $(CROSS)ar rcs $$@ $$^
build/kernel/$(1)/%.elf: tests/kernel/%.c tests/kernel/ktest.c $(wildcard tests/kernel/*.h) \
                         build/kernel/$(1)/libtempo.a $(BSP_SRC) $(TK_HDRS)
	@echo "  LINK    $$@"
	@$(call tk_cc,$(1)) -Itests/kernel -T bsp/$(call tk_board,$(1))/link.ld $(TLDFLAGS) \
	  -Wl,--no-warn-rwx-segments -Wl,--gc-sections \
	  $(LINKARCH_$(call tk_xlen,$(1))) -misa-spec=2.2 -o $$@ tests/kernel/$$*.c tests/kernel/ktest.c \
	  $(BSP_SRC) build/kernel/$(1)/libtempo.a -lgcc
endef
$(foreach c,$(TK_CFGS) $(TK_OS_CFGS),$(eval $(call TK_CFG_RULES,$(c))))

# The nesting configuration (TK_IRQ_NESTING=1: kernel/include/tempo.h) on tempo-sim's two
# boards: its own library per configuration in build/kernel/nest-<cfg>/, the nest tests and
# the seeded stress run (tests/kernel/stress.c, which adds a second interrupt level there).
TK_NEST_CFGS := paper32 paper64 virt32 virt64
define TK_NEST_RULES
TK_NOBJ_$(1) := $(patsubst kernel/%.c,build/kernel/nest-$(1)/k_%.o,$(TK_KSRC)) \
                build/kernel/nest-$(1)/p_port.o build/kernel/nest-$(1)/p_switch.o
build/kernel/nest-$(1)/k_%.o: kernel/%.c $(TK_HDRS) kernel/kernel.mk
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$(call tk_cc,$(1)) -DTK_IRQ_NESTING=1 $(TK_SECTIONS) -c -o $$@ $$<
build/kernel/nest-$(1)/p_%.o: port/riscv/%.c $(TK_HDRS) kernel/kernel.mk
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$(call tk_cc,$(1)) -DTK_IRQ_NESTING=1 $(TK_SECTIONS) -c -o $$@ $$<
build/kernel/nest-$(1)/p_%.o: port/riscv/%.S $(TK_HDRS)
	@mkdir -p $$(@D)
	@echo "  AS      $$@"
	@$(call tk_cc,$(1)) -DTK_IRQ_NESTING=1 -c -o $$@ $$<
build/kernel/nest-$(1)/libtempo.a: $$(TK_NOBJ_$(1))
	@rm -f $$@ && $(CROSS)ar rcs $$@ $$^
build/kernel/nest-$(1)/%.elf: tests/kernel/%.c tests/kernel/ktest.c $(wildcard tests/kernel/*.h) \
                         build/kernel/nest-$(1)/libtempo.a $(BSP_SRC) $(TK_HDRS)
	@echo "  LINK    $$@"
	@$(call tk_cc,$(1)) -DTK_IRQ_NESTING=1 -Itests/kernel -T bsp/$(call tk_board,$(1))/link.ld \
	  $(TLDFLAGS) -Wl,--no-warn-rwx-segments -Wl,--gc-sections \
	  $(LINKARCH_$(call tk_xlen,$(1))) -o $$@ tests/kernel/$$*.c tests/kernel/ktest.c \
	  $(BSP_SRC) build/kernel/nest-$(1)/libtempo.a -lgcc
endef
$(foreach c,$(TK_NEST_CFGS),$(eval $(call TK_NEST_RULES,$(c))))
# nest_X.c that runs tests/kernel/cover_X.c or X.c in the nesting build (#include) is rebuilt
# with it
$(foreach c,$(TK_NEST_CFGS),$(foreach t,$(TK_NEST_TESTS),$(eval \
  build/kernel/nest-$(c)/$(t).elf: $(wildcard tests/kernel/cover_$(patsubst nest_%,%,$(t)).c \
                                              tests/kernel/$(patsubst nest_%,%,$(t)).c))))
# (Not stress on the paper SoC: with the nesting entry and the tick's expiry budget
# (TK_CONFIG_TICK_EXPIRIES) it passes its 32 KiB of code; virt32 and virt64 run it.)
tk_nest_tests = $(TK_NEST_TESTS) $(if $(filter paper%,$(1)),,stress)
TK_NEST_IMAGES := $(foreach c,$(TK_NEST_CFGS),$(foreach t,$(call tk_nest_tests,$(c)),\
                    build/kernel/nest-$(c)/$(t).elf))

# The direct-handler configurations (kernel/include/tempo.h TK_IRQ_DIRECT_EXTERNAL): the kernel
# and the direct*.c tests built with the external interrupt's handler named kt_direct_isr (the
# tests define it), on the paper SoC at both widths: alone (direct-<cfg>) at -O2 and built for
# size (paperosXX: the shared context save), and with TK_IRQ_NESTING=1 (direct-nest-<cfg>).
# The same rules build the timers-off configuration (tempo.h TK_CONFIG_TIMERS 0,
# notimers-<cfg>) and its notimers*.c tests, at -O2 and built for size.
TK_DIRECT_CFGS_direct := paper32 paper64 paperos32 paperos64
TK_DIRECT_CFGS_direct-nest := paper32 paper64
TK_DIRECT_CFGS_notimers := paper32 paper64 paperos32 paperos64
TK_DIRECT_FLAGS_direct := -DTK_IRQ_DIRECT_EXTERNAL=kt_direct_isr
TK_DIRECT_FLAGS_direct-nest := -DTK_IRQ_DIRECT_EXTERNAL=kt_direct_isr -DTK_IRQ_NESTING=1
TK_DIRECT_FLAGS_notimers := -DTK_CONFIG_TIMERS=0
# $(call TK_DIRECT_RULES,cfg,variant)
define TK_DIRECT_RULES
TK_DOBJ_$(2)_$(1) := $(patsubst kernel/%.c,build/kernel/$(2)-$(1)/k_%.o,$(TK_KSRC)) \
                build/kernel/$(2)-$(1)/p_port.o build/kernel/$(2)-$(1)/p_switch.o
build/kernel/$(2)-$(1)/k_%.o: kernel/%.c $(TK_HDRS) kernel/kernel.mk
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$(call tk_cc,$(1)) $(TK_DIRECT_FLAGS_$(2)) $(TK_SECTIONS) -c -o $$@ $$<
build/kernel/$(2)-$(1)/p_%.o: port/riscv/%.c $(TK_HDRS) kernel/kernel.mk
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$(call tk_cc,$(1)) $(TK_DIRECT_FLAGS_$(2)) $(TK_SECTIONS) -c -o $$@ $$<
build/kernel/$(2)-$(1)/p_%.o: port/riscv/%.S $(TK_HDRS) kernel/kernel.mk
	@mkdir -p $$(@D)
	@echo "  AS      $$@"
	@$(call tk_cc,$(1)) $(TK_DIRECT_FLAGS_$(2)) -c -o $$@ $$<
build/kernel/$(2)-$(1)/libtempo.a: $$(TK_DOBJ_$(2)_$(1))
	@rm -f $$@ && $(CROSS)ar rcs $$@ $$^
build/kernel/$(2)-$(1)/%.elf: tests/kernel/%.c tests/kernel/ktest.c $(wildcard tests/kernel/*.h) \
                         build/kernel/$(2)-$(1)/libtempo.a $(BSP_SRC) $(TK_HDRS)
	@echo "  LINK    $$@"
	@$(call tk_cc,$(1)) $(TK_DIRECT_FLAGS_$(2)) -Itests/kernel -T bsp/$(call tk_board,$(1))/link.ld \
	  $(TLDFLAGS) -Wl,--no-warn-rwx-segments -Wl,--gc-sections \
	  $(LINKARCH_$(call tk_xlen,$(1))) -misa-spec=2.2 -o $$@ tests/kernel/$$*.c tests/kernel/ktest.c \
	  $(BSP_SRC) build/kernel/$(2)-$(1)/libtempo.a -lgcc
endef
$(foreach v,direct direct-nest notimers,$(foreach c,$(TK_DIRECT_CFGS_$(v)),$(eval $(call TK_DIRECT_RULES,$(c),$(v)))))
TK_DIRECT_IMAGES := $(foreach v,direct direct-nest,$(foreach c,$(TK_DIRECT_CFGS_$(v)),\
                      $(foreach t,$(TK_DIRECT_TESTS),build/kernel/$(v)-$(c)/$(t).elf)))
.PHONY: test-kernel-direct
test-kernel-direct: $(TK_DIRECT_IMAGES) $(SIM)
	@for i in $(TK_DIRECT_IMAGES); do v=$${i#build/kernel/}; v=$${v%%/*}; c=$${v##*-}; \
	  t=$$(basename $$i .elf); \
	  tools/check.sh kernel-$$t-$$v tests/kernel/run.sh $$c $$i; \
	done
TEST_TARGETS += test-kernel-direct

TK_NOTIMERS_IMAGES := $(foreach c,$(TK_DIRECT_CFGS_notimers),\
                        $(foreach t,$(TK_NOTIMERS_TESTS),build/kernel/notimers-$(c)/$(t).elf))
# notimers_X.c runs tests/kernel/X.c (#include): rebuilt with it
$(foreach c,$(TK_DIRECT_CFGS_notimers),$(foreach t,$(TK_NOTIMERS_TESTS),$(eval \
  build/kernel/notimers-$(c)/$(t).elf: tests/kernel/$(patsubst notimers_%,%,$(t)).c)))
.PHONY: test-kernel-notimers
test-kernel-notimers: $(TK_NOTIMERS_IMAGES) $(SIM)
	@for i in $(TK_NOTIMERS_IMAGES); do c=$${i#build/kernel/notimers-}; c=$${c%%/*}; \
	  t=$$(basename $$i .elf); \
	  tools/check.sh kernel-$$t-notimers-$$c tests/kernel/run.sh $$c $$i; \
	done
TEST_TARGETS += test-kernel-notimers

# cover_api calls every call of the API: at RV64 -O2 it passes the paper SoC's 32 KiB of code
# (since the tick's expiry budget, TK_CONFIG_TICK_EXPIRIES); virt64 and qemu64 run it.
tk_tests = $(if $(filter paper64,$(1)),$(filter-out cover_api,$(TK_TESTS)),$(TK_TESTS))
TK_IMAGES := $(foreach c,$(TK_CFGS),$(foreach t,$(call tk_tests,$(c)),build/kernel/$(c)/$(t).elf))
.PHONY: kernel-images test-kernel
kernel-images: $(TK_IMAGES)

# One check per image: tempo-sim for paper/virt, QEMU for qemu (SKIP when not installed);
# then RV64 against RV32 on the kernel metrics (within 10%).
test-kernel: $(TK_IMAGES) $(TK_NEST_IMAGES) $(SIM)
	@for i in $(TK_IMAGES); do c=$${i#build/kernel/}; c=$${c%%/*}; t=$$(basename $$i .elf); \
	  tools/check.sh kernel-$$t-$$c tests/kernel/run.sh $$c $$i; \
	done
	@for i in $(TK_NEST_IMAGES); do c=$${i#build/kernel/nest-}; c=$${c%%/*}; \
	  t=$$(basename $$i .elf); \
	  tools/check.sh kernel-$$t-nest-$$c tests/kernel/run.sh $$c $$i; \
	done
	@tools/check.sh kernel-rv64-vs-rv32 tests/kernel/widths.sh \
	  build/kernel/paper32/metrics.elf build/kernel/paper64/metrics.elf
TEST_TARGETS += test-kernel

# The kernel built for size passes the same tests, but for two written for the -O2 build: the
# kernel metrics' cycle budgets (make bench measures -O2), and cover_stack, whose second pass
# enters each call with the stack pointer just where the switch frame reaches the guard word,
# which holds when the call path pushes nothing before the check (the -O2 build's, by design:
# kernel.h); built for size, calls push frames of their own first, below the stack.  (Within
# tests, likewise: thread's cycle budgets and cover_kill's overflow by the stack pointer in a
# self-suspension are checked in the -O2 build only; built for size, tk_yield is its C path.)
TK_OS_TESTS := $(filter-out metrics cover_stack,$(TK_TESTS))
TK_OS_IMAGES := $(foreach c,$(TK_OS_CFGS),$(foreach t,$(TK_OS_TESTS),build/kernel/$(c)/$(t).elf))
.PHONY: test-kernel-os
test-kernel-os: $(TK_OS_IMAGES) $(SIM)
	@for c in $(TK_OS_CFGS); do for t in $(TK_OS_TESTS); do \
	  tools/check.sh kernel-$$t-$$c tests/kernel/run.sh $$c build/kernel/$$c/$$t.elf; \
	done; done
TEST_TARGETS += test-kernel-os
