# Host tests of tempo-sim (included from sim/sim.mk): the ELF loader on malformed input,
# the command line, and small firmware programs (sim/tests/fw/) for the devices, traps,
# WFI and exit paths, at both SoCs and both widths.
# Names in sim/tests/: a test is <subject>-test.sh, .py or .c (a script tools/check.sh runs,
# or a host program built as $(SIMT_OUT)/<subject>-test and run), and its checks are named
# after the subject (decode-test.c: sim-decode; cache-test.sh: sim-cache-<soc>-<xlen>;
# readme-snippet-test.sh: readme-snippet); a helper that tests share or drive is named for
# what it does, with no -test (expect.sh, elfmut.c, disasm-check.c, timeline-check.py); fw/
# holds the firmware the tests run, C and assembly sources named as the images they build
# (dev_clint.c: dev_clint.elf); the rules are in tests.mk, engines.mk (engines-test.sh) and
# paper.mk (paper-soc-test.sh).
SIMT_OUT := $(BUILD)/sim/tests
SIMT_FW  := sim/tests/fw
SIMT_DEV := dev_clint dev_simctl dev_fault dev_wfi
SIMT_EXPECT := sim/tests/expect.sh
# fw-link ends with the plain -march (for the libgcc multilib), which would drop Zicsr when
# compiling: docs/boards.md "Toolchain"'s other remedy, ISA spec 2.2 (rv32im includes Zicsr), keeps it.
# The exit-path programs of fw/exits.c, one image exit_NAME.elf each.
SIMT_EXITS := spin wfi_idle illegal exit300 tohost_pass tohost_fail irq_never irq_late
SIMT_TFLAGS := -O2 -misa-spec=2.2 -Wl,--no-warn-rwx-segments -Iinclude
# The assembly programs linked as they are (no C runtime)
SIMT_ASM := lost ecall_wait csr_loop
comma := ,

$(SIMT_OUT)/elfmut: sim/tests/elfmut.c
	@mkdir -p $(@D)
	$(HOSTCC) $(HOSTCFLAGS) -o $@ $<

# $(1) board, $(2) xlen
define simt_images
$(SIMT_OUT)/$(1)-$(2)/hello.elf: $(SIMT_FW)/hello.c $(BSP_SRC) bsp/$(1)/link.ld
	@mkdir -p $$(@D)
	$$(call fw-link,$$@,$(2),$(1),$(SIMT_FW)/hello.c $(BSP_SRC),$$(SIMT_TFLAGS))
$(SIMT_OUT)/$(1)-$(2)/dev_%.elf: $(SIMT_FW)/dev_%.c $(SIMT_FW)/t_trap.c $(SIMT_FW)/t.h include/riscv/encoding.h $(BSP_SRC) bsp/$(1)/link.ld
	@mkdir -p $$(@D)
	$$(call fw-link,$$@,$(2),$(1),$$< $(SIMT_FW)/t_trap.c $(BSP_SRC),$$(SIMT_TFLAGS))
$(SIMT_OUT)/$(1)-$(2)/fault_%.elf: $(SIMT_FW)/faults.c $(SIMT_FW)/t_trap.c $(SIMT_FW)/t.h include/riscv/encoding.h $(BSP_SRC) bsp/$(1)/link.ld
	@mkdir -p $$(@D)
	$$(call fw-link,$$@,$(2),$(1),$(SIMT_FW)/faults.c $(SIMT_FW)/t_trap.c $(BSP_SRC),$$(SIMT_TFLAGS) -DFAULT_$$*)
$(SIMT_OUT)/$(1)-$(2)/exit_%.elf: $(SIMT_FW)/exits.c $(SIMT_FW)/t.h include/riscv/encoding.h $(BSP_SRC) bsp/$(1)/link.ld
	@mkdir -p $$(@D)
	$$(call fw-link,$$@,$(2),$(1),$(SIMT_FW)/exits.c $(BSP_SRC),$$(SIMT_TFLAGS) -DEXIT_$$*)

