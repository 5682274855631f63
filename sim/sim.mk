# tempo-sim: the simulator (host C).  `make` builds $(SIM) = build/tempo-sim.
SIM_SRC := $(wildcard sim/*.c)
SIM_HDR := $(wildcard sim/*.h)

$(SIM): $(SIM_SRC) $(SIM_HDR) sim/sim.mk
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOSTCFLAGS) -o $@ $(SIM_SRC)

-include sim/tests/tests.mk
-include sim/bench/bench.mk
