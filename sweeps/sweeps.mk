# Design-space sweeps (docs/sweeps.md): a description sweeps/NAME.toml becomes a job list,
# one tempo-sim run per line, run with GNU parallel; no scheduler of our own.
#   make sweep SWEEP=NAME        expand, build the images, run locally (progress bar), merge
#   make sweep-jobs SWEEP=NAME   expand and build only: build/sweep/NAME/jobs.txt for
#                                parallel --sshlogin, build/sweep/NAME/sweep.slurm for sbatch
#   make sweep-merge SWEEP=NAME  merge what the jobs wrote: results.{csv,json}, NAME.svg
#   make sweep-cost SWEEP=NAME   what one job of the last run cost on this host
# SWEEP_JOBS=N runs N at a time (default: the machine's cores).  Kernels whose images need
# FREERTOS_DIR are left out without it.  SWEEP_PER_TASK=K puts K jobs in each Slurm array
# task (docs/sweeps.md).  SWEEP_CHART=FILE and SWEEP_RESULTS=FILE also write
# the chart and results.json there (make bench: results/, for the report).
SWEEP ?=
SWEEP_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# jobs per Slurm array task (sweep.slurm): many short runs in one task, not one each
SWEEP_PER_TASK ?= 1
SWEEP_DIR = $(BUILD)/sweep/$(SWEEP)
SWEEP_PY := tools/python.sh tools/sweep.py
SWEEP_NAMES := $(basename $(notdir $(wildcard sweeps/*.toml)))
SWEEP_SKIP := $(if $(FREERTOS_DIR),,--skip-kernel freertos --skip-kernel freertos-paper \
                --skip-reason "FREERTOS_DIR is not set")

.PHONY: sweep sweep-jobs sweep-merge
sweep-jobs: $(SIM)
	@$(if $(filter $(SWEEP),$(SWEEP_NAMES)),,echo "sweep: SWEEP=$(SWEEP) is not one of: $(SWEEP_NAMES)"; exit 1)
	@$(SWEEP_PY) expand sweeps/$(SWEEP).toml --out $(SWEEP_DIR) --sim $(SIM) $(SWEEP_SKIP) \
	    --per-task $(SWEEP_PER_TASK)
	@$(MAKE) --no-print-directory $$(cat $(SWEEP_DIR)/images.txt) > $(SWEEP_DIR)/build.log 2>&1 || \
	    { tail -n 20 $(SWEEP_DIR)/build.log; echo "sweep: building the images failed (log: $(SWEEP_DIR)/build.log)"; exit 1; }

sweep: sweep-jobs
	@tools/toolchain.sh --sweep
	@rm -f $(SWEEP_DIR)/out/*.out
	@parallel --jobs $(SWEEP_JOBS) $$([ -t 2 ] && echo --bar) --joblog $(SWEEP_DIR)/joblog \
	    < $(SWEEP_DIR)/jobs.txt
	@$(SWEEP_PY) merge --out $(SWEEP_DIR) $(if $(SWEEP_CHART),--copy-chart $(SWEEP_CHART)) \
	    $(if $(SWEEP_RESULTS),--copy-results $(SWEEP_RESULTS))

# What one job of the last run cost here (wall time from the joblog, output size), with the
# host's name: for sizing a larger sweep (docs/sweeps.md).
.PHONY: sweep-cost
sweep-cost:
	@$(SWEEP_PY) cost --out $(SWEEP_DIR)

sweep-merge:
	@$(SWEEP_PY) merge --out $(SWEEP_DIR) $(if $(SWEEP_CHART),--copy-chart $(SWEEP_CHART)) \
	    $(if $(SWEEP_RESULTS),--copy-results $(SWEEP_RESULTS))

# The sweep tool on a fixture (sweeps/test/tiny.toml, Tempo's task-switch images).
test-sweep-tool: $(SIM) $(BENCH_DIR)/tempo/rv32/rh_switch.elf $(BENCH_DIR)/tempo/rv64/rh_switch.elf
	@tools/check.sh sweep-tool sweeps/sweep-test.sh $(SIM) $(BUILD)/sweep-test
TEST_TARGETS += test-sweep-tool
.PHONY: test-sweep-tool

# The job list on the engines users run it on (docs/sweeps.md): a one-node
# Slurm cluster (sbatch of the array) and GNU parallel over ssh to this host; each merges to
# the figures of the same jobs run here.  SKIP where the packages or the daemons cannot be had.
SWEEP_TEST_DEPS := $(SIM) $(BENCH_DIR)/tempo/rv32/rh_switch.elf $(BENCH_DIR)/tempo/rv64/rh_switch.elf
test-sweep-slurm: $(SWEEP_TEST_DEPS)
	@tools/check.sh sweep-slurm timeout 600 sweeps/slurm-test.sh $(SIM) $(BUILD)/sweep-slurm
test-sweep-ssh: $(SWEEP_TEST_DEPS)
	@tools/check.sh sweep-ssh timeout 600 sweeps/ssh-test.sh $(SIM) $(BUILD)/sweep-ssh
TEST_TARGETS += test-sweep-slurm test-sweep-ssh
.PHONY: test-sweep-slurm test-sweep-ssh
