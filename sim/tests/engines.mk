# The differential test of the execute loops (sim/tests/engines-test.sh): the images the test
# suites build (make test: test-sim-engines) and every benchmark image (make bench:
# bench-engines) run on the reference loop and on the fast engine, with the options their
# suite runs them with; the results must be identical.  The lists name other suites'
# variables and are expanded when the recipe runs, after every makefile has been read.
ENG_OUT := $(BUILD)/sim/engines
eng_empty :=
eng_space := $(eng_empty) $(eng_empty)
# $(call eng_list,OPTIONS,IMAGES): OPTIONS|IMAGE entries (OPTIONS comma-separated)
eng_list = $(foreach i,$(2),$(1)|$(i))
eng_soc = $(if $(filter paper%,$(1)),paper,virt)

ENG_ISA = $(foreach x,32 64,$(foreach b,paper virt,$(call eng_list,--soc=$(b)$(comma)--max-cycles=50000000,\
            $(patsubst %,$(ISA_OUT)/rv$(x)-$(b)/%.elf,$(ISA_AREAS)))))
ENG_TIMING = $(foreach x,32 64,--soc=paper|$(TM_OUT)/timing-$(x).elf \
               --soc=paper$(comma)$(subst $(eng_space),$(comma),$(TM_SET_ARGS))|$(TM_OUT)/timing-set-$(x).elf)
ENG_SIMFW = $(foreach b,paper virt,$(foreach x,32 64,$(call eng_list,--soc=$(b)$(comma)--max-cycles=100000000,\
              $(patsubst %,$(SIMT_OUT)/$(b)-$(x)/%.elf,hello dev_clint dev_simctl dev_fault fault_storm fault_load)) \
              --soc=$(b)$(comma)--max-cycles=2000000000|$(SIMT_OUT)/$(b)-$(x)/dev_wfi.elf \
              --soc=$(b)$(comma)--max-cycles=100000|$(SIMT_OUT)/$(b)-$(x)/exit_spin.elf \
              $(call eng_list,--soc=$(b)$(comma)--max-cycles=10000000,$(patsubst %,$(SIMT_OUT)/$(b)-$(x)/exit_%.elf,wfi_idle illegal exit300 tohost_pass tohost_fail)) \
              --soc=$(b)|$(SIMT_OUT)/$(b)-$(x)/exit_irq_never.elf --soc=$(b)$(comma)--max-cycles=1000000|$(SIMT_OUT)/$(b)-$(x)/exit_irq_never.elf \
              --soc=$(b)|$(SIMT_OUT)/$(b)-$(x)/exit_irq_late.elf \
              $(call eng_list,--soc=$(b)$(comma)--max-cycles=10000000,$(SIMT_OUT)/$(b)-$(x)/cache.elf $(SIMT_OUT)/$(b)-$(x)/icache.elf $(SIMT_OUT)/$(b)-$(x)/csr_loop.elf))) \
            $(foreach x,32 64,--soc=paper$(comma)--max-cycles=100000|$(SIMT_OUT)/paper-$(x)/vector.elf)
ENG_KERNEL = $(foreach c,$(filter-out paperos%,$(TK_TARGETS_default)),$(call eng_list,--soc=$(call eng_soc,$(c))$(comma)--max-cycles=400000000,\
               $(patsubst %,build/kernel/$(c)/%.elf,$(TK_TESTS_default))))
ENG_SPEED = $(foreach i,$(SIMS_IMAGES),--soc=$(if $(findstring -paper-,$(i)),paper,virt)|$(i))
ENG_BENCH_TEMPO = $(call eng_list,--soc=paper$(comma)--max-cycles=1000000000,$(BENCH_ELFS_tempo_32) $(BENCH_ELFS_tempo_64))
ENG_FREERTOS = $(if $(FREERTOS_DIR),$(foreach v,paper virt qemu,$(foreach x,32 64,\
                 $(call eng_list,--soc=$(call eng_soc,$(v))$(comma)--max-cycles=1000000000,\
                 $(FR_BUILD)/$(v)-$(x)/fr-paper.elf $(FR_BUILD)/$(v)-$(x)/fr-port-test.elf))))
# The speed loop's observed, checked and cached runs stop at ENG_SPEED_CYCLES (a seventh of
# the loop: every path of it many times; the plain runs above go to its end), which keeps
# the reference loop's share of this test's time down.
ENG_SPEED_CYCLES = --max-cycles=30000000
# The observed runs: the observers, the profile and coverage, whose files must match too
# (engines-test.sh: @OUT@ names them, ';' is a comma inside an option).  The kernel tests at
# two configurations with every observer that reads a kernel; the speed loop and the
# simulator firmware with a probe, a profile and coverage, the speed loop with a trace
# window too.
ENG_OBS_FILES = --profile-json=@OUT@.prof.json$(comma)--coverage=@OUT@.cov
ENG_OBS_KERNEL = $(foreach c,paper32 virt64,$(call eng_list,--soc=$(call eng_soc,$(c))$(comma)--max-cycles=400000000$(comma)$(ENG_OBS_FILES)$(comma)--timeline=@OUT@.tl.$(if $(filter paper32,$(c)),json,pftrace)$(comma)--measure=isr=irq;mret$(comma)--measure=sw=switch;run$(comma)--measure=t=trap;trap$(comma)--measure=te=tk_port_trap_entry;tk_port_isr_resume,\
                   $(patsubst %,build/kernel/$(c)/%.elf,$(TK_TESTS_default))))
