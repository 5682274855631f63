#!/usr/bin/env bash
# Run the libFuzzer harnesses of tempo-sim for a bounded time each.
# usage: sim/fuzz/run.sh SECONDS BUILD_DIR NAME...   (make fuzz SECONDS=n; make test: 5)
#   BUILD_DIR/fuzz_NAME is the fuzzer; it starts from sim/fuzz/corpus/NAME (the seeds) and
#   sim/fuzz/regress/NAME (inputs that once failed: every one is run first), and keeps what
#   it finds in BUILD_DIR/corpus-NAME.  Prints one line per fuzzer (runs, time, crashes);
#   exit 1 if one crashed (the input is in BUILD_DIR/crash-NAME-*, with the command that
#   replays it), 77 if the fuzzers cannot be built (no clang with libFuzzer).
set -u
secs=$1 dir=$2; shift 2
status=0
for name in "$@"; do
  fuzzer=$dir/fuzz_$name
  [ -x "$fuzzer" ] || { echo "fuzzing skipped: $fuzzer not built (clang with libFuzzer needed)"; exit 77; }
  work=$dir/corpus-$name
  mkdir -p "$work"
  seeds=(sim/fuzz/corpus/$name)
  [ -d sim/fuzz/regress/$name ] && seeds+=(sim/fuzz/regress/$name)
  log=$dir/fuzz-$name.log
  "$fuzzer" -max_total_time="$secs" -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$dir/crash-$name-" "$work" "${seeds[@]}" >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  if [ $rc -eq 0 ]; then
    echo "fuzz-$name: ${runs:-?} runs in ${secs} s (${rate:-?}/s), corpus $(ls "$work" | wc -l) inputs, no crash"
  else
    status=1
    crash=$(ls -t "$dir"/crash-$name-* 2>/dev/null | head -n 1)
    echo "fuzz-$name: FAILED after ${runs:-?} runs: $(grep -m1 -E 'ERROR|SUMMARY|runtime error|deadly signal' "$log")"
    echo "  input: $crash; replay: $fuzzer $crash"
    grep -E '^ +#[0-9]+ ' "$log" | head -n 8
  fi
done
exit $status
