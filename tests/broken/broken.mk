# Broken applications (tests/broken/): each source has one bug, marked `/* bug */` on its
# line (in the source, or in a bug_*.h when Tempo and FreeRTOS share it), and says in its header what tempo-sim --check must report ("expect: KIND|THREAD|
# FUNCTION").  test-broken builds each for the paper SoC and virt at both widths (Tempo;
# FreeRTOS with FREERTOS_DIR) and runs tests/broken/run.sh on it: status 128 and one
# finding naming the kind, the thread, the function and the bug's source line.  And without
# --check, a run that prints nothing says so (--silence-limit), naming the spinning thread.
BROKEN_OUT := $(BUILD)/broken
BROKEN_TK  := $(basename $(notdir $(wildcard tests/broken/tk_*.c)))
BROKEN_FR  := $(basename $(notdir $(wildcard tests/broken/fr_*.c)))
BROKEN_CFGS := paper32 paper64 virt32 virt64

# $(1) = kernel configuration (kernel/kernel.mk, included after this file: its variables are
# expanded when the recipe runs): the Tempo images, built like the kernel tests
define BROKEN_TK_RULES
$(BROKEN_OUT)/$(1)/tk_%.elf: tests/broken/tk_%.c $(wildcard tests/broken/*.h) build/kernel/$(1)/libtempo.a $(BSP_SRC)
	@mkdir -p $$(@D)
	@echo "  LINK    $$@"
	@$$(call tk_cc,$(1)) -T bsp/$$(call tk_board,$(1))/link.ld $(TLDFLAGS) -Wl,--no-warn-rwx-segments \
	  -Wl,--gc-sections $$(LINKARCH_$$(call tk_xlen,$(1))) -misa-spec=2.2 -o $$@ $$< $(BSP_SRC) \
	  build/kernel/$(1)/libtempo.a -lgcc
endef
$(foreach c,$(BROKEN_CFGS),$(eval $(call BROKEN_TK_RULES,$(c))))

# $(1) = board, $(2) = XLEN: the FreeRTOS images (freertos/freertos.mk's fr-image)
define BROKEN_FR_RULES
$(BROKEN_OUT)/$(1)$(2)/fr_%.elf: tests/broken/fr_%.c $(wildcard tests/broken/*.h) freertos/board/fr_board.c freertos/board/fr_libc.c \
                                  bsp/common/board.h $(BSP_SRC)
	@echo "  LINK    $$@"
	@$$(call fr-image,$$@,$(2),$(1),$$<,$$(FR_VARIANT_FLAGS_$(1)) -DFR_USE_TIMERS=0)
endef
$(foreach b,paper virt,$(foreach x,32 64,$(eval $(call BROKEN_FR_RULES,$(b),$(x)))))

BROKEN_TK_IMAGES := $(foreach c,$(BROKEN_CFGS),$(BROKEN_TK:%=$(BROKEN_OUT)/$(c)/%.elf))
BROKEN_FR_IMAGES := $(foreach c,$(BROKEN_CFGS),$(BROKEN_FR:%=$(BROKEN_OUT)/$(c)/%.elf))
.PHONY: broken-images test-broken
broken-images: $(BROKEN_TK_IMAGES) $(if $(FREERTOS_DIR),$(BROKEN_FR_IMAGES))
test-broken: $(SIM) $(BROKEN_TK_IMAGES) $(if $(FREERTOS_DIR),$(BROKEN_FR_IMAGES))
	@for c in $(BROKEN_CFGS); do for t in $(BROKEN_TK); do \
	  tools/check.sh broken-$$t-$$c tests/broken/run.sh $(SIM) $(BROKEN_OUT)/$$c/$$t.elf tests/broken/$$t.c; \
	done; for t in $(BROKEN_FR); do \
	  if [ -n "$(FREERTOS_DIR)" ]; then \
	    tools/check.sh broken-$$t-$$c tests/broken/run.sh $(SIM) $(BROKEN_OUT)/$$c/$$t.elf tests/broken/$$t.c; \
	  else tools/check.sh broken-$$t-$$c sh -c 'echo "FreeRTOS: FREERTOS_DIR not set"; exit 77'; fi; \
	done; done
	@tools/check.sh broken-silence sim/tests/expect.sh 124 \
	    '^tempo-sim: no output for [0-9]+ cycles; thread spinner, pc 0x[0-9a-f]+ in wait_ready \(tests/broken/bug_irqoff.h:[0-9]+\), interrupts off, cycle [0-9]+; still running' \
	    $(SIM) --silence-limit 2000000 --max-cycles 5000000 $(BROKEN_OUT)/paper32/tk_irqoff.elf
TEST_TARGETS += test-broken

# A correct program reports nothing: every image of the test suites that runs as a correct
# program (sim/tests/engines.mk's lists, with the options their suites give them; and with
# FREERTOS_DIR the FreeRTOS benchmark images) under
# --check, which must find nothing and change nothing (status and output as without it).
# Left out, as they do on purpose what --check reports: the ISA tests (self-modifying code,
# jumps and accesses anywhere), the simulator's fault and exit firmware (dev_fault, fault_*,
# exit_*: NULL and code-memory accesses, runs that spin until --max-cycles), and the kernel
# tests of its fault reports (CHECK_FAULT_TESTS: stack overflows, NULL loads, a guard word
# overwritten, each for the kernel to report).  CHECK_FOUND: images in which --check found a
# bug that is not the test's purpose, left out until their owners fix them (none now).  The timing micro-programs
# and the cache test load whatever memory holds (their values do not matter): no uninit
# check there; the speed
# loop computes for longer than --check-hang's default without output, by design: no hang
# check there.  Kernel tests that hold interrupts off across many ticks to make timers late
# (CHECK_LATE_TESTS) run without the irqoff check.
CHECK_LATE_TESTS := cover_carry cover_timers wheel
CHECK_FAULT_TESTS := fault overflow stack faultmsg cover_excmain cover_fatalnull cover_idleguard \
                     cover_isrfault cover_kill cover_overflow cover_stack killmail
CHECK_FOUND :=
CHECK_CLEAN_OUT := $(BUILD)/broken/clean
CHECK_CLEAN = $(filter-out %/dev_fault.elf %/fault_storm.elf %/fault_load.elf $(foreach n,$(SIMT_EXITS),%/exit_$(n).elf) \
                $(foreach t,$(CHECK_FAULT_TESTS),%/$(t).elf) $(CHECK_FOUND),\
                $(ENG_SIMFW) $(ENG_TIMING) $(ENG_KERNEL) $(ENG_SPEED) $(ENG_BENCH_TEMPO) $(ENG_FREERTOS)) \
              $(if $(FREERTOS_DIR),$(call eng_list,--soc=paper$(comma)--max-cycles=1000000000,\
                $(BENCH_ELFS_freertos_32) $(BENCH_ELFS_freertos_64)))
CHECK_LISTS = $(TM_OUT)/*=stack,code,null,hang,deadlock $(SIMT_OUT)/*/cache.elf=stack,code,null,hang,deadlock \
              $(SIMS_OUT)/*=stack,code,null,uninit,deadlock \
              $(foreach t,$(CHECK_LATE_TESTS),build/kernel/*/$(t).elf=stack,code,null,uninit,hang,deadlock)
.PHONY: test-check-clean
test-check-clean: $(SIM)
	@mkdir -p $(CHECK_CLEAN_OUT)
	@$(MAKE) --no-print-directory $(sort $(call eng_images,$(CHECK_CLEAN))) >$(CHECK_CLEAN_OUT)/build.log 2>&1 || \
	    echo "check-clean: some images did not build, see $(CHECK_CLEAN_OUT)/build.log"
	@CHECK_LISTS='$(CHECK_LISTS)' tools/check.sh check-clean tests/broken/clean.sh $(SIM) $(CHECK_CLEAN_OUT) \
	    $(call eng_quote,$(CHECK_CLEAN))
TEST_TARGETS += test-check-clean
check-clean-images:
	@echo $(sort $(call eng_images,$(CHECK_CLEAN)))
