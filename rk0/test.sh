#!/usr/bin/env bash
# One RK0 test of `make test` (run through tools/check.sh: exit 0 pass, 77 skip with the
# reason as the last line, anything else fail).
# usage: rk0/test.sh KIND XLEN RK0_DIR SIM BUILD_COMMAND [IMAGES...]
#   KIND paper|virt  the benchmark layer's conformance test (rk0-port-test) on tempo-sim --soc
#                    paper|virt: exit 0 and "rk0-port: PASS" (paper: IMAGES is tempo-sim's
#                    memory options)
#        qemu        the same on qemu-system-riscv<XLEN> -M virt (skip when QEMU is absent)
#        bench       every benchmark image (IMAGES) on tempo-sim --soc paper: exit 0, a DONE
#                    line, no FAIL line (freertos/test.sh's check)
#        footprint   the footprint programs (IMAGES) run their ping-pong: exit 0
#        bad-dir     the build must refuse RK0_DIR (a directory that is not an RK0 tree)
set -u
kind=$1 xlen=$2 dir=$3 sim=$4 build=$5
shift 5
out=build/rk0
if [ "$kind" != bad-dir ] && [ -z "$dir" ]; then
  echo "RK0_DIR not set: make test RK0_DIR=/path/to/RK0"
  exit 77
fi
# run NAME PASS_REGEX COMMAND...: the command must exit 0 and print a line matching PASS_REGEX.
run() {
  local name=$1 pass=$2; shift 2
  local log rc
  log=$(timeout 300 "$@" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || ! grep -Eq "$pass" <<<"$log"; then
    echo "$log" | tail -n 20
    echo "$name: exit status $rc, expected 0 and a line matching '$pass'"
    exit 1
  fi
  grep -E "$pass" <<<"$log" | head -n 1 | sed "s|^|$name: |"
}

case $kind in
paper|virt)
  # IMAGES: tempo-sim's memory options of the paper SoC (rk0/port/link-64k.ld)
  opts=""
  [ "$kind" = paper ] && opts=${1:-}
  $build || exit 1
  run rk0-port-test "^rk0-port: PASS$" "$sim" --soc "$kind" $opts "$out/$kind-$xlen/rk0-port-test.elf"
  ;;
qemu)
  qemu=qemu-system-riscv$xlen
  if ! command -v "$qemu" >/dev/null; then
    echo "$qemu not installed (apt-get install qemu-system-misc)"
    exit 77
  fi
  $build || exit 1
  # sleep=off: virtual time only advances with instructions.  Otherwise QEMU lets the host's
  # clock run while the core waits in wfi, several ticks fall due at once, and RK0's periodic
  # timers drop the periods they missed (ksystasks.c: a reload skips to the next period to
  # come), so the conformance test's alarm count would depend on the host's load.
  run "rk0-port-test (QEMU)" "^rk0-port: PASS$" "$qemu" -M virt -bios none -nographic \
    -icount shift=0,sleep=off -kernel "$out/qemu-$xlen/rk0-port-test.elf"
  ;;
bench)
  # the same check as FreeRTOS's images (freertos/test.sh bench: exit 0, DONE, no FAIL line)
  exec freertos/test.sh bench "$xlen" "$dir" "$sim" "$build" "$@"
  ;;
footprint)
  [ $# -gt 0 ] || { echo "no footprint images"; exit 1; }
  $build || exit 1
  for image in "$@"; do
    timeout 300 "$sim" --soc paper "$image" >/dev/null 2>&1
    rc=$?
    [ $rc -eq 0 ] || { echo "$image: exit status $rc, expected 0 (10 rounds of ping-pong)"; exit 1; }
  done
  echo "$# footprint programs ran their 10 rounds"
  ;;
bad-dir)
  log=$($build 2>&1)
  rc=$?
  echo "$log" | tail -n 5
  if [ $rc -eq 0 ]; then
    echo "the build accepted RK0_DIR=$dir, which is not an RK0 tree"; exit 1
  fi
  if ! grep -q "RK0_DIR=$dir is not an RK0 tree" <<<"$log"; then
    echo "the build failed without saying that RK0_DIR is not an RK0 tree"; exit 1
  fi
  ;;
*)
  echo "rk0/test.sh: unknown kind $kind"; exit 2 ;;
esac
