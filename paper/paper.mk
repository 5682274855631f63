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

# The RV64 image on the paper's RTL netlist (docs/paper-firmware.md "On the RTL"):
#   make paper-firmware-rtl PAPER_FW_DIR=/your/copy RTL_VVP=/path/to/rv64-soc.vvp
# types `rheal TEST` for each of PAPER_RTL_TESTS on the testbench's PS/2 lines (tests/rtl/run.py
# mem --keys) and on tempo-sim, and prints both outputs.  The RTL simulates 2,000 to 8,000
# cycles per second and the testbench's keyboard pace is about 280,000 cycles a key: a test
# is some 8 million cycles, tens of minutes to hours of vvp; one run at a time, under nice.
PAPER_RTL_TESTS  ?= preempt switch
PAPER_RTL_CYCLES ?= 9000000
.PHONY: paper-firmware-rtl
paper-firmware-rtl: $(SIM)
ifeq ($(PAPER_FW_DIR),)
	@echo "paper-firmware-rtl: SKIP: give PAPER_FW_DIR=<your copy of firmware_RV64_rhealstone.mem> and RTL_VVP=<the RV64 SoC netlist> (docs/paper-firmware.md)"
else ifeq ($(RTL_VVP),)
	@echo "paper-firmware-rtl: SKIP: give RTL_VVP=<the RV64 SoC netlist> (docs/timing-rtl.md)"
else
	@for t in $(PAPER_RTL_TESTS); do \
	  tools/python.sh tests/rtl/run.py mem "$(PAPER_FW_DIR)/firmware_RV64_rhealstone.mem" \
	      --sim $(SIM) --vvp64 "$(abspath $(RTL_VVP))" --work $(PAPER_OUT)/rtl-$$t \
	      --keys "rheal $$t\n" --cycles $(PAPER_RTL_CYCLES) \
	      --marker 'cycles/iter *: *[0-9]+' || exit 1; \
	done
endif
