#!/usr/bin/env bash
# Run benchmark images on tempo-sim --soc paper and check each passed its self-checks: exit
# status 0, a DONE line, no FAIL line (bench/common/bench.h).  Prints one line per image and
# a count; exits 1 if any failed.  Used by the kernels' tests (freertos/test.sh, rmp/test.sh).
# usage: tools/bench-images.sh SIM IMAGE...
set -u
sim=$1
shift
[ $# -gt 0 ] || { echo "no benchmark images (is the kernel's bench/ports/<kernel>/port.mk there?)"; exit 1; }
failed=0
for image in "$@"; do
  log=$(timeout 300 "$sim" --soc paper "$image" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || ! grep -qx DONE <<<"$log" || grep -q '^FAIL' <<<"$log"; then
    echo "$image: exit status $rc"
    grep '^FAIL' <<<"$log"
    failed=$((failed + 1))
  else
    echo "$image: $(grep -c '^RESULT' <<<"$log") results"
  fi
done
echo "$# images, $failed failed"
[ $failed -eq 0 ]
