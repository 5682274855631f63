#!/usr/bin/env bash
# Number arguments: a size or cycle count that overflows, carries a sign or a space, or
# lies beyond its range is a usage error (120); --max-cycles 0 means no limit.
# usage: sim/tests/args-test.sh SIM IMAGE (IMAGE: the paper hello image, status 7)
set -u
sim=$1 img=$2
e=sim/tests/expect.sh
fails=0
t() { "$e" "$@" || fails=$((fails + 1)); }
# 17592186044417 << 20 wraps to 1M in 64 bits: an overflow, not a 1M memory
t 120 "^tempo-sim: --imem-size: '17592186044417M' is not a number" "$sim" --imem-size 17592186044417M "$img"
t 120 "^tempo-sim: --ram-size: " "$sim" --soc virt --ram-size 99999999999999999999K "$img"
t 120 "^tempo-sim: --dmem-size: " "$sim" --dmem-size ' 32K' "$img"
t 120 "^tempo-sim: --dmem-size: " "$sim" --dmem-size -32K "$img"
for v in -5 ' 5' ' -5' +5 12x '' 18446744073709551616 18446744073709551615; do
  t 120 "^tempo-sim: --max-cycles: '.*' is not a number" "$sim" --max-cycles "$v" "$img"
done
# 0: no limit, the image runs to its end; a limit stops it with 124
t 7 '^hello from tempo-sim$' "$sim" --max-cycles 0 "$img"
t 7 '^hello from tempo-sim$' "$sim" --max-cycles 0x10000000 "$img"
t 124 'tempo-sim: cycle limit reached \(--max-cycles 100;' "$sim" --max-cycles 100 "$img"
[ $fails -eq 0 ]
