# Kernel footprint: the kernel built as a library of function and data sections, linked with
# --gc-sections into two programs, bench/footprint/minimal.c (threads, yield, a semaphore) and
# bench/footprint/full.c (every call of tempo.h), at -Os and -O2, both widths, each with its
# kernel configuration (FP_CONFIGS).  The link maps
# say what of the kernel each program keeps (bench/report/footprint.py reads them); make
# bench reports it.  minimal.elf also runs (test-bench-footprint): the configuration works.
FP_DIR := $(BUILD)/bench/footprint/tempo
FP_OPTS := Os O2
# The compiler options of each level: -Os is the kernel built for size (mk/firmware.mk).
FP_OPT_Os := $(TK_SIZE_OPT)
FP_OPT_O2 := -O2
FP_KSRC := $(sort $(wildcard kernel/*.c)) port/riscv/port.c port/riscv/switch.S
# The kernel configuration (tempo.h "Configuration") each program is built with, library and
# program alike: full.c the default (everything), minimal.c without what it does not use but
# every program would otherwise keep (the worded fault report, the timers and their interrupt,
# the interrupt dispatch and its switch at interrupt exit).
FP_CONFIGS := full minimal
FP_CFG_full :=
FP_CFG_minimal := -DTK_CONFIG_FAULT_TEXT=0 -DTK_CONFIG_TIMERS=0 -DTK_CONFIG_IRQ=0

# $(call fp-rules,XLEN,OPT,CONFIG)
define fp-rules
FP_CC_$(1)_$(2)_$(3) = $(TCC) $(ARCH_$(1)) -DBOARD_PAPER $(TCFLAGS) $(FP_OPT_$(2)) \
    -ffunction-sections -fdata-sections -DTK_SPLIT_SECTIONS $(FP_CFG_$(3))
FP_OBJS_$(1)_$(2)_$(3) := $$(patsubst %,$(FP_DIR)/rv$(1)/$(2)/obj-$(3)/%.o,$(FP_KSRC))
$(FP_DIR)/rv$(1)/$(2)/obj-$(3)/%.o: % $(TK_HDRS) bench/footprint/footprint.mk mk/firmware.mk
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$$(FP_CC_$(1)_$(2)_$(3)) $(TK_INC) -c -o $$@ $$<
$(FP_DIR)/rv$(1)/$(2)/libtempo-$(3).a: $$(FP_OBJS_$(1)_$(2)_$(3))
	@rm -f $$@ && $(CROSS)ar rcs $$@ $$^
$(FP_DIR)/rv$(1)/$(2)/$(3).elf: bench/footprint/$(3).c $(FP_DIR)/rv$(1)/$(2)/libtempo-$(3).a \
    $(BSP_SRC) kernel/include/tempo.h
	@echo "  LINK    $$@"
	@$$(FP_CC_$(1)_$(2)_$(3)) -Ikernel/include -T bsp/paper/link.ld $(TLDFLAGS) \
	    -Wl,--no-warn-rwx-segments -Wl,--gc-sections -Wl,-Map=$$(basename $$@).map \
	    $(LINKARCH_$(1)) -o $$@ $$< $(BSP_SRC) $(FP_DIR)/rv$(1)/$(2)/libtempo-$(3).a -lgcc
FP_ELFS += $(FP_DIR)/rv$(1)/$(2)/$(3).elf
endef
FP_ELFS :=
$(foreach x,32 64,$(foreach o,$(FP_OPTS),$(foreach c,$(FP_CONFIGS),\
  $(eval $(call fp-rules,$(x),$(o),$(c))))))

# terse.c: the minimal configuration's fault report (run, not measured).
$(FP_DIR)/rv%/terse.elf: bench/footprint/terse.c $(FP_DIR)/rv%/libtempo-minimal.a $(BSP_SRC) \
    kernel/include/tempo.h
	@echo "  LINK    $@"
	@$(TCC) $(ARCH_$(firstword $(subst /, ,$*))) -DBOARD_PAPER $(TCFLAGS) \
	    $(FP_OPT_$(lastword $(subst /, ,$*))) $(FP_CFG_minimal) -Ikernel/include -T bsp/paper/link.ld \
	    $(TLDFLAGS) -Wl,--no-warn-rwx-segments -Wl,--gc-sections \
	    $(LINKARCH_$(firstword $(subst /, ,$*))) -o $@ $< $(BSP_SRC) \
	    $(FP_DIR)/rv$*/libtempo-minimal.a -lgcc
FP_TERSE := $(foreach x,32 64,$(foreach o,$(FP_OPTS),$(FP_DIR)/rv$(x)/$(o)/terse.elf))

.PHONY: bench-footprint test-bench-footprint-runs
bench-footprint: $(FP_ELFS)

# The minimal configuration runs (exit status 0 after its ping-pong) at both widths and
# levels (the budgets are test-bench-footprint, bench/bench.mk).
test-bench-footprint-runs: bench-footprint $(FP_TERSE) $(SIM)
	@tools/check.sh bench-footprint-runs sh -c 'for e in $(filter %/minimal.elf,$(FP_ELFS)); do \
	  $(SIM) --soc paper --max-cycles 10000000 $$e || { echo "$$e: exit status $$?"; exit 1; }; done'
	@tools/check.sh bench-footprint-terse sh -c 'for e in $(FP_TERSE); do \
	  out=$$($(SIM) --soc paper --max-cycles 10000000 $$e 2>&1); rc=$$?; \
	  [ $$rc = 102 ] || { echo "$$out"; echo "$$e: exit status $$rc, expected 102"; exit 1; }; \
	  echo "$$out" | grep -Eq "^tempo: fatal 0x0+2 0x0*[1-9a-f][0-9a-f]* 0x0+2 0x[0-9a-f]+ 0x0+ 0x[0-9a-f]+$$" || \
	    { echo "$$out"; echo "$$e: no terse report"; exit 1; }; done'
TEST_TARGETS += test-bench-footprint-runs
