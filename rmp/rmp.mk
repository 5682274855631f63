# RMP on tempo-sim.  RMP itself is not in this repository: point RMP_DIR at an RMP tree
# (github.com/EDI-Systems/M5P01_Prokaron), e.g.
#   make test RMP_DIR=/path/to/RMP
# Four things live in four places (docs/rmp.md):
#   rmp/board/        the board layer: RMP's chip header for the paper core (configuration,
#                     CLINT tick, console), the benchmark's test header (mcycle counter,
#                     simulator-control interrupt), the trap vector, rmp_platform.h
#   rmp/rv64p/        the RV64 platform layer, written against RMP's platform interface
#                     (RMP ships RV32P, used as it is at RV32)
#   rmp/native.py     RMP's own benchmark (Source/Test/rmp_benchmark.c, unmodified) at both
#                     widths beside RMP's published CH32V307VC row
#   bench/ports/rmp/  the benchmark layer (bench/port.h on RMP) and its conformance test
# Images in build/rmp/<variant>-<xlen>/:
#   rmp-benchmark.elf   RMP's benchmark; rmp-port-test.elf   the layer's conformance test
RMP_DIR    ?=
RMP_BUILD  := $(BUILD)/rmp
RMP_CHECK_DIR := rmp/check-kernel-dir.sh
# RMP's kernel and its platform for the width being built (rmp/board/rmp_platform.c and
# rmp_platform_gcc.S include RMP's RV32P at RV32, rmp/rv64p/ at RV64).
RMP_KERNEL_SRC = $(RMP_DIR)/Source/Kernel/rmp_kernel.c
RMP_BOARD_SRC := rmp/board/rmp_board.c rmp/board/rmp_vector.S rmp/board/rmp_platform.c \
                 rmp/board/rmp_platform_gcc.S