ENG_OBS_SPEED = $(foreach i,$(filter %-virt-32.elf %-paper-64.elf,$(SIMS_IMAGES)),\
                  --soc=$(if $(findstring -paper-,$(i)),paper,virt)$(comma)$(ENG_SPEED_CYCLES)$(comma)$(ENG_OBS_FILES)$(comma)--measure=m=main;main$(comma)--trace-file=@OUT@.trace$(comma)--trace-from=10000000$(comma)--trace-to=10000300|$(i))
ENG_OBS_SIMFW = $(foreach b,paper virt,$(foreach x,32 64,$(call eng_list,--soc=$(b)$(comma)--max-cycles=100000000$(comma)$(ENG_OBS_FILES)$(comma)--measure=t=trap;mret,\
                  $(patsubst %,$(SIMT_OUT)/$(b)-$(x)/%.elf,hello dev_clint dev_simctl dev_fault fault_storm fault_load))))
# csr_loop with a probe whose endpoint starts a block with a device store (its pre() at the
# block's entry, then the store on the reference loop)
ENG_OBS_CSR = $(foreach b,paper virt,$(foreach x,32 64,--soc=$(b)$(comma)--max-cycles=10000000$(comma)$(ENG_OBS_FILES)$(comma)--measure=r=raise;raise|$(SIMT_OUT)/$(b)-$(x)/csr_loop.elf))
ENG_OBSERVED = $(ENG_OBS_KERNEL) $(ENG_OBS_SPEED) $(ENG_OBS_SIMFW) $(ENG_OBS_CSR) $(ENG_CHECKED)
# The checked runs: --check=all (docs/check.md), whose per-instruction checks the fast engine
# leaves to the reference loop only where they may find something: the broken applications
# (tests/broken/, each stopped at its finding, with run.sh's --check-hang), the kernel tests
# at two configurations (CHECK_FAULT_TESTS stop at theirs, CHECK_LATE_TESTS at an irqoff
# finding), the same at virt RV32 with small caches, and the speed loop (which computes for
# longer than the default --check-hang).
ENG_CHECK_BROKEN = $(foreach i,$(BROKEN_TK_IMAGES) $(if $(FREERTOS_DIR),$(BROKEN_FR_IMAGES)),\
                     --soc=$(if $(findstring /paper,$(i)),paper,virt)$(comma)--check=all$(comma)--check-hang=3000000|$(i))
ENG_CHECK_KERNEL = $(foreach c,paper32 virt64,$(call eng_list,--soc=$(call eng_soc,$(c))$(comma)--max-cycles=400000000$(comma)--check=all,\
                     $(patsubst %,build/kernel/$(c)/%.elf,$(TK_TESTS_default))))
ENG_CHECK_CACHED = $(call eng_list,--soc=virt$(comma)--max-cycles=400000000$(comma)--icache=1K:16:2$(comma)--dcache=512:16:2$(comma)--check=all,\
                     $(patsubst %,build/kernel/virt32/%.elf,$(TK_TESTS_default)))
ENG_CHECK_SPEED = $(foreach i,$(filter %-virt-32.elf %-paper-64.elf,$(SIMS_IMAGES)),\
                    --soc=$(if $(findstring -paper-,$(i)),paper,virt)$(comma)$(ENG_SPEED_CYCLES)$(comma)--check=all$(comma)--check-hang=10000000000|$(i))
ENG_CHECKED = $(ENG_CHECK_BROKEN) $(ENG_CHECK_KERNEL) $(ENG_CHECK_CACHED) $(ENG_CHECK_SPEED)
# The cached runs: the cache firmware with the configurations of cache-test.sh and with a D$
# of more ways than generated code compares one by one (jit.c's DCACHE_WAYS), the Tempo
# benchmarks with make bench's (bench-cache), the speed loop (write-back, and a 16-way
# write-through D$), and the kernel tests with
# small caches that miss often: with a profile, whose cycles a miss moves, and without any
# observer (the engine makes the D$ misses itself then), write-back at RV32, write-through
# at RV64.
ENG_CACHE_MEM = --mem-latency=20$(comma)--mem-beat=1$(comma)--mem-width=4
ENG_CACHE_FW = --dcache=1K:32:2 --dcache=1K:32:2:wt --dcache=1K:32:2$(comma)--mem-latency=0$(comma)--mem-beat=0 \
               --icache=4K:32:2$(comma)--dcache=1K:32:2 --icache=4K:32:1 --icache=256:16:2$(comma)--dcache=256:8:1 \
               --dcache=1K:16:16 --dcache=512:16:32:wt
