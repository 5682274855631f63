# make coverage: branch and line coverage of the kernel (kernel/, port/) measured by tempo-sim
# on the real binaries (--coverage; no instrumentation): every kernel test image on the
# paper and virt SoCs and every Tempo benchmark image, at RV32 and RV64, mapped to source
# lines through DWARF and merged per width by tools/coverage/lcov.py into
# build/coverage/rv<xlen>.info, rendered by genhtml into build/coverage/html-rv<xlen>/.
# Counted: the code compiled from kernel/ and port/ (the kernel's objects, and the kernel
# sources a benchmark image compiles); a kernel.h inline function inlined into a test's own
# function is the test's code (tools/coverage/lcov.py).
# Prints "kernel branch coverage rv32: N/M branch directions (E excluded, see FILE)" per
# width; the directions no run took are listed in build/coverage/rv<xlen>-uncovered.txt.
# Needs pyelftools (python3-pyelftools) and lcov; tools/toolchain.sh installs them.
COV_DIR     := $(BUILD)/coverage
COV_EXCLUDE := tests/coverage/exclusions.txt
# a python3 that has pyelftools (tools/python.sh finds it)
COV_PY      := tools/python.sh
COV_CFGS_32 := paper32 virt32
COV_CFGS_64 := paper64 virt64
# The nesting configuration (TK_IRQ_NESTING=1, kernel/kernel.mk): its tests (TK_TESTS_nest) on
# its own library, as make test runs them.
COV_NEST_32 := paper32 virt32
COV_NEST_64 := paper64 virt64
# The direct-handler configurations (TK_IRQ_DIRECT_EXTERNAL, kernel/kernel.mk): their tests
# (TK_TESTS_direct) on their own libraries, alone and with nesting, on the paper SoC.
COV_DIRECT_32 := direct-paper32 direct-nest-paper32
COV_DIRECT_64 := direct-paper64 direct-nest-paper64
# (expanded in recipes: kernel/kernel.mk and bench/bench.mk are read after this file)
COV_BENCH_32 = $(BENCH_ELFS_tempo_32)
COV_BENCH_64 = $(BENCH_ELFS_tempo_64)

# One image per configuration linked with the whole kernel library: every branch of the
# kernel that some image could hold, covered or not, is in it.  It is only read, never run:
# its code memory is made 1 MiB (the whole library outgrows the paper SoC's 32 KiB).
$(COV_DIR)/%/reference.elf: build/kernel/%/libtempo.a tests/kernel/thread.c tests/kernel/ktest.c $(BSP_SRC)
	@mkdir -p $(@D)
	@sed 's/^\( *IMEM .*LENGTH = \).*/\11M/' bsp/$(call tk_board,$*)/link.ld >$(@D)/link.ld
	@$(call tk_cc,$*) -Itests/kernel -T $(@D)/link.ld $(TLDFLAGS) \
	  -Wl,--no-warn-rwx-segments $(LINKARCH_$(call tk_xlen,$*)) -o $@ tests/kernel/thread.c \
	  tests/kernel/ktest.c $(BSP_SRC) -Wl,--whole-archive $< -Wl,--no-whole-archive -lgcc

# The same for the nesting configuration's library (build/kernel/nest-<cfg>/).
$(COV_DIR)/nest-%/reference.elf: build/kernel/nest-%/libtempo.a tests/kernel/thread.c tests/kernel/ktest.c $(BSP_SRC)
	@mkdir -p $(@D)
	@sed 's/^\( *IMEM .*LENGTH = \).*/\11M/' bsp/$(call tk_board,$*)/link.ld >$(@D)/link.ld
	@$(call tk_cc,$*) -DTK_IRQ_NESTING=1 -Itests/kernel -T $(@D)/link.ld $(TLDFLAGS) \
	  -Wl,--no-warn-rwx-segments $(LINKARCH_$(call tk_xlen,$*)) -o $@ tests/kernel/thread.c \
	  tests/kernel/ktest.c $(BSP_SRC) -Wl,--whole-archive $< -Wl,--no-whole-archive -lgcc

# The same for the direct-handler configurations' libraries (build/kernel/direct-<cfg>/ and
# direct-nest-<cfg>/), linked with a direct test: it defines the handler the vector names.
$(COV_DIR)/direct-%/reference.elf: build/kernel/direct-%/libtempo.a tests/kernel/direct.c tests/kernel/ktest.c $(BSP_SRC)
	@mkdir -p $(@D)
	@sed 's/^\( *IMEM .*LENGTH = \).*/\11M/' bsp/$(call tk_board,$(lastword $(subst -, ,$*)))/link.ld >$(@D)/link.ld
	@$(call tk_cc,$(lastword $(subst -, ,$*))) $(TK_CONFIG_direct$(if $(findstring nest-,$*),-nest)) \
	  -Itests/kernel -T $(@D)/link.ld $(TLDFLAGS) \
	  -Wl,--no-warn-rwx-segments $(LINKARCH_$(call tk_xlen,$(lastword $(subst -, ,$*)))) -o $@ tests/kernel/direct.c \
	  tests/kernel/ktest.c $(BSP_SRC) -Wl,--whole-archive $< -Wl,--no-whole-archive -lgcc

