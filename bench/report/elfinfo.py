"""What the analysis needs from an image and from the simulator's outputs: symbols and sizes
(cross nm), the switch routine's frame (cross objdump), the minimal switch from a trace
(tempo-sim --trace-file: "cycle pc raw [xN=value]" per retired instruction, "cycle trap ..."
per trap), and per-event differences of --profile-json / --stats-json between two runs."""
import json
import re
import subprocess

CROSS = "riscv64-unknown-elf-"

# The encoding of mret (RISC-V privileged spec); jalr is opcode 0x67 (unprivileged spec).
MRET = 0x30200073


def symbols(elf):
    """{name: (address, size, type letter)} from `nm -S`.  A code symbol without a size (an
    assembly routine with no .size) extends to the next code symbol."""
    out = subprocess.run([CROSS + "nm", "-S", elf], capture_output=True, text=True,
                         check=True).stdout
    syms = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4:
            syms[parts[3]] = (int(parts[0], 16), int(parts[1], 16), parts[2])
        elif len(parts) == 3:
            syms.setdefault(parts[2], (int(parts[0], 16), 0, parts[1]))
    code = sorted({a for a, _, t in syms.values() if t in "tT"})
    for name, (addr, size, t) in list(syms.items()):
        if size == 0 and t in "tT":
            later = [a for a in code if a > addr]
            if later:
                syms[name] = (addr, later[0] - addr, t)
    return syms


def data_sizes(elf, regex):
    """Data objects (bss/data/rodata) whose names match `regex`: {name: bytes}."""
    if not regex:
        return {}
    rx = re.compile(regex)
    return {n: s for n, (_, s, t) in symbols(elf).items()
            if t in "bBdDrR" and s and rx.search(n)}


def routine(elf, sym):
    """Disassembly lines (mnemonic, operands) of one function symbol."""
    syms = symbols(elf)
    if sym not in syms:
        return []
    addr, size, _ = syms[sym]
    if not size:
        return []
    out = subprocess.run([CROSS + "objdump", "-d", "--no-show-raw-insn",
                          "--start-address=%#x" % addr, "--stop-address=%#x" % (addr + size), elf],
                         capture_output=True, text=True, check=True).stdout
    lines = []
    for line in out.splitlines():
        m = re.match(r"\s*[0-9a-f]+:\s+(\S+)\s*(\S*)", line)
        if m:
            lines.append((m.group(1), m.group(2)))
    return lines


def frame(elf, sym):
    """Stack frame of a save/restore routine: (frame bytes, stores, loads), or None."""
    insns = routine(elf, sym)
    if not insns:
        return None
    size = 0
    for op, args in insns:
        m = re.match(r"sp,sp,-(\d+)$", args)
        if op in ("addi", "add") and m:
            size = int(m.group(1))
            break
    stores = sum(1 for op, _ in insns if op in ("sw", "sd"))
    loads = sum(1 for op, _ in insns if op in ("lw", "ld"))
    return {"bytes": size, "stores": stores, "loads": loads, "instructions": len(insns)}


def is_mret(raw):
    return raw == MRET


def is_jump_x0(raw):
    """jalr x0 (ret, jr): leaves without linking."""
    return raw & 0x7F == 0x67 and (raw >> 7) & 0x1F == 0


def switch_cycles(trace_path, elf, syms_csv):
    """Cycles from the first instruction of a switch routine (any of the comma-separated
    symbols) to the first instruction of the next thread, for every entry in the trace.  The
    routine is left by a jalr x0 inside it or inside another listed routine it jumped to (a
    switch that returns into the next thread) or by
    the first mret after the entry (a trap-based switch, whose exit path may lie outside the
    entry symbol; interrupts are disabled inside a switch, so no other mret intervenes)."""
    syms = symbols(elf)
    ranges = [(syms[n][0], syms[n][0] + syms[n][1]) for n in syms_csv.split(",")
              if n in syms and syms[n][1]]
    if not ranges:
        return []
    with open(trace_path) as f:
        return walk_trace(f, ranges)


def walk_trace(lines, ranges):
    """switch_cycles on trace lines and routine address ranges [(lo, hi)]."""
    samples = []
    start = cur = None
    prev_leaves = False
    for line in lines:
        parts = line.split()
        if len(parts) < 3 or parts[1] == "trap":
            continue
        cycle, pc, raw = int(parts[0]), int(parts[1], 16), int(parts[2], 16)
        if cur is not None and prev_leaves:
            samples.append(cycle - start)
            start = cur = None
        if cur is None:
            for lo, hi in ranges:
                if pc == lo:
                    start, cur = cycle, (lo, hi)
                    break
        prev_leaves = cur is not None and (
            is_mret(raw) or (is_jump_x0(raw) and any(lo <= pc < hi for lo, hi in ranges)))
    return samples


def load_json(path):
    with open(path) as f:
        return json.load(f)


def profile_delta(prof_a, prof_b, events):
    """Per-event instructions and cycles per function: (b - a) / events, most cycles first."""
    a = {f["name"]: f for f in prof_a["functions"]}
    rows = []
    for f in prof_b["functions"]:
        base = a.get(f["name"], {"cycles": 0, "instructions": 0})
        dc = (f["cycles"] - base["cycles"]) / events
        di = (f["instructions"] - base["instructions"]) / events
        if abs(dc) >= 0.005 or abs(di) >= 0.005:
            rows.append({"function": f["name"], "cycles": dc, "instructions": di})
    rows.sort(key=lambda r: -r["cycles"])
    return rows


def stats_delta(st_a, st_b, events):
    """Per-event cycles, instructions and stall cycles by cause: (b - a) / events."""
    out = {"cycles": (st_b["cycles"] - st_a["cycles"]) / events,
           "instructions": (st_b["instructions"] - st_a["instructions"]) / events,
           "stalls": {}}
    for cause, v in st_b["stall_cycles"].items():
        d = (v - st_a["stall_cycles"].get(cause, 0)) / events
        out["stalls"][cause] = d
    out["base"] = (st_b["base_cycles"] - st_a["base_cycles"]) / events
    return out
