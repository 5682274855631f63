#!/usr/bin/env bash
# The loop-bound check of tools/wcet/wcet.py: a traced run of a message-queue image, bounded
# once with the message size in words (accepted) and once with a bound of 1 (refused: the
# copy loop's back edge was taken more often than that in one entry).
# usage: tools/wcet/loop-test.sh SIM IMAGE "WCET-COMMAND" MSG_WORDS
set -u
sim=$1 img=$2 wcet=$3 words=$4
trace=$(mktemp)
trap 'rm -f "$trace"' EXIT
"$sim" --soc paper --max-cycles 300000 --trace-file "$trace" "$img" >/dev/null 2>&1
# shellcheck disable=SC2086
$wcet --bound MSG_WORDS="$words" case "$img" "$trace" --enter bp_msgq_send > /dev/null ||
    { echo "refused with MSG_WORDS=$words"; exit 1; }
# shellcheck disable=SC2086
out=$($wcet --bound MSG_WORDS=1 case "$img" "$trace" --enter bp_msgq_send 2>&1 >/dev/null)
echo "$out"
grep -q "above its bound 1" <<<"$out" || { echo "MSG_WORDS=1 accepted"; exit 1; }