# One coverage file per run; a run that fails is an error (the tests must pass with it): a
# test that ends with a fatal report on purpose must end with the exit status its
# tests/kernel/<name>.expect names (first line), as tests/kernel/run.sh checks.
$(COV_DIR)/kernel/%.cov: build/kernel/%.elf $(SIM)
	@mkdir -p $(@D)
	@e=tests/kernel/$(notdir $*).expect; want=0; [ ! -f $$e ] || want=$$(head -n 1 $$e); \
	  $(SIM) --soc $(call tk_board,$(lastword $(subst -, ,$(*D)))) --max-cycles 400000000 --coverage $@ $< >$@.log 2>&1; \
	  [ $$? = $$want ] || \
	  { echo "coverage run failed: $<"; tail -n 5 $@.log; rm -f $@; exit 1; }
$(COV_DIR)/bench/%.cov: $(BUILD)/bench/tempo/%.elf $(SIM)
	@mkdir -p $(@D)
	@$(SIM) --soc paper --max-cycles 1000000000 --coverage $@ $< >$@.log 2>&1 || \
	  { echo "coverage run failed: $<"; tail -n 5 $@.log; rm -f $@; exit 1; }

cov_kernel_runs = $(foreach c,$(COV_CFGS_$(1)),$(foreach t,$(call tk_tests,$(c)),$(COV_DIR)/kernel/$(c)/$(t).cov)) \
                  $(foreach c,$(COV_NEST_$(1)),$(foreach t,$(call tk_tests,nest-$(c)),$(COV_DIR)/kernel/nest-$(c)/$(t).cov)) \
                  $(foreach c,$(COV_DIRECT_$(1)),$(foreach t,$(call tk_tests,$(c)),$(COV_DIR)/kernel/$(c)/$(t).cov))
cov_bench_runs = $(patsubst $(BUILD)/bench/tempo/%.elf,$(COV_DIR)/bench/%.cov,$(COV_BENCH_$(1)))
cov_runs = $(call cov_kernel_runs,$(1)) $(call cov_bench_runs,$(1))
cov_refs = $(foreach c,$(COV_CFGS_$(1)),$(COV_DIR)/$(c)/reference.elf) \
           $(foreach c,$(COV_NEST_$(1)),$(COV_DIR)/nest-$(c)/reference.elf) \
           $(foreach c,$(COV_DIRECT_$(1)),$(COV_DIR)/$(c)/reference.elf)
cov_args = $(foreach r,$(call cov_refs,$(1)),--ref $(r)) \
           $(foreach r,$(call cov_kernel_runs,$(1)),--run $(patsubst $(COV_DIR)/kernel/%.cov,build/kernel/%.elf,$(r)) $(r)) \
           $(foreach r,$(call cov_bench_runs,$(1)),--run $(patsubst $(COV_DIR)/bench/%.cov,$(BUILD)/bench/tempo/%.elf,$(r)) $(r))

.PHONY: coverage coverage-report
coverage:
	@tools/toolchain.sh --coverage
	@$(MAKE) --no-print-directory -s -j2 $(foreach x,32 64,$(call cov_runs,$(x)) $(call cov_refs,$(x)))
	@$(MAKE) --no-print-directory coverage-report
coverage-report:
	@$(COV_PY) --which >/dev/null || { echo "make coverage: no python3 with pyelftools (tools/toolchain.sh)"; exit 1; }
	@for x in 32 64; do \
	  $(COV_PY) tools/coverage/lcov.py --name rv$$x --root . --source kernel/ --source port/ \
	    --exclude $(COV_EXCLUDE) --lcov $(COV_DIR)/rv$$x.info --uncovered $(COV_DIR)/rv$$x-uncovered.txt \
	    $$(if [ $$x = 32 ]; then echo '$(call cov_args,32)'; else echo '$(call cov_args,64)'; fi) || exit 1; \
	  if command -v genhtml >/dev/null; then \
	    genhtml -q --branch-coverage --function-coverage -t "Tempo kernel rv$$x" -o $(COV_DIR)/html-rv$$x $(COV_DIR)/rv$$x.info \
	      || exit 1; \
	  else echo "(genhtml missing: no HTML; apt-get install lcov)"; fi; \
	done
	@echo "HTML: $(COV_DIR)/html-rv32/index.html, $(COV_DIR)/html-rv64/index.html"

# --coverage and lcov.py against independent figures (tests/coverage/tool-test.sh)
test-coverage-tool: $(SIM) build/kernel/paper32/sync.elf build/kernel/paper32/policy.elf
	@tools/check.sh coverage-tool tests/coverage/tool-test.sh $(SIM) "$(COV_PY)" $(TOBJDUMP) \
	  build/kernel/paper32/sync.elf $(COV_DIR)/tool-test build/kernel/paper32/policy.elf \
	  build/kernel/paper32/libtempo.a
TEST_TARGETS += test-coverage-tool
.PHONY: test-coverage-tool
