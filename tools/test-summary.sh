#!/usr/bin/env bash
# Print the closing line of `make test` from the recorded results and write them as JUnit XML
# for CI systems (build/test-results.xml, or $TEMPO_JUNIT); fail if any test failed or none ran.
set -u
results=${TEMPO_RESULTS:-build/test-results.txt}
junit=${TEMPO_JUNIT:-${results%.txt}.xml}
[ -f "$results" ] || { echo "0 passed, 0 failed"; exit 1; }
# Outside material that was given (make test FREERTOS_DIR=...): a check skipped for want of it
# did not run, so it counts as failed.
for v in ${TEMPO_GIVEN:-}; do
  sed -i "s/^SKIP \([^:]*\): \(.*\b$v\b.*\)/FAIL \1 (skipped although $v was given: \2)/" "$results"
done
p=$(grep -c '^PASS ' "$results"); f=$(grep -c '^FAIL ' "$results"); s=$(grep -c '^SKIP ' "$results")
grep '^FAIL ' "$results" | sed 's/^/  /'
py=$(command -v python3 || command -v /usr/bin/python3 || true)
if [ -n "$py" ]; then
  "$py" tools/junit.py "$results" "$junit" || echo "tempo: could not write $junit"
else
  echo "tempo: no python3: $junit not written"
fi
if [ "$s" -gt 0 ]; then echo "$p passed, $f failed, $s skipped"; else echo "$p passed, $f failed"; fi
[ "$f" -eq 0 ] && [ "$p" -gt 0 ]
