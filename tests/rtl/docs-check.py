#!/usr/bin/env python3
"""The RTL measurements quoted in docs/timing.md and docs/timing-rtl.md, against tempo-sim.

Those pages cite micro-program cases of tests/rtl/cases.S by name with the RTL's figure
("load-use 8", "s-store 8 per 4").  The netlists are not in the repository, so the RTL cannot
run here; but the model was calibrated to agree with it on every case except the differences
those pages list.  So each quoted `case N` must equal tempo-sim's value for that case at one of
the widths it runs at, unless the case is named under "Differences" in docs/timing-rtl.md: a
figure that drifts from the model is either a stale page or a model change the cross-check
must see again (make rtl-check).

usage: docs-check.py SIM CASES-32.ELF CASES-64.ELF"""
import re
import sys

import run  # the script's folder is first on the module path

PAGES = ("docs/timing.md", "docs/timing-rtl.md")
PAIR = re.compile(r"(?<![\w/-])((?:s-)?[a-z][a-z0-9]*(?:-[a-z0-9]+)+) (\d+(?:,\d{3})*)(?![\d/])")


def sim_values(sim, path, sets=()):
    elf = run.Elf(path)
    out, _, rc = run.run_sim(sim, path, sets)
    line = run.value_line(out)
    if rc != 0 or line is None:
        sys.exit("docs-check: %s: tempo-sim exit %d" % (path, rc))
    return dict(zip(elf.slot_names(), run.decode_compact(line)))


def main():
    sim, e32, e64 = sys.argv[1:4]
    values = {32: sim_values(sim, e32), 64: sim_values(sim, e64)}
    known = set(values[32]) | set(values[64])
    rtl = open("docs/timing-rtl.md").read()
    differences = rtl[rtl.index("## Differences"):]
    bad, checked = [], 0
    for page in PAGES:
        for no, line in enumerate(open(page), 1):
            for name, fig in PAIR.findall(line):
                if name not in known or name in differences:
                    continue
                want = int(fig.replace(",", ""))
                got = {x: v[name] for x, v in values.items() if name in v}
                checked += 1
                if want not in got.values():
                    bad.append("%s:%d: '%s %s': tempo-sim gives %s (the RTL agreed with the model "
                               "there; run make rtl-check)" % (page, no, name, fig, " / ".join(
                                   "%d at RV%d" % (v, x) for x, v in sorted(got.items()))))
    # the netlist's known deviations: tempo-sim must still give the value recorded beside the
    # netlist's (run.NETLIST_DEVIATIONS), or the record is stale
    for name, by_xlen in run.NETLIST_DEVIATIONS.items():
        for x, (_, want) in by_xlen.items():
            checked += 1
            if values[x].get(name) != want:
                bad.append("tests/rtl/run.py: known netlist deviation %s: tempo-sim gives %s at "
                           "RV%d, recorded %d" % (name, values[x].get(name), x, want))
    # the netlist's ECALL defect, modelled on request: the netlist's value in every ECALL case
    modelled = sim_values(sim, e64, ["ecall_mepc_wait=1"])
    for name, got in modelled.items():
        if not run.ECALL_CASE.match(name) or name in run.ECALL_HAZARD_OPEN:
            continue
        want = run.NETLIST_DEVIATIONS.get(name, {64: (values[64][name], None)})[64][0]
        checked += 1
        if got != want:
            bad.append("%s with ecall_mepc_wait=1: tempo-sim gives %d, the netlist %d" % (name, got, want))
    for b in bad:
        print("FAIL: " + b)
    if checked == 0:
        print("FAIL: no quoted case found in %s" % ", ".join(PAGES))
        return 1
    print("%d quoted RTL figures checked against tempo-sim, %d differ" % (checked, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
