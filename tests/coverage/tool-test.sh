#!/usr/bin/env bash
# tempo-sim --coverage and tools/coverage/lcov.py, checked against independent figures.
# usage: tests/coverage/tool-test.sh SIM PYTHON OBJDUMP IMAGE OUTDIR [WHITEBOX LIBRARY]
#   IMAGE: a kernel test image for --soc paper.  Checks: the coverage file's executions add
#   up to the instructions --stats-json counts (plus the exceptions, whose instructions ran
#   without retiring); every branch's taken + not taken = its executions; the run's cycles
#   are those of a run without --coverage; an unwritable coverage file is lost output (127);
#   and lcov.py's N/M for the image's kernel/ and port/ branches equals the count made from
#   binutils' own line table (objdump -d -l) and the coverage file, counting only the
#   functions the kernel library defines (nm).  WHITEBOX: an image of a test that includes
#   kernel/kernel.h, whose own functions hold copies of its inline functions, and LIBRARY the
#   kernel library it links: lcov.py's M for it (not run) must be the same count, without
#   those copies (they are the test's code).
set -u
sim=$1 py=$2 objdump=$3 img=$4 out=$5 whitebox=${6:-} lib=${7:-}
[ -n "$py" ] || { echo "coverage tool test skipped: no python3 with pyelftools (python3-pyelftools)"; exit 77; }
mkdir -p "$out"
fail() { echo "FAIL: $*"; exit 1; }
"$sim" --soc paper --coverage "$out/run.cov" --stats-json "$out/cov.json" "$img" >/dev/null || fail "run with --coverage"
"$sim" --soc paper --stats-json "$out/plain.json" "$img" >/dev/null || fail "run without --coverage"
field() { sed -n "s/.*\"$2\": \([0-9]*\).*/\1/p" "$1" | head -n 1; }
[ "$(field "$out/cov.json" cycles)" = "$(field "$out/plain.json" cycles)" ] ||
  fail "cycles with --coverage $(field "$out/cov.json" cycles) != without $(field "$out/plain.json" cycles)"
head -n 1 "$out/run.cov" | grep -q '^# tempo-sim coverage 1 RV[0-9]* paper ' || fail "header: $(head -n 1 "$out/run.cov")"
executed=$(awk '!/^#/ { n += $2 } END { print n }' "$out/run.cov")
insns=$(field "$out/cov.json" instructions)
traps=$(field "$out/cov.json" traps) irqs=$(field "$out/cov.json" interrupts)
[ "$executed" = $((insns + traps - irqs)) ] ||
  fail "executions $executed != instructions $insns + exceptions $((traps - irqs))"
bad=$(awk '!/^#/ && NF == 4 && $3 + $4 != $2' "$out/run.cov" | head -n 1)
[ -z "$bad" ] || fail "branch with taken + not taken != executions: $bad"
branches=$(awk '!/^#/ && NF == 4' "$out/run.cov" | wc -l)
[ "$branches" -gt 50 ] || fail "only $branches branches ran"
"$sim" --soc paper --coverage /dev/full "$img" >/dev/null 2>"$out/full.err"
rc=$?
[ $rc -eq 127 ] && grep -q 'output lost: /dev/full' "$out/full.err" || fail "--coverage /dev/full: status $rc"

# the independent count: conditional branches under kernel/ or port/ per objdump -d -l, in
# the functions the kernel library defines (nm), or in every function without LIBRARY
root=$(pwd)
nm=${objdump%objdump}nm
: >"$out/kfuncs"
[ -z "$lib" ] || "$nm" --defined-only "$lib" | awk 'NF == 3 { print $3 }' >"$out/kfuncs"
count() { # IMAGE COVERAGE: hit/total
  "$objdump" -d -l "$1" | awk -v cov="$2" -v root="$root/" -v kf="$out/kfuncs" '
  BEGIN { while ((getline l < cov) > 0) if (l !~ /^#/) { split(l, f, " "); t[f[1]] = f[3]; nt[f[1]] = f[4] }
          while ((getline l < kf) > 0) { k[l] = 1; nk++ } }
  /^[0-9a-f]+ <[^>]*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
  /^\// { file = $1; sub(/:[0-9]+.*/, "", file); sub(root, "", file); next }
  /^ +[0-9a-f]+:\t/ {
    if (file !~ /^(kernel|port)\//) next
    if (nk && !(fn in k)) next
    split($0, p, "\t"); split(p[3], m, " ")
    if (m[1] !~ /^(beq|bne|blt|bge|bltu|bgeu|beqz|bnez|blez|bgez|bltz|bgtz|bgt|ble|bgtu|bleu)$/) next
    a = p[1]; gsub(/[ :]/, "", a); sub(/^0+/, "", a)
    total += 2; hit += (t[a] > 0) + (nt[a] > 0)
  }
  END { print hit "/" total }'
}
want=$(count "$img" "$out/run.cov")
got=$("$py" tools/coverage/lcov.py --name t --root . --source kernel/ --source port/ --ref "$img" \
        --run "$img" "$out/run.cov" --lcov "$out/t.info" | sed -n 's/.*: \([0-9]*\/[0-9]*\) branch directions.*/\1/p')
echo "lcov.py: $got, objdump -d -l: $want, executions $executed, branches run $branches"
[ -n "$got" ] && [ "$got" = "$want" ] || fail "lcov.py says $got, objdump's line table $want"
grep -q '^BRDA:' "$out/t.info" && grep -q '^end_of_record' "$out/t.info" || fail "no BRDA records in the lcov file"
if [ -n "$whitebox" ]; then
  all=$(: >"$out/kfuncs"; count "$whitebox" /dev/null)
  "$nm" --defined-only "$lib" | awk 'NF == 3 { print $3 }' >"$out/kfuncs"
  want=$(count "$whitebox" /dev/null)
  got=$("$py" tools/coverage/lcov.py --name t --root . --source kernel/ --source port/ --ref "$whitebox" \
          --lcov "$out/w.info" | sed -n 's/.*: \([0-9]*\/[0-9]*\) branch directions.*/\1/p')
  echo "white-box image: lcov.py $got, objdump -d -l in the library's functions $want, in all $all"
  [ -n "$got" ] && [ "$got" = "$want" ] || fail "white-box image: lcov.py says $got, objdump $want"
  [ "$want" != "$all" ] || fail "white-box image: no kernel/ or port/ branch in the test's own functions"
fi
echo "coverage ok"
