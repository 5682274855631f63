#!/usr/bin/env bash
# usage: paper/args-test.sh SIM OUT_DIR FAKE_RHEAL.elf OBJCOPY
# make paper-firmware without the paper's images: one SKIP line and status 0; a PAPER_FW_DIR
# that is not a directory, or holds no image: one line and status 2; with a stand-in image
# (paper/fake_rheal.c as a .mem), each figure it prints in its row, beside Table II.
set -u
sim=$1 out=$2 fake=$3 objcopy=$4
mkdir -p "$out/empty"
fail() { echo "FAIL: $*"; exit 1; }
got=$(paper/paper-firmware.sh "$sim" "" "$out"); rc=$?
[ $rc -eq 0 ] && [[ $got == "paper-firmware: SKIP: give PAPER_FW_DIR="* ]] && [ "$(echo "$got" | wc -l)" -eq 1 ] \
  || fail "no PAPER_FW_DIR: status $rc, '$got'"
got=$(paper/paper-firmware.sh "$sim" "$out/none" "$out"); rc=$?
[ $rc -eq 2 ] && [[ $got == *"is not a directory" ]] || fail "missing directory: status $rc, '$got'"
got=$(paper/paper-firmware.sh "$sim" "$out/empty" "$out"); rc=$?
[ $rc -eq 2 ] && [[ $got == *"no image in"* ]] || fail "empty directory: status $rc, '$got'"
mkdir -p "$out/fake"
"$objcopy" -O binary "$fake" "$out/fake.bin" || fail "objcopy"
truncate -s %4 "$out/fake.bin"
od -An -v -tx4 -w4 "$out/fake.bin" | tr -d ' ' > "$out/fake/firmware_RV64_rhealstone.mem"
got=$(paper/paper-firmware.sh "$sim" "$out/fake" "$out/run"); rc=$?
echo "$got"
[ $rc -eq 0 ] || fail "stand-in image: status $rc"
row() { echo "$got" | grep -E "^$1 " | tr -s ' '; }
[ "$(row 'Task switch')" = "Task switch 437 437 (+0.0%) -" ] || fail "task switch row: '$(row 'Task switch')'"
[ "$(row 'Task preempt')" = "Task preempt 1264 1300 (+2.8%) -" ] || fail "task preempt row"
[ "$(row 'Message latency')" = "Message latency - 2001 -" ] || fail "message latency row"
[ "$(row 'Semaphore shuffle')" = "Semaphore shuffle - 602 -" ] || fail "semaphore shuffle row"
[ "$(row 'Deadlock break')" = "Deadlock break - 40003 -" ] || fail "deadlock break row"
grep -q '^+---' "$out/run/firmware_RV64_rhealstone.txt" || fail "no screen (--vga-text) in the run's output"
echo "paper-firmware arguments ok"
