# The RTL cross-check (tests/rtl/): timing micro-programs, and FreeRTOS's paper experiment when
# FREERTOS_DIR is set, run on the paper's own RTL and on tempo-sim from the same images.
#   make rtl-check RTL_VVP=/path/to/rv64-soc.vvp RTL_VVP32=/path/to/rv32-soc.vvp
# The netlists (Icarus Verilog, compiled from the paper's SoC) are not part of this repository:
# the user obtains or rebuilds them.  Without RTL_VVP (or RTL_VVP32) that width is skipped with
# one line.  Needs vvp (apt-get install iverilog) and tools/python.sh.  The RTL simulates about 8,000
# cycles per second: the micro-programs take a few minutes, FreeRTOS's experiment longer.
RTL_VVP      ?=
RTL_VVP32    ?=
RTL_DIR      := tests/rtl
RTL_OUT      := $(BUILD)/rtl
# Rounds of the FreeRTOS experiment on the RTL (the paper's N is 1,000).  The RTL simulates
# about 8,000 cycles per second on an idle core (less on a busy machine), and its UART takes
# 8,680 cycles per character: N = 20 and the terse output (FR_PAPER_TERSE) keep a run to about
# 800,000 cycles, a few minutes per width (the two widths run in parallel).
RTL_FR_ROUNDS ?= 20
# Extra tempo-sim settings for the comparison, e.g. RTL_SET="--set jal=6"
RTL_SET      ?=
RTL_DEPS := $(RTL_DIR)/cases.S $(RTL_DIR)/main.c $(BSP_SRC) bsp/common/board.h bsp/common/bsp.h \
            bsp/common/sections.ld bsp/paper-rom/link.ld $(RTL_DIR)/rtl.mk

# The images: the paper-rom board (initial data copied from instruction memory at start-up).
$(RTL_OUT)/cases-%.elf: $(RTL_DEPS)
	@mkdir -p $(@D)
	$(call fw-link,$@,$*,paper-rom,$(BSP_SRC) $(RTL_DIR)/main.c $(RTL_DIR)/cases.S,-O2)

RTL_ELFS := $(RTL_OUT)/cases-32.elf $(RTL_OUT)/cases-64.elf

# The ECALL-behind-a-branch cases alone (the last block of cases.S), a short image for a quick
# netlist run: make rtl-ecall-branch RTL_VVP=...
$(RTL_OUT)/ecall-branch-%.elf: $(RTL_DEPS)
	@mkdir -p $(@D)
	$(call fw-link,$@,$*,paper-rom,$(BSP_SRC) $(RTL_DIR)/main.c $(RTL_DIR)/cases.S,-O2 -DRTL_ECALL_BRANCH_ONLY)
RTL_ARGS  = --sim $(SIM) --work $(RTL_OUT)/work $(if $(RTL_VVP),--vvp64 $(abspath $(RTL_VVP))) \
            $(if $(RTL_VVP32),--vvp32 $(abspath $(RTL_VVP32))) $(RTL_SET)

# FreeRTOS's paper experiment (freertos/paper/fr_paper.c: the paper's Rhealstone task switch
# and task preempt) as an image for the paper-rom board, RTL_FR_ROUNDS rounds, terse output,
# without the 1 kHz tick (FR_TICK_RATE_HZ=1: the first tick comes after 10^8 cycles): on the
# RTL an interrupt that cuts into the running task corrupts it (docs/timing-rtl.md), so the
# comparison runs the experiment with the yield and resume paths alone, on both sides.
ifneq ($(FREERTOS_DIR),)
define RTL_FR_RULE
$(RTL_OUT)/fr-paper-$(1)-n$(RTL_FR_ROUNDS).elf: freertos/paper/fr_paper.c bsp/paper-rom/link.ld $$(FR_DEPS) $(RTL_DIR)/rtl.mk
	@$$(call fr-image,$$@,$(1),paper-rom,freertos/paper/fr_paper.c,$$(FR_PAPER_FLAGS) -DFR_PAPER_ROUNDS=$(RTL_FR_ROUNDS) -DFR_TICK_RATE_HZ=1 -DFR_PAPER_TERSE)
endef
$(foreach w,32 64,$(eval $(call RTL_FR_RULE,$(w))))
RTL_FR_ELFS := $(RTL_OUT)/fr-paper-32-n$(RTL_FR_ROUNDS).elf $(RTL_OUT)/fr-paper-64-n$(RTL_FR_ROUNDS).elf
endif
# The figures freertos/paper/compare.py shows in Table II's RTL column (make freertos-paper).
RTL_FR_JSON := $(RTL_OUT)/fr-paper-rtl.json

.PHONY: rtl-check rtl-images
rtl-images: $(SIM) $(RTL_ELFS) $(RTL_FR_ELFS)

rtl-check: rtl-images
ifeq ($(RTL_VVP)$(RTL_VVP32),)
	@echo "rtl-check: SKIP (no RTL netlist: make rtl-check RTL_VVP=/path/to/rv64-soc.vvp RTL_VVP32=/path/to/rv32-soc.vvp)"
else
	@tools/python.sh $(RTL_DIR)/run.py cases $(RTL_ELFS) $(RTL_ARGS)
ifneq ($(FREERTOS_DIR),)
	@tools/python.sh $(RTL_DIR)/run.py frpaper $(RTL_FR_ELFS) $(RTL_ARGS) --rounds $(RTL_FR_ROUNDS) \
	    --json $(RTL_FR_JSON)
endif
endif

.PHONY: rtl-ecall-branch
rtl-ecall-branch: $(SIM) $(RTL_OUT)/ecall-branch-64.elf
ifeq ($(RTL_VVP),)
	@echo "rtl-ecall-branch: SKIP (no RTL netlist: make rtl-ecall-branch RTL_VVP=/path/to/rv64-soc.vvp)"
else
	@nice tools/python.sh $(RTL_DIR)/run.py cases $(RTL_OUT)/ecall-branch-64.elf $(RTL_ARGS)
endif

# FreeRTOS's experiment alone on the RTL (make freertos-paper runs it when RTL_VVP or
# RTL_VVP32 is set, and shows its figures in Table II).
.PHONY: rtl-freertos-paper
rtl-freertos-paper: $(SIM) $(RTL_FR_ELFS)
	@tools/python.sh $(RTL_DIR)/run.py frpaper $(RTL_FR_ELFS) $(RTL_ARGS) --rounds $(RTL_FR_ROUNDS) \
	    --json $(RTL_FR_JSON)

# The RTL figures the timing pages quote, against tempo-sim on the same cases (no netlist
# needed: the model agrees with the RTL on every case but the listed differences).
.PHONY: test-rtl-docs
test-rtl-docs: $(SIM) $(RTL_ELFS)
	@tools/check.sh rtl-docs tools/python.sh tests/rtl/docs-check.py $(SIM) $(RTL_ELFS)
TEST_TARGETS += test-rtl-docs

# run.py --keys (the paper's firmware on the RTL types its shell command on the testbench's
# PS/2 lines) on a stand-in testbench written here: needs iverilog, no netlist.
.PHONY: test-rtl-keys
test-rtl-keys:
	@tools/check.sh rtl-keys tools/python.sh $(RTL_DIR)/keys-test.py $(RTL_DIR)/ps2-standin.v \
	    $(RTL_OUT)/keys
TEST_TARGETS += test-rtl-keys
