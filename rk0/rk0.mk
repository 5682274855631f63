# RK0 on tempo-sim.  RK0 itself is not in this repository: point RK0_DIR at an RK0 tree, e.g.
#   make test RK0_DIR=/path/to/RK0
# Three things live in three places (docs/rk0.md):
#   rk0/kernel.mk        sources, configuration, the kernel library per width
#   rk0/port/            the RISC-V architecture layer written here against RK0's arch
#                        interface (kcoredefs.h: context switch, CLINT tick, critical
#                        sections, start-up), RV32 and RV64
#   bench/ports/rk0/     the benchmark layer (bench/port.h on RK0) and its conformance test;
#                        bench/bench.mk builds the suites with it
# RK0 ships no benchmark that measures (its app/ is a demo); its wiki measures it with
# Thread-Metric, which bench/suites/tmetric.c runs through the layer.
# Images in build/rk0/<variant>-<xlen>/:
#   paper-*/rk0-port-test.elf  the benchmark layer's conformance test, tempo-sim --soc paper
#   virt-*/, qemu-*/           the same for the virt SoC and QEMU virt
include rk0/kernel.mk

RK0_WIDTHS := 32 64
RK0_NO_RWX := -Wl,--no-warn-rwx-segments

# $(call rk0-image-rules,VARIANT,BOARD,XLEN,EXTRA_CFLAGS,LDSCRIPT): objects of one variant in
# $(RK0_BUILD)/VARIANT-XLEN/obj, linked with the kernel library of the width.
define rk0-image-rules
RK0_CFLAGS_$(1)_$(3) = $(ARCH_$(3)) $(BOARDDEF_$(2)) $(TCFLAGS) $(RK0_STD) $(RK0_OPT) \
    -ffunction-sections -fdata-sections $(RK0_CONFIG) $(RK0_CONFIG_$(3)) $(RK0_INC) $(4)
$(RK0_BUILD)/$(1)-$(3)/obj/%.o: % $(RK0_HDRS) rk0/kernel.mk rk0/rk0.mk $(RK0_CHECK_DIR) \
    bsp/common/board.h bsp/common/bsp.h bsp/common/clint.h bench/ports/rk0/bp_conformance.h \
    bench/port.h bench/common/bench.h
	@mkdir -p $$(dir $$@)
	@$$(TCC) $$(RK0_CFLAGS_$(1)_$(3)) -c -o $$@ $$<
$(RK0_BUILD)/$(1)-$(3)/rk0-port-test.elf: $$(patsubst %,$(RK0_BUILD)/$(1)-$(3)/obj/%.o,\
    $(RK0_PORT_TEST_SRC) $(RK0_BOARD_SRC) $(BSP_SRC) $(if $(filter-out paper,$(2)),$(RK0_PORT_SRC))) \
    $$(RK0_LIB_$(3)) $(5)
	@echo "  LINK    $$@"
	@$$(TCC) $(LINKARCH_$(3)) -T $(5) $$(TLDFLAGS) -Wl,--gc-sections \
	    $(if $(filter virt qemu,$(1)),$(RK0_NO_RWX)) \
	    -o $$@ $$(filter %.o,$$^) $$(RK0_LIB_$(3)) -lgcc
endef
# The benchmark layer's conformance test (bench/ports/conformance.c with
# bench/ports/rk0/bp_conformance.h): tempo-sim paper and virt, QEMU virt (no
# simulator-control device: RK0_ON_QEMU).
RK0_PORT_TEST_SRC := bench/ports/conformance.c bench/ports/rk0/port.c
RK0_PORT_TEST_FLAGS := -Ibench/ports/rk0 -I. -Ibench/common
# On the paper SoC with 64 KiB memories (rk0/port/link-64k.ld; tempo-sim RK0_PAPER_SIM_OPTS).
RK0_PAPER_SIM_OPTS := --imem-size 64K --dmem-size 64K
$(foreach x,$(RK0_WIDTHS),$(eval $(call rk0-image-rules,paper,paper,$(x),$(RK0_PORT_TEST_FLAGS),rk0/port/link-64k.ld)))
$(foreach x,$(RK0_WIDTHS),$(eval $(call rk0-image-rules,virt,virt,$(x),$(RK0_PORT_TEST_FLAGS),bsp/virt/link.ld)))
$(foreach x,$(RK0_WIDTHS),$(eval $(call rk0-image-rules,qemu,virt,$(x),$(RK0_PORT_TEST_FLAGS) -DRK0_ON_QEMU,bsp/virt/link.ld)))

