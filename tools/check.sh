#!/usr/bin/env bash
# Run one test and record its outcome for the summary of `make test`.
# usage: tools/check.sh NAME COMMAND [ARGS...]
#   exit 0 -> PASS, exit 77 -> SKIP (the command prints the reason), else FAIL.
# Results are appended to $TEMPO_RESULTS (default build/test-results.txt); the test's output
# and duration are kept in the directory beside it (build/test-results.d/NAME.log, .time) for
# the JUnit XML that tools/test-summary.sh writes.
set -u
name=$1; shift
results=${TEMPO_RESULTS:-build/test-results.txt}
logs=${results%.txt}.d
mkdir -p "$(dirname "$results")" "$logs"
log=$logs/$name.log
start=$(date +%s.%N)
"$@" >"$log" 2>&1
rc=$?
end=$(date +%s.%N)
awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }' >"$logs/$name.time"
if [ $rc -eq 0 ]; then
  echo "PASS $name" | tee -a "$results"
elif [ $rc -eq 77 ]; then
  echo "SKIP $name: $(tail -n 1 "$log")" | tee -a "$results"
else
  echo "FAIL $name (exit $rc)" | tee -a "$results"
  tail -n 20 "$log" | sed 's/^/    /'
fi
exit 0
