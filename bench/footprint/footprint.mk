# Kernel footprint: the kernel built as a library of function and data sections, linked with
# --gc-sections into two programs, bench/footprint/minimal.c (threads, yield, a semaphore) and
# bench/footprint/full.c (every call of tempo.h), at -Os and -O2, both widths.  The link maps
# say what of the kernel each program keeps (bench/report/footprint.py reads them); make
# bench reports it.  minimal.elf also runs (test-bench-footprint): the configuration works.
FP_DIR := $(BUILD)/bench/footprint/tempo
FP_OPTS := Os O2
FP_KSRC := $(sort $(wildcard kernel/*.c)) port/riscv/port.c port/riscv/switch.S

# $(call fp-rules,XLEN,OPT)
define fp-rules
FP_D_$(1)_$(2) := $(FP_DIR)/rv$(1)/$(2)
FP_CC_$(1)_$(2) = $(TCC) $(ARCH_$(1)) -DBOARD_PAPER $(TCFLAGS) -$(2) \
    -ffunction-sections -fdata-sections -DTK_SPLIT_SECTIONS
FP_OBJS_$(1)_$(2) := $$(patsubst %,$(FP_DIR)/rv$(1)/$(2)/obj/%.o,$(FP_KSRC))
$(FP_DIR)/rv$(1)/$(2)/obj/%.o: % $(TK_HDRS) bench/footprint/footprint.mk
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$$(FP_CC_$(1)_$(2)) $(TK_INC) -c -o $$@ $$<
$(FP_DIR)/rv$(1)/$(2)/libtempo.a: $$(FP_OBJS_$(1)_$(2))
	@rm -f $$@ && $(CROSS)ar rcs $$@ $$^
$(FP_DIR)/rv$(1)/$(2)/%.elf: bench/footprint/%.c $(FP_DIR)/rv$(1)/$(2)/libtempo.a $(BSP_SRC) \
    kernel/include/tempo.h
	@echo "  LINK    $$@"
	@$$(FP_CC_$(1)_$(2)) -Ikernel/include -T bsp/paper/link.ld $(TLDFLAGS) \
	    -Wl,--no-warn-rwx-segments -Wl,--gc-sections -Wl,-Map=$$(basename $$@).map \
	    $(LINKARCH_$(1)) -o $$@ $$< $(BSP_SRC) $(FP_DIR)/rv$(1)/$(2)/libtempo.a -lgcc
FP_ELFS += $(FP_DIR)/rv$(1)/$(2)/minimal.elf $(FP_DIR)/rv$(1)/$(2)/full.elf
endef
FP_ELFS :=
$(foreach x,32 64,$(foreach o,$(FP_OPTS),$(eval $(call fp-rules,$(x),$(o)))))

.PHONY: bench-footprint test-bench-footprint-runs
bench-footprint: $(FP_ELFS)

# The minimal configuration runs (exit status 0 after its ping-pong) at both widths and
# levels (the budgets are test-bench-footprint, bench/bench.mk).
test-bench-footprint-runs: bench-footprint $(SIM)
	@tools/check.sh bench-footprint-runs sh -c 'for e in $(filter %/minimal.elf,$(FP_ELFS)); do \
	  $(SIM) --soc paper --max-cycles 10000000 $$e || { echo "$$e: exit status $$?"; exit 1; }; done'
TEST_TARGETS += test-bench-footprint-runs
