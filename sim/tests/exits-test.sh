#!/usr/bin/env bash
# Exit paths: cycle limit (124), WFI with no wake-up source (125), firmware code >= 120
# reported as 119, tohost pass/fail; on virt, an exception with mtvec unset: the handler
# cannot be fetched, a trap storm (126).
# usage: sim/tests/exits-test.sh SIM SOC DIR (DIR holds exit_spin.elf .. exit_tohost_fail.elf)
set -u
sim=$1 soc=$2 dir=$3
e=sim/tests/expect.sh
fails=0
t() { "$e" "$@" || fails=$((fails + 1)); }
t 124 '^tempo-sim: cycle limit reached \(--max-cycles 100000;' "$sim" --soc "$soc" --max-cycles 100000 "$dir/exit_spin.elf"
t 125 '^tempo-sim: WFI with no wake-up source' "$sim" --max-cycles 10000000 --soc "$soc" "$dir/exit_wfi_idle.elf"
t 119 '' "$sim" --max-cycles 10000000 --soc "$soc" "$dir/exit_exit300.elf"
t 0 '' "$sim" --max-cycles 10000000 --soc "$soc" "$dir/exit_tohost_pass.elf"
t 5 '' "$sim" --max-cycles 10000000 --soc "$soc" "$dir/exit_tohost_fail.elf"
if [ "$soc" = virt ]; then
  t 126 '^tempo-sim: trap storm: the trap handler at 0x0 cannot be fetched \(after an illegal instruction at pc 0x[0-9a-f]+ in main, mcause 0x2,' "$sim" --max-cycles 10000000 --soc virt "$dir/exit_illegal.elf"
fi
[ $fails -eq 0 ]
