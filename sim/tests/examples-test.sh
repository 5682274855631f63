#!/usr/bin/env bash
# The examples as docs/application.md tells a user to build and run them: each
# directory copied out of the tree, `make TEMPO=<tree> SOC=.. XLEN=..`, `make run` (and
# `make run-qemu` on virt, when QEMU is installed); each must print its lines and exit 0.
# usage: sim/tests/examples-test.sh tempo|freertos SOC XLEN [FREERTOS_DIR]
# The images stay in build/examples/KERNEL-SOC-XLEN/APP/ for the gdb, timeline and measure
# tests.
set -u
kernel=$1 soc=$2 xlen=$3 frdir=${4:-}
tree=$(pwd)
fail() { echo "FAIL: $*"; exit 1; }
[ -f /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs ] ||
  { echo "picolibc for the RISC-V cross compiler is not installed: sudo apt-get install -y picolibc-riscv64-unknown-elf"; exit 77; }
if [ "$kernel" = freertos ]; then
  [ -n "$frdir" ] || { echo "FREERTOS_DIR not set: make test FREERTOS_DIR=/path/to/FreeRTOS-Kernel"; exit 77; }
  apps="freertos-prodcons"
  extra="FREERTOS_DIR=$frdir"
else
  apps="hello prodcons irq"
  extra=
fi
dir=build/examples/$kernel-$soc-$xlen
rm -rf "$dir" && mkdir -p "$dir" || fail "cannot make $dir"
for app in $apps; do
  name=${app#freertos-}
  cp -r "examples/$app" "$dir/$name"
  rm -rf "$dir/$name"/build-*-*
  (cd "$dir/$name" && make -s TEMPO="$tree" SOC="$soc" XLEN="$xlen" $extra) >"$dir/$name.build.log" 2>&1 ||
    { tail -20 "$dir/$name.build.log"; fail "$app did not build"; }
  case $name in
  hello) want="^hello, world: thread hello on the $soc SoC, RV$xlen, tick 0$" ;;
  prodcons) want="^done: 16 produced, 16 consumed, sum 136$" ;;
  irq) want="^done: 4 interrupts$" ;;
  esac
  out=$(cd "$dir/$name" && make -s run TEMPO="$tree" SOC="$soc" XLEN="$xlen" $extra 2>&1)
  rc=$?
  [ $rc -eq 0 ] || { echo "$out" | tail -5; fail "$app: make run exited $rc"; }
  grep -Eq "$want" <<<"$out" || { echo "$out" | tail -5; fail "$app: no line /$want/"; }
  if [ "$name" = prodcons ]; then
    [ "$(grep -Ec '^tick +[0-9]+: item +[0-9]+ consumed' <<<"$out")" = 16 ] || fail "$app: not 16 items"
  fi
  # irq's interrupt comes from tempo-sim's simulator-control device, which QEMU lacks
  qemu=
  if [ "$soc" = virt ] && [ "$name" != irq ] && command -v "qemu-system-riscv$xlen" >/dev/null; then
    out=$(cd "$dir/$name" && timeout 60 make -s run-qemu TEMPO="$tree" SOC="$soc" XLEN="$xlen" $extra 2>&1)
    rc=$?
    [ $rc -eq 0 ] || { echo "$out" | tail -5; fail "$app: make run-qemu exited $rc"; }
    grep -Eq "${want/tick 0\$/tick [0-9]+\$}" <<<"$out" || { echo "$out" | tail -5; fail "$app on QEMU: no line /$want/"; }
    qemu=" and QEMU"
  fi
  echo "$app ($kernel, $soc, RV$xlen): built out of the tree, ran on tempo-sim${qemu:-}"
done
