#!/usr/bin/env bash
# --stats: base cycles + every stall cause add up to the total cycles, every cause the
# timing firmware exercises is non-zero, and the JSON agrees.  usage: stats.sh SIM ELF
set -u
sim=$1 elf=$2
json=$(mktemp)
trap 'rm -f "$json"' EXIT
out=$("$sim" --soc paper --stats --stats-json "$json" "$elf" 2>&1) \
  || { echo "$out" | tail -5; echo "firmware failed"; exit 1; }
cycles=$(awk '$1 == "cycles" {print $2}' <<<"$out")
base=$(awk '$1 == "base" && $2 == "cycles" {print $3}' <<<"$out")
sum=$(awk '$1 == "stall" {s += $3} END {print s}' <<<"$out")
[ -n "$cycles" ] && [ -n "$base" ] && [ -n "$sum" ] || { echo "$out"; echo "no stats"; exit 1; }
[ $((base + sum)) -eq "$cycles" ] \
  || { echo "base $base + stalls $sum != cycles $cycles"; exit 1; }
for cause in alu-use load-use branch mispredict jump store multiply divide csr trap refill idle; do
  v=$(awk -v c="$cause" '$1 == "stall" && $2 == c {print $3}' <<<"$out")
  [ -n "$v" ] && [ "$v" -gt 0 ] || { echo "stall cause $cause: '${v}' (expected > 0)"; exit 1; }
done
grep -q '"consistent": true' "$json" || { echo "stats JSON not consistent"; exit 1; }
echo "cycles $cycles = base $base + stalls $sum"
