# make frama-c: Frama-C's Eva (Debian package frama-c-base) over the kernel's data-structure
# code: the heap, the message ring (msgq and bmq), the wait queue, the timer wheel and the
# pool, each through a harness in tests/frama-c/ that states its preconditions, at the
# ILP32 (RV32) and LP64 (RV64) data models.  Prints one line per run and the alarm total;
# fails on an alarm not explained in tests/frama-c/alarms.txt or an assertion not proved.
# Not part of make test (tens of minutes: the heap and wheel runs dominate); run it after
# changing those files.
.PHONY: frama-c
frama-c:
	@tests/frama-c/run.sh $(BUILD)/frama-c
