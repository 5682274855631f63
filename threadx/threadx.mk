# ThreadX on tempo-sim.  ThreadX itself is not in this repository: point THREADX_DIR at a
# ThreadX tree, e.g.
#   make test THREADX_DIR=/path/to/threadx
# Four things live in four places:
#   threadx/kernel.mk          sources, port, configuration, the kernel library per width
#   threadx/board/             the board layer: trap entry, tick, interrupt dispatch
#   threadx/port/rv32/         the RV32 GNU port written here (RV64: ThreadX's risc-v64/gnu)
#   threadx/tm/                what ThreadX's own Thread-Metric needs from the board
#   bench/ports/threadx/       the benchmark layer (bench/port.h on ThreadX) and its
#                              conformance test; bench/bench.mk builds the suites with it
# Images in build/threadx/<variant>-<xlen>/:
#   tm-*/tm_<test>.elf      the original Thread-Metric tests with ThreadX's own porting layer,
#                           unmodified, on tempo-sim --soc paper (TM_TEST_DURATION 1 s, the
#                           layer's 100 Hz tick; 64 KiB memories: its ten 2,096-byte stacks)
#   paper-*/tx-port-test.elf the benchmark layer's conformance test, tempo-sim --soc paper
#   virt-*/, qemu-*/        the same for the virt SoC and QEMU virt
include threadx/kernel.mk

# One report period of 1 s (the tests take whole seconds; the original recommends 30) at the
# layer's 100 ticks per second, and 64 KiB memories (tempo-sim --imem-size/--dmem-size).
TX_TM_FLAGS := -DTM_TEST_DURATION=1 -DTX_BOARD_TICK_HZ=100 -include threadx/tm/tm_porting_layer.h
# The basic test's counter is a plain global incremented in a loop with no call: at -O2 gcc's
# loop-invariant motion keeps it in a register and would store it at the loop's exit, which an
# endless loop never reaches, so the reporter would read 0.  Without that motion in this one
# file the counter is stored every pass, as the test intends.
TX_TM_BASIC_CFLAGS := -fno-tree-loop-im
TX_TM_LD := threadx/board/link-tm.ld

# $(call tx-image-rules,VARIANT,BOARD,XLEN,EXTRA_CFLAGS,LDSCRIPT): objects of one variant in
# $(TX_BUILD)/VARIANT-XLEN/obj (upstream sources with warnings off).
define tx-image-rules
TX_CFLAGS_$(1)_$(3) = $(ARCH_$(3)) $(BOARDDEF_$(2)) $(TCFLAGS) $(TX_OPT) -ffunction-sections \
    -fdata-sections $(TX_CONFIG) $(TX_INC) -Ithreadx/board -I$(TX_TM_DIR) $(4)
$(TX_BUILD)/$(1)-$(3)/obj/%.o: % $(TX_BOARD_HDRS) threadx/tm/tm_porting_layer.h threadx/kernel.mk \
    threadx/threadx.mk $(TX_CHECK_DIR) bsp/common/board.h bsp/common/bsp.h bsp/common/clint.h \
    bench/ports/threadx/bp_conformance.h bench/port.h bench/common/bench.h
	@mkdir -p $$(dir $$@)
	@$$(TCC) $$(TX_CFLAGS_$(1)_$(3)) $$(if $$(filter $(THREADX_DIR)/%,$$<),$(TX_UPSTREAM_CFLAGS)) \
	    $$(if $$(filter %/tm_basic_processing_test.c,$$<),$(TX_TM_BASIC_CFLAGS)) -c -o $$@ $$<
TX_LD_$(1)_$(3) := $(5)
endef
TX_NO_RWX := -Wl,--no-warn-rwx-segments
# $(call tx-link-rule,NAME,VARIANT,XLEN,SOURCES)
tx-objs = $(patsubst %,$(TX_BUILD)/$(1)-$(2)/obj/%.o,$(3) $(TX_BOARD_SRC) $(BSP_SRC))
define tx-link-rule
$(TX_BUILD)/$(2)-$(3)/$(1).elf: $$(call tx-objs,$(2),$(3),$(4)) $$(TX_LIB_$(3)) $$(TX_LD_$(2)_$(3))
	@echo "  LINK    $$@"
	@$$(TCC) $(LINKARCH_$(3)) -T $$(TX_LD_$(2)_$(3)) $$(TLDFLAGS) -Wl,--gc-sections \
	    $(if $(filter virt qemu,$(2)),$(TX_NO_RWX)) \
	    -o $$@ $$(filter %.o,$$^) $$(TX_LIB_$(3)) -lgcc
endef

