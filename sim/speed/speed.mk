# `make bench-sim`: the simulator's own speed on a long-running loop image (sim/speed/loop.c)
# at both SoCs and widths, and QEMU's on the same virt images when it is installed.  Not a
# test, and no relation to the kernel benchmark suites of bench/.
SIMS_OUT := $(BUILD)/sim/speed
SIMS_IMAGES := $(foreach b,paper virt,$(foreach x,32 64,$(SIMS_OUT)/loop-$(b)-$(x).elf))
SIMS_TFLAGS := -O2 -Wl,--no-warn-rwx-segments

define sims_image
$(SIMS_OUT)/loop-$(1)-$(2).elf: sim/speed/loop.c $(BSP_SRC) bsp/$(1)/link.ld
	@mkdir -p $$(@D)
	$$(call fw-link,$$@,$(2),$(1),sim/speed/loop.c $(BSP_SRC),$$(SIMS_TFLAGS))
endef
$(foreach b,paper virt,$(foreach x,32 64,$(eval $(call sims_image,$(b),$(x)))))

bench-sim: $(SIM) $(SIMS_IMAGES)
	@sim/speed/speed.sh $(SIM) $(SIMS_OUT)
