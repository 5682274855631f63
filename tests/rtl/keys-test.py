#!/usr/bin/env python3
"""run.py --keys on a stand-in testbench (tests/rtl/ps2-standin.v): the per-run copy of the
netlist must put exactly the typed keys' scancodes on the PS/2 lines, framed as the SoC's
receiver takes them, and none of the testbench's own stress bytes, which the stand-in types
from 2 ms on; and that run.py --patch checks the word it replaces.  usage: keys-test.py
STANDIN.v WORKDIR.  Exit 0 pass, 1 fail, 77 skip (no Icarus Verilog)."""
import os
import re
import shutil
import subprocess
import sys

import run  # the script's folder is first on the module path


def main():
    if len(sys.argv) != 3:
        print("usage: keys-test.py STANDIN.v WORKDIR", file=sys.stderr)
        return 2
    src, work = sys.argv[1:]
    if not shutil.which("iverilog") or run.vvp_major() is None:
        print("SKIP: Icarus Verilog (iverilog, vvp) is not installed: apt-get install iverilog")
        return 77
    os.makedirs(work, exist_ok=True)
    compiled = os.path.join(work, "standin.vvp")
    subprocess.run(["iverilog", "-o", compiled, src], check=True)
    failures = 0

    def check(name, got, want):
        nonlocal failures
        ok = got == want
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {got}" + ("" if ok else f" (expected {want})"))

    keys = "rheal preempt\\n"
    codes = run.ps2_codes(keys)
    want = [f"{b:02x}" for key in codes for b in key]
    check("codes of 'rheal preempt\\n'", [k[0] for k in codes],
          [0x2D, 0x33, 0x24, 0x1C, 0x4B, 0x29, 0x4D, 0x2D, 0x24, 0x24, 0x3A, 0x4D, 0x2C, 0x5A])
    # 60 ms: the keys from 1 ms on (14 keys of about 2.7 ms at the testbench's 30 us half
    # period), while the stand-in's own stress sequence runs from 2 ms to the end
    copy = os.path.join(work, "keys.vvp")
    run.prepare_netlist(compiled, copy, 6_000_000, keys=(codes, 1_000_000, 30_000))
    out = subprocess.run(["vvp", "-n", copy, "-none"], capture_output=True, text=True).stdout
    got = re.findall(r"^\[PS2RX\] (.*)$", out, re.M)
    check("bytes the receiver took", got, want)
    # without the keys the stand-in's stress bytes do reach the receiver: the shutting out
    # above is the forcing's doing
    plain = os.path.join(work, "plain.vvp")
    run.prepare_netlist(compiled, plain, 300_000)
    out = subprocess.run(["vvp", "-n", plain, "-none"], capture_output=True, text=True).stdout
    check("stress bytes without keys", re.findall(r"^\[PS2RX\] (.*)$", out, re.M), ["1c"])
    try:
        run.ps2_codes("Rheal")
        check("a capital is refused", "accepted", "refused")
    except SystemExit as e:
        check("a capital is refused", "refused" if "'R'" in str(e) else str(e), "refused")
    # --patch (the firmware's shell must poll on a netlist that takes no tick): a patch names
    # the word it replaces, so one meant for another image stops instead of landing
    check("a patch", run.patch_words([0x13, 0x6FC010EF], ["4:6fc010ef:00000013"]), [0x13, 0x13])
    try:
        run.patch_words([0x13, 0x6FC010EE], ["4:6fc010ef:00000013"])
        check("a patch on another word is refused", "applied", "refused")
    except SystemExit as e:
        check("a patch on another word is refused",
              "refused" if "not 6fc010ef" in str(e) else str(e), "refused")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
