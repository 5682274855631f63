#!/usr/bin/env bash
# --stats-json, --profile-json, --profile and --trace on the hello image: the stall check
# holds, the profile's cycles add up to the total with fib() on top, the trace has one line
# per retired instruction in the documented format.
# usage: sim/tests/report-test.sh SIM SOC IMAGE OUTDIR
set -u
sim=$1 soc=$2 img=$3 dir=$4
mkdir -p "$dir"
fail() { echo "FAIL: $*"; exit 1; }
"$sim" --soc "$soc" --stats-json "$dir/stats.json" --profile-json "$dir/profile.json" \
  --trace-file "$dir/trace.txt" --profile --stats "$img" >"$dir/out.txt" 2>"$dir/err.txt"
rc=$?
[ $rc -eq 7 ] || fail "exit status $rc"
num() { grep -o "\"$1\": [0-9]*" "$2" | head -1 | grep -o '[0-9]*$'; }
cycles=$(num cycles "$dir/stats.json")
insns=$(num instructions "$dir/stats.json")
grep -q '"consistent": true' "$dir/stats.json" || fail "stats: base + stalls != cycles"
grep -q '^  check: base + stalls = [0-9]* == cycles$' "$dir/err.txt" || fail "--stats has no passing check line"
# profile: sum of function cycles and instructions == totals; fib first
pc=$(grep -o '"cycles": [0-9]*' "$dir/profile.json" | grep -o '[0-9]*$' | awk '{s += $1} END {print s}')
pi=$(grep -o '"instructions": [0-9]*' "$dir/profile.json" | grep -o '[0-9]*$' | awk '{s += $1} END {print s}')
[ "$pc" = "$cycles" ] || fail "profile cycles $pc != total $cycles"
[ "$pi" = "$insns" ] || fail "profile instructions $pi != total $insns"
first=$(grep -o '"name": "[^"]*"' "$dir/profile.json" | head -1)
[ "$first" = '"name": "fib"' ] || fail "profile top is $first, not fib"
grep -Eq '^ +[0-9]+ +[0-9.]+% +[0-9]+  fib$' "$dir/err.txt" || fail "--profile text has no fib line"
# trace: one line per retired instruction,
# "cycle pc raw  function+0xoff  disassembly[  xN=value][  mem=address]"
lines=$(grep -vc ' trap ' "$dir/trace.txt")
[ "$lines" = "$insns" ] || fail "trace has $lines lines for $insns instructions"
bad=$(grep -v ' trap ' "$dir/trace.txt" |
      grep -Evc '^[0-9]+ [0-9a-f]{8,16} [0-9a-f]{8}  ([A-Za-z_.$][A-Za-z0-9_.$]*\+0x[0-9a-f]+|\?)  [a-z.]+( [^ ]+)?(  x[0-9]+=[0-9a-f]+)?(  mem=[0-9a-f]+)?$')
[ "$bad" = 0 ] || fail "$bad malformed trace lines, e.g. $(grep -v ' trap ' "$dir/trace.txt" | head -1)"
# fib's own code is in it, disassembled, and its loads and stores name their address
grep -Eq '  fib\+0x[0-9a-f]+  (sw|sd) [a-z0-9]+,-?[0-9]+\(sp\)  mem=[0-9a-f]+$' "$dir/trace.txt" ||
  fail "no store of fib's with its address in the trace"
echo "cycles $cycles instructions $insns: stats, profile and trace consistent"