test-sim-hello-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/hello.elf
	@tools/check.sh sim-hello-$(1)-$(2) $(SIMT_EXPECT) 7 '^hello from tempo-sim$$$$' \
	    $(SIM) --max-cycles 100000000 --soc $(1) $(SIMT_OUT)/$(1)-$(2)/hello.elf
test-sim-clint-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/dev_clint.elf
	@tools/check.sh sim-clint-$(1)-$(2) $(SIMT_EXPECT) 0 '^clint ok$$$$' \
	    $(SIM) --max-cycles 100000000 --soc $(1) $(SIMT_OUT)/$(1)-$(2)/dev_clint.elf
test-sim-simctl-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/dev_simctl.elf
	@tools/check.sh sim-simctl-$(1)-$(2) $(SIMT_EXPECT) 42 '^simctl ok$$$$' \
	    $(SIM) --max-cycles 100000000 --soc $(1) $(SIMT_OUT)/$(1)-$(2)/dev_simctl.elf
test-sim-fault-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/dev_fault.elf
	@tools/check.sh sim-fault-$(1)-$(2) $(SIMT_EXPECT) 0 '^fault ok$$$$' \
	    $(SIM) --max-cycles 100000000 --soc $(1) $(SIMT_OUT)/$(1)-$(2)/dev_fault.elf
# WFI skips time: 6 * 10^8 cycles pass, yet few instructions run (checked in the JSON)
test-sim-wfi-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/dev_wfi.elf
	@tools/check.sh sim-wfi-$(1)-$(2) sim/tests/wfi-test.sh $(SIM) $(1) \
	    $(SIMT_OUT)/$(1)-$(2)/dev_wfi.elf $(SIMT_OUT)/$(1)-$(2)/wfi.json
test-sim-exits-$(1)-$(2): $(SIM) $(foreach p,$(filter-out irq_%,$(SIMT_EXITS)),$(SIMT_OUT)/$(1)-$(2)/exit_$(p).elf)
	@tools/check.sh sim-exits-$(1)-$(2) sim/tests/exits-test.sh $(SIM) $(1) $(SIMT_OUT)/$(1)-$(2)

test-sim-report-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/hello.elf
	@tools/check.sh sim-report-$(1)-$(2) sim/tests/report-test.sh $(SIM) $(1) \
	    $(SIMT_OUT)/$(1)-$(2)/hello.elf $(SIMT_OUT)/$(1)-$(2)/report
# a handler that faults on a broken stack: a trap storm, named, instead of an endless run
test-sim-storm-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/fault_storm.elf
	@tools/check.sh sim-storm-$(1)-$(2) $(SIMT_EXPECT) 126 \
	    '^tempo-sim: trap storm: store access fault at pc 0x[0-9a-f]+ in handler, 1000 times in a row with no MRET' \
	    $(SIM) --max-cycles 100000000 --soc $(1) $(SIMT_OUT)/$(1)-$(2)/fault_storm.elf
# a fault whose handler ends the run: the message names the faulting function
test-sim-fault-exit-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/fault_load.elf
	@tools/check.sh sim-fault-exit-$(1)-$(2) $(SIMT_EXPECT) 99 \
	    '^tempo-sim: firmware exit status 99 while handling a load access fault at pc 0x[0-9a-f]+ in faulty_load \(mtval 0x30000000\)$$$$' \
	    $(SIM) --max-cycles 100000000 --soc $(1) $(SIMT_OUT)/$(1)-$(2)/fault_load.elf
$(SIMT_OUT)/$(1)-$(2)/hazard%.elf: $(SIMT_FW)/hazard.S include/riscv/encoding.h bsp/common/board.h bsp/$(1)/link.ld
	@mkdir -p $$(@D)
	$$(TCC) $$(ARCH_$(2)) $(BOARDDEF_$(1)) -DBETWEEN=$$* -nostdlib -nostartfiles -Ibsp/common -Iinclude \
	    -Lbsp/common -Wl,--no-warn-rwx-segments -T bsp/$(1)/link.ld -o $$@ $$<