ENG_CACHE_SIMFW = $(foreach b,paper virt,$(foreach x,32 64,$(foreach o,$(ENG_CACHE_FW),\
                    $(call eng_list,--soc=$(b)$(comma)--max-cycles=10000000$(comma)$(o)$(comma)$(ENG_CACHE_MEM),\
                    $(SIMT_OUT)/$(b)-$(x)/cache.elf $(SIMT_OUT)/$(b)-$(x)/icache.elf))))
ENG_CACHE_BENCH = $(call eng_list,--soc=paper$(comma)--max-cycles=1000000000$(comma)$(subst $(eng_space),$(comma),$(BENCH_CACHE_OPTIONS)),\
                    $(BENCH_ELFS_tempo_32) $(BENCH_ELFS_tempo_64))
ENG_CACHE_SPEED = $(foreach i,$(filter %-virt-32.elf %-paper-64.elf,$(SIMS_IMAGES)),$(foreach d,4K:32:2 4K:32:16:wt,\
                    --soc=$(if $(findstring -paper-,$(i)),paper,virt)$(comma)$(ENG_SPEED_CYCLES)$(comma)--icache=4K:32:2$(comma)--dcache=$(d)|$(i)))
ENG_CACHE_KERNEL = $(call eng_list,--soc=virt$(comma)--max-cycles=400000000$(comma)--icache=1K:16:2$(comma)--dcache=512:16:2$(comma)--profile-json=@OUT@.prof.json,\
                     $(patsubst %,build/kernel/virt32/%.elf,$(TK_TESTS_default))) \
                   $(foreach c,32:512:16:2 64:512:16:2:wt,$(call eng_list,--soc=virt$(comma)--max-cycles=400000000$(comma)--icache=1K:16:2$(comma)--dcache=$(subst $(firstword $(subst :, ,$(c))):,,$(c)),\
                     $(patsubst %,build/kernel/virt$(firstword $(subst :, ,$(c)))/%.elf,$(TK_TESTS_default))))
ENG_CACHED = $(ENG_CACHE_SIMFW) $(ENG_CACHE_BENCH) $(ENG_CACHE_SPEED) $(ENG_CACHE_KERNEL)
# The predictor=table what-if, whose counters the engine keeps outside its states: the
# kernel tests at virt RV32 with a table of 16 (branches share counters) and the speed images.
ENG_TABLE = $(call eng_list,--soc=virt$(comma)--max-cycles=400000000$(comma)--set$(comma)predictor=table$(comma)--set$(comma)bp_entries=16,\
              $(patsubst %,build/kernel/virt32/%.elf,$(TK_TESTS_default))) \
            $(foreach i,$(filter %-virt-32.elf %-paper-64.elf,$(SIMS_IMAGES)),\
              --soc=$(if $(findstring -paper-,$(i)),paper,virt)$(comma)$(ENG_SPEED_CYCLES)$(comma)--set$(comma)predictor=table|$(i))
ENG_TESTS = $(ENG_ISA) $(ENG_TIMING) $(ENG_SIMFW) $(ENG_KERNEL) $(ENG_SPEED) $(ENG_BENCH_TEMPO) $(ENG_FREERTOS) \
            $(ENG_OBSERVED) $(ENG_CACHED) $(ENG_TABLE)
ENG_BENCH = $(call eng_list,--soc=paper$(comma)--max-cycles=1000000000,$(BENCH_ELFS) $(BENCH_COLD_ELFS))
eng_images = $(foreach e,$(1),$(lastword $(subst |, ,$(e))))
eng_quote = $(foreach e,$(1),'$(e)')

.PHONY: test-sim-engines bench-engines
test-sim-engines: $(SIM)
	@mkdir -p $(ENG_OUT)
	@$(MAKE) --no-print-directory $(sort $(call eng_images,$(ENG_TESTS))) >$(ENG_OUT)/build-test.log 2>&1 || \
	    echo "engines: some images did not build, see $(ENG_OUT)/build-test.log"
	@tools/check.sh sim-engines sim/tests/engines-test.sh $(SIM) $(ENG_OUT)/test $(call eng_quote,$(ENG_TESTS))
TEST_TARGETS += test-sim-engines

bench-engines: $(SIM) bench-fw
	@mkdir -p $(ENG_OUT)
	@echo "engines: every benchmark image on the reference loop and on the fast engine"
	@sim/tests/engines-test.sh $(SIM) $(ENG_OUT)/bench $(call eng_quote,$(ENG_BENCH)) >$(ENG_OUT)/bench.log 2>&1; \
	    rc=$$?; tail -n 20 $(ENG_OUT)/bench.log; exit $$rc
BENCH_TARGETS += bench-engines
