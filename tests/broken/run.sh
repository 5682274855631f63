#!/bin/sh
# tests/broken/run.sh SIM IMAGE SOURCE: run IMAGE under tempo-sim --check and require what
# SOURCE's header expects ("expect: KIND|THREAD|FUNCTION"): status 128 and one finding line
# with that kind, naming that thread and, at the source line marked "/* bug */" (in SOURCE or
# the bug_*.h it includes), that function.  The SoC comes from the image's directory (paper32, virt64, ...).
set -u
sim=$1 image=$2 src=$3
case $image in */paper*) soc=paper ;; *) soc=virt ;; esac
expect=$(sed -n 's/^ \* expect: //p' "$src" | sed 's/ *\*\/$//')
kind=${expect%%|*} rest=${expect#*|}
thread=${rest%%|*} func=${rest#*|}
# the bug is in SOURCE or in the bug_*.h it includes (a bug both kernels share)
bug=$src
grep -q '/\* bug \*/' "$src" || bug=$(dirname "$src")/$(sed -n 's/^#include "\(bug_[a-z]*\.h\)"/\1/p' "$src")
line=$(grep -n '/\* bug \*/' "$bug" 2>/dev/null | cut -d: -f1)
[ -n "$expect" ] && [ -n "$line" ] || { echo "$src: no 'expect:' header or no /* bug */ line"; exit 1; }
# a hang is found after --check-hang cycles: short here, so the test stays quick
out=$("$sim" --soc "$soc" --check --check-hang 3000000 "$image" 2>&1 >/dev/null)
status=$?
echo "$out"
[ "$status" -eq 128 ] || { echo "FAIL: status $status, expected 128 (a --check finding)"; exit 1; }
n=$(printf '%s\n' "$out" | grep -c '^tempo-sim: check: ')
[ "$n" -eq 1 ] || { echo "FAIL: $n finding lines, expected 1"; exit 1; }
finding=$(printf '%s\n' "$out" | grep '^tempo-sim: check: ')
case $finding in
"tempo-sim: check: $kind"*) ;;
*) echo "FAIL: not a '$kind' finding"; exit 1 ;;
esac
where="$func ($bug:$line)"
case $kind in
deadlock) want="$thread waits in $where for mutex " ;;
*) want="thread $thread, pc 0x" ;;
esac
printf '%s\n' "$finding" | grep -qF -- "$want" || { echo "FAIL: the line does not say '$want'"; exit 1; }
printf '%s\n' "$finding" | grep -qF -- "in $where" || { echo "FAIL: the line does not say 'in $where'"; exit 1; }
echo "PASS: $kind, thread $thread, $where"
