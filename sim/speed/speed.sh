#!/usr/bin/env bash
# Simulated instructions and cycles per host second for tempo-sim on the loop images, and
# QEMU's instructions per second on the same virt images (when qemu-system-riscv32/64 is
# installed; its instruction count is tempo-sim's minstret for the same image, its time
# includes QEMU's start-up).  Best of 3 runs each.
# usage: sim/bench/bench-sim.sh SIM DIR   (DIR holds loop-{paper,virt}-{32,64}.elf)
set -u
sim=$1 dir=$2
runs=3
now() { date +%s.%N; }
best_time() { # command...: prints the best wall time of $runs runs; fails if any run fails
  local best="" s e t
  for _ in $(seq $runs); do
    s=$(now); "$@" >/dev/null 2>&1 || return 1; e=$(now)
    t=$(echo "$e $s" | awk '{printf "%.4f", $1 - $2}')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best=$t; fi
  done
  echo "$best"
}
field() { grep -o "\"$1\": [0-9]*" "$2" | head -1 | grep -o '[0-9]*$'; }
printf '%-10s %14s %14s %8s %12s %12s\n' image instructions cycles seconds "Minsn/s" "Mcycles/s"
declare -A sim_ips
for soc in paper virt; do
  for x in 32 64; do
    img=$dir/loop-$soc-$x.elf json=$dir/loop-$soc-$x.json
    "$sim" --soc "$soc" --stats-json "$json" "$img" >/dev/null || { echo "tempo-sim failed on $img"; exit 1; }
    n=$(field instructions "$json"); c=$(field cycles "$json")
    t=$(best_time "$sim" --soc "$soc" "$img") || { echo "tempo-sim failed on $img"; exit 1; }
    printf '%-10s %14s %14s %8s %12.1f %12.1f\n' "$soc-$x" "$n" "$c" "$t" \
      "$(awk -v n="$n" -v t="$t" 'BEGIN{print n / t / 1e6}')" "$(awk -v n="$c" -v t="$t" 'BEGIN{print n / t / 1e6}')"
    sim_ips[$soc-$x]=$(awk -v n="$n" -v t="$t" 'BEGIN{print n / t}')
    [ "$soc" = virt ] && eval "insns_$x=$n"
  done
done
for x in 32 64; do
  q=qemu-system-riscv$x
  if ! command -v "$q" >/dev/null 2>&1; then
    echo "QEMU rv$x: $q not installed, not measured"
    continue
  fi
  img=$dir/loop-virt-$x.elf
  t=$(best_time timeout 300 "$q" -M virt -bios none -nographic -kernel "$img") ||
    { echo "QEMU rv$x: run failed"; continue; }
  n=$(eval echo "\$insns_$x")
  qips=$(awk -v n="$n" -v t="$t" 'BEGIN{print n / t}')
  printf 'QEMU rv%s virt: %s s, %.1f Minsn/s; tempo-sim / QEMU = %.2f\n' "$x" "$t" \
    "$(awk -v v="$qips" 'BEGIN{print v / 1e6}')" "$(awk -v a="${sim_ips[virt-$x]}" -v b="$qips" 'BEGIN{print a / b}')"
done