$(patsubst %,$(SIMT_OUT)/$(1)-$(2)/%.elf,$(SIMT_ASM)): $(SIMT_OUT)/$(1)-$(2)/%.elf: $(SIMT_FW)/%.S include/riscv/encoding.h bsp/common/board.h bsp/$(1)/link.ld
	@mkdir -p $$(@D)
	$$(TCC) $$(ARCH_$(2)) $(BOARDDEF_$(1)) -nostdlib -nostartfiles -Ibsp/common -Iinclude \
	    -Lbsp/common -Wl,--no-warn-rwx-segments -T bsp/$(1)/link.ld -o $$@ $$<
test-sim-hazard-$(1)-$(2): $(SIM) $(foreach n,0 1 2 3,$(SIMT_OUT)/$(1)-$(2)/hazard$(n).elf) $(SIMT_OUT)/$(1)-$(2)/lost.elf \
                           $(SIMT_OUT)/$(1)-$(2)/ecall_wait.elf
	@tools/check.sh sim-hazard-$(1)-$(2) sim/tests/hazard-test.sh $(SIM) $(1) $(SIMT_OUT)/$(1)-$(2)
test-sim-no-limit-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/exit_irq_never.elf $(SIMT_OUT)/$(1)-$(2)/exit_irq_late.elf
	@tools/check.sh sim-no-limit-$(1)-$(2) sim/tests/no-limit-test.sh $(SIM) $(1) $(SIMT_OUT)/$(1)-$(2)

TEST_TARGETS += test-sim-report-$(1)-$(2) test-sim-hello-$(1)-$(2) test-sim-clint-$(1)-$(2) test-sim-simctl-$(1)-$(2) \
                test-sim-fault-$(1)-$(2) test-sim-wfi-$(1)-$(2) test-sim-exits-$(1)-$(2) \
                test-sim-storm-$(1)-$(2) test-sim-fault-exit-$(1)-$(2) test-sim-no-limit-$(1)-$(2) \
                test-sim-hazard-$(1)-$(2)
endef
$(foreach b,paper virt,$(foreach x,32 64,$(eval $(call simt_images,$(b),$(x)))))

# The vectored trap address wraps at XLEN bits (paper SoC: the wrapped vector is in its
# instruction memory at 0).
define simt_vector
$(SIMT_OUT)/paper-$(1)/vector.elf: $(SIMT_FW)/vector.S include/riscv/encoding.h bsp/common/board.h bsp/paper/link.ld
	@mkdir -p $$(@D)
	$$(TCC) $$(ARCH_$(1)) -DBOARD_PAPER -nostdlib -nostartfiles -Ibsp/common -Iinclude -Lbsp/common \
	    -Wl,--no-warn-rwx-segments -T bsp/paper/link.ld -o $$@ $$<
test-sim-vector-paper-$(1): $(SIM) $(SIMT_OUT)/paper-$(1)/vector.elf
	@tools/check.sh sim-vector-paper-$(1) $(SIMT_EXPECT) 33 '' \
	    $(SIM) --max-cycles 100000 $(SIMT_OUT)/paper-$(1)/vector.elf
TEST_TARGETS += test-sim-vector-paper-$(1)
endef
$(foreach x,32 64,$(eval $(call simt_vector,$(x))))

# The command line, the image's size and entry point, lost output, signals.
test-sim-args: $(SIM) $(SIMT_OUT)/paper-32/hello.elf
	@tools/check.sh sim-args sim/tests/args-test.sh $(SIM) $(SIMT_OUT)/paper-32/hello.elf
test-sim-help: $(SIM)
	@tools/check.sh sim-help sim/tests/help-test.sh $(SIM)
