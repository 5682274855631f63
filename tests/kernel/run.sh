#!/usr/bin/env bash
# Run one kernel test image.  usage: tests/kernel/run.sh CONFIG IMAGE
#   paper32/paper64 -> tempo-sim --soc paper; virt32/virt64 -> tempo-sim --soc virt;
#   qemu32/qemu64   -> qemu-system-riscv32/64 -M virt (exit 77 = SKIP when not installed).
set -u
cfg=$1; img=$2
sim=${SIM:-build/tempo-sim}
# Enough for the stress test (tens of millions of cycles); a hang ends with status 124.
max=${KT_MAX_CYCLES:-400000000}
case $cfg in
  paper*) exec "$sim" --soc paper --max-cycles "$max" "$img" ;;
  virt*)  exec "$sim" --soc virt --max-cycles "$max" "$img" ;;
  qemu32|qemu64)
    q=qemu-system-riscv${cfg#qemu}
    command -v "$q" >/dev/null || { echo "$q not installed (apt-get install qemu-system-misc)"; exit 77; }
    exec timeout 60 "$q" -M virt -bios none -nographic -monitor none -serial stdio -icount shift=0,sleep=off -kernel "$img" ;;
  *) echo "unknown configuration $cfg"; exit 2 ;;
esac
