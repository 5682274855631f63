#!/usr/bin/env bash
# The differential test of the execute loops: every image runs on the reference loop
# (--engine reference), on the fast engine (--engine fast, sim/core/fast.h: with generated
# code where the host has a generator) and on the fast engine's interpreter alone (--engine
# threaded) with the same options; exit status, stdout, stderr and --stats-json (cycles, minstret, stall cycles by
# cause, instruction classes, traps and their digest: which traps at which cycles) must be
# byte for byte the same, and so must every file the options write (the observers' and the
# profile's: --timeline=@OUT@.tl.json names one file per engine).
# usage: sim/tests/engines-test.sh SIM OUTDIR ENTRY...
#   ENTRY: OPTIONS|IMAGE, OPTIONS comma-separated (--soc=paper,--max-cycles=50000000); in
#   an option, ';' stands for a comma (--measure=isr=irq;mret) and @OUT@ for the output
#   files' stem, which the file's name then follows (@OUT@.tl.json)
# Two images run at a time (JOBS=n to change).
set -u
sim=$1 dir=$2
shift 2
jobs=${JOBS:-2}
rm -rf "$dir" && mkdir -p "$dir"

one() { # index entry: writes $dir/$index.result (a verdict line, then any differences)
  local i=$1 entry=$2 img opts out e k diffs=""
  img=${entry#*|} opts=${entry%%|*}
  out=$dir/$i
  if [ ! -f "$img" ]; then
    echo "MISSING $img" >"$out.result"; return
  fi
  local -a args eargs files=()
  IFS=, read -r -a args <<<"${opts//@OUT@/$out.ENGINE}"
  for a in "${args[@]}"; do
    [[ $a == *$out.ENGINE.* ]] && files+=("${a#*$out.ENGINE.}")
  done
  for e in reference fast threaded; do
    eargs=("${args[@]//$out.ENGINE/$out.$e}")
    "$sim" --engine "$e" "${eargs[@]//;/,}" --stats-json "$out.$e.json" "$img" >"$out.$e.out" 2>"$out.$e.err"
    echo $? >"$out.$e.status"
  done
  for e in fast threaded; do
    for k in status out err json "${files[@]}"; do
      [ ! -e "$out.reference.$k" ] && [ ! -e "$out.$e.$k" ] && continue # neither wrote it
      cmp -s "$out.reference.$k" "$out.$e.$k" || diffs="$diffs $e:$k"
    done
  done
  if [ -z "$diffs" ]; then
    echo "SAME $img" >"$out.result"
  else
    { echo "DIFFERENT $img (${args[*]}):$diffs"
      for d in $diffs; do diff "$out.reference.${d#*:}" "$out.${d%%:*}.${d#*:}" | head -n 6 | sed 's/^/    /'; done
    } >"$out.result"
  fi
}

i=0
for entry in "$@"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  one $i "$entry" &
  i=$((i + 1))
done
wait
n=0 bad=0 missing=0
for ((k = 0; k < i; k++)); do
  r=$(cat "$dir/$k.result" 2>/dev/null || echo "LOST entry $k")
  case $r in
    SAME*) n=$((n + 1)) ;;
    MISSING*) missing=$((missing + 1)); echo "$r" ;;
    *) n=$((n + 1)); bad=$((bad + 1)); echo "$r" ;;
  esac
done
echo "$n images on the three execute loops: $((n - bad)) identical, $bad different, $missing missing"
[ $bad -eq 0 ] && [ $missing -eq 0 ] && [ $n -gt 0 ]
