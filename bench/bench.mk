# The latency benchmark suites: `make bench` builds every suite for every kernel in
# BENCH_KERNELS at XLEN 32 and 64, runs them on tempo-sim --soc paper (both cores), prints the
# tables and writes results/ (results.json, results.csv, analysis.md, report.html).
# Definitions and method: docs/benchmarks.md.
#
# A kernel K plugs in with bench/ports/K/port.mk, which appends K to BENCH_KERNELS and sets
#   BENCH_SRCS_K         its bench/port.h layer (benchmark code: sees bench/ and the kernel's
#                        public headers only)
#   BENCH_CFLAGS_K       flags of the layer: the kernel's public include directories
#   BENCH_KSRCS_K        the kernel's own sources, compiled for the benchmark images
#   BENCH_KCFLAGS_K      the kernel's own flags for them (its internal include directories)
# and optionally BENCH_LIBS_K_XLEN (libraries of the kernel built apart, one per width, linked
# after the objects), BENCH_OPT_K (default -O2), BENCH_BSP_K (default the common start-up),
# BENCH_NATIVE_K (the JSON of the kernel's own benchmark, built by its own rules: results.json
# keeps it under "native"),
# BENCH_NO_CASES_K (cases not built for K: a primitive the kernel lacks; the report says why,
# bench/report/kernels.py MISSING),
# BENCH_LDSCRIPT_K (default bsp/paper/link.ld), BENCH_SWITCH_SYM_K / BENCH_TRAP_SYM_K (the
# switch routine and trap entry symbols), BENCH_DATA_RE_K (regex of its data symbols) and
# BENCH_DEPS_K.  Objects link in the order: bench/common, start-up, layer, kernel.
# BENCH_VERSIONS: K=VERSION words for results.json's tools.
#
# Targets: bench-fw (the images), bench-run (run them, print, write results/), bench-report
# (re-render results/ only), and for make test bench-test-run plus one test-bench-* per check.
BENCH_KERNELS :=
# Other kernels' footprint programs (their fragments append them; bench/report/footprint.py).
BENCH_FOOTPRINT_ELFS :=
BENCH_VERSIONS :=
include bench/footprint/footprint.mk
# Tempo first: the order of the tables and of results.json.
include bench/ports/tempo/port.mk
include $(filter-out bench/ports/tempo/port.mk,$(sort $(wildcard bench/ports/*/port.mk)))

# KERNEL=tempo|freertos restricts a run to one kernel.
KERNEL ?=
BENCH_RUN_KERNELS := $(if $(KERNEL),$(filter $(KERNEL),$(BENCH_KERNELS)),$(BENCH_KERNELS))
BENCH_XLENS := 32 64
BENCH_DIR := $(BUILD)/bench
# The report tool, the package bench/report/, needs matplotlib, Jinja2, pyelftools and
# jsonschema: tools/python.sh runs the python3 that has them with bench/ on its module path
# (tools/toolchain.sh installs them).
BENCH_PY := tools/python.sh -m report

BENCH_CASES_km := km_yield km_mail km_sem km_fifo km_msgq km_bmq km_mail_i km_sem_i \
                  km_msgq_i km_bmq_i km_mem km_alrm
BENCH_CASES_rh := rh_switch rh_preempt rh_ilatency rh_semshuffle rh_deadlock rh_mlatency
BENCH_CASES_tm := tm_basic tm_coop tm_preempt tm_irq tm_irqpre tm_msg tm_sync tm_mem
# context switch: each path at two round counts; the analysis uses their difference
BENCH_CS_ROUNDS_a := 100
BENCH_CS_ROUNDS_b := 200
BENCH_CASES_cs := cs_yield.a cs_yield.b cs_preempt.a cs_preempt.b
BENCH_SUITE_SRC_km := bench/suites/kmetrics.c
BENCH_SUITE_SRC_rh := bench/suites/rhealstone.c
BENCH_SUITE_SRC_tm := bench/suites/tmetric.c
BENCH_SUITE_SRC_cs := bench/suites/ctxsw.c
BENCH_COMMON_SRC := bench/common/bench.c
BENCH_HDRS := bench/port.h bench/common/bench.h bsp/common/board.h bsp/common/bsp.h

# $(call bench-kernel-rules,K,XLEN)
define bench-kernel-rules
BENCH_OBJDIR_$(1)_$(2) := $(BENCH_DIR)/$(1)/rv$(2)/obj
BENCH_OBJS_$(1)_$(2) := $$(patsubst %,$(BENCH_DIR)/$(1)/rv$(2)/obj/%.o,\
    $(BENCH_COMMON_SRC) $(or $(BENCH_BSP_$(1)),$(BSP_SRC)) $(BENCH_SRCS_$(1)) $(BENCH_KSRCS_$(1)))
BENCH_CC_$(1)_$(2) = $(ARCH_$(2)) -DBOARD_PAPER $(TCFLAGS) $(or $(BENCH_OPT_$(1)),-O2) \
    -ffunction-sections -fdata-sections -DTK_SPLIT_SECTIONS
BENCH_FLAGS_$(1)_$(2) = $$(BENCH_CC_$(1)_$(2)) -I. -Ibench/common $(BENCH_CFLAGS_$(1)) \
    -DBENCH_KERNEL='"$(1)"'
BENCH_KFLAGS_$(1)_$(2) = $$(BENCH_CC_$(1)_$(2)) $(BENCH_KCFLAGS_$(1))
$(BENCH_DIR)/$(1)/rv$(2)/obj/%.o: % $(BENCH_HDRS) $(BENCH_DEPS_$(1)) bench/bench.mk
	@mkdir -p $$(dir $$@)
	@echo "  CC      $$@"
	@$$(TCC) $$(if $$(filter $$<,$(BENCH_KSRCS_$(1))),$$(BENCH_KFLAGS_$(1)_$(2)),$$(BENCH_FLAGS_$(1)_$(2))) \
	    -c -o $$@ $$<
endef

# $(call bench-image-rule,K,XLEN,SUITE,CASE[.variant]): one image.  The suite source is
# compiled with the Zicsr -march and linked apart with the plain one (mk/firmware.mk: one gcc
# call takes one -march; the plain one selects the rv32im/rv64im multilib libgcc).
define bench-image-rule
BENCH_ELFS_$(1)_$(2) += $(BENCH_DIR)/$(1)/rv$(2)/$(4).elf
$(BENCH_DIR)/$(1)/rv$(2)/obj/case/$(4).o: $(BENCH_SUITE_SRC_$(3)) $(BENCH_HDRS) \
    $(BENCH_DEPS_$(1)) bench/bench.mk
	@mkdir -p $$(dir $$@)
	@echo "  CC      $$@"
	@$$(TCC) $$(BENCH_FLAGS_$(1)_$(2)) -DBENCH_CASE=$(basename $(4)) \
	    $(if $(suffix $(4)),-DCS_ROUNDS=$(BENCH_CS_ROUNDS_$(subst .,,$(suffix $(4))))) \
	    -c -o $$@ $(BENCH_SUITE_SRC_$(3))
$(BENCH_DIR)/$(1)/rv$(2)/$(4).elf: $(BENCH_DIR)/$(1)/rv$(2)/obj/case/$(4).o \
    $$(BENCH_OBJS_$(1)_$(2)) $(BENCH_LIBS_$(1)_$(2)) $(or $(BENCH_LDSCRIPT_$(1)),bsp/paper/link.ld)
	@echo "  LINK    $$@"
	@$$(TCC) $(LINKARCH_$(2)) -T $(or $(BENCH_LDSCRIPT_$(1)),bsp/paper/link.ld) $$(TLDFLAGS) \
	    -Wl,--gc-sections -o $$@ $$(filter %.o,$$^) $(BENCH_LIBS_$(1)_$(2)) -lgcc
endef

# $(call bench-cold-rule,K,XLEN,SUITE,CASE): the cold variant of a per-sample case
# (-DBENCH_COLD: bench_cold() puts the caches in their worst state before every sample), in
# $(BENCH_DIR)/K/rvXLEN/cold/; run only with caches (bench-cache).
define bench-cold-rule
BENCH_COLD_ELFS_$(1)_$(2) += $(BENCH_DIR)/$(1)/rv$(2)/cold/$(4).elf
$(BENCH_DIR)/$(1)/rv$(2)/obj/cold/$(4).o: $(BENCH_SUITE_SRC_$(3)) $(BENCH_HDRS) \
    $(BENCH_DEPS_$(1)) bench/bench.mk
	@mkdir -p $$(dir $$@)
	@echo "  CC      $$@"
	@$$(TCC) $$(BENCH_FLAGS_$(1)_$(2)) -DBENCH_CASE=$(4) -DBENCH_COLD -c -o $$@ $(BENCH_SUITE_SRC_$(3))
$(BENCH_DIR)/$(1)/rv$(2)/cold/$(4).elf: $(BENCH_DIR)/$(1)/rv$(2)/obj/cold/$(4).o \
    $$(BENCH_OBJS_$(1)_$(2)) $(BENCH_LIBS_$(1)_$(2)) $(or $(BENCH_LDSCRIPT_$(1)),bsp/paper/link.ld)
	@mkdir -p $$(dir $$@)
	@echo "  LINK    $$@"
	@$$(TCC) $(LINKARCH_$(2)) -T $(or $(BENCH_LDSCRIPT_$(1)),bsp/paper/link.ld) $$(TLDFLAGS) \
	    -Wl,--gc-sections -o $$@ $$(filter %.o,$$^) $(BENCH_LIBS_$(1)_$(2)) -lgcc
endef
# Every case whose figure is a set of samples, except Alrm (a spinning thread's loss per tick)
BENCH_COLD_CASES_km := $(filter-out km_alrm,$(BENCH_CASES_km))
BENCH_COLD_CASES_rh := rh_ilatency

$(foreach k,$(BENCH_KERNELS),$(foreach x,$(BENCH_XLENS),$(eval $(call bench-kernel-rules,$(k),$(x)))))
$(foreach k,$(BENCH_KERNELS),$(foreach x,$(BENCH_XLENS),$(foreach s,km rh,\
    $(foreach c,$(filter-out $(BENCH_NO_CASES_$(k)),$(BENCH_COLD_CASES_$(s))),\
    $(eval $(call bench-cold-rule,$(k),$(x),$(s),$(c)))))))
$(foreach k,$(BENCH_KERNELS),$(foreach x,$(BENCH_XLENS),$(foreach s,km rh tm cs,\
    $(foreach c,$(filter-out $(BENCH_NO_CASES_$(k)),$(BENCH_CASES_$(s))),\
    $(eval $(call bench-image-rule,$(k),$(x),$(s),$(c)))))))

# Nested interrupt latency (Tempo only: FreeRTOS does not nest interrupts on RISC-V): one image
# per width, rh_nlatency, whose every object (bench/common, start-up, layer, kernel) is built
# with -DTK_IRQ_NESTING=1 (kernel/include/tempo.h: the kernel and the program both) in
# $(BENCH_DIR)/tempo/rvXLEN/nest/; -DBENCH_NESTING compiles the case.
# $(call bench-nest-rules,XLEN)
define bench-nest-rules
BENCH_NOBJS_$(1) := $$(patsubst %,$(BENCH_DIR)/tempo/rv$(1)/nest/%.o,\
    $(BENCH_COMMON_SRC) $(or $(BENCH_BSP_tempo),$(BSP_SRC)) $(BENCH_SRCS_tempo) $(BENCH_KSRCS_tempo))
$(BENCH_DIR)/tempo/rv$(1)/nest/%.o: % $(BENCH_HDRS) $(BENCH_DEPS_tempo) bench/bench.mk
	@mkdir -p $$(dir $$@)
	@echo "  CC      $$@"
	@$$(TCC) $$(if $$(filter $$<,$(BENCH_KSRCS_tempo)),$$(BENCH_KFLAGS_tempo_$(1)),$$(BENCH_FLAGS_tempo_$(1))) \
	    -DTK_IRQ_NESTING=1 -c -o $$@ $$<
$(BENCH_DIR)/tempo/rv$(1)/nest/case/rh_nlatency.o: $(BENCH_SUITE_SRC_rh) $(BENCH_HDRS) \
    $(BENCH_DEPS_tempo) bench/bench.mk
	@mkdir -p $$(dir $$@)
	@echo "  CC      $$@"
	@$$(TCC) $$(BENCH_FLAGS_tempo_$(1)) -DTK_IRQ_NESTING=1 -DBENCH_NESTING -DBENCH_CASE=rh_nlatency \
	    -c -o $$@ $(BENCH_SUITE_SRC_rh)
BENCH_ELFS_tempo_$(1) += $(BENCH_DIR)/tempo/rv$(1)/rh_nlatency.elf
$(BENCH_DIR)/tempo/rv$(1)/rh_nlatency.elf: $(BENCH_DIR)/tempo/rv$(1)/nest/case/rh_nlatency.o \
    $$(BENCH_NOBJS_$(1)) bsp/paper/link.ld
	@echo "  LINK    $$@"
	@$$(TCC) $(LINKARCH_$(1)) -T bsp/paper/link.ld $$(TLDFLAGS) \
	    -Wl,--gc-sections -o $$@ $$(filter %.o,$$^) -lgcc
endef
$(if $(filter tempo,$(BENCH_KERNELS)),\
    $(foreach x,$(BENCH_XLENS),$(eval $(call bench-nest-rules,$(x)))))

# Direct-handler interrupt latency (Tempo only: kernel/include/tempo.h TK_IRQ_DIRECT_EXTERNAL):
# one image per width, rh_dlatency, whose every object is built with the external interrupt's
# handler named dl_handler (bench/suites/rhealstone.c) in $(BENCH_DIR)/tempo/rvXLEN/direct/;
# -DBENCH_DIRECT compiles the case.
BENCH_DIRECT_FLAGS := -DTK_IRQ_DIRECT_EXTERNAL=dl_handler -DBENCH_DIRECT
# $(call bench-direct-rules,XLEN)
define bench-direct-rules
BENCH_DOBJS_$(1) := $$(patsubst %,$(BENCH_DIR)/tempo/rv$(1)/direct/%.o,\
    $(BENCH_COMMON_SRC) $(or $(BENCH_BSP_tempo),$(BSP_SRC)) $(BENCH_SRCS_tempo) $(BENCH_KSRCS_tempo))
$(BENCH_DIR)/tempo/rv$(1)/direct/%.o: % $(BENCH_HDRS) $(BENCH_DEPS_tempo) bench/bench.mk
	@mkdir -p $$(dir $$@)
	@echo "  CC      $$@"
	@$$(TCC) $$(if $$(filter $$<,$(BENCH_KSRCS_tempo)),$$(BENCH_KFLAGS_tempo_$(1)),$$(BENCH_FLAGS_tempo_$(1))) \
	    $(BENCH_DIRECT_FLAGS) -c -o $$@ $$<
$(BENCH_DIR)/tempo/rv$(1)/direct/case/rh_dlatency.o: $(BENCH_SUITE_SRC_rh) $(BENCH_HDRS) \
    $(BENCH_DEPS_tempo) bench/bench.mk
	@mkdir -p $$(dir $$@)
	@echo "  CC      $$@"
	@$$(TCC) $$(BENCH_FLAGS_tempo_$(1)) $(BENCH_DIRECT_FLAGS) -DBENCH_CASE=rh_dlatency \
	    -c -o $$@ $(BENCH_SUITE_SRC_rh)
$(BENCH_DIR)/tempo/rv$(1)/direct/case/km_sem_id.o: $(BENCH_SUITE_SRC_km) $(BENCH_HDRS) \
    $(BENCH_DEPS_tempo) bench/bench.mk
	@mkdir -p $$(dir $$@)
	@echo "  CC      $$@"
	@$$(TCC) $$(BENCH_FLAGS_tempo_$(1)) $(BENCH_DIRECT_FLAGS) -DBENCH_CASE=km_sem_id \
	    -c -o $$@ $(BENCH_SUITE_SRC_km)
$(BENCH_DIR)/tempo/rv$(1)/direct/km_sem_id.elf: $(BENCH_DIR)/tempo/rv$(1)/direct/case/km_sem_id.o \
    $$(BENCH_DOBJS_$(1)) bsp/paper/link.ld
	@echo "  LINK    $$@"
	@$$(TCC) $(LINKARCH_$(1)) -T bsp/paper/link.ld $$(TLDFLAGS) \
	    -Wl,--gc-sections -o $$@ $$(filter %.o,$$^) -lgcc
BENCH_ELFS_tempo_$(1) += $(BENCH_DIR)/tempo/rv$(1)/rh_dlatency.elf
$(BENCH_DIR)/tempo/rv$(1)/rh_dlatency.elf: $(BENCH_DIR)/tempo/rv$(1)/direct/case/rh_dlatency.o \
    $$(BENCH_DOBJS_$(1)) bsp/paper/link.ld
	@echo "  LINK    $$@"
	@$$(TCC) $(LINKARCH_$(1)) -T bsp/paper/link.ld $$(TLDFLAGS) \
	    -Wl,--gc-sections -o $$@ $$(filter %.o,$$^) -lgcc
endef
$(if $(filter tempo,$(BENCH_KERNELS)),\
    $(foreach x,$(BENCH_XLENS),$(eval $(call bench-direct-rules,$(x)))))
# Sem/I through the direct handler, not a published figure: km_sem_id (bench/suites/kmetrics.c)
# on the same objects, built and run by make bench-direct-sem; the image stays in direct/ (make
# bench runs every image of rvXLEN/ itself, and Sem/I is km_sem_i's).
.PHONY: bench-direct-sem
bench-direct-sem: $(SIM) $(BENCH_DIR)/tempo/rv32/direct/km_sem_id.elf $(BENCH_DIR)/tempo/rv64/direct/km_sem_id.elf
	@for x in 32 64; do echo "RV$$x:"; $(SIM) --soc paper $(BENCH_DIR)/tempo/rv$$x/direct/km_sem_id.elf | grep '^RESULT'; done

BENCH_ELFS := $(foreach k,$(BENCH_RUN_KERNELS),$(foreach x,$(BENCH_XLENS),$(BENCH_ELFS_$(k)_$(x))))
BENCH_COLD_ELFS := $(foreach k,$(BENCH_RUN_KERNELS),$(foreach x,$(BENCH_XLENS),$(BENCH_COLD_ELFS_$(k)_$(x))))

# The kernels' own benchmarks (BENCH_NATIVE_K), for results.json.
BENCH_NATIVE_FILES := $(foreach k,$(BENCH_RUN_KERNELS),$(BENCH_NATIVE_$(k)))
BENCH_NATIVE_ARGS = $(foreach k,$(BENCH_RUN_KERNELS),$(if $(BENCH_NATIVE_$(k)),--native '$(k)=$(BENCH_NATIVE_$(k))'))

# Kernel symbols the host tool needs, one line per kernel.
BENCH_KERNEL_ARGS = $(foreach k,$(BENCH_RUN_KERNELS),\
    --kernel '$(k):$(BENCH_SWITCH_SYM_$(k)):$(BENCH_TRAP_SYM_$(k)):$(BENCH_DATA_RE_$(k))')

.PHONY: bench-fw bench-run bench-report bench-readme bench-screenshots bench-suite test-bench-tool
bench-fw: $(BENCH_ELFS) $(BENCH_COLD_ELFS) bench-footprint $(BENCH_FOOTPRINT_ELFS)

# Run every image (2 in parallel), print the tables, write results/.
bench-run: $(SIM) bench-fw $(BENCH_NATIVE_FILES)
	@$(if $(BENCH_RUN_KERNELS),,echo "bench: no kernel to run: KERNEL=$(KERNEL) is not one of \
	    '$(BENCH_KERNELS)' (FreeRTOS needs FREERTOS_DIR=/path/to/FreeRTOS-Kernel)"; exit 1)
	@$(BENCH_PY) run --sim $(SIM) --build $(BENCH_DIR) --out results --jobs 2 --cc $(TCC) \
	    --keep-kernels '$(BENCH_KERNELS)' $(BENCH_KERNEL_ARGS) $(BENCH_NATIVE_ARGS) --footprint $(FP_DIR)/.. \
	    --wcet $(WCET_DIR)/wcet.json \
	    $(addprefix --kernel-version ,$(BENCH_VERSIONS)) \
	    $(if $(FREERTOS_DIR),--freertos-dir '$(FREERTOS_DIR)',--no-freertos-reason "FREERTOS_DIR is not set")

# The tables and reports again from results/ (after editing bench/report/), nothing run.
bench-report:
	@$(BENCH_PY) render --out results

# make bench's last step (the top Makefile): the page again with what ran after the suites
# (the cached run, the sweep), and its path as the last line.
.PHONY: bench-html
bench-html:
	@$(BENCH_PY) render --out results --quiet \
	    $(if $(FREERTOS_DIR),,--no-freertos-reason "FREERTOS_DIR is not set")
	@echo "report: results/report.html"

# The generated figures of README.md and docs/ (bench/report/docfigures.py) rewritten from
# results/, nothing run; make bench does it after a run in which every image passed.
bench-readme:
	@$(BENCH_PY) readme --out results

# The report in headless Chromium at a laptop and a wide window (installs chromium when root).
bench-screenshots:
	@tools/toolchain.sh --screenshots
	@tools/screenshots.sh results/report.html $(BUILD)/screenshots

bench-suite: toolchain
	@mkdir -p $(BENCH_DIR)
	@echo "bench: building tempo-sim and $(words $(BENCH_ELFS)) images for $(BENCH_RUN_KERNELS)" \
	    "(log: $(BENCH_DIR)/build.log)"
	@t0=$$(date +%s); \
	$(MAKE) --no-print-directory -j2 $(SIM) bench-fw > $(BENCH_DIR)/build.log 2>&1 || \
	    { tail -n 30 $(BENCH_DIR)/build.log; echo "bench: build failed"; exit 1; }; \
	t1=$$(date +%s); \
	$(MAKE) --no-print-directory bench-run; rc=$$?; \
	[ $$rc -ne 0 ] || $(BENCH_PY) readme --out results; \
	echo "bench: build $$((t1 - t0)) s, runs and report $$(( $$(date +%s) - t1 )) s"; exit $$rc

BENCH_TARGETS += bench-suite

# The cached configuration (docs/caches.md): every kernel-metric, Rhealstone and
# Thread-Metric image with caches (average), the cold variants (worst case from a cold
# cache), both widths, beside the figures without caches; results/cache.{json,csv,md}.  Then
# the cache-size sweep (sweeps/cache-size.toml) for the chart results/cache-size.svg.
BENCH_CACHE_OPTIONS := --icache 4K:32:2 --dcache 4K:32:2 --mem-latency 20 --mem-beat 1 --mem-width 4
BENCH_CACHE_PY := tools/python.sh -m report.cache
.PHONY: bench-cache
bench-cache: $(SIM) bench-fw
	@$(BENCH_CACHE_PY) run --sim $(SIM) --build $(BENCH_DIR) --out results --jobs 2 \
	    --options '$(BENCH_CACHE_OPTIONS)' $(addprefix --kernel ,$(BENCH_RUN_KERNELS))
	@if tools/toolchain.sh --sweep; then \
	  $(MAKE) --no-print-directory sweep SWEEP=cache-size SWEEP_CHART=results/cache-size.svg \
	    SWEEP_RESULTS=results/sweep-cache-size.json; \
	else echo "bench: the cache-size chart needs GNU parallel (make sweep)"; fi
BENCH_TARGETS += bench-cache

# make test: one run of every image of every configured kernel at both widths (Tempo; FreeRTOS
# too with FREERTOS_DIR) into build/bench/test, then the checks, each one line in the summary.
# A firmware build failure leaves no results, so every check then fails with "no result"
# instead of vanishing from the summary.
BENCH_TEST_OUT := $(BENCH_DIR)/test
.PHONY: bench-test-run
bench-test-run:
	@rm -rf $(BENCH_TEST_OUT) && mkdir -p $(BENCH_TEST_OUT)
	@if $(MAKE) --no-print-directory $(SIM) \
	    $(foreach k,$(BENCH_KERNELS),$(BENCH_ELFS_$(k)_32) $(BENCH_ELFS_$(k)_64)) $(FP_ELFS) \
	    > $(BENCH_TEST_OUT)/build.log 2>&1; then \
	  $(BENCH_PY) run --quiet --sim $(SIM) --build $(BENCH_DIR) --out $(BENCH_TEST_OUT) \
	    --footprint $(FP_DIR)/.. --wcet $(WCET_DIR)/wcet.json \
	    --jobs 2 --cc $(TCC) $(foreach k,$(BENCH_KERNELS),--kernel \
	    '$(k):$(BENCH_SWITCH_SYM_$(k)):$(BENCH_TRAP_SYM_$(k)):$(BENCH_DATA_RE_$(k))') \
	    $(if $(FREERTOS_DIR),--freertos-dir '$(FREERTOS_DIR)',--no-freertos-reason "FREERTOS_DIR is not set") \
	    > $(BENCH_TEST_OUT)/run.log 2>&1 || true; \
	else echo "bench: firmware build failed, see $(BENCH_TEST_OUT)/build.log"; fi

# selfcheck-*: Tempo's images passed their self-checks and produced every figure; the budgets;
# schema: results.json matches bench/report/results.schema.json; published-figures: no
# negative per-event figure in results.json, results.csv, analysis.md or report.html, every
# Rhealstone test published the paper's way, every left-out variant explained; seeing: the
# simulator's interrupt-latency histograms equal the firmware's figures, the timelines;
# wcet-bounds: no kernel-metric maximum above its static bound (tools/wcet/wcet.mk); irq-off:
# every kernel's longest interrupt-disabled window at both widths.
BENCH_CHECKS := $(foreach s,kernel-metrics rhealstone thread-metric context-switch,\
                  selfcheck-$(s)-32 selfcheck-$(s)-64) \
                task-switch task-preempt interrupt-latency nested-interrupt-latency kernel-metrics rv64-vs-rv32 worst-case \
                footprint schema published-figures seeing docs-figures wcet-bounds irq-off
$(addprefix test-bench-,$(BENCH_CHECKS)): test-bench-%: bench-test-run
	@tools/check.sh bench-$* $(BENCH_PY) check $* --results $(BENCH_TEST_OUT)

# Caches: before a free memory the figures are those without caches; the cold variants pass
# their checks with every sample above the warm worst case (bench/report/cache.py test).
test-bench-cache: bench-test-run
	@$(MAKE) --no-print-directory $(filter %/km_yield.elf %/km_mail_i.elf %/rh_ilatency.elf,\
	    $(BENCH_COLD_ELFS_tempo_32) $(BENCH_COLD_ELFS_tempo_64)) > $(BENCH_TEST_OUT)/cold-build.log 2>&1 || true
	@tools/check.sh bench-cache $(BENCH_CACHE_PY) test --sim $(SIM) --build $(BENCH_DIR) \
	    --results $(BENCH_TEST_OUT)
TEST_TARGETS += test-bench-cache

# The report tool's own tests under pytest (bench/report/tests/: parser, trace walker, budgets,
# publishing rules, schema on a recorded run), and the generated page is self-contained (--page).
# One line for the summary; pytest's own lines per test are in the log (tools/check.sh).
# No .pytest_cache: the source tree stays as checked out.
test-bench-tool: bench-test-run
	@tools/check.sh bench-tool tools/python.sh -m pytest -p no:cacheprovider -q -rs bench/report/tests \
	    --page $(BENCH_TEST_OUT)/report.html

TEST_TARGETS += $(addprefix test-bench-,$(BENCH_CHECKS)) test-bench-tool

# The report in Debian's chromium, headless (bench/report/browsertest.py): the page of the
# tool's fixture with every part make bench writes, and the page make test generated; every
# chart and table laid out, nothing wider than the window.  SKIP without chromium.
test-bench-browser: bench-test-run
	@if tools/toolchain.sh --screenshots >/dev/null 2>$(BUILD)/browser-toolchain.log; then \
	  tools/check.sh bench-browser timeout 600 tools/python.sh -m report.browsertest \
	      $(BUILD)/browser-test $(BENCH_TEST_OUT)/report.html; \
	else tools/check.sh bench-browser sh -c 'echo "no chromium: $$(tail -n 1 $(BUILD)/browser-toolchain.log)"; exit 77'; fi
TEST_TARGETS += test-bench-browser
.PHONY: test-bench-browser
