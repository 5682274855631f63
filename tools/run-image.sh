#!/usr/bin/env bash
# Run one firmware image and check it passed: exit status 0 and the line PASS_LINE in its
# output (printed in full).  Used by the kernels' tests (freertos/test.sh, rmp/test.sh).
# usage: tools/run-image.sh NAME PASS_LINE COMMAND...
set -u
name=$1 pass=$2
shift 2
log=$(mktemp)
timeout 300 "$@" >"$log" 2>&1
rc=$?
cat "$log"
if [ $rc -ne 0 ] || ! grep -qx "$pass" "$log"; then
  echo "$name: exit status $rc, expected 0 and the line \"$pass\""
  rm -f "$log"
  exit 1
fi
rm -f "$log"
