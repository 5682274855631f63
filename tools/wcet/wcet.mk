# make wcet: static worst-case bounds of the kernel-metric calls at both widths (docs/wcet.md).
# For each kernel-metric image of Tempo: a run traced (tempo-sim --trace-file) gives the case
# of each sample window (the calls, returns and switches between its two counter reads);
# tools/wcet/wcet.py bounds every path of that case (the kernel ELF, the timing model through
# $(WCET_COST), loop bounds from the source, the longest path by glpsol) and every public call
# on it over all its paths.  $(WCET_DIR)/wcet.json collects them; make bench adds them to the
# kernel-metric records (bound_cycles).
WCET_DIR := $(BUILD)/wcet
wcet_comma := ,
WCET_COST := $(BUILD)/wcet-cost
WCET_PY := tools/python.sh tools/wcet/wcet.py
# A run of this many cycles holds a few thousand samples of each case.
WCET_TRACE_CYCLES := 1500000
# case:metric:bench-layer functions the measured window enters (bench/suites/kmetrics.c), and
# :sum when a sample is one window entering each (Mem: a block's malloc plus its free); Alrm,
# a tick's whole handling beside a spinning thread, is no window of one call.
WCET_CASES := km_yield:Yield:bp_yield km_mail:Mail:bp_mail_send km_sem:Sem:bp_sem_put \
              km_fifo:FIFO:bp_fifo_put km_msgq:Msgq:bp_msgq_send km_bmq:Bmq:bp_bmq_send \
              km_mail_i:Mail/I:bp_mail_send_isr km_sem_i:Sem/I:bp_sem_put_isr \
              km_msgq_i:Msgq/I:bp_msgq_send_isr km_bmq_i:Bmq/I:bp_bmq_send_isr \
              km_mem:Mem:bp_malloc,bp_free:sum
# Symbolic loop bounds of the kernel source ("wcet: loop <= NAME"), for the benchmark
# configuration: every thread the layer may create and the idle thread; a timer per thread
# and per alarm; the mutexes; the largest message in words.
wcet_port_max = $(shell sed -n 's/^\#define BP_MAX_$(1)  *\([0-9]*\).*/\1/p' bench/port.h)
WCET_BOUNDS = --bound THREADS=$(shell echo $$(( $(call wcet_port_max,THREADS) + 1 ))) \
              --bound TIMERS=$(shell echo $$(( $(call wcet_port_max,THREADS) + $(call wcet_port_max,ALARMS) ))) \
              --bound MUTEXES=$(call wcet_port_max,MUTEXES) \
              --bound MSG_WORDS=$(shell sed -n 's/^\#define BP_MSG_WORDS  *\([0-9]*\).*/\1/p' bench/port.h) \
              --bound IRQ_CODES=$(shell sed -n 's/^\#define TK_IRQ_CODES  *\([0-9]*\).*/\1/p' port/riscv/port_defs.h)
# The fault reports end the run: no bound runs through them; nor through the benchmark's
# end and failure reports (bench/common/bench.h, bsp/common/bsp.h), which an interrupt
# handler of a benchmark may reach.
WCET_NORETURN := tk_port_stack_fault tk_port_deadlock tk_port_irq_fault tk__fault tk_port_exit \
                 bench_done bench_fail board_exit
# The start of the first thread resumes it: no path returns to its caller.
WCET_SWITCH := tk_port_start
# The application's interrupt lock returns with interrupts disabled: its window is the
# caller's, not the kernel's; so does the direct build's resume stub, into the direct
# handler, whose MRET (the compiler's epilogue) ends the window.
WCET_LOCK := tk_irq_lock tk_port_direct_resume
WCET_ARGS = --cost $(WCET_COST) $(WCET_BOUNDS) $(addprefix --noreturn ,$(WCET_NORETURN)) \
            $(addprefix --switch ,$(WCET_SWITCH)) $(addprefix --lock ,$(WCET_LOCK))

$(WCET_COST): tools/wcet/cost.c sim/timing/timing.c sim/timing/timing.h sim/core/decode.c sim/core/decode.h sim/soc/elf.c \
              sim/soc/elf.h include/riscv/encoding.h tools/wcet/wcet.mk
	$(HOSTCC) $(HOSTCFLAGS) -Iinclude $(SIM_INC) -o $@ tools/wcet/cost.c sim/timing/timing.c sim/core/decode.c sim/soc/elf.c