# The two addresses RMP's platforms take from the linker (an input linker script).
RMP_LD_SYMBOLS := rmp/board/rmp_symbols.ld
RMP_HDRS := $(wildcard rmp/board/*.h rmp/rv64p/*)
# Where RMP's sources find their headers: the board layer, both platforms, RMP's own.
RMP_INC = -Irmp/board -Irmp/rv64p -I$(RMP_DIR)/Include -I$(RMP_DIR)/Include/Platform/RV32P \
          -I$(RMP_DIR)/Source/Platform/RV32P
# RMP's published rows: "GCC at -O3" (RMP's benchmark table; the CH32V307VC test header:
# GCC 12.2.0 -O3).  RMP's sources build with this project's -Wall -Wextra -Werror as they are.
RMP_OPT := -O3
RMP_CFLAGS = $(RMP_OPT) -ffunction-sections -fdata-sections -Wl,--gc-sections $(RMP_INC)

# Which RMP tree the images were built from: rebuild when RMP_DIR changes.
RMP_DIR_STAMP := $(RMP_BUILD)/kernel-dir.txt
$(RMP_DIR_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo "$(RMP_DIR)" | cmp -s - $@ || echo "$(RMP_DIR)" > $@

RMP_DEPS = $(RMP_BOARD_SRC) $(RMP_HDRS) $(RMP_LD_SYMBOLS) $(RMP_CHECK_DIR) $(RMP_DIR_STAMP) \
           rmp/rmp.mk bsp/common/sections.ld $(BSP_SRC) bsp/common/board.h bsp/common/bsp.h

# $(call rmp-image,OUT,XLEN,BOARD,APP_SOURCES,EXTRA_CFLAGS,LINK_SCRIPT,KERNEL): check RMP_DIR,
# then compile and link as mk/firmware.mk's fw-link does, with LINK_SCRIPT (default the
# board's) and KERNEL (default RMP's kernel source; an object for the conformance image).
rmp-image = $(RMP_CHECK_DIR) "$(RMP_DIR)" >/dev/null && mkdir -p $(dir $(1)) && \
            $(TCC) -misa-spec=2.2 $(LINKARCH_$(2)) $(BOARDDEF_$(3)) $(TCFLAGS) $(RMP_CFLAGS) $(5) \
              -T $(or $(6),bsp/$(3)/link.ld) $(TLDFLAGS) -o $(1) $(4) $(RMP_BOARD_SRC) $(BSP_SRC) \
              $(or $(7),$(RMP_KERNEL_SRC)) $(RMP_LD_SYMBOLS) -lgcc
# $(call rmp-kernel-object,OUT,XLEN,BOARD): RMP's kernel with its main() renamed
# rmp_kernel_main, for an image whose own main starts RMP through bp_start (bench/ports/rmp/).
rmp-kernel-object = mkdir -p $(dir $(1)) && $(TCC) -misa-spec=2.2 $(ARCH_$(2)) $(BOARDDEF_$(3)) \
              $(TCFLAGS) $(RMP_CFLAGS) -Dmain=rmp_kernel_main -c -o $(1) $(RMP_KERNEL_SRC)

# RMP's benchmark image is just over the paper's 32 KiB instruction memory at RV64, and the
# conformance test (at -O3) well over: they link for a 64 KiB one, and run with tempo-sim
# --imem-size 64K (rmp/native.py, rmp/test.sh).
RMP_NATIVE_LD_paper := rmp/board/paper-imem64k.ld
RMP_VARIANT_FLAGS_paper :=
RMP_VARIANT_FLAGS_virt  := $(FR_NO_RWX)
# QEMU virt has no simulator-control device: the conformance test leaves its interrupt and
# cycle-rate checks out (bench/ports/rmp/bp_conformance.h), and RMP's benchmark, whose
# interrupt columns need the device, is not run there.
RMP_VARIANT_FLAGS_qemu  := $(FR_NO_RWX) -DRMP_ON_QEMU

# $(call RMP_RULES,VARIANT,BOARD,XLEN)
define RMP_RULES
$(RMP_BUILD)/$(1)-$(3)/rmp-benchmark.elf: $$(RMP_NATIVE_LD_$(1)) $(RMP_DEPS)
	@$$(call rmp-image,$$@,$(3),$(2),$$(RMP_DIR)/Source/Test/rmp_benchmark.c,$$(RMP_VARIANT_FLAGS_$(1)),$$(RMP_NATIVE_LD_$(1)))
$(RMP_BUILD)/$(1)-$(3)/rmp-kernel-nomain.o: $(RMP_DEPS)
	@$$(call rmp-kernel-object,$$@,$(3),$(2))
$(RMP_BUILD)/$(1)-$(3)/rmp-port-test.elf: bench/ports/conformance.c bench/ports/rmp/port.c \
    bench/ports/rmp/bp_conformance.h bench/port.h bench/common/bench.h $$(RMP_NATIVE_LD_$(1)) \
    $(RMP_BUILD)/$(1)-$(3)/rmp-kernel-nomain.o $(RMP_DEPS)
	@$$(call rmp-image,$$@,$(3),$(2),bench/ports/conformance.c bench/ports/rmp/port.c,\
	    $$(RMP_PORT_TEST_FLAGS) $$(RMP_VARIANT_FLAGS_$(1)),$$(RMP_NATIVE_LD_$(1)),\
	    $(RMP_BUILD)/$(1)-$(3)/rmp-kernel-nomain.o)
endef
# The benchmark layer's conformance image (bench/ports/conformance.c with the layer and RMP).
RMP_PORT_TEST_FLAGS := -I. -Ibench/common -Ibench/ports/rmp
RMP_WIDTHS := 32 64
$(foreach w,$(RMP_WIDTHS),$(eval $(call RMP_RULES,paper,paper,$(w))))
$(foreach w,$(RMP_WIDTHS),$(eval $(call RMP_RULES,virt,virt,$(w))))
$(foreach w,$(RMP_WIDTHS),$(eval $(call RMP_RULES,qemu,virt,$(w))))

.PHONY: rmp rmp-native
rmp: $(foreach w,$(RMP_WIDTHS),$(RMP_BUILD)/paper-$(w)/rmp-benchmark.elf $(RMP_BUILD)/paper-$(w)/rmp-port-test.elf)

# RMP's benchmark at both widths beside RMP's published CH32V307VC row (rmp/native.py).
RMP_NATIVE_ELFS := $(foreach w,$(RMP_WIDTHS),$(RMP_BUILD)/paper-$(w)/rmp-benchmark.elf)
rmp-native: $(RMP_BUILD)/native.json
# (also what make bench puts in results.json: bench/ports/rmp/port.mk BENCH_NATIVE_rmp)
$(RMP_BUILD)/native.json: $(SIM) $(RMP_NATIVE_ELFS) rmp/native.py
	@tools/python.sh rmp/native.py $(SIM) $(RMP_BUILD) --rmp-dir "$(RMP_DIR)" --check \
	    --md $(RMP_BUILD)/native.md --json $@

# ---- tests (rmp/test.sh: SKIP without RMP_DIR) ---------------------------------------------
RMP_TESTS := $(foreach w,$(RMP_WIDTHS),test-rmp-paper-$(w) test-rmp-virt-$(w) test-rmp-qemu-$(w) \
                test-rmp-bench-$(w) test-rmp-crosscheck-$(w)) test-rmp-footprint \
             test-rmp-bad-dir
TEST_TARGETS += $(RMP_TESTS)
.PHONY: $(RMP_TESTS)
define RMP_TEST_RULES
test-rmp-paper-$(1): $(SIM)
	@tools/check.sh rmp-paper-rv$(1) rmp/test.sh paper $(1) "$(RMP_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(RMP_BUILD)/paper-$(1)/rmp-benchmark.elf $(RMP_BUILD)/paper-$(1)/rmp-port-test.elf"
test-rmp-virt-$(1): $(SIM)
	@tools/check.sh rmp-virt-rv$(1) rmp/test.sh virt $(1) "$(RMP_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(RMP_BUILD)/virt-$(1)/rmp-benchmark.elf $(RMP_BUILD)/virt-$(1)/rmp-port-test.elf"
test-rmp-qemu-$(1):
	@tools/check.sh rmp-qemu-rv$(1) rmp/test.sh qemu $(1) "$(RMP_DIR)" - \
	    "$(MAKE) --no-print-directory $(RMP_BUILD)/qemu-$(1)/rmp-port-test.elf"
test-rmp-crosscheck-$(1): $(SIM) test-rmp-paper-$(1) test-rmp-bench-$(1)
	@tools/check.sh rmp-crosscheck-rv$(1) rmp/test.sh crosscheck $(1) "$(RMP_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $(RMP_BUILD)/paper-$(1)/rmp-benchmark.elf \
	        $$(filter %/km_yield.elf %/km_mail.elf %/km_sem.elf %/km_fifo.elf %/km_msgq.elf %/km_bmq.elf \
	            %/km_mail_i.elf %/km_sem_i.elf %/km_msgq_i.elf %/km_bmq_i.elf,$$(BENCH_ELFS_rmp_$(1)))"
test-rmp-bench-$(1): $(SIM)
	@tools/check.sh rmp-bench-rv$(1) rmp/test.sh bench $(1) "$(RMP_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory $$(BENCH_ELFS_rmp_$(1))" $$(BENCH_ELFS_rmp_$(1))
endef
$(foreach w,$(RMP_WIDTHS),$(eval $(call RMP_TEST_RULES,$(w))))

test-rmp-footprint: $(SIM)
	@tools/check.sh rmp-footprint rmp/test.sh footprint - "$(RMP_DIR)" $(SIM) \
	    "$(MAKE) --no-print-directory rmp-footprint" $(RMP_FP_ELFS)

# An RMP_DIR that is not an RMP tree must stop the build with a clear message (a build tree
# of its own, so it never disturbs the real images).
RMP_BAD := $(RMP_BUILD)/bad-dir
test-rmp-bad-dir:
	@mkdir -p $(RMP_BAD)/not-a-kernel
	@tools/check.sh rmp-bad-dir rmp/test.sh bad-dir 32 $(RMP_BAD)/not-a-kernel - \
	    "$(MAKE) --no-print-directory BUILD=$(RMP_BAD) RMP_DIR=$(RMP_BAD)/not-a-kernel $(RMP_BAD)/rmp/paper-32/rmp-benchmark.elf"

# ---- footprint -----------------------------------------------------------------------------
# RMP's smallest program: its benchmark built with its own minimal build switch (MINIMAL_SIZE:
# no benchmark, the init thread alone) and RMP in its smallest configuration (no assertions,
# parameter checks or debug output: RMP_TEMPO_MINIMAL), at -Os and at -O3.  RMP, its platform
# and the board layer (trap vector, tick) are a library, librmp-minimal.a, linked with
# --gc-sections: bench/report/footprint.py counts what the link map keeps of it, as it does
# Tempo's (bench/footprint/footprint.mk), into build/bench/footprint/rmp/.
RMP_FP_DIR := $(BUILD)/bench/footprint/rmp
RMP_FP_OPTS := Os O3
RMP_FP_LIB_SRC = $(RMP_BOARD_SRC) $(RMP_KERNEL_SRC)
# $(call rmp-fp-rules,XLEN,OPT)
define rmp-fp-rules
$(RMP_FP_DIR)/rv$(1)/$(2)/librmp-minimal.a: $(RMP_DEPS)
	@$(RMP_CHECK_DIR) "$(RMP_DIR)" >/dev/null && rm -rf $$(@D)/obj && mkdir -p $$(@D)/obj && \
	  for f in $$(RMP_FP_LIB_SRC); do \
	    $(TCC) -misa-spec=2.2 $(ARCH_$(1)) -DBOARD_PAPER $(TCFLAGS) -$(2) -ffunction-sections \
	      -fdata-sections $$(RMP_INC) -DRMP_TEMPO_MINIMAL -c -o $$(@D)/obj/$$$$(basename $$$$f).o $$$$f \
	      || exit 1; \
	  done && rm -f $$@ && $(CROSS)ar rcs $$@ $$(@D)/obj/*.o
$(RMP_FP_DIR)/rv$(1)/$(2)/minimal.elf: $(RMP_FP_DIR)/rv$(1)/$(2)/librmp-minimal.a $(BSP_SRC)
	@echo "  LINK    $$@"
	@$(TCC) -misa-spec=2.2 $(LINKARCH_$(1)) -DBOARD_PAPER $(TCFLAGS) -$(2) $$(RMP_INC) \
	    -DRMP_TEMPO_MINIMAL -DMINIMAL_SIZE -T bsp/paper/link.ld $(TLDFLAGS) -Wl,--gc-sections \
	    -Wl,-Map=$$(basename $$@).map -o $$@ $$(RMP_DIR)/Source/Test/rmp_benchmark.c $(BSP_SRC) \
	    $(RMP_LD_SYMBOLS) $$< -lgcc
RMP_FP_ELFS += $(RMP_FP_DIR)/rv$(1)/$(2)/minimal.elf
endef
RMP_FP_ELFS :=
$(foreach x,$(RMP_WIDTHS),$(foreach o,$(RMP_FP_OPTS),$(eval $(call rmp-fp-rules,$(x),$(o)))))
# make bench builds them with Tempo's (bench/bench.mk bench-fw) when RMP_DIR is set.
ifneq ($(RMP_DIR),)
bench-footprint: $(RMP_FP_ELFS)
endif
.PHONY: rmp-footprint
rmp-footprint: $(RMP_FP_ELFS)
