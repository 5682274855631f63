# tempo-sim: the simulator (host C).  `make` builds $(SIM) = build/tempo-sim.
SIM_SRC := $(wildcard sim/*.c)
SIM_HDR := $(wildcard sim/*.h) include/riscv/encoding.h
SIM_CFLAGS := -Iinclude -I$(BUILD)/sim
# Source lines in --check's findings (sim/lines.c) come from elfutils' libdw (Debian's
# libdw-dev, installed by tools/toolchain.sh); without it the simulator builds and names
# functions only.
SIM_LIBDW := $(shell pkg-config --exists libdw 2>/dev/null && echo yes)
ifeq ($(SIM_LIBDW),yes)
SIM_CFLAGS += -DTEMPO_HAVE_LIBDW $(shell pkg-config --cflags libdw)
SIM_LIBS := $(shell pkg-config --libs libdw)
endif

# --version prints the git revision the simulator was built from ("unknown" outside git);
# the header is rewritten only when the revision changes.
SIM_REVISION := $(shell git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)
$(BUILD)/sim/revision.h: FORCE
	@mkdir -p $(@D)
	@printf '#define TEMPO_SIM_REVISION "%s"\n' '$(SIM_REVISION)' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
.PHONY: FORCE
FORCE:

$(SIM): $(SIM_SRC) $(SIM_HDR) $(BUILD)/sim/revision.h sim/sim.mk
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOSTCFLAGS) $(SIM_CFLAGS) -o $@ $(SIM_SRC) $(SIM_LIBS)

include sim/speed/speed.mk
include sim/tests/tests.mk
include sim/fuzz/fuzz.mk
include sim/analyze.mk
