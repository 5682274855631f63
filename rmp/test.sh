#!/usr/bin/env bash
# One RMP test of `make test` (run through tools/check.sh: exit 0 pass, 77 skip with the reason
# as the last line, anything else fail).
# usage: rmp/test.sh KIND XLEN RMP_DIR SIM BUILD_COMMAND [IMAGES...]
#   KIND paper   RMP's benchmark (rmp-benchmark) on tempo-sim --soc paper: exit 0, every column
#                of RMP's table, no error line, min <= avg <= max (rmp/native.py --check); and
#                the benchmark layer's conformance test (rmp-port-test)
#        virt    the same on tempo-sim --soc virt
#        qemu    the conformance test on qemu-system-riscv<XLEN> -M virt (skip when QEMU is
#                absent; without the simulator-control device, its interrupt checks are left out)
#        bench   every benchmark image of bench/ built for RMP (the IMAGES) on tempo-sim --soc
#                paper: exit 0, a DONE line, no FAIL line
#        crosscheck Tempo's kernel-metric suite on RMP against RMP's own benchmark, column by
#                column: the suite's figure is RMP's own plus the layer (rmp/native.py
#                --cross-check, docs/rmp.md "Cross-check")
#        footprint RMP's smallest program (the IMAGES, rmp/rmp.mk "footprint") runs: still
#                running, without a fault, after 2,000,000 cycles (20 ticks)
#        bad-dir the build must refuse RMP_DIR (a directory that is not an RMP tree)
set -u
kind=$1 xlen=$2 dir=$3 sim=$4 build=$5
shift 5
out=build/rmp
skip_no_dir() {
  if [ -z "$dir" ]; then
    echo "RMP_DIR not set: make test RMP_DIR=/path/to/RMP"
    exit 77
  fi
}

case $kind in
paper|virt)
  skip_no_dir
  $build || exit 1
  python3 rmp/native.py "$sim" "$out" --soc "$kind" --rmp-dir "$dir" --xlens "$xlen" --check || exit 1
  mem=
  [ "$kind" = paper ] && mem="--imem-size 64K" # rmp/board/paper-imem64k.ld
  tools/run-image.sh rmp-port-test "rmp-port: PASS" "$sim" --soc "$kind" $mem \
    "$out/$kind-$xlen/rmp-port-test.elf"
  ;;
qemu)
  skip_no_dir
  qemu=qemu-system-riscv$xlen
  if ! command -v "$qemu" >/dev/null; then
    echo "$qemu not installed (apt-get install qemu-system-misc)"
    exit 77
  fi
  $build || exit 1
  tools/run-image.sh "rmp-port-test (QEMU)" "rmp-port: PASS" "$qemu" -M virt -bios none \
    -nographic -icount shift=0 -kernel "$out/qemu-$xlen/rmp-port-test.elf"
  ;;
bench)
  skip_no_dir
  [ $# -gt 0 ] || { echo "no RMP benchmark images (is bench/bench.mk there?)"; exit 1; }
  $build || exit 1
  tools/bench-images.sh "$sim" "$@"
  ;;
crosscheck)
  skip_no_dir
  $build || exit 1
  python3 rmp/native.py "$sim" "$out" --rmp-dir "$dir" --xlens "$xlen" --check \
    --cross-check build/bench
  ;;
footprint)
  skip_no_dir
  $build || exit 1
  for image in "$@"; do
    timeout 60 "$sim" --soc paper --max-cycles 2000000 "$image"
    rc=$?
    # 124: the cycle limit (the init thread idles for ever); anything else is a fault
    [ $rc -eq 124 ] || { echo "$image: exit status $rc, expected 124 (still running)"; exit 1; }
  done
  ;;
bad-dir)
  tools/refuses-dir.sh RMP RMP_DIR "$dir" "$build"
  ;;
*)
  echo "rmp/test.sh: unknown kind $kind"; exit 2 ;;
esac
