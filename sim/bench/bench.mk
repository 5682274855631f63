# `make bench-sim`: simulator speed on a long-running loop image (sim/bench/loop.c), at both
# SoCs and widths, and QEMU's speed on the same virt images when it is installed.  Not a test.
SIMB_OUT := $(BUILD)/sim/bench
SIMB_IMAGES := $(foreach b,paper virt,$(foreach x,32 64,$(SIMB_OUT)/loop-$(b)-$(x).elf))

define simb_image
$(SIMB_OUT)/loop-$(1)-$(2).elf: sim/bench/loop.c $(BSP_SRC) bsp/$(1)/link.ld
	@mkdir -p $$(@D)
	$$(call fw-link,$$@,$(2),$(1),sim/bench/loop.c $(BSP_SRC),$$(SIMB_TFLAGS))
endef
SIMB_TFLAGS := -O2 -Wl,--no-warn-rwx-segments
$(foreach b,paper virt,$(foreach x,32 64,$(eval $(call simb_image,$(b),$(x)))))

bench-sim: $(SIM) $(SIMB_IMAGES)
	@sim/bench/bench-sim.sh $(SIM) $(SIMB_OUT)
