#!/usr/bin/env bash
# RV64 against RV32 on the paper SoC (kernel budget: every kernel metric at RV64 within 10% of
# RV32).  usage: tests/kernel/widths.sh RV32_METRICS_ELF RV64_METRICS_ELF
set -u
sim=${SIM:-build/tempo-sim}
out32=$("$sim" --soc paper "$1") || { echo "$out32"; echo "RV32 metrics run failed"; exit 1; }
out64=$("$sim" --soc paper "$2") || { echo "$out64"; echo "RV64 metrics run failed"; exit 1; }
# spec: "RV64 within 10% of RV32" -> allowed ratio 1.10
limit_pct=110
fail=0
n=0
while read -r _ name _ avg32 _; do
  avg64=$(printf '%s\n' "$out64" | awk -v n="$name" '$1 == "metric" && $2 == n { print $4 }')
  [ -n "$avg64" ] || { echo "$name: no RV64 figure"; fail=1; continue; }
  n=$((n + 1))
  pct=$(( avg64 * 100 / avg32 ))
  status=ok
  if [ $(( avg64 * 100 )) -gt $(( avg32 * limit_pct )) ]; then status=OVER; fail=1; fi
  printf '%-8s RV32 %5s  RV64 %5s  %3s%%  %s\n' "$name" "$avg32" "$avg64" "$pct" "$status"
done < <(printf '%s\n' "$out32" | grep '^metric ')
[ "$n" -ge 11 ] || { echo "only $n metrics found"; exit 1; }
exit $fail
