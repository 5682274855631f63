#!/bin/sh
# make frama-c: Frama-C's Eva over the kernel's data-structure code, one harness per
# structure (tests/frama-c/*.c state the preconditions and the sequences analysed), under
# two machine models: ILP32 as RV32 (gcc_x86_32) and LP64 as RV64 (gcc_x86_64).
# The ACSL contracts of kernel/heap.c (block sizes, splits and merges inside the heap, class
# indices in range) and kernel/timer.c (the wheel's slot and window) are checked with the
# harnesses' assertions: Eva evaluates every precondition at each call, every postcondition
# at each return and every assertion on the paths it enumerates.
# Prints one line per run and a total: "frama-c: N alarms (E explained in FILE); A
# assertions, P preconditions, Q postconditions valid"; exits 1 if a run fails, an
# assertion, precondition or postcondition is not proved valid, or an alarm is not listed
# with its reason in tests/frama-c/alarms.txt.  Usage: run.sh OUTDIR
set -u
out=${1:-build/frama-c}
dir=tests/frama-c
mkdir -p "$out"
command -v frama-c >/dev/null || { echo "frama-c missing (apt-get install frama-c-base)"; exit 2; }
# Data memory of the heap, pool and ring harnesses: an absolute address range Eva treats as valid
# (the paper SoC's data memory is at a fixed address too): 64 KiB of heap memory and, above
# it, the heap harness's control block.
range=-absolute-valid-range=0x10000000-0x10010fff
total=0 explained=0 bad=0 asserts=0 pres=0 posts=0
runs="heap:heap.c: pool:pool.c: msgq:ring.c: bmq:ring.c:-DRING_BMQ waitq:waitq.c: wheel:wheel.c: wheel1:wheel.c:-DTK_CONFIG_TICK_EXPIRIES=1"
[ -n "${FC_ONLY:-}" ] && runs=$FC_ONLY
for w in 32 64; do
  for r in $runs; do
    name=${r%%:*} rest=${r#*:} file=${rest%%:*} def=${rest#*:}
    log=$out/$name-rv$w.log csv=$out/$name-rv$w.csv
    if ! frama-c -c11 -pp-annot -machdep gcc_x86_$w \
        -cpp-extra-args="-I$dir/stub -Ikernel/include -Ikernel -Iport/riscv $def" \
        $range -warn-invalid-pointer $dir/$file \
        -eva -eva-slevel 100000 -eva-split-return full ${EVA_EXTRA:-} -eva-no-show-progress -eva-msg-key=-final-states \
        -report-csv "$csv" \
        >"$log" 2>&1; then
      echo "frama-c $name rv$w: analysis failed (see $log)"; bad=1; continue
    fi
    n=$(sed -n 's/^ *\([0-9]*\) alarms\{0,1\} generated.*/\1/p' "$log")
    [ -n "$n" ] || { echo "frama-c $name rv$w: no summary (see $log)"; bad=1; continue; }
    # assertions of the harness and the kernel: all valid
    props=$(sed -n 's/^ *Assertions *\([0-9]*\) valid *\([0-9]*\) unknown *\([0-9]*\) invalid.*/\1 \2 \3/p' "$log")
    set -- ${props:-0 0 0}
    if [ "$2" != 0 ] || [ "$3" != 0 ]; then
      echo "frama-c $name rv$w: assertions $1 valid, $2 unknown, $3 invalid (see $log)"; bad=1
    fi
    nassert=$1
    # the kernel's contracts, one status each over every call (report plugin's table:
    # directory, file, line, function, kind, status, property)
    k='($1 "/" $2) ~ /(^|\/)kernel\/[^\/]*$/ && ($5 == "precondition" || $5 == "postcondition")'
    npre=$(awk -F'\t' "$k && \$5 == \"precondition\" && \$6 == \"Valid\"" "$csv" | wc -l)
    npost=$(awk -F'\t' "$k && \$5 == \"postcondition\" && \$6 == \"Valid\"" "$csv" | wc -l)
    awk -F'\t' "$k && \$6 != \"Valid\"" "$csv" | while IFS=$'\t' read -r d f l fn kind st prop; do
      echo "frama-c $name rv$w: $kind of $fn ($f:$l) $st: $prop"
    done | grep . && bad=1
    # each alarm: FILE:LINE and its text, matched against the explained list
    e=0
    for a in $(grep -A1 '^\[eva:alarm\]' "$log" | sed -n 's/^\[eva:alarm\] \([^:]*\):\([0-9]*\):.*/\1:\2/p' \
               | sed "s|^$(pwd)/||" | sort -u); do
      if grep -q "^$name rv$w $a " $dir/alarms.txt 2>/dev/null || grep -q "^$name \* $a " $dir/alarms.txt 2>/dev/null; then
        e=$((e + 1))
      else
        echo "frama-c $name rv$w: unexplained alarm at $a (see $log)"; bad=1
      fi
    done
    echo "frama-c $name rv$w: $n alarms, $nassert assertions, $npre preconditions, $npost postconditions valid"
    total=$((total + n)) explained=$((explained + e))
    asserts=$((asserts + nassert)) pres=$((pres + npre)) posts=$((posts + npost))
  done
done
echo "frama-c: $total alarms ($explained explained in $dir/alarms.txt); $asserts assertions, $pres preconditions, $posts postconditions valid"
exit $bad
