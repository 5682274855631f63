#!/usr/bin/env python3
"""The worked examples of docs/seeing.md, run again: each example's command on the Tempo
producer/consumer example (built by the examples test) must print what the page shows.

A worked example in the page is a block

    <!-- example: NAME -->
    ```
    (the command, then the lines it prints)
    ```
    <!-- /example -->

NAME "measure": the command is `make ... run SIMFLAGS='...'`, the lines are the `--measure`
results and their histograms; NAME "stacks": the lines are `--stats`'s stack table of the same
run.  Simulated cycles are deterministic, so any difference is a stale page or a changed tree.

usage: docs-examples-test.py SIM IMAGE [--write]   (exit 1 with a line per differing figure)"""
import re
import subprocess
import sys

PAGE = "docs/seeing.md"
BLOCK = re.compile(r"(<!-- example: ([a-z]+) -->\n```[a-z]*\n)(.*?)(```\n<!-- /example -->)", re.S)


def simflags(text):
    m = re.search(r"SIMFLAGS='([^']*)'", text, re.S)
    if not m:
        sys.exit("%s: the measure example has no SIMFLAGS='...'" % PAGE)
    return m.group(1).split()


def run(sim, image, flags):
    p = subprocess.run([sim] + flags + [image], capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        sys.exit("%s %s: exit status %d\n%s" % (sim, " ".join(flags), p.returncode, p.stderr))
    return p.stderr.splitlines()


def section(err, start, indent):
    """The lines from one starting with `start`, each section continued by `indent` lines."""
    out, on = [], False
    for line in err:
        if line.startswith(start):
            on = True
        elif not line.startswith(indent):
            on = False
        if on:
            out.append(line)
    return out


def main():
    sim, image = sys.argv[1], sys.argv[2]
    text = open(PAGE).read()
    blocks = {m.group(2): m for m in BLOCK.finditer(text)}
    if set(blocks) != {"measure", "stacks"}:
        sys.exit("%s: expected the examples 'measure' and 'stacks', found %s" % (PAGE, sorted(blocks)))
    body = blocks["measure"].group(3).split("\n")
    ncmd = next(i for i, l in enumerate(body) if l.rstrip().endswith("'")) + 1
    err = run(sim, image, simflags("\n".join(body[:ncmd])))
    want = {"measure": body[:ncmd] + section(err, "  measure ", " " * 8),
            "stacks": section(err, "  threads (", " " * 4)}
    bad, new = [], text
    for name, m in blocks.items():
        have = m.group(3).rstrip("\n").split("\n")
        first = text.count("\n", 0, m.start(3)) + 1
        for i in range(max(len(have), len(want[name]))):
            h = have[i] if i < len(have) else "(nothing)"
            w = want[name][i] if i < len(want[name]) else "(nothing)"
            if h != w:
                bad.append("%s:%d: worked example '%s' differs from this tree's run: the page has "
                           "'%s', the run prints '%s'" % (PAGE, first + i, name, h.strip(), w.strip()))
        new = new.replace(m.group(0), m.group(1) + "\n".join(want[name]) + "\n" + m.group(4))
    if "--write" in sys.argv:
        if new != text:
            open(PAGE, "w").write(new)
            print("examples written into " + PAGE)
        return 0
    for b in bad:
        print("FAIL: " + b)
    if not bad:
        print("the worked examples of %s print what the page shows" % PAGE)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
