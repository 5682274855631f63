#!/usr/bin/env bash
# Caches on firmware with a known access pattern (sim/tests/fw/cache.S, icache.S): exact hit,
# miss, write-back and memory-write counts in --stats-json for a write-back and a
# write-through D$ and a direct-mapped and a 2-way I$; the cycle count grows by exactly the
# stall the caches report; with a free memory (latency 0, beat 0) the figures are those of
# the SoC without caches; the CACHE register reads what is configured; --stats shows it.
# usage: sim/tests/cache-test.sh SIM SOC XLEN DIR   (DIR holds cache.elf and icache.elf)
set -u
sim=$1 soc=$2 xlen=$3 dir=$4
fail() { echo "FAIL: $*"; exit 1; }
# run NAME STATUS IMAGE [options]: run, check the exit status and the stall check
run() {
  local name=$1 want=$2 img=$3; shift 3
  "$sim" --soc "$soc" --max-cycles 10000000 --stats --stats-json "$dir/$name.json" "$@" "$dir/$img" \
    >"$dir/$name.out" 2>"$dir/$name.err"
  local rc=$?
  [ $rc -eq "$want" ] || fail "$name: exit status $rc, expected $want ($(tail -1 "$dir/$name.err"))"
  grep -q '"consistent": true' "$dir/$name.json" || fail "$name: base + stalls != cycles"
}
# top-level number, or one of a cache's (get KEY FILE [icache|dcache])
get() {
  local line
  if [ $# -eq 3 ]; then line=$(grep "\"$3\": {" "$2"); else line=$(cat "$2"); fi
  echo "$line" | grep -o "\"$1\": [0-9]*" | head -1 | grep -o '[0-9]*$'
}
expect() { # expect NAME FILE CACHE KEY VALUE
  local got; got=$(get "$4" "$2" "$3")
  [ "$got" = "$5" ] || fail "$1: $3 $4 = ${got:-missing}, expected $5"
}
mem="--mem-latency 10 --mem-beat 2"   # a 32-byte line: 10 + 7 x 2 = 24 cycles
refill=24
# RV64's store walk is sd: two 4-byte beats (10 + 2) per write-through store, RV32's sw one
[ "$xlen" = 64 ] && wstore=12 || wstore=10

# usage errors: a memory without a cache, a bad geometry, a policy on the I$
usage() {
  "$sim" "$@" "$dir/cache.elf" >/dev/null 2>"$dir/usage.err"
  local rc=$?
  [ $rc -eq 120 ] || fail "tempo-sim $*: exit status $rc, expected 120"
  grep -q "^tempo-sim: --" "$dir/usage.err" || fail "tempo-sim $*: no one-line reason"
}
usage --mem-latency 5
usage --dcache 4K:32:3
usage --icache 4K:32:2:wt
usage --dcache 4K:32:2 --mem-width 3

run none 0 cache.elf
grep -q '"cache": "none"' "$dir/none.json" || fail "no cache: the JSON does not say \"cache\": \"none\""
grep -q '"caches"' "$dir/none.json" && fail "no cache: the JSON has a caches object"
c0=$(get cycles "$dir/none.json")

run wb 14 cache.elf --dcache 1K:32:2 $mem
for kv in reads=239 read_misses=203 writes=33 write_misses=32 writebacks=65 memory_writes=0 \
          stall_cycles=$(( (203 + 32 + 65) * refill )); do
  expect wb "$dir/wb.json" dcache "${kv%=*}" "${kv#*=}"
done
[ "$(get cycles "$dir/wb.json")" = $((c0 + (203 + 32 + 65) * refill)) ] || fail "wb: cycles are not $c0 + the D\$ stall"
grep -q '^  dcache loads 239, misses 203; stores 33, misses 32; write-backs 65, memory writes 0$' "$dir/wb.err" ||
  fail "wb: --stats has no dcache line with the counts"
grep -q '^  caches: dcache=1K:32:2:wb mem=10:2:4$' "$dir/wb.err" || fail "wb: --stats does not name the configuration"

run wt 10 cache.elf --dcache 1K:32:2:wt $mem
wt_stall=$((171 * refill + 32 * wstore + 10))   # + the sw of phase 10: one beat
for kv in reads=239 read_misses=171 writes=33 write_misses=32 writebacks=0 memory_writes=33 \
          stall_cycles=$wt_stall; do
  expect wt "$dir/wt.json" dcache "${kv%=*}" "${kv#*=}"
done
[ "$(get cycles "$dir/wt.json")" = $((c0 + wt_stall)) ] || fail "wt: cycles are not $c0 + the D\$ stall"

run free 6 cache.elf --dcache 1K:32:2 --mem-latency 0 --mem-beat 0
[ "$(get cycles "$dir/free.json")" = "$c0" ] || fail "free memory: $(get cycles "$dir/free.json") cycles, without caches $c0"

run both 15 cache.elf --icache 4K:32:2 --dcache 1K:32:2 $mem
expect both "$dir/both.json" dcache read_misses 203
expect both "$dir/both.json" dcache writebacks 65

run inone 0 icache.elf
i0=$(get cycles "$dir/inone.json")
run dm 0 icache.elf --icache 4K:32:1 $mem
expect dm "$dir/dm.json" icache misses 24
[ "$(get cycles "$dir/dm.json")" = $((i0 + 24 * refill)) ] || fail "direct-mapped I\$: cycles are not $i0 + 24 x $refill"
run tw 0 icache.elf --icache 4K:32:2 $mem
expect tw "$dir/tw.json" icache misses 6
[ "$(get cycles "$dir/tw.json")" = $((i0 + 6 * refill)) ] || fail "2-way I\$: cycles are not $i0 + 6 x $refill"
grep -q '^  icache fetches [0-9]*, misses 6$' "$dir/tw.err" || fail "2-way I\$: --stats has no icache line"
echo "D\$ write-back 203/32 misses, 65 write-backs; write-through 171/32 misses, 33 memory writes; I\$ 24 / 6 misses; cycles exact"
