#!/usr/bin/env bash
# One ThreadX test of `make test` (run through tools/check.sh: exit 0 pass, 77 skip with the
# reason as the last line, anything else fail).
# usage: threadx/test.sh KIND XLEN THREADX_DIR SIM BUILD_COMMAND [IMAGES...]
#   KIND paper|virt  the benchmark layer's conformance test (tx-port-test) on tempo-sim --soc
#                    paper|virt: exit 0 and "tx-port: PASS"
#        qemu        the same on qemu-system-riscv<XLEN> -M virt (skip when QEMU is absent)
#        tm          the original Thread-Metric tests (IMAGES) on tempo-sim: each exits 0 with
#                    one TMNATIVE line whose count is above zero
#        tm-virt     the same on tempo-sim --soc virt
#        tm-qemu     the same on qemu-system-riscv<XLEN> -M virt (skip when QEMU is absent)
#        bench       every benchmark image (IMAGES) on tempo-sim --soc paper: exit 0, a DONE
#                    line, no FAIL line (freertos/test.sh's check)
#        crosscheck  ThreadX's own Thread-Metric against Tempo's suite on ThreadX
#                    (threadx/crosscheck.py; IMAGES: the suites' build directory, then the
#                    original's image directories at RV32 and RV64)
#        bad-dir     the build must refuse THREADX_DIR (a directory that is not a ThreadX tree)
set -u
kind=$1 xlen=$2 dir=$3 sim=$4 build=$5
shift 5
out=build/threadx
if [ "$kind" != bad-dir ] && [ -z "$dir" ]; then
  echo "THREADX_DIR not set: make test THREADX_DIR=/path/to/threadx"
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
  $build || exit 1
  run tx-port-test "^tx-port: PASS$" "$sim" --soc "$kind" "$out/$kind-$xlen/tx-port-test.elf"
  ;;
qemu)
  qemu=qemu-system-riscv$xlen
  if ! command -v "$qemu" >/dev/null; then
    echo "$qemu not installed (apt-get install qemu-system-misc)"
    exit 77
  fi
  $build || exit 1
  run "tx-port-test (QEMU)" "^tx-port: PASS$" "$qemu" -M virt -bios none -nographic \
    -icount shift=0 -kernel "$out/qemu-$xlen/tx-port-test.elf"
  ;;
tm|tm-virt|tm-qemu)
  [ $# -gt 0 ] || { echo "no Thread-Metric images"; exit 1; }
  if [ $kind = tm-qemu ] && ! command -v qemu-system-riscv$xlen >/dev/null; then
    echo "qemu-system-riscv$xlen not installed (apt-get install qemu-system-misc)"
    exit 77
  fi
  $build || exit 1
  pass='^TMNATIVE test=".+" count=[1-9][0-9]* period_cycles=[1-9]'
  for image in "$@"; do
    case $kind in
    tm) run "$image" "$pass" "$sim" --soc paper --imem-size 64K --dmem-size 64K "$image" ;;
    tm-virt) run "$image" "$pass" "$sim" --soc virt "$image" ;;
    # QEMU's cycle counter is not the modelled core's: the run, not the figure, is checked;
    # without -icount QEMU's mtime follows the host's clock, so a run takes its 2 s
    tm-qemu) run "$image" '^TMNATIVE test=".+" count=[1-9]' qemu-system-riscv$xlen -M virt \
               -bios none -nographic -kernel "$image" ;;
    esac
  done
  ;;
bench)
  # the same check as FreeRTOS's images (freertos/test.sh bench: exit 0, DONE, no FAIL line)
  exec freertos/test.sh bench "$xlen" "$dir" "$sim" "$build" "$@"
  ;;
crosscheck)
  # IMAGES: the suites' build directory and the two directories of the original's images
  $build || exit 1
  tools/python.sh threadx/crosscheck.py "$sim" "$1" "$2" "$3" "--imem-size 64K --dmem-size 64K"
  ;;
bad-dir)
  log=$($build 2>&1)
  rc=$?
  echo "$log" | tail -n 5
  if [ $rc -eq 0 ]; then
    echo "the build accepted THREADX_DIR=$dir, which is not a ThreadX tree"; exit 1
  fi
  if ! grep -q "THREADX_DIR=$dir is not a ThreadX tree" <<<"$log"; then
    echo "the build failed without saying that THREADX_DIR is not a ThreadX tree"; exit 1
  fi
  ;;
*)
  echo "threadx/test.sh: unknown kind $kind"; exit 2 ;;
esac
