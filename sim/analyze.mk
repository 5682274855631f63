# Static analysis of the simulator (included from sim/sim.mk): its sources, its host
# tests and its fuzz harnesses, with GCC's -fanalyzer and clang's analyzer (scan-build).
#   make analyze   both (clang's HTML reports in build/scan-build when it finds something)
# make test runs the GCC one (a few seconds of CPU).  A finding fails; fix it, do not
# silence it.
ANALYZE_SRC   := $(SIM_SRC) sim/tests/decode-test.c sim/tests/elfmut.c $(wildcard sim/fuzz/*.c)
ANALYZE_FLAGS := -std=c11 -O2 -Wall -Wextra -Werror -Iinclude -I$(BUILD)/sim $(SIM_INC)

.PHONY: analyze analyze-gcc analyze-clang test-analyze
analyze:
	@tools/toolchain.sh --analysis
	@$(MAKE) --no-print-directory analyze-gcc analyze-clang
analyze-gcc analyze-clang: analyze-%: $(BUILD)/sim/revision.h
	@sim/analyze.sh $* $(BUILD)/scan-build $(ANALYZE_FLAGS) -- $(ANALYZE_SRC)
test-analyze: $(BUILD)/sim/revision.h
	@tools/check.sh sim-analyzer-gcc sim/analyze.sh gcc $(BUILD)/scan-build $(ANALYZE_FLAGS) -- $(ANALYZE_SRC)
TEST_TARGETS += test-analyze
