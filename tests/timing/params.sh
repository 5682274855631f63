#!/usr/bin/env bash
# --list-params names every parameter of the table in sim/timing/timing.c, and --set rejects
# bad input with the usage exit status.  usage: params.sh SIM sim/timing/timing.c
set -u
sim=$1 table=$2
out=$("$sim" --list-params) || { echo "--list-params failed"; exit 1; }
names=$(sed -n 's/^ *{"\([a-z0-9_]*\)", P(.*/\1/p' "$table")
n=0
for name in $names; do
  n=$((n + 1))
  grep -qE "^  $name +[^ ]+ +.*(docs/timing\.md|derived|RTL)" <<<"$out" \
    || { echo "parameter $name missing from --list-params (or without a citation)"; exit 1; }
done
[ "$n" -ge 20 ] || { echo "only $n parameters found in $table"; exit 1; }
listed=$(grep -cE '^  [a-z0-9_]+ ' <<<"$out")
[ "$listed" -eq "$n" ] || { echo "--list-params lists $listed lines, the table has $n"; exit 1; }
for bad in nosuch=1 div32=abc div32=-3 div32 =5 predictor=oracle; do
  "$sim" --set "$bad" --list-params >/dev/null 2>&1
  rc=$?
  [ $rc -eq 120 ] || { echo "--set $bad: exit $rc, expected 120"; exit 1; }
done
"$sim" --set div32=10 --set predictor=not-taken --list-params | grep -qE '^  div32 +10 ' \
  || { echo "--set div32=10 not shown by --list-params"; exit 1; }
echo "$n parameters listed"
