# The paper SoC's own devices (sim/soc/vga.c, sim/soc/ps2.c) and .mem images (sim/soc/memfile.c), with
# firmware written here (sim/tests/fw/paper_soc.c); included from sim/tests/tests.mk.
define simt_paper_soc
$(SIMT_OUT)/paper-$(1)/paper_soc.elf: $(SIMT_FW)/paper_soc.c $(SIMT_FW)/t.h bsp/common/board.h $(BSP_SRC) bsp/paper/link.ld
	@mkdir -p $$(@D)
	$$(call fw-link,$$@,$(1),paper,$(SIMT_FW)/paper_soc.c $(BSP_SRC),$$(SIMT_TFLAGS))
# the same hello for the paper-rom board (its .data copied from instruction memory), as a .mem
$(SIMT_OUT)/paper-rom-$(1)/hello.elf: $(SIMT_FW)/hello.c $(BSP_SRC) bsp/paper-rom/link.ld
	@mkdir -p $$(@D)
	$$(call fw-link,$$@,$(1),paper-rom,$(SIMT_FW)/hello.c $(BSP_SRC),$$(SIMT_TFLAGS))
test-sim-paper-soc-$(1): $(SIM) $(SIMT_OUT)/paper-$(1)/paper_soc.elf $(SIMT_OUT)/paper-rom-$(1)/hello.elf
	@tools/check.sh sim-paper-soc-$(1) sim/tests/paper-soc-test.sh $(SIM) $(1) \
	    $(SIMT_OUT)/paper-$(1)/paper_soc.elf $(SIMT_OUT)/paper-rom-$(1)/hello.elf $(CROSS)objcopy \
	    $(SIMT_OUT)/paper-soc-$(1)
TEST_TARGETS += test-sim-paper-soc-$(1)
.PHONY: test-sim-paper-soc-$(1)
endef
$(foreach x,32 64,$(eval $(call simt_paper_soc,$(x))))