wcet_case = $(word 1,$(subst :, ,$(1)))
wcet_metric = $(word 2,$(subst :, ,$(1)))
wcet_enter = $(subst $(wcet_comma), ,$(word 3,$(subst :, ,$(1))))
wcet_sum = $(if $(word 4,$(subst :, ,$(1))),--sum)
# A window into a new thread's start is no sample: every thread of the suite counts from its
# own first counter read.
WCET_EXCLUDE := tk_port_thread_entry

# $(call wcet-rule,CASE:METRIC:ENTER,XLEN)
define wcet-rule
WCET_JSONS += $(WCET_DIR)/rv$(2)/$(call wcet_case,$(1)).json
$(WCET_DIR)/rv$(2)/$(call wcet_case,$(1)).json: $(SIM) $(WCET_COST) tools/wcet/wcet.py \
    $(BENCH_DIR)/tempo/rv$(2)/$(call wcet_case,$(1)).elf
	@mkdir -p $$(@D)
	@echo "  WCET    $$@"
	@$(SIM) --soc paper --max-cycles $(WCET_TRACE_CYCLES) --irq-off-json $$@.irq \
	    $(BENCH_DIR)/tempo/rv$(2)/$(call wcet_case,$(1)).elf > /dev/null 2>&1 || [ $$$$? -eq 124 ]
	@$(SIM) --soc paper --max-cycles $(WCET_TRACE_CYCLES) --trace-file /dev/stdout \
	    $(BENCH_DIR)/tempo/rv$(2)/$(call wcet_case,$(1)).elf 2>/dev/null | \
	    $(WCET_PY) $(WCET_ARGS) case $(BENCH_DIR)/tempo/rv$(2)/$(call wcet_case,$(1)).elf - \
	    --metric '$(call wcet_metric,$(1))' $(addprefix --enter ,$(call wcet_enter,$(1))) \
	    $(call wcet_sum,$(1)) $(addprefix --exclude ,$(WCET_EXCLUDE)) \
	    --irq-off $$@.irq > $$@.tmp
	@mv $$@.tmp $$@
endef
WCET_JSONS :=
$(foreach x,32 64,$(foreach c,$(WCET_CASES),$(eval $(call wcet-rule,$(c),$(x)))))

# The interrupt-disabled windows of every other Tempo benchmark image (its whole run's longest
# ones, each bounded the same way, from a trace of its first cycles and of a stretch around
# each later one): the latency bound covers every window the benchmarks open.
F_MAX_CYCLES := $(shell sed -n 's/^MAX_CYCLES = \([0-9_]*\).*/\1/p' bench/report/figures.py | tr -d _)
# (rh_nlatency and rh_dlatency are other builds of the kernel, with nesting or a direct
# handler: not in this bound.)
WCET_IRQ_CASES := km_alrm $(BENCH_CASES_rh) $(BENCH_CASES_tm)
# $(call wcet-irq-rule,CASE,XLEN)
define wcet-irq-rule
WCET_JSONS += $(WCET_DIR)/rv$(2)/irq-$(1).json
$(WCET_DIR)/rv$(2)/irq-$(1).json: $(SIM) $(WCET_COST) tools/wcet/wcet.py tools/wcet/irq-trace.sh \
    $(BENCH_DIR)/tempo/rv$(2)/$(1).elf
	@mkdir -p $$(@D)
	@echo "  WCET    $$@"
	@$(SIM) --soc paper --max-cycles $(F_MAX_CYCLES) --irq-off-json $$@.irq \
	    $(BENCH_DIR)/tempo/rv$(2)/$(1).elf > /dev/null 2>&1 || true
	@tools/wcet/irq-trace.sh $(SIM) $(BENCH_DIR)/tempo/rv$(2)/$(1).elf $$@.irq $(WCET_TRACE_CYCLES) | \
	    $(WCET_PY) $(WCET_ARGS) irq $(BENCH_DIR)/tempo/rv$(2)/$(1).elf - --irq-off $$@.irq > $$@.tmp
	@mv $$@.tmp $$@
endef
$(foreach x,32 64,$(foreach c,$(WCET_IRQ_CASES),$(eval $(call wcet-irq-rule,$(c),$(x)))))