test-sim-image: $(SIM) $(SIMT_OUT)/elfmut $(SIMT_OUT)/paper-32/hello.elf $(SIMT_OUT)/paper-64/hello.elf \
                $(SIMT_OUT)/virt-32/hello.elf
	@tools/check.sh sim-image sim/tests/image-test.sh $(SIM) $(SIMT_OUT)/elfmut \
	    $(SIMT_OUT)/paper-32/hello.elf $(SIMT_OUT)/paper-64/hello.elf \
	    $(SIMT_OUT)/virt-32/hello.elf $(SIMT_OUT)/image
test-sim-output: $(SIM) $(SIMT_OUT)/paper-32/hello.elf
	@tools/check.sh sim-output sim/tests/output-test.sh $(SIM) $(SIMT_OUT)/paper-32/hello.elf
test-sim-signals: $(SIM) $(SIMT_OUT)/paper-32/exit_spin.elf
	@tools/check.sh sim-signals sim/tests/signals-test.sh $(SIM) $(SIMT_OUT)/paper-32/exit_spin.elf
# make bench-sim's QEMU comparison: data off the code pages (no wall-clock figure here)
test-sim-speed-image: $(filter %-virt-32.elf %-virt-64.elf,$(SIMS_IMAGES))
	@tools/check.sh sim-speed-image sim/tests/speed-image-test.sh $(CROSS)readelf $^
test-sim-measure-soft: $(SIM) $(filter %/irq-virt-32.elf %/irq-virt-64.elf,$(SIMS_IMAGES))
	@tools/check.sh sim-measure-soft sim/tests/measure-soft-test.sh $^
TEST_TARGETS += test-sim-args test-sim-help test-sim-image test-sim-output test-sim-signals \
                test-sim-speed-image test-sim-measure-soft
.PHONY: test-sim-args test-sim-help test-sim-image test-sim-output test-sim-signals \
        test-sim-speed-image test-sim-measure-soft

test-sim-elf: $(SIM) $(SIMT_OUT)/elfmut $(SIMT_OUT)/paper-32/hello.elf $(SIMT_OUT)/paper-64/hello.elf \
              $(SIMT_OUT)/virt-32/hello.elf
	@tools/check.sh sim-elf sim/tests/elf-test.sh $(SIM) $(SIMT_OUT)/elfmut \
	    $(SIMT_OUT)/paper-32/hello.elf $(SIMT_OUT)/paper-64/hello.elf \
	    $(SIMT_OUT)/virt-32/hello.elf $(SIMT_OUT)/elf
TEST_TARGETS += test-sim-elf
.PHONY: test-sim-elf

$(SIMT_OUT)/decode-test: sim/tests/decode-test.c sim/core/decode.c sim/core/decode.h sim/timing/timing.h include/riscv/encoding.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HOSTCFLAGS) -Iinclude $(SIM_INC) -o $@ sim/tests/decode-test.c sim/core/decode.c
test-sim-decode: $(SIMT_OUT)/decode-test
	@tools/check.sh sim-decode $(SIMT_OUT)/decode-test
TEST_TARGETS += test-sim-decode
.PHONY: test-sim-decode

# The cache model against a reference model written in the test (random streams, both
# write policies, several geometries and memory timings).
$(SIMT_OUT)/cache-model-test: sim/tests/cache-model-test.c sim/timing/cache.c sim/timing/cache.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HOSTCFLAGS) $(SIM_INC) -o $@ sim/tests/cache-model-test.c sim/timing/cache.c
test-sim-cache-model: $(SIMT_OUT)/cache-model-test
	@tools/check.sh sim-cache-model $(SIMT_OUT)/cache-model-test
TEST_TARGETS += test-sim-cache-model
.PHONY: test-sim-cache-model

