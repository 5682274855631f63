# Host tests of tempo-sim (included from sim/sim.mk): the ELF loader on malformed input,
# and small firmware programs (sim/tests/fw/) for the devices, traps, WFI and exit paths,
# at both SoCs and both widths.
SIMT_OUT := $(BUILD)/sim/tests
SIMT_FW  := sim/tests/fw
SIMT_DEV := dev_clint dev_simctl dev_fault dev_wfi
SIMT_EXPECT := sim/tests/expect.sh
# fw-link ends with the plain -march (for the libgcc multilib), which would drop Zicsr when
# compiling: spec/toolchain.md's other remedy, ISA spec 2.2 (rv32im includes Zicsr), keeps it.
SIMT_TFLAGS := -O2 -misa-spec=2.2 -Wl,--no-warn-rwx-segments -Iinclude
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
$(SIMT_OUT)/$(1)-$(2)/misc%.elf: $(SIMT_FW)/misc.c $(SIMT_FW)/t.h include/riscv/encoding.h $(BSP_SRC) bsp/$(1)/link.ld
	@mkdir -p $$(@D)
	$$(call fw-link,$$@,$(2),$(1),$(SIMT_FW)/misc.c $(BSP_SRC),$$(SIMT_TFLAGS) -DPROG=$$*)

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
test-sim-exits-$(1)-$(2): $(SIM) $(foreach p,1 2 3 4 5 6,$(SIMT_OUT)/$(1)-$(2)/misc$(p).elf)
	@tools/check.sh sim-exits-$(1)-$(2) sim/tests/exits-test.sh $(SIM) $(1) $(SIMT_OUT)/$(1)-$(2)

test-sim-report-$(1)-$(2): $(SIM) $(SIMT_OUT)/$(1)-$(2)/hello.elf
	@tools/check.sh sim-report-$(1)-$(2) sim/tests/report-test.sh $(SIM) $(1) \
	    $(SIMT_OUT)/$(1)-$(2)/hello.elf $(SIMT_OUT)/$(1)-$(2)/report

TEST_TARGETS += test-sim-report-$(1)-$(2) test-sim-hello-$(1)-$(2) test-sim-clint-$(1)-$(2) test-sim-simctl-$(1)-$(2) \
                test-sim-fault-$(1)-$(2) test-sim-wfi-$(1)-$(2) test-sim-exits-$(1)-$(2)
endef
$(foreach b,paper virt,$(foreach x,32 64,$(eval $(call simt_images,$(b),$(x)))))

test-sim-elf: $(SIM) $(SIMT_OUT)/elfmut $(SIMT_OUT)/paper-32/hello.elf $(SIMT_OUT)/paper-64/hello.elf \
              $(SIMT_OUT)/virt-32/hello.elf
	@tools/check.sh sim-elf sim/tests/elf-test.sh $(SIM) $(SIMT_OUT)/elfmut \
	    $(SIMT_OUT)/paper-32/hello.elf $(SIMT_OUT)/paper-64/hello.elf \
	    $(SIMT_OUT)/virt-32/hello.elf $(SIMT_OUT)/elf
TEST_TARGETS += test-sim-elf
.PHONY: test-sim-elf

$(SIMT_OUT)/decode_test: sim/tests/decode_test.c sim/decode.c sim/decode.h sim/timing.h include/riscv/encoding.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HOSTCFLAGS) -Iinclude -o $@ sim/tests/decode_test.c sim/decode.c
test-sim-decode: $(SIMT_OUT)/decode_test
	@tools/check.sh sim-decode $(SIMT_OUT)/decode_test
TEST_TARGETS += test-sim-decode
.PHONY: test-sim-decode
