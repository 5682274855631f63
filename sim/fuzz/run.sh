#!/usr/bin/env bash
# Run the libFuzzer harnesses of tempo-sim, for a bounded time or over the stored inputs.
# usage: sim/fuzz/run.sh SECONDS|replay BUILD_DIR NAME...
#   SECONDS (make fuzz SECONDS=n): a random run of that many seconds per fuzzer; it keeps
#     what it finds in BUILD_DIR/corpus-NAME and starts from there the next time.
#   replay (make test): every seed and regress input once, nothing mutated, so that the
#     same tree always runs the same inputs and a failure in CI is never a matter of luck
#     (a fixed -seed is not enough: libFuzzer keeps an input by the coverage it adds, and
#     the simulator's hash tables, keyed by heap addresses, vary that from run to run).
#   BUILD_DIR/fuzz_NAME is the fuzzer; it starts from sim/fuzz/corpus/NAME (the seeds) and
#   sim/fuzz/regress/NAME (inputs that once failed: every one is run first).  Prints one line
#   per fuzzer (runs, time, crashes); exit 1 if one crashed (the input is in
#   BUILD_DIR/crash-NAME-*, with the command that replays it), 77 if the fuzzers cannot be
#   built (no clang with libFuzzer).
set -u
limit=$1 dir=$2; shift 2
status=0
for name in "$@"; do
  fuzzer=$dir/fuzz_$name
  [ -x "$fuzzer" ] || { echo "fuzzing skipped: $fuzzer not built (clang with libFuzzer needed)"; exit 77; }
  seeds=(sim/fuzz/corpus/$name)
  [ -d sim/fuzz/regress/$name ] && seeds+=(sim/fuzz/regress/$name)
  log=$dir/fuzz-$name.log
  case $limit in
    replay)
      work=$dir/corpus-$name-replay
      rm -rf "$work"
      opts=(-runs=0)
      what="the stored inputs" ;;
    *)
      work=$dir/corpus-$name
      opts=(-max_total_time="$limit")
      what="${limit} s" ;;
  esac
  mkdir -p "$work"
  start=$(date +%s)
  "$fuzzer" "${opts[@]}" -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$dir/crash-$name-" "$work" "${seeds[@]}" >"$log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - start ))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  if [ $rc -eq 0 ]; then
    kept=", corpus $(ls "$work" | wc -l) inputs"
    [ "$limit" = replay ] && kept=
    echo "fuzz-$name: ${runs:-?} inputs run ($what, ${secs} s)$kept, no crash"
  else
    status=1
    crash=$(ls -t "$dir"/crash-$name-* 2>/dev/null | head -n 1)
    echo "fuzz-$name: FAILED after ${runs:-?} runs ($what): $(grep -m1 -E 'ERROR|SUMMARY|runtime error|deadly signal' "$log")"
    echo "  input: $crash; replay: $fuzzer $crash"
    grep -E '^ +#[0-9]+ ' "$log" | head -n 8
  fi
done
exit $status
