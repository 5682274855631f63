#!/usr/bin/env bash
# One RMP test of `make test` (run through tools/check.sh: exit 0 pass, 77 skip with the reason
# as the last line, anything else fail).
# usage: rmp/test.sh KIND XLEN RMP_DIR SIM BUILD_COMMAND [IMAGES...]
#   KIND paper   RMP's benchmark (rmp-benchmark) on tempo-sim --soc paper: exit 0, every column
#                of RMP's table, no error line, min <= avg <= max (rmp/native.py --check); and
#                the benchmark layer's conformance test (rmp-port-test) when it is built
#        bench   every benchmark image of bench/ built for RMP (the IMAGES) on tempo-sim --soc
#                paper: exit 0, a DONE line, no FAIL line
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
paper)
  skip_no_dir
  $build || exit 1
  python3 rmp/native.py "$sim" "$out" --rmp-dir "$dir" --xlens "$xlen" --check || exit 1
  if [ -f "$out/paper-$xlen/rmp-port-test.elf" ]; then
    log=$(timeout 300 "$sim" --soc paper --imem-size 64K "$out/paper-$xlen/rmp-port-test.elf" 2>&1)
    rc=$?
    echo "$log"
    if [ $rc -ne 0 ] || ! grep -qx "rmp-port: PASS" <<<"$log"; then
      echo "rmp-port-test: exit status $rc, expected 0 and the line \"rmp-port: PASS\""
      exit 1
    fi
  fi
  ;;
bench)
  skip_no_dir
  [ $# -gt 0 ] || { echo "no RMP benchmark images (is bench/bench.mk there?)"; exit 1; }
  $build || exit 1
  tools/bench-images.sh "$sim" "$@"
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
  log=$(mktemp)
  $build >"$log" 2>&1
  rc=$?
  cat "$log"
  if [ $rc -eq 0 ]; then
    echo "the build accepted RMP_DIR=$dir, which is not an RMP tree"
    rm -f "$log"; exit 1
  fi
  if ! grep -q "RMP_DIR=$dir is not an RMP tree" "$log"; then
    echo "the build failed without saying that RMP_DIR is not an RMP tree"
    rm -f "$log"; exit 1
  fi
  rm -f "$log"
  ;;
*)
  echo "rmp/test.sh: unknown kind $kind"; exit 2 ;;
esac
