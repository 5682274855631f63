# Fuzzing tempo-sim (sim/fuzz/, included from sim/sim.mk): libFuzzer harnesses for the ELF
# loader (fuzz_elf.c) and the execute loop (fuzz_exec.c), built with clang, ASan and UBSan.
#   make fuzz SECONDS=n    each harness for n seconds (default 60), from the seed corpus
#   make fuzz-corpus       rebuild the seeds from the test images (sim/fuzz/make-corpus.sh)
# make test runs each over its stored inputs, seeds and regress, once each (reproducible: the
# same tree runs the same inputs); without a clang that links libFuzzer, SKIP.
FUZZ_CC     ?= clang
FUZZ_CFLAGS := -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined \
               -fno-sanitize-recover=all -Iinclude -I$(BUILD)/sim $(SIM_INC)
FUZZ_SRC    := $(filter-out sim/cli/main.c,$(SIM_SRC))
FUZZERS     := elf exec
FUZZ_BINS   := $(FUZZERS:%=$(BUILD)/fuzz/fuzz_%)
SECONDS     ?= 60
# can FUZZ_CC link a libFuzzer program? (once per make run)
FUZZ_OK := $(shell printf 'int LLVMFuzzerTestOneInput(const unsigned char*d,unsigned long n){(void)d;(void)n;return 0;}' | \
             $(FUZZ_CC) -x c -fsanitize=fuzzer -o /dev/null - >/dev/null 2>&1 && echo yes)

$(BUILD)/fuzz/fuzz_%: sim/fuzz/fuzz_%.c $(FUZZ_SRC) $(SIM_HDR) $(BUILD)/sim/revision.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_SRC)

.PHONY: fuzz fuzz-run fuzz-corpus test-fuzz
fuzz:
	@tools/toolchain.sh --analysis
	@$(MAKE) --no-print-directory fuzz-run
fuzz-run: $(if $(FUZZ_OK),$(FUZZ_BINS))
	@sim/fuzz/run.sh $(SECONDS) $(BUILD)/fuzz $(FUZZERS)
fuzz-corpus: $(FUZZ_BINS) isa-images $(foreach b,paper virt,$(foreach x,32 64,$(SIMT_OUT)/$(b)-$(x)/hello.elf))
	sim/fuzz/make-corpus.sh $(BUILD) $(BUILD)/fuzz/fuzz_elf $(BUILD)/fuzz/fuzz_exec
test-fuzz: $(if $(FUZZ_OK),$(FUZZ_BINS))
	@for f in $(FUZZERS); do tools/check.sh fuzz-$$f sim/fuzz/run.sh replay $(BUILD)/fuzz $$f; done
TEST_TARGETS += test-fuzz
