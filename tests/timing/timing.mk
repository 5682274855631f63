# Timing model tests (tests/timing/): host unit tests of sim/timing/timing.c, and micro-programs
# that measure each rule of docs/timing.md with rdcycle on tempo-sim --soc paper at
# XLEN 32 and 64.  Included by the top Makefile.
TM_DIR := tests/timing
TM_OUT := $(BUILD)/timing
TM_SRC := $(TM_DIR)/main.c $(TM_DIR)/cases.S
TM_DEPS := $(TM_SRC) $(TM_DIR)/expect.h $(BSP_SRC) bsp/common/board.h bsp/common/bsp.h include/riscv/encoding.h \
           bsp/common/sections.ld bsp/paper/link.ld $(TM_DIR)/timing.mk
# The --set variant expects these figures instead of the spec's, and runs with the same
# values given to --set (a wrong or ignored --set fails it).
TM_SET_ARGS := --set div32=10 --set mispredict=3
TM_SET_DEFS := -DEXPECT_DIV32=10 -DEXPECT_MISPREDICT=3

$(TM_OUT)/unit: $(TM_DIR)/unit.c $(TM_DIR)/expect.h sim/timing/timing.c sim/timing/timing.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HOSTCFLAGS) -D_GNU_SOURCE -o $@ $(TM_DIR)/unit.c sim/timing/timing.c

$(TM_OUT)/timing-%.elf: $(TM_DEPS)
	@mkdir -p $(@D)
	$(call fw-link,$@,$*,paper,$(BSP_SRC) $(TM_SRC),-O2 -misa-spec=2.2 -Iinclude -I$(TM_DIR))

$(TM_OUT)/timing-set-%.elf: $(TM_DEPS)
	@mkdir -p $(@D)
	$(call fw-link,$@,$*,paper,$(BSP_SRC) $(TM_SRC),-O2 -misa-spec=2.2 -Iinclude -I$(TM_DIR) $(TM_SET_DEFS))

.PHONY: test-timing-unit test-timing-params
test-timing-unit: $(TM_OUT)/unit
	@tools/check.sh timing-unit $(TM_OUT)/unit

test-timing-params: $(SIM)
	@tools/check.sh timing-params $(TM_DIR)/params.sh $(SIM) sim/timing/timing.c

define tm_checks
.PHONY: test-timing-rv$(1) test-timing-set-rv$(1) test-timing-stats-rv$(1)
test-timing-rv$(1): $(SIM) $(TM_OUT)/timing-$(1).elf
	@tools/check.sh timing-rv$(1) $(SIM) --soc paper $(TM_OUT)/timing-$(1).elf
test-timing-set-rv$(1): $(SIM) $(TM_OUT)/timing-set-$(1).elf
	@tools/check.sh timing-set-rv$(1) $(SIM) --soc paper $(TM_SET_ARGS) $(TM_OUT)/timing-set-$(1).elf
test-timing-stats-rv$(1): $(SIM) $(TM_OUT)/timing-$(1).elf
	@tools/check.sh timing-stats-rv$(1) $(TM_DIR)/stats.sh $(SIM) $(TM_OUT)/timing-$(1).elf
TEST_TARGETS += test-timing-rv$(1) test-timing-set-rv$(1) test-timing-stats-rv$(1)
endef
$(foreach x,32 64,$(eval $(call tm_checks,$(x))))
TEST_TARGETS += test-timing-unit test-timing-params
