#!/usr/bin/env bash
# tools/check.sh + tools/test-summary.sh on three made-up tests (a pass, a failure whose output
# holds XML metacharacters and a control character, a skip): the summary line, the exit
# status, and the JUnit XML (well formed, the counts, the failure's text, the skip's reason).
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export TEMPO_RESULTS=$dir/results.txt
tools/check.sh t-pass true >/dev/null
tools/check.sh t-fail sh -c 'printf "bad <&> \001 output\n"; exit 3' >/dev/null
tools/check.sh t-skip sh -c 'echo "no widget here"; exit 77' >/dev/null
summary=$(tools/test-summary.sh)
rc=$?
echo "$summary"
[ $rc -ne 0 ] || { echo "test-summary.sh passed a run with a failure"; exit 1; }
tail -n 1 <<<"$summary" | grep -qx "1 passed, 1 failed, 1 skipped" ||
  { echo "wrong summary line"; exit 1; }
py=$(command -v python3 || echo /usr/bin/python3)
"$py" - "$dir/results.xml" <<'PY'
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suite = root.find("testsuite")
assert root.tag == "testsuites" and suite is not None, "not JUnit XML"
assert (suite.get("tests"), suite.get("failures"), suite.get("skipped")) == ("3", "1", "1"), suite.attrib
cases = {c.get("name"): c for c in suite.findall("testcase")}
assert set(cases) == {"t-pass", "t-fail", "t-skip"}, cases
fail = cases["t-fail"].find("failure")
assert fail is not None and fail.get("message") == "exit 3" and "bad <&>" in fail.text, fail
assert cases["t-skip"].find("skipped").get("message") == "no widget here"
assert cases["t-pass"].find("failure") is None and cases["t-pass"].get("classname") == "tempo.t"
print("JUnit XML: 3 test cases, 1 failure, 1 skipped")
PY
