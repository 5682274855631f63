# `make bench-sim`: the simulator's own speed on a long-running loop image (sim/speed/loop.c)
# at both SoCs and widths, and on a kernel image that takes interrupts (sim/speed/irq.c) at
# virt, both widths; and QEMU's on the same virt images when it is installed.  Not a test,
# and no relation to the kernel benchmark suites of bench/.
SIMS_OUT := $(BUILD)/sim/speed
SIMS_IMAGES := $(foreach b,paper virt,$(foreach x,32 64,$(SIMS_OUT)/loop-$(b)-$(x).elf)) \
               $(foreach x,32 64,$(SIMS_OUT)/irq-virt-$(x).elf)
SIMS_TFLAGS := -O2 -Wl,--no-warn-rwx-segments

define sims_image
$(SIMS_OUT)/loop-$(1)-$(2).elf: sim/speed/loop.c $(BSP_SRC) bsp/$(1)/link.ld
	@mkdir -p $$(@D)
	$$(call fw-link,$$@,$(2),$(1),sim/speed/loop.c $(BSP_SRC),$$(SIMS_TFLAGS))
endef
$(foreach b,paper virt,$(foreach x,32 64,$(eval $(call sims_image,$(b),$(x)))))

# The kernel image: the Tempo kernel compiled with it, as the kernel tests' builds compile it
# (kernel/kernel.mk: its flags, function sections, --gc-sections), without timers (irq.c says
# why).  kernel.mk is read after this file, so its variables serve the recipes, which run
# later, and the prerequisites name the kernel's files themselves; the assembly's generated
# offsets are brought up to date once, before either width is linked.
SIMS_KERNEL_FILES := $(wildcard kernel/*.[ch] kernel/include/*.h port/riscv/*)
SIMS_KERNEL_FLAGS = $(SIMS_TFLAGS) $(TK_INC) -DTK_CONFIG_TIMERS=0 $(TK_SECTIONS) -Wl,--gc-sections
.PHONY: sims-kernel-offsets
sims-kernel-offsets:
	@$(MAKE) --no-print-directory $(TK_OFFSETS)
$(SIMS_OUT)/irq-virt-%.elf: sim/speed/irq.c $(SIMS_KERNEL_FILES) $(BSP_SRC) bsp/virt/link.ld | sims-kernel-offsets
	@mkdir -p $(@D)
	$(call fw-link,$@,$*,virt,sim/speed/irq.c $(TK_KSRC) $(TK_PSRC) $(BSP_SRC),$(SIMS_KERNEL_FLAGS))

bench-sim: $(SIM) $(SIMS_IMAGES)
	@sim/speed/speed.sh $(SIM) $(SIMS_OUT)
