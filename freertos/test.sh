#!/usr/bin/env bash
# One FreeRTOS test of `make test` (run through tools/check.sh: exit 0 pass, 77 skip with the
# reason as the last line, anything else fail).
# usage: freertos/test.sh KIND XLEN FREERTOS_DIR SIM BUILD_COMMAND
#   KIND paper   the paper experiment (fr-paper) and the benchmark-layer conformance test
#                (fr-port-test) on tempo-sim --soc paper: both must pass their self-checks
#        virt    the same on tempo-sim --soc virt
#        qemu    the same on qemu-system-riscv<XLEN> -M virt (skip when QEMU is absent)
#        bench   every benchmark image of bench/ built for FreeRTOS (the images follow BUILD_COMMAND
#                as arguments) on tempo-sim --soc paper: exit 0, a DONE line, no FAIL line
#        table2  the paper experiment at both widths within 10% of the paper's Table II, and
#                RV64 = RV32 (2%) with the generic task selection (freertos/paper/README.md)
#        bad-dir the build must refuse FREERTOS_DIR (a directory that is not a kernel tree)
set -u
kind=$1 xlen=$2 dir=$3 sim=$4 build=$5
shift 5
out=build/freertos
skip_no_dir() {
  if [ -z "$dir" ]; then
    echo "FREERTOS_DIR not set: make test FREERTOS_DIR=/path/to/FreeRTOS-Kernel"
    exit 77
  fi
}
# run_image NAME PASS_LINE COMMAND...: the image must exit 0 and print PASS_LINE.
run_image() { tools/run-image.sh "$@" || exit 1; }

case $kind in
paper|virt)
  skip_no_dir
  $build || exit 1
  run_image fr-paper "fr-paper: PASS" "$sim" --soc "$kind" "$out/$kind-$xlen/fr-paper.elf"
  run_image fr-port-test "fr-port: PASS" "$sim" --soc "$kind" "$out/$kind-$xlen/fr-port-test.elf"
  ;;
bench)
  skip_no_dir
  [ $# -gt 0 ] || { echo "no FreeRTOS benchmark images (is bench/bench.mk there?)"; exit 1; }
  $build || exit 1
  tools/bench-images.sh "$sim" "$@"
  ;;
qemu)
  skip_no_dir
  qemu=qemu-system-riscv$xlen
  if ! command -v "$qemu" >/dev/null; then
    echo "$qemu not installed (apt-get install qemu-system-misc)"
    exit 77
  fi
  $build || exit 1
  for image in fr-paper fr-port-test; do
    pass="fr-paper: PASS"
    [ $image = fr-port-test ] && pass="fr-port: PASS"
    run_image "$image (QEMU)" "$pass" "$qemu" -M virt -bios none -nographic -icount shift=0 \
      -kernel "$out/qemu-$xlen/$image.elf"
  done
  ;;
table2)
  skip_no_dir
  $build || exit 1
  python3 freertos/paper/compare.py "$sim" "$out" --check
  ;;
bad-dir)
  tools/refuses-dir.sh FreeRTOS-Kernel FREERTOS_DIR "$dir" "$build"
  ;;
*)
  echo "freertos/test.sh: unknown kind $kind"; exit 2 ;;
esac
