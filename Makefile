# Tempo: `make` builds the simulator, `make test` runs every test, `make bench` runs the
# benchmark suites and writes the report.  Components add their rules in their own .mk.
BUILD   := build
HOSTCC  ?= gcc
HOSTCFLAGS := -std=c11 -O2 -Wall -Wextra -Werror -g
SIM     := $(BUILD)/tempo-sim
TEST_TARGETS :=
BENCH_TARGETS :=

.PHONY: all test test-all bench bench-sim toolchain clean
all: $(SIM)

include mk/firmware.mk mk/install.mk
include $(wildcard sim/sim.mk tests/*/*.mk kernel/kernel.mk bench/bench.mk freertos/freertos.mk \
                   sweeps/sweeps.mk paper/paper.mk rmp/rmp.mk threadx/threadx.mk rk0/rk0.mk \
                   tools/wcet/wcet.mk)

toolchain:
	@tools/toolchain.sh --optional

# Every test target records PASS/FAIL/SKIP lines through tools/check.sh; the summary
# prints "N passed, N failed" and fails the run if anything failed.
# The variables that point at other projects' material (pinned copies in CI: .ci/run).
MATERIAL_VARS := FREERTOS_DIR RISCV_TESTS_DIR RMP_DIR THREADX_DIR RK0_DIR PAPER_FW_DIR RTL_VVP RTL_VVP32
# Two checks at a time (TEST_JOBS), after one make has built every image they run
# (TEST_IMAGES), so that no two checks build the same file at once.
TEST_JOBS ?= 2
TEST_IMAGES = $(SIM) $(call eng_images,$(ENG_TESTS)) $(TK_TEST_IMAGES) \
              $(foreach k,$(BENCH_KERNELS),$(BENCH_ELFS_$(k)_32) $(BENCH_ELFS_$(k)_64)) \
              $(FP_ELFS) $(RTL_ELFS)
test: toolchain
	@rm -f $(BUILD)/test-results.txt
	@mkdir -p $(BUILD)
	@echo "make test: building the images ($(BUILD)/test-build.log)"
	@$(MAKE) --no-print-directory -k -j$(TEST_JOBS) $(sort $(TEST_IMAGES)) >$(BUILD)/test-build.log 2>&1 || \
	    echo "make test: some images did not build (their checks fail): see $(BUILD)/test-build.log"
	@$(MAKE) --no-print-directory -k -j$(TEST_JOBS) --output-sync=target test-all || true
	@TEMPO_GIVEN="$(foreach v,$(MATERIAL_VARS),$(if $($(v)),$(v)))" tools/test-summary.sh

test-all: $(TEST_TARGETS)

# the report last, with everything the targets measured, and its path as the last line
bench: toolchain $(BENCH_TARGETS)
	@$(MAKE) --no-print-directory bench-html

clean:
	rm -rf $(BUILD)
