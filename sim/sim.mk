# tempo-sim: the simulator (host C).  `make` builds $(SIM) = build/tempo-sim.
# One folder per layer (sim/README.md): the core, the timing model, the SoC, observation and
# the command line.  Every folder is on the quoted include path (not <...>: soc/elf.h would
# hide the system's <elf.h> that libdw includes), so a header is named by itself.
SIM_DIRS := sim/core sim/timing sim/soc sim/observe sim/cli
SIM_SRC := $(wildcard $(addsuffix /*.c,$(SIM_DIRS)))
SIM_HDR := $(wildcard $(addsuffix /*.h,$(SIM_DIRS))) include/riscv/encoding.h
SIM_INC := $(addprefix -iquote ,$(SIM_DIRS))
SIM_CFLAGS := -Iinclude -I$(BUILD)/sim $(SIM_INC)
# Source lines in --check's findings (sim/observe/lines.c) come from elfutils' libdw (Debian's
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
