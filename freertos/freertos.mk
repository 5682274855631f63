# FreeRTOS on tempo-sim.  FreeRTOS itself is not in this repository: point FREERTOS_DIR at a
# FreeRTOS-Kernel tree (tag V11.1.0, the paper's version), e.g.
#   make test FREERTOS_DIR=/path/to/FreeRTOS-Kernel
# Three things live in three places:
#   freertos/board/            the board layer: FreeRTOSConfig.h, trap vector, interrupt
#                              dispatch, hooks, the few libc functions FreeRTOS calls
#   freertos/paper/            the paper's experiment (Table II) written on the FreeRTOS API,
#                              and its comparison script
#   bench/ports/freertos/      the benchmark layer (bench/port.h on FreeRTOS) and its
#                              conformance test; bench/bench.mk builds the suites with it
# The kernel is built unmodified (its GCC RISC-V port) with the board layer, -Os as in the
# paper, at both widths.  Images in build/freertos/<variant>-<xlen>/:
#   paper-*/fr-paper.elf      the paper's Rhealstone experiment, tempo-sim --soc paper
#   paper-*/fr-port-test.elf  conformance test of the benchmark layer, tempo-sim --soc paper
#   qemu-*/fr-*.elf           the same for QEMU virt (no simulator-control device)
FREERTOS_DIR ?=
FR_BUILD     := $(BUILD)/freertos
FR_KERNEL    := tasks.c queue.c list.c timers.c portable/MemMang/heap_4.c \
                portable/GCC/RISC-V/port.c portable/GCC/RISC-V/portASM.S
