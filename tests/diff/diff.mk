# Differential test of tempo-sim against QEMU virt (tests/diff/): seeded random programs
# (gen.py) at RV32 and RV64 with traps, CSRs and interrupts, final states compared case by
# case (difftest.py).  make test: 4 images of 250 programs per width, SKIP without QEMU;
# make difftest DIFF_SEED=n DIFF_IMAGES=n for a longer run.
DIFF_SEED   ?= 1
DIFF_IMAGES ?= 4
DIFF_ARGS    = --sim $(SIM) --cross $(CROSS) --out $(BUILD)/diff --cases 250

.PHONY: test-diff-qemu difftest
test-diff-qemu: $(SIM)
	@tools/check.sh diff-qemu tools/python.sh tests/diff/difftest.py $(DIFF_ARGS) --seed 1 --images 4
difftest: $(SIM)
	tools/python.sh tests/diff/difftest.py $(DIFF_ARGS) --seed $(DIFF_SEED) --images $(DIFF_IMAGES)
TEST_TARGETS += test-diff-qemu