# Caches on firmware with a known access pattern: exact counts and cycles (cache-test.sh).
# (FENCE.I needs Zifencei spelled out.)
SIMT_CACHE_ARCH_32 := -march=rv32im_zicsr_zifencei -mabi=ilp32
SIMT_CACHE_ARCH_64 := -march=rv64im_zicsr_zifencei -mabi=lp64
define simt_cache
$(foreach p,cache icache,$(SIMT_OUT)/$(1)-$(2)/$(p).elf): $(SIMT_OUT)/$(1)-$(2)/%.elf: $(SIMT_FW)/%.S \
    bsp/common/board.h bsp/$(1)/link.ld
	@mkdir -p $$(@D)
	$$(TCC) $$(SIMT_CACHE_ARCH_$(2)) $(BOARDDEF_$(1)) -nostdlib -nostartfiles -Ibsp/common -Iinclude \
	    -Lbsp/common -Wl,--no-warn-rwx-segments -T bsp/$(1)/link.ld -o $$@ $$<
test-sim-cache-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/cache.elf $(SIMT_OUT)/$(1)-$(2)/icache.elf
	@tools/check.sh sim-cache-$(1)-$(2) sim/tests/cache-test.sh $(SIM) $(1) $(2) $(SIMT_OUT)/$(1)-$(2)
TEST_TARGETS += test-sim-cache-$(1)-$(2)
.PHONY: test-sim-cache-$(1)-$(2)
endef
$(foreach b,paper virt,$(foreach x,32 64,$(eval $(call simt_cache,$(b),$(x)))))

include sim/tests/engines.mk

# ---- What the observers see (sim/observe/observe.h): the disassembler; GDB, timeline, probes, trace
# window and stack marks on the examples, built and run as docs/application.md says.
SIMT_ISA_AREAS := alu branch jump loadstore mul div csr traps fence interrupts misaligned csr_strict irq_ext
$(SIMT_OUT)/disasm-check: sim/tests/disasm-check.c sim/observe/disasm.c sim/observe/disasm.h sim/core/decode.c sim/core/decode.h \
                         sim/timing/timing.h include/riscv/encoding.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HOSTCFLAGS) -Iinclude $(SIM_INC) -o $@ sim/tests/disasm-check.c sim/observe/disasm.c sim/core/decode.c
SIMT_DISASM_IMAGES := $(foreach x,32 64,$(foreach a,$(SIMT_ISA_AREAS),$(BUILD)/isa/rv$(x)-paper/$(a).elf) \
                        $(BUILD)/isa/rv64-paper/rv64w.elf build/kernel/paper$(x)/sync.elf)
test-sim-disasm: $(SIMT_OUT)/disasm-check $(SIMT_DISASM_IMAGES)
	@tools/check.sh sim-disasm sim/tests/disasm-test.sh $(SIMT_OUT)/disasm-check $(TOBJDUMP) $(SIMT_DISASM_IMAGES)
test-sim-rsp: $(SIM) $(SIMS_OUT)/loop-paper-32.elf $(SIMT_OUT)/paper-32/hello.elf
	@tools/check.sh sim-rsp tools/python.sh sim/tests/rsp-test.py $(SIM) $(SIMS_OUT)/loop-paper-32.elf \
	    $(SIMT_OUT)/paper-32/hello.elf
test-readme-snippet:
	@tools/check.sh readme-snippet sim/tests/readme-snippet-test.sh docs/application.md
TEST_TARGETS += test-sim-disasm test-sim-rsp test-readme-snippet
.PHONY: test-sim-disasm test-sim-rsp test-readme-snippet

# A Tempo image with painted stacks (sim/tests/fw/tk_stack.c), linked with the kernel library.
define simt_kernel_image
$(SIMT_OUT)/paper-$(1)/tk_stack.elf: $(SIMT_FW)/tk_stack.c build/kernel/paper$(1)/libtempo.a $(BSP_SRC) bsp/paper/link.ld
	@mkdir -p $$(@D)
	$$(call tk_cc,paper$(1)) -T bsp/paper/link.ld $$(TLDFLAGS) -Wl,--no-warn-rwx-segments \
	    $$(LINKARCH_$(1)) -o $$@ $(SIMT_FW)/tk_stack.c $$(BSP_SRC) build/kernel/paper$(1)/libtempo.a -lgcc
