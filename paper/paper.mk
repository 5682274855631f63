# The paper's own firmware images, unmodified, on tempo-sim (docs/paper-firmware.md):
#   make paper-firmware PAPER_FW_DIR=/your/copy [FREERTOS_DIR=...]
# runs each RV64 Rhealstone image with `rheal all` typed on the PS/2 keyboard and prints its
# own figures beside the paper's Table II (and tempo-sim's FreeRTOS build with FREERTOS_DIR).
# The images are the user's copy: none is part of this repository.  Without PAPER_FW_DIR it
# prints one line and does nothing.
PAPER_OUT := $(BUILD)/paper
.PHONY: paper-firmware
paper-firmware: $(SIM) $(if $(FREERTOS_DIR),$(FR_BUILD)/paper-64/fr-paper.elf)
	@paper/paper-firmware.sh $(SIM) "$(PAPER_FW_DIR)" $(PAPER_OUT) \
	    $(if $(FREERTOS_DIR),$(FR_BUILD)/paper-64/fr-paper.elf)

# Without images: the skip line, exit 0; a directory that is not there: one line, exit 2; and
# the whole run on a stand-in image written here (paper/fake_rheal.c, as a .mem for the
# paper-rom board: the paper's images are such files).
$(PAPER_OUT)/fake_rheal.elf: paper/fake_rheal.c $(BSP_SRC) bsp/paper-rom/link.ld bsp/common/board.h
	@mkdir -p $(@D)
	$(call fw-link,$@,64,paper-rom,paper/fake_rheal.c $(BSP_SRC),-O2)
test-paper-firmware-args: $(SIM) $(PAPER_OUT)/fake_rheal.elf
	@tools/check.sh paper-firmware-args paper/args-test.sh $(SIM) $(PAPER_OUT)/args \
	    $(PAPER_OUT)/fake_rheal.elf $(CROSS)objcopy
TEST_TARGETS += test-paper-firmware-args
.PHONY: test-paper-firmware-args
