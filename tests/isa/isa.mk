# ISA test suite (tests/isa/): self-checking assembly, one file per area, built for
# XLEN 32 and 64 on both boards, run on tempo-sim and cross-checked on QEMU virt.
# Included by the top Makefile.
ISA_DIR   := tests/isa
ISA_OUT   := $(BUILD)/isa
# Areas that run on QEMU virt as well as on tempo-sim.
ISA_PORTABLE := alu branch jump loadstore mul div csr traps fence rv64w interrupts
# Areas that need tempo-sim: the simulator-control device, or behaviour of the paper's
# M-only core that QEMU does not share (misaligned data traps, CSRs QEMU implements).
ISA_SIM_ONLY := misaligned csr_strict irq_ext
ISA_AREAS := $(ISA_PORTABLE) $(ISA_SIM_ONLY)
# Compile with Zicsr and Zifencei (docs/boards.md "Toolchain": GCC 12 needs them spelled); no
# library is linked, so the multilib choice does not matter.
ISA_ARCH_32 := -march=rv32im_zicsr_zifencei -mabi=ilp32
ISA_ARCH_64 := -march=rv64im_zicsr_zifencei -mabi=lp64
ISA_CFLAGS  := -Wl,--no-warn-rwx-segments -nostdlib -nostartfiles -mcmodel=medany -Ibsp/common -Iinclude -I$(ISA_DIR) -Lbsp/common
ISA_DEPS    := $(ISA_DIR)/runtime.S $(ISA_DIR)/isa_test.h bsp/common/board.h include/riscv/encoding.h \
               bsp/common/sections.ld

# $(1) = XLEN, $(2) = board
define isa_image_rule
$(ISA_OUT)/rv$(1)-$(2)/%.elf: $(ISA_DIR)/%.S $(ISA_DEPS) bsp/$(2)/link.ld
	@mkdir -p $$(@D)
	$$(TCC) $$(ISA_ARCH_$(1)) $$(BOARDDEF_$(2)) $$(ISA_CFLAGS) -T bsp/$(2)/link.ld \
	    -o $$@ $(ISA_DIR)/runtime.S $$<
endef
$(foreach x,32 64,$(foreach b,paper virt,$(eval $(call isa_image_rule,$(x),$(b)))))

# One check per area and width: the paper and virt images on tempo-sim.
define isa_sim_check
test-isa-rv$(1)-$(2): $(SIM) $(ISA_OUT)/rv$(1)-paper/$(2).elf $(ISA_OUT)/rv$(1)-virt/$(2).elf
	@TEMPO_SIM=$(SIM) tools/check.sh isa-rv$(1)-$(2) $(ISA_DIR)/run.sh sim \
	    $(ISA_OUT)/rv$(1)-paper/$(2).elf $(ISA_OUT)/rv$(1)-virt/$(2).elf
TEST_TARGETS += test-isa-rv$(1)-$(2)
endef
$(foreach x,32 64,$(foreach a,$(ISA_AREAS),$(eval $(call isa_sim_check,$(x),$(a)))))

# QEMU cross-check: every portable area's virt image, one check per width.
define isa_qemu_check
test-isa-qemu-rv$(1): $(patsubst %,$(ISA_OUT)/rv$(1)-virt/%.elf,$(ISA_PORTABLE))
	@tools/check.sh isa-qemu-rv$(1) $(ISA_DIR)/run.sh qemu $$^
TEST_TARGETS += test-isa-qemu-rv$(1)
endef
$(foreach x,32 64,$(eval $(call isa_qemu_check,$(x))))

# The official riscv-tests p-tests, built by the user (RISCV_TESTS_DIR=); SKIP without.
test-isa-riscv-tests: $(SIM)
	@RISCV_TESTS_DIR="$(RISCV_TESTS_DIR)" TEMPO_SIM=$(SIM) \
	    tools/check.sh isa-riscv-tests $(ISA_DIR)/riscv-tests.sh
TEST_TARGETS += test-isa-riscv-tests

isa-images: $(foreach x,32 64,$(foreach b,paper virt,$(patsubst %,$(ISA_OUT)/rv$(x)-$(b)/%.elf,$(ISA_AREAS))))
.PHONY: isa-images $(filter test-isa-%,$(TEST_TARGETS))
