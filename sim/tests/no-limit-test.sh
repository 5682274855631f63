#!/usr/bin/env bash
# Status 124 only when a limit was given: a WFI waiting for an IRQ_AT beyond the end of the
# 64-bit cycle count ends with 125 (no wake-up), not with "--max-cycles 0"; with a limit it
# is 124; a far but reachable IRQ_AT (2^63) wakes the WFI and the run ends normally.
# usage: sim/tests/no-limit-test.sh SIM SOC DIR (DIR holds exit_irq_never.elf, exit_irq_late.elf)
set -u
sim=$1 soc=$2 dir=$3
e=sim/tests/expect.sh
fails=0
t() { "$e" "$@" || fails=$((fails + 1)); }
t 125 '^tempo-sim: simulated time ran out at cycle [0-9]+, the end of the 64-bit cycle count' "$sim" --soc "$soc" "$dir/exit_irq_never.elf"
t 124 '^tempo-sim: cycle limit reached \(--max-cycles 1000000;' "$sim" --soc "$soc" --max-cycles 1000000 "$dir/exit_irq_never.elf"
t 0 '' "$sim" --soc "$soc" "$dir/exit_irq_late.elf"
[ $fails -eq 0 ]