FR_KERNEL_SRC = $(addprefix $(FREERTOS_DIR)/,$(FR_KERNEL))
FR_BOARD_SRC := freertos/board/fr_board.c freertos/board/fr_libc.c
FR_HDRS      := $(wildcard freertos/board/*.h freertos/board/libc/*.h)
FR_CHECK_DIR := freertos/check-kernel-dir.sh
# The paper, section IV-A: "compiled with ... -Os".  fw-link compiles and links in one gcc
# call, where the link -march (plain rv32im/rv64im) wins: -misa-spec=2.2 keeps Zicsr implied by
# it (docs/boards.md "Toolchain"), so the CSR instructions of the port assemble.  Unused kernel functions
# are dropped so the images fit the paper's 32 KiB instruction memory.
FR_OPT       := -Os
FR_CFLAGS     = $(FR_OPT) -misa-spec=2.2 -ffunction-sections -fdata-sections -Wl,--gc-sections \
                -Ifreertos/board -Ifreertos/board/libc -I$(FREERTOS_DIR)/include \
                -I$(FREERTOS_DIR)/portable/GCC/RISC-V
# The benchmark layer's conformance images: the kernel configuration of the benchmark images
# (FR_BENCH_CONFIG, bench/ports/freertos/port.mk: bench/port.h priorities 1..15 with the timer
# task above them, FIFO without time slicing) and the layer's headers.
FR_BENCH_FLAGS := -I. -Ibench/common -DFR_MAX_PRIORITIES=17 -DFR_TIME_SLICING=0 -DFR_USE_TIMERS=1 \
                  -DFR_HEAP_BYTES=22528
# The paper's build has no software timers (its FreeRTOSConfig.h: configUSE_TIMERS 0).
FR_PAPER_FLAGS := -DFR_USE_TIMERS=0

# Which kernel tree the images were built from: rebuild when FREERTOS_DIR changes.
FR_DIR_STAMP := $(FR_BUILD)/kernel-dir.txt
$(FR_DIR_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo "$(FREERTOS_DIR)" | cmp -s - $@ || echo "$(FREERTOS_DIR)" > $@
.PHONY: FORCE
FORCE:

FR_DEPS = $(FR_BOARD_SRC) $(FR_HDRS) $(FR_CHECK_DIR) $(FR_DIR_STAMP) freertos/freertos.mk \
          bsp/common/sections.ld $(BSP_SRC) bsp/common/board.h bsp/common/bsp.h

# $(call fr-image,OUT,XLEN,BOARD,APP_SOURCES,EXTRA_CFLAGS): check FREERTOS_DIR, then link.
fr-image = $(FR_CHECK_DIR) "$(FREERTOS_DIR)" >/dev/null && mkdir -p $(dir $(1)) && \
           $(call fw-link,$(1),$(2),$(3),$(4) $(FR_BOARD_SRC) $(BSP_SRC) $(FR_KERNEL_SRC),$(FR_CFLAGS) $(5))

# Per-variant flags (a variable, so the commas of -Wl, survive $(call)).
FR_NO_RWX := -Wl,--no-warn-rwx-segments
FR_VARIANT_FLAGS_paper :=
FR_VARIANT_FLAGS_virt  := $(FR_NO_RWX)
FR_VARIANT_FLAGS_qemu  := $(FR_NO_RWX) -DFR_ON_QEMU

# $(call FR_RULES,VARIANT,BOARD,XLEN)
define FR_RULES
$(FR_BUILD)/$(1)-$(3)/fr-paper.elf: freertos/paper/fr_paper.c bsp/$(2)/link.ld $(FR_DEPS)
	@$$(call fr-image,$$@,$(3),$(2),freertos/paper/fr_paper.c,$$(FR_PAPER_FLAGS) $$(FR_VARIANT_FLAGS_$(1)))
$(FR_BUILD)/$(1)-$(3)/fr-port-test.elf: bench/ports/conformance.c bench/ports/freertos/bp_conformance.h bench/ports/freertos/port.c bench/port.h bench/common/bench.h \
    bsp/$(2)/link.ld $(FR_DEPS)
	@$$(call fr-image,$$@,$(3),$(2),bench/ports/conformance.c bench/ports/freertos/port.c,$$(FR_BENCH_FLAGS) -Ibench/ports/freertos $$(FR_VARIANT_FLAGS_$(1)))
endef
FR_WIDTHS := 32 64
$(foreach w,$(FR_WIDTHS),$(eval $(call FR_RULES,paper,paper,$(w))))
$(foreach w,$(FR_WIDTHS),$(eval $(call FR_RULES,virt,virt,$(w))))
$(foreach w,$(FR_WIDTHS),$(eval $(call FR_RULES,qemu,virt,$(w))))

.PHONY: freertos freertos-paper
freertos: $(foreach w,$(FR_WIDTHS),$(FR_BUILD)/paper-$(w)/fr-paper.elf $(FR_BUILD)/paper-$(w)/fr-port-test.elf)

# The paper comparison: Table II beside FreeRTOS on tempo-sim at both widths, explained by the
# profile of N = 2,000 minus N = 1,000 images of each test (freertos/paper/compare.py).
#   make freertos-paper FREERTOS_DIR=...  -> build/freertos/paper-comparison.{md,json}
FR_ANALYSIS_TESTS := task_switch=1 task_preempt=2
define FR_ANALYSIS_RULE
$(FR_BUILD)/analysis-$(1)/fr-paper-$(2)-$(4).elf: freertos/paper/fr_paper.c bsp/paper/link.ld $(FR_DEPS)
	@$$(call fr-image,$$@,$(1),paper,freertos/paper/fr_paper.c,$$(FR_PAPER_FLAGS) -DFR_PAPER_TESTS=$(3) -DFR_PAPER_ROUNDS=$(4))
FR_ANALYSIS_ELFS += $(FR_BUILD)/analysis-$(1)/fr-paper-$(2)-$(4).elf
endef
$(foreach w,$(FR_WIDTHS),$(foreach t,$(FR_ANALYSIS_TESTS),$(foreach n,1000 2000,\
  $(eval $(call FR_ANALYSIS_RULE,$(w),$(word 1,$(subst =, ,$(t))),$(word 2,$(subst =, ,$(t))),$(n))))))

# What-if: the generic C task selection instead of the port's count-leading-zeros (libgcc's
# __clzsi2/__clzdi2 on a core without Zbb).
define FR_WHATIF_RULE
$(FR_BUILD)/analysis-$(1)/fr-paper-generic-select.elf: freertos/paper/fr_paper.c bsp/paper/link.ld $(FR_DEPS)
	@$$(call fr-image,$$@,$(1),paper,freertos/paper/fr_paper.c,$$(FR_PAPER_FLAGS) -DFR_OPT_SELECTION=0)
FR_ANALYSIS_ELFS += $(FR_BUILD)/analysis-$(1)/fr-paper-generic-select.elf
endef
$(foreach w,$(FR_WIDTHS),$(eval $(call FR_WHATIF_RULE,$(w))))

# With RTL_VVP / RTL_VVP32 (tests/rtl/rtl.mk) the experiment also runs on the paper's RTL first
# (a few minutes) into build/rtl/fr-paper-rtl.json, and Table II shows its figures (also in
# later runs without RTL_VVP, from that file; without it the RTL column says "not measured").
freertos-paper: $(SIM) $(foreach w,$(FR_WIDTHS),$(FR_BUILD)/paper-$(w)/fr-paper.elf) $(FR_ANALYSIS_ELFS)
	@$(if $(RTL_VVP)$(RTL_VVP32),$(MAKE) --no-print-directory rtl-freertos-paper)
	@tools/python.sh freertos/paper/compare.py $(SIM) $(FR_BUILD) --md $(FR_BUILD)/paper-comparison.md \
	    --json $(FR_BUILD)/paper-comparison.json --rtl $(RTL_FR_JSON) --write-docs

# `make bench FREERTOS_DIR=...` also runs the paper comparison, after the benchmark suites.
ifneq ($(FREERTOS_DIR),)
BENCH_TARGETS += freertos-bench-paper
endif
.PHONY: freertos-bench-paper
freertos-bench-paper: $(SIM) $(foreach w,$(FR_WIDTHS),$(FR_BUILD)/paper-$(w)/fr-paper.elf) \
    $(FR_ANALYSIS_ELFS) | $(filter bench-suite,$(BENCH_TARGETS))
	@echo "FreeRTOS on tempo-sim vs the paper's Table II (freertos/paper/fr_paper.c, direct FreeRTOS API)"
	@tools/python.sh freertos/paper/compare.py $(SIM) $(FR_BUILD) --summary \
	    --md $(FR_BUILD)/paper-comparison.md --json $(FR_BUILD)/paper-comparison.json

# ---- tests (freertos/test.sh: SKIP without FREERTOS_DIR) -----------------------------------
FR_TESTS := $(foreach w,$(FR_WIDTHS),test-freertos-paper-$(w) test-freertos-virt-$(w) \
              test-freertos-bench-$(w) test-freertos-qemu-$(w)) test-freertos-table2 \
            test-freertos-bad-dir
TEST_TARGETS += $(FR_TESTS)
.PHONY: $(FR_TESTS)
# $(call FR_TEST_RULES,XLEN)  (explicit rules: make does not apply pattern rules to .PHONY)
define FR_TEST_RULES
test-freertos-paper-$(1): $(SIM)
	@tools/check.sh freertos-paper-rv$(1) freertos/test.sh paper $(1) "$(FREERTOS_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(FR_BUILD)/paper-$(1)/fr-paper.elf $(FR_BUILD)/paper-$(1)/fr-port-test.elf"
test-freertos-virt-$(1): $(SIM)
	@tools/check.sh freertos-virt-rv$(1) freertos/test.sh virt $(1) "$(FREERTOS_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(FR_BUILD)/virt-$(1)/fr-paper.elf $(FR_BUILD)/virt-$(1)/fr-port-test.elf"
test-freertos-bench-$(1): $(SIM)
	@tools/check.sh freertos-bench-rv$(1) freertos/test.sh bench $(1) "$(FREERTOS_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $$(BENCH_ELFS_freertos_$(1))" $$(BENCH_ELFS_freertos_$(1))
test-freertos-qemu-$(1):
	@tools/check.sh freertos-qemu-rv$(1) freertos/test.sh qemu $(1) "$(FREERTOS_DIR)" - \
	    "$(MAKE) --no-print-directory $(FR_BUILD)/qemu-$(1)/fr-paper.elf $(FR_BUILD)/qemu-$(1)/fr-port-test.elf"
endef
$(foreach w,$(FR_WIDTHS),$(eval $(call FR_TEST_RULES,$(w))))
# The paper's four Table II figures: tempo-sim must stay within 10%, and the
# explanation of RV64's overhead must stay true (generic task selection: RV64 = RV32).  After
# the paper tests, which build the same images (two sub-makes must not write one file at once).
test-freertos-table2: $(SIM) $(foreach w,$(FR_WIDTHS),test-freertos-paper-$(w))
	@tools/check.sh freertos-table2 freertos/test.sh table2 - "$(FREERTOS_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(foreach w,$(FR_WIDTHS),$(FR_BUILD)/paper-$(w)/fr-paper.elf \
	        $(FR_BUILD)/analysis-$(w)/fr-paper-generic-select.elf)"

# A FREERTOS_DIR that is not a kernel tree must stop the build with a clear message (a build
# tree of its own, so it never disturbs the real images).
FR_BAD := $(FR_BUILD)/bad-dir
test-freertos-bad-dir:
	@mkdir -p $(FR_BAD)/not-a-kernel
	@tools/check.sh freertos-bad-dir freertos/test.sh bad-dir 32 $(FR_BAD)/not-a-kernel - \
	    "$(MAKE) --no-print-directory BUILD=$(FR_BAD) FREERTOS_DIR=$(FR_BAD)/not-a-kernel $(FR_BAD)/freertos/paper-32/fr-paper.elf"
