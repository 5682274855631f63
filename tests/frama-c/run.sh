#!/bin/sh
# make frama-c: Frama-C's Eva over the kernel's data-structure code, one harness per
# structure (tests/frama-c/*.c state the preconditions and the sequences analysed), under
# two machine models: ILP32 as RV32 (gcc_x86_32) and LP64 as RV64 (gcc_x86_64).
# Prints one line per run and a total: "frama-c: N alarms (E explained in FILE)";
# exits 1 if a run fails, an assertion is not proved valid, or an alarm is not listed with
# its reason in tests/frama-c/alarms.txt.  Usage: run.sh OUTDIR
set -u
out=${1:-build/frama-c}
dir=tests/frama-c
mkdir -p "$out"
command -v frama-c >/dev/null || { echo "frama-c missing (apt-get install frama-c-base)"; exit 2; }
# Data memory of the heap and pool harnesses: an absolute address range Eva treats as valid
# (the paper SoC's data memory is at a fixed address too).
range=-absolute-valid-range=0x10000000-0x1000ffff
total=0 explained=0 bad=0
runs="heap:heap.c: pool:pool.c: msgq:ring.c: bmq:ring.c:-DRING_BMQ waitq:waitq.c: wheel:wheel.c:"
[ -n "${FC_ONLY:-}" ] && runs=$FC_ONLY
for w in 32 64; do
  for r in $runs; do
    name=${r%%:*} rest=${r#*:} file=${rest%%:*} def=${rest#*:}
    log=$out/$name-rv$w.log
    if ! frama-c -c11 -machdep gcc_x86_$w \
        -cpp-extra-args="-I$dir/stub -Ikernel/include -Ikernel -Iport/riscv $def" \
        $range -warn-invalid-pointer $dir/$file \
        -eva -eva-slevel 100000 -eva-split-return full ${EVA_EXTRA:-} -eva-no-show-progress -eva-msg-key=-final-states \
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
    echo "frama-c $name rv$w: $n alarms, $1 assertions valid"
    total=$((total + n)) explained=$((explained + e))
  done
done
echo "frama-c: $total alarms ($explained explained in $dir/alarms.txt)"
exit $bad
