#!/usr/bin/env bash
# usage: paper/args-test.sh SIM OUT_DIR
# make paper-firmware without the paper's images: one SKIP line and status 0; a PAPER_FW_DIR
# that is not a directory, or holds no image: one line and status 2.
set -u
sim=$1 out=$2
mkdir -p "$out/empty"
fail() { echo "FAIL: $*"; exit 1; }
got=$(paper/paper-firmware.sh "$sim" "" "$out"); rc=$?
[ $rc -eq 0 ] && [[ $got == "paper-firmware: SKIP: give PAPER_FW_DIR="* ]] && [ "$(echo "$got" | wc -l)" -eq 1 ] \
  || fail "no PAPER_FW_DIR: status $rc, '$got'"
got=$(paper/paper-firmware.sh "$sim" "$out/none" "$out"); rc=$?
[ $rc -eq 2 ] && [[ $got == *"is not a directory" ]] || fail "missing directory: status $rc, '$got'"
got=$(paper/paper-firmware.sh "$sim" "$out/empty" "$out"); rc=$?
[ $rc -eq 2 ] && [[ $got == *"no image in"* ]] || fail "empty directory: status $rc, '$got'"
echo "paper-firmware arguments ok"
