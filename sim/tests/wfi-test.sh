#!/usr/bin/env bash
# WFI skip: the firmware sleeps 3 x 2*10^8 cycles and checks the mcycle it wakes at; here we
# check that the run took more than 6*10^8 cycles with fewer than 100,000 instructions,
# i.e. the time was skipped, not simulated.
# usage: sim/tests/wfi-test.sh SIM SOC IMAGE JSON
set -u
sim=$1 soc=$2 img=$3 json=$4
out=$("$sim" --max-cycles 2000000000 --soc "$soc" --stats-json "$json" "$img" 2>&1); rc=$?
echo "$out"
[ $rc -eq 0 ] || { echo "exit status $rc"; exit 1; }
echo "$out" | grep -q '^wfi ok$' || { echo "no 'wfi ok'"; exit 1; }
cycles=$(grep -o '"cycles": [0-9]*' "$json" | head -1 | grep -o '[0-9]*$')
insns=$(grep -o '"instructions": [0-9]*' "$json" | grep -o '[0-9]*$')
idle=$(grep -o '"wfi_idle_cycles": [0-9]*' "$json" | grep -o '[0-9]*$')
echo "cycles $cycles instructions $insns wfi idle $idle"
[ "$cycles" -ge 600000000 ] && [ "$insns" -lt 100000 ] && [ "$idle" -ge 590000000 ]