# Every interrupt-disabled window each image's code can open, bounded statically (wcet.py
# windows: one pass over the image), and the run's measured windows beside their bounds: the
# interrupt latency bound.  The run is the one the rules above made (its .irq), or for the
# builds with nested interrupts and with a direct handler (other configurations of the
# kernel, with a latency bound of their own) a run of their own.
# $(call wcet-win-rule,CASE,XLEN,RUN JSON)
define wcet-win-rule
WCET_JSONS += $(WCET_DIR)/rv$(2)/win-$(1).json
$(WCET_DIR)/rv$(2)/win-$(1).json: $(WCET_COST) tools/wcet/wcet.py $(3) \
    $(BENCH_DIR)/tempo/rv$(2)/$(1).elf
	@echo "  WCET    $$@"
	@$(WCET_PY) $(WCET_ARGS) windows $(BENCH_DIR)/tempo/rv$(2)/$(1).elf --irq-off $(3).irq > $$@.tmp
	@mv $$@.tmp $$@
endef
WCET_CONFIG_CASES := rh_nlatency rh_dlatency
$(foreach x,32 64,$(foreach c,$(WCET_CASES),$(eval $(call wcet-win-rule,$(call wcet_case,$(c)),$(x),$(WCET_DIR)/rv$(x)/$(call wcet_case,$(c)).json))))
$(foreach x,32 64,$(foreach c,$(WCET_IRQ_CASES),$(eval $(call wcet-win-rule,$(c),$(x),$(WCET_DIR)/rv$(x)/irq-$(c).json))))
$(foreach x,32 64,$(foreach c,$(WCET_CONFIG_CASES),$(eval $(call wcet-win-rule,$(c),$(x),$(WCET_DIR)/rv$(x)/run-$(c)))))
# $(call wcet-run-rule,CASE,XLEN): the measured windows of a whole run
define wcet-run-rule
$(WCET_DIR)/rv$(2)/run-$(1): $(SIM) $(BENCH_DIR)/tempo/rv$(2)/$(1).elf
	@mkdir -p $$(@D)
	@$(SIM) --soc paper --max-cycles $(F_MAX_CYCLES) --irq-off-json $$@.irq \
	    $(BENCH_DIR)/tempo/rv$(2)/$(1).elf > /dev/null 2>&1 || true
	@touch $$@
endef
$(foreach x,32 64,$(foreach c,$(WCET_CONFIG_CASES),$(eval $(call wcet-run-rule,$(c),$(x)))))

.PHONY: wcet test-wcet test-wcet-loops wcet-json
# make bench and its tests read the bounds: made first (without glpsol the check says so).
bench-run bench-test-run: wcet-json
wcet-json:
	@mkdir -p $(BUILD)
	@{ tools/toolchain.sh --wcet && $(MAKE) --no-print-directory $(WCET_DIR)/wcet.json; } \
	    > $(BUILD)/wcet.log 2>&1 || echo "wcet: no static bounds, see $(BUILD)/wcet.log"

wcet:
	@tools/toolchain.sh --wcet
	@$(MAKE) --no-print-directory -j2 $(WCET_DIR)/wcet.json
	@$(WCET_PY) --cost $(WCET_COST) summary $(WCET_DIR)/wcet.json

$(WCET_DIR)/wcet.json: $(WCET_JSONS)
	@$(WCET_PY) --cost $(WCET_COST) collect $(WCET_JSONS) > $@.tmp && mv $@.tmp $@

# Every bound at or above every sample window the traced runs measured, and a bound for every
# case at both widths.
test-wcet: $(WCET_DIR)/wcet.json
	@tools/check.sh wcet-bounds $(WCET_PY) --cost $(WCET_COST) check $(WCET_DIR)/wcet.json
TEST_TARGETS += test-wcet

# A loop bound the run breaks is an error: Msgq's copy loop bounded by 1 must be refused (the
# same trace with the message's size in words must not).
test-wcet-loops: $(SIM) $(WCET_COST) $(BENCH_DIR)/tempo/rv32/km_msgq.elf
	@tools/check.sh wcet-loops tools/wcet/loop-test.sh $(SIM) $(BENCH_DIR)/tempo/rv32/km_msgq.elf \
	    "$(WCET_PY) $(WCET_ARGS)" $(shell sed -n 's/^\#define BP_MSG_WORDS  *\([0-9]*\).*/\1/p' bench/port.h)
TEST_TARGETS += test-wcet-loops
