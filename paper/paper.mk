# The paper's own firmware images, unmodified, on tempo-sim (docs/paper-firmware.md):
#   make paper-firmware PAPER_FW_DIR=... [FREERTOS_DIR=...]
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
#   make paper-firmware-rtl PAPER_FW_DIR=... RTL_VVP=...
# types `rheal TEST` for each of PAPER_RTL_TESTS on the testbench's PS/2 lines (tests/rtl/run.py
# mem --keys) and on tempo-sim, and prints both outputs.  The netlist does not take the image's
# tick (mtimecmp = mtime + 1), and the shell looks at the keyboard once per tick
# (vTaskDelay(1) at 0x13a4): unchanged, the image prints its prompt and never reads a key.
# PAPER_RTL_PATCH drops that call on both, so the shell polls, and the banner's two lines,
# task preempt's start line and its name and "OK" (0x1258, 0x1264, 0x1530, 0xb38, 0xb44: 8,680
# cycles a character on the RTL's UART, all outside the timed loop); the run stops at the
# total.  PAPER_RTL_SIM_PATCH has tempo-sim run the netlist's path: no tick (mtimecmp = all
# ones at 0x3cd4) and the netlist's store defect on the critical nesting (the two
# `ld t0, 240(sp)` before the restore's store become nops, which leaves t0 as the netlist's
# stale store data), and the netlist's ECALL defect modelled (--set ecall_mepc_wait=1).  A fast PS/2 clock (2 us half period) and typing right after the prompt
# keep the RTL's run to about 2.5 million cycles (its task preempt alone is 1.7 million): 20 to
# 50 minutes of vvp at 900 to 2,000 cycles per second; one run at a time.
PAPER_RTL_TESTS  ?= preempt
PAPER_RTL_CYCLES ?= 6000000
PAPER_RTL_PATCH  ?= 13a4:6fc010ef:00000013 1258:dd0ff0ef:00000013 1264:dc4ff0ef:00000013 \
                    1530:af8ff0ef:00000013 b38:cf1ff0ef:00000013 b44:ce5ff0ef:00000013
PAPER_RTL_SIM_PATCH ?= 3cd4:00170713:fff00713 3e04:0f013283:00000013 4048:0f013283:00000013
.PHONY: paper-firmware-rtl
paper-firmware-rtl: $(SIM)
ifeq ($(PAPER_FW_DIR),)
	@echo "paper-firmware-rtl: SKIP: give PAPER_FW_DIR=<your copy of firmware_RV64_rhealstone.mem> and RTL_VVP=<the RV64 SoC netlist> (docs/paper-firmware.md)"
else ifeq ($(RTL_VVP),)
	@echo "paper-firmware-rtl: SKIP: give RTL_VVP=<the RV64 SoC netlist> (docs/timing-rtl.md)"
else
	@for t in $(PAPER_RTL_TESTS); do \
	  nice tools/python.sh tests/rtl/run.py mem "$(PAPER_FW_DIR)/firmware_RV64_rhealstone.mem" \
	      --sim $(SIM) --vvp64 "$(abspath $(RTL_VVP))" --work $(PAPER_OUT)/rtl-$$t \
	      --keys "rheal $$t\n" --keys-at-ns 1500000 --ps2-half-ns 2000 --cycles $(PAPER_RTL_CYCLES) \
	      $(addprefix --patch ,$(PAPER_RTL_PATCH)) $(addprefix --sim-patch ,$(PAPER_RTL_SIM_PATCH)) --set ecall_mepc_wait=1 \
	      --marker 'total cycles *: *[0-9]+\n' || exit 1; \
	done
endif