# Footprint (bench/report/footprint.py reads the link maps): rk0/footprint/minimal.c at -Os
# (the kernel library built for size) and -O2, both widths, in
# $(BUILD)/bench/footprint/rk0/rvXLEN/{Os,O2}/, beside Tempo's minimal configuration.
RK0_FP_DIR := $(BUILD)/bench/footprint/rk0
# $(call rk0-fp-rule,XLEN,OPT,LIBRARY SUFFIX)
define rk0-fp-rule
$(RK0_FP_DIR)/rv$(1)/$(2)/minimal.elf: rk0/footprint/minimal.c $(RK0_LIB_$(1)$(3)) \
    $(RK0_BOARD_SRC) $(BSP_SRC) $(RK0_HDRS)
	@mkdir -p $$(@D)
	@echo "  LINK    $$@"
	@$(TCC) -misa-spec=2.2 $(LINKARCH_$(1)) -DBOARD_PAPER $(TCFLAGS) $(RK0_STD) -$(2) \
	    -ffunction-sections -fdata-sections $(RK0_CONFIG) $(RK0_CONFIG_$(1)) $(RK0_INC) \
	    -T bsp/paper/link.ld $(TLDFLAGS) -Wl,--gc-sections -Wl,-Map=$$(basename $$@).map \
	    -o $$@ $$< $(RK0_BOARD_SRC) $(BSP_SRC) $(RK0_LIB_$(1)$(3)) -lgcc
RK0_FP_ELFS += $(RK0_FP_DIR)/rv$(1)/$(2)/minimal.elf
endef
RK0_FP_ELFS :=
$(foreach x,$(RK0_WIDTHS),$(eval $(call rk0-fp-rule,$(x),Os,-Os)))
$(foreach x,$(RK0_WIDTHS),$(eval $(call rk0-fp-rule,$(x),O2,)))
.PHONY: rk0 rk0-footprint
rk0-footprint: $(RK0_FP_ELFS)
rk0: $(foreach v,paper virt qemu,$(foreach x,$(RK0_WIDTHS),$(RK0_BUILD)/$(v)-$(x)/rk0-port-test.elf))

# ---- tests (rk0/test.sh: SKIP without RK0_DIR) ---------------------------------------------
RK0_TESTS := $(foreach w,$(RK0_WIDTHS),test-rk0-paper-$(w) test-rk0-virt-$(w) \
               test-rk0-qemu-$(w) test-rk0-bench-$(w) test-rk0-footprint-$(w)) test-rk0-bad-dir
TEST_TARGETS += $(RK0_TESTS)
.PHONY: $(RK0_TESTS)
# $(call RK0_TEST_RULES,XLEN)
define RK0_TEST_RULES
test-rk0-paper-$(1) test-rk0-virt-$(1): test-rk0-%-$(1): $(SIM)
	@tools/check.sh rk0-$$*-rv$(1) rk0/test.sh $$* $(1) "$(RK0_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(RK0_BUILD)/$$*-$(1)/rk0-port-test.elf" "$(RK0_PAPER_SIM_OPTS)"
test-rk0-qemu-$(1):
	@tools/check.sh rk0-qemu-rv$(1) rk0/test.sh qemu $(1) "$(RK0_DIR)" - \
	    "$(MAKE) --no-print-directory $(RK0_BUILD)/qemu-$(1)/rk0-port-test.elf"
test-rk0-bench-$(1): $(SIM)
	@tools/check.sh rk0-bench-rv$(1) rk0/test.sh bench $(1) "$(RK0_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $$(BENCH_ELFS_rk0_$(1))" $$(BENCH_ELFS_rk0_$(1))
test-rk0-footprint-$(1): $(SIM)
	@tools/check.sh rk0-footprint-rv$(1) rk0/test.sh footprint $(1) "$(RK0_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(filter $(RK0_FP_DIR)/rv$(1)/%,$(RK0_FP_ELFS))" \
	    $(filter $(RK0_FP_DIR)/rv$(1)/%,$(RK0_FP_ELFS))
endef
$(foreach w,$(RK0_WIDTHS),$(eval $(call RK0_TEST_RULES,$(w))))

# An RK0_DIR that is not an RK0 tree must stop the build with a clear message (a build tree
# of its own, so it never disturbs the real images).
RK0_BAD := $(RK0_BUILD)/bad-dir
test-rk0-bad-dir:
	@mkdir -p $(RK0_BAD)/not-rk0
	@tools/check.sh rk0-bad-dir rk0/test.sh bad-dir 32 $(RK0_BAD)/not-rk0 - \
	    "$(MAKE) --no-print-directory BUILD=$(RK0_BAD) RK0_DIR=$(RK0_BAD)/not-rk0 $(RK0_BAD)/rk0/paper-32/rk0-port-test.elf"