TX_WIDTHS := 32 64
# The same on the virt SoC (tempo-sim --soc virt) and QEMU virt (TX_ON_QEMU: the interrupt is
# the CLINT msip), whose RAM holds the stacks as it is.
$(foreach x,$(TX_WIDTHS),$(eval $(call tx-image-rules,tm,paper,$(x),$(TX_TM_FLAGS),$(TX_TM_LD))))
$(foreach x,$(TX_WIDTHS),$(eval $(call tx-image-rules,tmvirt,virt,$(x),$(TX_TM_FLAGS),bsp/virt/link.ld)))
$(foreach x,$(TX_WIDTHS),$(eval $(call tx-image-rules,tmqemu,virt,$(x),$(TX_TM_FLAGS) -DTX_ON_QEMU,bsp/virt/link.ld)))
$(foreach v,tm tmvirt tmqemu,$(foreach x,$(TX_WIDTHS),$(foreach t,$(TX_TESTS_TM),$(eval $(call tx-link-rule,tm_$(t),$(v),$(x),\
    $(TX_TM_DIR)/threadx_example/threadx_tm_$(TX_TM_MAIN_$(t))_test_example.c \
    $(TX_TM_DIR)/$(TX_TM_FILE_$(t)) $(TX_TM_DIR)/threadx_example/tm_porting_layer_threadx.c \
    threadx/tm/tm_board.c)))))
TX_TM_ELFS_virt_32 := $(subst /tm-32/,/tmvirt-32/,$(TX_TM_ELFS_32))
TX_TM_ELFS_virt_64 := $(subst /tm-64/,/tmvirt-64/,$(TX_TM_ELFS_64))
TX_TM_ELFS_qemu_32 := $(subst /tm-32/,/tmqemu-32/,$(TX_TM_ELFS_32))
TX_TM_ELFS_qemu_64 := $(subst /tm-64/,/tmqemu-64/,$(TX_TM_ELFS_64))
# The benchmark layer's conformance test (bench/ports/conformance.c with
# bench/ports/threadx/bp_conformance.h): tempo-sim paper and virt, QEMU virt (no
# simulator-control device: TX_ON_QEMU).
TX_PORT_TEST_SRC := bench/ports/conformance.c bench/ports/threadx/port.c
TX_PORT_TEST_FLAGS := -Ibench/ports/threadx -I. -Ibench/common
$(foreach x,$(TX_WIDTHS),$(eval $(call tx-image-rules,paper,paper,$(x),$(TX_PORT_TEST_FLAGS),bsp/paper/link.ld)))
$(foreach x,$(TX_WIDTHS),$(eval $(call tx-image-rules,virt,virt,$(x),$(TX_PORT_TEST_FLAGS),bsp/virt/link.ld)))
$(foreach x,$(TX_WIDTHS),$(eval $(call tx-image-rules,qemu,virt,$(x),$(TX_PORT_TEST_FLAGS) -DTX_ON_QEMU,bsp/virt/link.ld)))
$(foreach x,$(TX_WIDTHS),$(foreach v,paper virt qemu,$(eval $(call tx-link-rule,tx-port-test,$(v),$(x),$(TX_PORT_TEST_SRC)))))


# Footprint (bench/report/footprint.py reads the link maps): threadx/footprint/minimal.c at -Os
# (the kernel library built for size) and -O2, both widths, in
# $(BUILD)/bench/footprint/threadx/rvXLEN/{Os,O2}/, beside Tempo's minimal configuration.
TX_FP_DIR := $(BUILD)/bench/footprint/threadx
# $(call tx-fp-rule,XLEN,OPT,LIBRARY SUFFIX)
define tx-fp-rule
$(TX_FP_DIR)/rv$(1)/$(2)/minimal.elf: threadx/footprint/minimal.c $(TX_LIB_$(1)$(3)) \
    $(TX_BOARD_SRC) $(BSP_SRC) $(TX_BOARD_HDRS)
	@mkdir -p $$(@D)
	@echo "  LINK    $$@"
	@$(TCC) -misa-spec=2.2 $(LINKARCH_$(1)) -DBOARD_PAPER $(TCFLAGS) -$(2) -ffunction-sections \
	    -fdata-sections $(TX_CONFIG) $(TX_INC) -Ithreadx/board -T bsp/paper/link.ld $(TLDFLAGS) \
	    -Wl,--gc-sections -Wl,-Map=$$(basename $$@).map -o $$@ $$< $(TX_BOARD_SRC) $(BSP_SRC) \
	    $(TX_LIB_$(1)$(3)) -lgcc
TX_FP_ELFS += $(TX_FP_DIR)/rv$(1)/$(2)/minimal.elf
endef
TX_FP_ELFS :=
$(foreach x,$(TX_WIDTHS),$(eval $(call tx-fp-rule,$(x),Os,-Os)))
$(foreach x,$(TX_WIDTHS),$(eval $(call tx-fp-rule,$(x),O2,)))
threadx-footprint: $(TX_FP_ELFS)

.PHONY: threadx threadx-tm threadx-footprint
threadx: $(TX_TM_ELFS_32) $(TX_TM_ELFS_64)

