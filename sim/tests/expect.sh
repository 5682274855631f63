#!/usr/bin/env bash
# usage: sim/tests/expect.sh STATUS PATTERN [--] COMMAND...
# Run COMMAND; pass when it exits with STATUS and its output (stdout + stderr) matches the
# extended regular expression PATTERN ('' = anything).
set -u
want=$1 pat=$2; shift 2
[ "${1:-}" = -- ] && shift
out=$("$@" 2>&1)
rc=$?
echo "$out" | tail -n 20
if [ "$rc" -ne "$want" ]; then
  echo "expected exit status $want, got $rc: $*"
  exit 1
fi
if [ -n "$pat" ] && ! echo "$out" | grep -Eq -- "$pat"; then
  echo "output does not match /$pat/: $*"
  exit 1
fi
exit 0
