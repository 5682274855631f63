# FreeRTOS on tempo-sim (issue 6).  FreeRTOS itself is not in this repository: point
# FREERTOS_DIR at a FreeRTOS-Kernel tree (tag V11.1.0, the paper's version), e.g.
#   make test FREERTOS_DIR=/path/to/FreeRTOS-Kernel
# The kernel is built unmodified (its GCC RISC-V port) with this folder's board layer, -Os as
# in the paper, for both widths and both SoCs.  Outputs in build/freertos/<board>-<xlen>/.
FREERTOS_DIR ?=
FR_BUILD     := $(BUILD)/freertos
FR_KERNEL    := tasks.c queue.c list.c timers.c portable/MemMang/heap_4.c \
                portable/GCC/RISC-V/port.c portable/GCC/RISC-V/portASM.S
FR_KERNEL_SRC = $(addprefix $(FREERTOS_DIR)/,$(FR_KERNEL))
FR_BOARD_SRC := freertos/fr_board.c freertos/fr_libc.c freertos/irqstack.ld
FR_HDRS      := $(wildcard freertos/*.h freertos/libc/*.h)
# seeds/000 section IV-A: "compiled with ... -Os".  fw-link compiles and links in one gcc call,
# where the link -march (plain rv32im/rv64im) wins: -misa-spec=2.2 keeps Zicsr implied by it
# (spec/toolchain.md), so the CSR instructions of the port assemble.
FR_OPT       := -Os
FR_CFLAGS     = $(FR_OPT) -misa-spec=2.2 -Ifreertos -Ifreertos/libc -I$(FREERTOS_DIR)/include \
                -I$(FREERTOS_DIR)/portable/GCC/RISC-V
FR_CHECK_DIR := freertos/fr-kernel-check.sh

# $(call fr-image,OUT,XLEN,BOARD,APP_SOURCES,EXTRA_CFLAGS)
fr-image = $(FR_CHECK_DIR) "$(FREERTOS_DIR)" >/dev/null && mkdir -p $(dir $(1)) && \
           $(call fw-link,$(1),$(2),$(3),$(4) $(FR_BOARD_SRC) $(BSP_SRC) $(FR_KERNEL_SRC),$(FR_CFLAGS) $(5))

FR_WIDTHS := 32 64
FR_BOARDS := paper virt

# The paper's experiment: Rhealstone task switch and task preempt (freertos/fr_paper.c).
# The paper's build has no software timers (seeds/000 FreeRTOSConfig: configUSE_TIMERS 0).
define FR_PAPER_RULE
$(FR_BUILD)/$(1)-$(2)/fr-paper.elf: freertos/fr_paper.c $(FR_BOARD_SRC) $(FR_HDRS) $(FR_CHECK_DIR) \
    bsp/$(1)/link.ld bsp/common/sections.ld $(BSP_SRC) bsp/common/board.h bsp/common/bsp.h
	@$$(call fr-image,$$@,$(2),$(1),freertos/fr_paper.c,-DFR_USE_TIMERS=0)
endef
$(foreach b,$(FR_BOARDS),$(foreach w,$(FR_WIDTHS),$(eval $(call FR_PAPER_RULE,$(b),$(w)))))

FR_PAPER_ELFS := $(foreach w,$(FR_WIDTHS),$(FR_BUILD)/paper-$(w)/fr-paper.elf)
.PHONY: freertos freertos-paper
freertos: $(FR_PAPER_ELFS)

# The paper comparison: Table II beside FreeRTOS on tempo-sim, both widths.
freertos-paper: $(SIM)
	@freertos/fr-paper-compare.sh "$(FREERTOS_DIR)" $(SIM) $(MAKE)

# ---- tests ----------------------------------------------------------------------------------
TEST_TARGETS += test-freertos-paper-32 test-freertos-paper-64 test-freertos-qemu \
                test-freertos-bad-dir
test-freertos-paper-%: $(SIM)
	@tools/check.sh freertos-paper-$* freertos/fr-test.sh paper "$(FREERTOS_DIR)" $(SIM) $* $(MAKE)
test-freertos-qemu:
	@tools/check.sh freertos-qemu-virt freertos/fr-test.sh qemu "$(FREERTOS_DIR)" $(SIM) 32 $(MAKE)
test-freertos-bad-dir:
	@tools/check.sh freertos-bad-dir freertos/fr-test.sh bad-dir "$(FREERTOS_DIR)" $(SIM) 32 $(MAKE)