# The original Thread-Metric on ThreadX at both widths, cycles per operation of each test
# (threadx/native.py), beside Tempo's suite on ThreadX where its images are built.
threadx-tm: $(TX_BUILD)/native.json
# (also what make bench puts in results.json: bench/ports/threadx/port.mk BENCH_NATIVE_threadx)
TX_SUITE_TM_ELFS = $(filter %/tm_basic.elf %/tm_coop.elf %/tm_preempt.elf %/tm_irq.elf \
    %/tm_irqpre.elf %/tm_msg.elf %/tm_sync.elf %/tm_mem.elf,$(BENCH_ELFS_threadx_32) $(BENCH_ELFS_threadx_64))
$(TX_BUILD)/native.json: $(SIM) $(TX_TM_ELFS_32) $(TX_TM_ELFS_64) $(TX_SUITE_TM_ELFS) threadx/native.py
	@tools/python.sh threadx/native.py $(SIM) $(BENCH_DIR) $(TX_BUILD)/tm-32 $(TX_BUILD)/tm-64 \
	    --sim-opts "$(TX_TM_SIM_OPTS)" --json $@

# ---- tests (threadx/test.sh: SKIP without THREADX_DIR) -------------------------------------
TX_TESTS := $(foreach w,$(TX_WIDTHS),test-threadx-paper-$(w) test-threadx-virt-$(w) \
              test-threadx-qemu-$(w) test-threadx-tm-$(w) test-threadx-tm-virt-$(w) \
              test-threadx-tm-qemu-$(w) test-threadx-bench-$(w)) test-threadx-bad-dir
TEST_TARGETS += $(TX_TESTS)
.PHONY: $(TX_TESTS)
# $(call TX_TEST_RULES,XLEN)
define TX_TEST_RULES
test-threadx-paper-$(1) test-threadx-virt-$(1): test-threadx-%-$(1): $(SIM)
	@tools/check.sh threadx-$$*-rv$(1) threadx/test.sh $$* $(1) "$(THREADX_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(TX_BUILD)/$$*-$(1)/tx-port-test.elf"
test-threadx-qemu-$(1):
	@tools/check.sh threadx-qemu-rv$(1) threadx/test.sh qemu $(1) "$(THREADX_DIR)" - \
	    "$(MAKE) --no-print-directory $(TX_BUILD)/qemu-$(1)/tx-port-test.elf"
test-threadx-tm-$(1): $(SIM)
	@tools/check.sh threadx-tm-rv$(1) threadx/test.sh tm $(1) "$(THREADX_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(TX_TM_ELFS_$(1))" $(TX_TM_ELFS_$(1))
test-threadx-tm-virt-$(1): $(SIM)
	@tools/check.sh threadx-tm-virt-rv$(1) threadx/test.sh tm-virt $(1) "$(THREADX_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(TX_TM_ELFS_virt_$(1))" $(TX_TM_ELFS_virt_$(1))
test-threadx-tm-qemu-$(1):
	@tools/check.sh threadx-tm-qemu-rv$(1) threadx/test.sh tm-qemu $(1) "$(THREADX_DIR)" - \
	    "$(MAKE) --no-print-directory $(TX_TM_ELFS_qemu_$(1))" $(TX_TM_ELFS_qemu_$(1))
test-threadx-bench-$(1): $(SIM)
	@tools/check.sh threadx-bench-rv$(1) threadx/test.sh bench $(1) "$(THREADX_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $$(BENCH_ELFS_threadx_$(1))" $$(BENCH_ELFS_threadx_$(1))
endef
$(foreach w,$(TX_WIDTHS),$(eval $(call TX_TEST_RULES,$(w))))

# ThreadX's own Thread-Metric against Tempo's suite on ThreadX: inside ThreadX the cycles per
# round agree (threadx/crosscheck.py; docs/benchmarks.md "Native benchmarks").
TEST_TARGETS += test-threadx-crosscheck
.PHONY: test-threadx-crosscheck
test-threadx-crosscheck: $(SIM)
	@tools/check.sh threadx-crosscheck threadx/test.sh crosscheck - "$(THREADX_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(TX_TM_ELFS_32) $(TX_TM_ELFS_64) $(TX_SUITE_TM_ELFS)" \
	    $(BENCH_DIR) $(TX_BUILD)/tm-32 $(TX_BUILD)/tm-64

# A THREADX_DIR that is not a ThreadX tree must stop the build with a clear message (a build
# tree of its own, so it never disturbs the real images).
TX_BAD := $(TX_BUILD)/bad-dir
test-threadx-bad-dir:
	@mkdir -p $(TX_BAD)/not-threadx
	@tools/check.sh threadx-bad-dir threadx/test.sh bad-dir 32 $(TX_BAD)/not-threadx - \
	    "$(MAKE) --no-print-directory BUILD=$(TX_BAD) THREADX_DIR=$(TX_BAD)/not-threadx $(TX_BAD)/threadx/tm-32/tm_basic_processing.elf"