endef
$(foreach x,32 64,$(eval $(call simt_kernel_image,$(x))))

# $(1) kernel, $(2) xlen: the examples on the paper SoC, then the tests that use them (one
# recipe: they run in this order).  FreeRTOS's SKIP without FREERTOS_DIR.
define simt_see
test-see-$(1)-$(2): $(SIM) $(if $(filter tempo,$(1)),$(SIMT_OUT)/paper-$(2)/tk_stack.elf \
                    $(BUILD)/bench/tempo/rv$(2)/cs_yield.a.elf $(SIMT_OUT)/paper-$(2)/hello.elf)
	@FREERTOS_DIR="$(FREERTOS_DIR)" tools/check.sh examples-$(1)-paper-$(2) sim/tests/examples-test.sh $(1) paper $(2) "$(FREERTOS_DIR)"
	@FREERTOS_DIR="$(FREERTOS_DIR)" tools/check.sh sim-gdb-$(1)-$(2) sim/tests/gdb-test.sh $(1) $(2) $(SIM)
	$(if $(filter tempo,$(1)),@tools/check.sh sim-gdb-os-$(2) sim/tests/gdb-test.sh $(1) $(2) $(SIM) "$(TK_SIZE_OPT)")
	@FREERTOS_DIR="$(FREERTOS_DIR)" tools/check.sh sim-timeline-$(1)-$(2) sim/tests/timeline-test.sh $(1) $(2) $(SIM)
	@FREERTOS_DIR="$(FREERTOS_DIR)" tools/check.sh sim-measure-$(1)-$(2) sim/tests/measure-test.sh $(1) $(2) $(SIM) \
	    $(if $(filter tempo,$(1)),$(BUILD)/bench/tempo/rv$(2)/cs_yield.a.elf $(SIMT_OUT)/paper-$(2)/hello.elf)
	$(if $(filter tempo-32,$(1)-$(2)),@tools/check.sh sim-docs-examples tools/python.sh sim/tests/docs-examples-test.py \
	    $(SIM) build/examples/tempo-paper-32/prodcons/build-paper-32/prodcons.elf)
	@FREERTOS_DIR="$(FREERTOS_DIR)" tools/check.sh sim-stack-$(1)-$(2) sim/tests/stack-test.sh $(SIM) $(2) $(1) \
	    $(if $(filter tempo,$(1)),$(SIMT_OUT)/paper-$(2)/tk_stack.elf)
	$(if $(filter tempo,$(1)),@tools/check.sh sim-trace-$(2) sim/tests/trace-test.sh $(SIM) $(2))
test-see-virt-$(1)-$(2): $(SIM)
	@FREERTOS_DIR="$(FREERTOS_DIR)" tools/check.sh examples-$(1)-virt-$(2) sim/tests/examples-test.sh $(1) virt $(2) "$(FREERTOS_DIR)"
TEST_TARGETS += test-see-$(1)-$(2) test-see-virt-$(1)-$(2)
.PHONY: test-see-$(1)-$(2) test-see-virt-$(1)-$(2)
endef
$(foreach k,tempo freertos,$(foreach x,32 64,$(eval $(call simt_see,$(k),$(x)))))
include sim/tests/paper.mk

# Interrupt-disabled windows (sim/observe/irqoff.h) on both engines.
define simt_irqoff
test-sim-irqoff-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/dev_irqoff.elf
	@tools/check.sh sim-irqoff-$(1)-$(2) sim/tests/irqoff-test.sh $(SIM) $(1) \
	    $(SIMT_OUT)/$(1)-$(2)/dev_irqoff.elf $(SIMT_OUT)/$(1)-$(2)/irqoff
TEST_TARGETS += test-sim-irqoff-$(1)-$(2)
endef
$(foreach b,paper virt,$(foreach x,32 64,$(eval $(call simt_irqoff,$(b),$(x)))))
