#!/usr/bin/env bash
# Lost output is an error: a trace, a JSON report or stdout that cannot be written ends
# the run with status 127 and one line naming it; an output file that cannot be opened is a
# usage error (120) at start-up.  usage: sim/tests/output-test.sh SIM IMAGE
set -u
sim=$1 img=$2
e=sim/tests/expect.sh
fails=0
t() { "$e" "$@" || fails=$((fails + 1)); }
t 127 '^tempo-sim: output lost: /dev/full could not be written$' "$sim" --trace-file /dev/full "$img"
t 127 '^tempo-sim: output lost: /dev/full could not be written$' "$sim" --stats-json /dev/full "$img"
t 127 '^tempo-sim: output lost: /dev/full could not be written$' "$sim" --profile-json /dev/full "$img"
t 127 '^tempo-sim: output lost: /dev/full could not be written$' "$sim" --timeline /dev/full "$img"
# a path that cannot be opened fails at start-up, with the system's reason, before the run
# (a directory beside the image that does not exist)
absent=$img.absent/out
for opt in --stats-json --profile-json --timeline --coverage --trace-file; do
  t 120 "^tempo-sim: $opt: cannot open $absent: No such file or directory$" "$sim" "$opt" "$absent" "$img"
done
err=$("$sim" "$img" 2>&1 >/dev/full); rc=$?
echo "stdout on /dev/full: status $rc: $err"
if [ $rc -ne 127 ] || ! grep -q '^tempo-sim: output lost: stdout could not be written$' <<<"$err"; then
  echo "FAIL stdout on /dev/full"; fails=$((fails + 1))
fi
[ $fails -eq 0 ]
