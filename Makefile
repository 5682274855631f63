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

include mk/firmware.mk
include $(wildcard sim/sim.mk tests/*/*.mk kernel/kernel.mk bench/bench.mk freertos/freertos.mk \
                   sweeps/sweeps.mk)
include $(wildcard threadx/threadx.mk rk0/rk0.mk)

toolchain:
	@tools/toolchain.sh --optional

# Every test target records PASS/FAIL/SKIP lines through tools/check.sh; the summary
# prints "N passed, N failed" and fails the run if anything failed.
test: toolchain
	@rm -f $(BUILD)/test-results.txt
	@$(MAKE) --no-print-directory -k test-all || true
	@tools/test-summary.sh

test-all: $(TEST_TARGETS)

bench: toolchain $(BENCH_TARGETS)

clean:
	rm -rf $(BUILD)
