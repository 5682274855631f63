#!/usr/bin/env python3
"""The results of `make test` as JUnit XML, the report format CI systems read.

usage: junit.py RESULTS.txt OUT.xml

RESULTS.txt holds one "PASS name", "FAIL name (exit N)" or "SKIP name: reason" line per test
(tools/check.sh); the directory beside it (RESULTS.d/) the output (name.log) and duration
(name.time) of each.  A test's class is the part of its name before the first "-" (isa,
kernel, bench, freertos, sim, timing).  Python standard library only."""
import os
import re
import sys
import xml.etree.ElementTree as ET

# XML 1.0 cannot carry most control characters, which test output may hold.
BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


def read(path, tail=None):
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return ""
    if tail is not None:
        text = "\n".join(text.splitlines()[-tail:])
    return BAD_XML.sub("?", text)


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    results, out = argv[1], argv[2]
    logs = results[:-4] + ".d" if results.endswith(".txt") else results + ".d"
    cases = []
    with open(results, errors="replace") as f:
        for line in f:
            m = re.match(r"(PASS|FAIL|SKIP) (\S+?)(?::| \(|$)(.*)", line.rstrip("\n"))
            if m:
                cases.append((m.group(1), m.group(2), m.group(3).strip(" ()")))
    suite = ET.Element("testsuite", name="tempo")
    total = 0.0
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    for verdict, name, detail in cases:
        counts[verdict] += 1
        try:
            seconds = float(read(os.path.join(logs, name + ".time")) or 0)
        except ValueError:
            seconds = 0.0
        total += seconds
        case = ET.SubElement(suite, "testcase", classname="tempo." + name.split("-")[0],
                             name=name, time="%.3f" % seconds)
        log = os.path.join(logs, name + ".log")
        if verdict == "FAIL":
            ET.SubElement(case, "failure", message=detail or "failed",
                          type="failure").text = read(log, tail=200)
        elif verdict == "SKIP":
            ET.SubElement(case, "skipped", message=BAD_XML.sub("?", detail))
        else:
            ET.SubElement(case, "system-out").text = read(log, tail=50)
    suite.set("tests", str(len(cases)))
    suite.set("failures", str(counts["FAIL"]))
    suite.set("errors", "0")
    suite.set("skipped", str(counts["SKIP"]))
    suite.set("time", "%.3f" % total)
    root = ET.Element("testsuites", tests=str(len(cases)), failures=str(counts["FAIL"]),
                      errors="0", skipped=str(counts["SKIP"]), time="%.3f" % total)
    root.append(suite)
    ET.indent(root) if hasattr(ET, "indent") else None
    ET.ElementTree(root).write(out, encoding="utf-8", xml_declaration=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
