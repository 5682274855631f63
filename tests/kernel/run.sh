#!/usr/bin/env bash
# Run one kernel test image.  usage: tests/kernel/run.sh CONFIG IMAGE
#   paper32/paper64 -> tempo-sim --soc paper; virt32/virt64 -> tempo-sim --soc virt;
#   qemu32/qemu64   -> qemu-system-riscv32/64 -M virt (exit 77 = SKIP when not installed).
# An image that ends on purpose with a fatal report has tests/kernel/<name>.expect: its first
# line is the exit status expected, each further line a text the output must contain.
set -u
cfg=$1; img=$2
sim=${SIM:-build/tempo-sim}
# Enough for the stress test (tens of millions of cycles); a hang ends with status 124.
max=${KT_MAX_CYCLES:-400000000}
run() {
  case $cfg in
    paper*) "$sim" --soc paper --max-cycles "$max" "$img" ;;
    virt*)  "$sim" --soc virt --max-cycles "$max" "$img" ;;
    qemu32|qemu64)
      q=qemu-system-riscv${cfg#qemu}
      command -v "$q" >/dev/null || { echo "$q not installed (apt-get install qemu-system-misc)"; return 77; }
      timeout 60 "$q" -M virt -bios none -nographic -monitor none -serial stdio -icount shift=0,sleep=off -kernel "$img" ;;
    *) echo "unknown configuration $cfg"; return 2 ;;
  esac
}
expect=tests/kernel/$(basename "$img" .elf).expect
[ -f "$expect" ] || { run; exit; }
out=$(run 2>&1); status=$?
printf '%s\n' "$out"
[ "$status" = 77 ] && exit 77
want=$(head -n 1 "$expect")
[ "$status" = "$want" ] || { echo "FAIL: exit status $status, expected $want"; exit 1; }
while IFS= read -r text; do
  printf '%s\n' "$out" | grep -qF -- "$text" || { echo "FAIL: not in the output: $text"; exit 1; }
done < <(tail -n +2 "$expect")
echo "PASS (exit status $status and the report expected)"
