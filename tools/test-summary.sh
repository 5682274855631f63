#!/usr/bin/env bash
# Print the closing line of `make test` from the recorded results; fail if any test
# failed or none ran.
set -u
results=${TEMPO_RESULTS:-build/test-results.txt}
[ -f "$results" ] || { echo "0 passed, 0 failed"; exit 1; }
p=$(grep -c '^PASS ' "$results"); f=$(grep -c '^FAIL ' "$results"); s=$(grep -c '^SKIP ' "$results")
grep '^FAIL ' "$results" | sed 's/^/  /'
if [ "$s" -gt 0 ]; then echo "$p passed, $f failed, $s skipped"; else echo "$p passed, $f failed"; fi
[ "$f" -eq 0 ] && [ "$p" -gt 0 ]
