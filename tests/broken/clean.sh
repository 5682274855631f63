#!/usr/bin/env bash
# A correct program reports nothing: run every image with and without --check (the options
# of its suite as well) and require that --check finds nothing (no "tempo-sim: check:"
# line, no status 128) and changes nothing (the same status and output).
# usage: tests/broken/clean.sh SIM OUTDIR ENTRY...   (ENTRY: OPTIONS|IMAGE, as in
# sim/tests/engines-test.sh).  Two images run at a time (JOBS=n to change).  CHECK_LISTS holds
# "GLOB=LIST" words: an image matching GLOB runs with --check=LIST instead of every check.
set -u
sim=$1 dir=$2
shift 2
jobs=${JOBS:-2}
rm -rf "$dir" && mkdir -p "$dir"

one() { # index entry: writes $dir/$index.result
  local i=$1 entry=$2 img opts out
  img=${entry#*|} opts=${entry%%|*}
  out=$dir/$i
  if [ ! -f "$img" ]; then
    echo "MISSING $img" >"$out.result"; return
  fi
  local -a args
  IFS=, read -r -a args <<<"$opts"
  "$sim" "${args[@]}" "$img" >"$out.plain.out" 2>/dev/null
  echo $? >"$out.plain.status"
  local check=--check pair
  for pair in ${CHECK_LISTS:-}; do
    # shellcheck disable=SC2254
    case $img in ${pair%%=*}) check=--check=${pair#*=} ;; esac
  done
  "$sim" "$check" "${args[@]}" "$img" >"$out.check.out" 2>"$out.check.err"
  echo $? >"$out.check.status"
  if grep -q '^tempo-sim: check: ' "$out.check.err" || [ "$(cat "$out.check.status")" = 128 ]; then
    echo "FOUND $img (${args[*]}): $(grep '^tempo-sim: check: ' "$out.check.err" | head -n 1)" >"$out.result"
  elif ! cmp -s "$out.plain.status" "$out.check.status" || ! cmp -s "$out.plain.out" "$out.check.out"; then
    echo "CHANGED $img (${args[*]}): status $(cat "$out.plain.status") -> $(cat "$out.check.status")" >"$out.result"
  else
    echo "CLEAN $img" >"$out.result"
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
    CLEAN*) n=$((n + 1)) ;;
    MISSING*) missing=$((missing + 1)); echo "$r" ;;
    *) n=$((n + 1)); bad=$((bad + 1)); echo "$r" ;;
  esac
done
echo "$n images under --check: $((n - bad)) with no finding and the same results, $bad not, $missing missing"
[ $bad -eq 0 ] && [ $missing -eq 0 ] && [ $n -gt 0 ]
