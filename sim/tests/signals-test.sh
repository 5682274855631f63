#!/usr/bin/env bash
# SIGINT and SIGTERM end a run with one line (cycle, pc, function, and its source line, the
# thread and "interrupts off" when known) and the --stats block,
# and status 130 / 143.  usage: sim/tests/signals-test.sh SIM SPIN.elf (an endless loop in main)
set -u
sim=$1 img=$2
fails=0
one() { # signal status what
  local err rc pid
  err=$(mktemp)
  timeout -s KILL 20 "$sim" --stats "$img" >/dev/null 2>"$err" &
  pid=$!
  sleep 1
  kill -"$1" "$pid"
  wait "$pid"; rc=$?
  echo "SIG$1: status $rc"; cat "$err"
  if [ $rc -ne "$2" ] ||
     ! head -n 1 "$err" | grep -Eq "^tempo-sim: $3 at cycle [0-9]+, pc 0x[0-9a-f]+ in main( \(.*\))?(; .*)?$" ||
     ! grep -q '^tempo-sim stats' "$err"; then
    echo "FAIL SIG$1"; fails=$((fails + 1))
  fi
  rm -f "$err"
}
one INT 130 'interrupted \(SIGINT\)'
one TERM 143 'terminated \(SIGTERM\)'
[ $fails -eq 0 ]
