"""What the analysis needs from an image and from the simulator's outputs: symbols and sizes
and the switch routine's frame (read from the ELF with pyelftools), the minimal switch from a
trace (tempo-sim --trace-file: "cycle pc raw [xN=value]" per retired instruction, "cycle trap
..." per trap), and per-event differences of --profile-json / --stats-json between two runs."""
import functools
import json
import re

from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile

# Encodings (RISC-V unprivileged and privileged specs): the major opcodes and fields the
# frame analysis and the trace walker look at.  The cores run RV32IM/RV64IM: no compressed
# instructions, every instruction is one 32-bit little-endian word.
OP_LOAD, OP_STORE, OP_IMM, OP_JALR = 0x03, 0x23, 0x13, 0x67
F3_W, F3_D = 2, 3            # lw/sw, ld/sd
REG_SP = 2
OP_SYSTEM, F3_CSRRS, CSR_CYCLE = 0x73, 2, 0xC00  # rdcycle rd = csrrs rd, cycle, x0
MRET = 0x30200073


class Symbol:
    """One ELF symbol: address, size, and whether it lies in code or in data."""
    __slots__ = ("addr", "size", "code", "data")

    def __init__(self, addr, size, code, data):
        self.addr, self.size, self.code, self.data = addr, size, code, data


@functools.lru_cache(maxsize=64)
def _read(elf):
    """(symbols {name: Symbol}, code sections [(addr, bytes)]) of an image."""
    with open(elf, "rb") as f:
        e = ELFFile(f)
        sections = list(e.iter_sections())
        code = [(s["sh_addr"], s.data()) for s in sections
                if s["sh_flags"] & SH_FLAGS.SHF_EXECINSTR and s["sh_type"] == "SHT_PROGBITS"]
        syms = {}
        tab = e.get_section_by_name(".symtab")
        for sym in (tab.iter_symbols() if tab else []):
            if not sym.name or sym["st_info"]["type"] in ("STT_SECTION", "STT_FILE"):
                continue
            ndx = sym["st_shndx"]
            if not isinstance(ndx, int):
                continue  # absolute or undefined: no section, no size that matters here
            flags = sections[ndx]["sh_flags"]
            is_code = bool(flags & SH_FLAGS.SHF_EXECINSTR)
            is_data = bool(flags & SH_FLAGS.SHF_ALLOC) and not is_code
            syms[sym.name] = Symbol(sym["st_value"], sym["st_size"], is_code, is_data)
    # A code symbol without a size (an assembly routine with no .size) extends to the next
    # code symbol.
    starts = sorted({s.addr for s in syms.values() if s.code})
    for s in syms.values():
        if s.code and not s.size:
            later = [a for a in starts if a > s.addr]
            if later:
                s.size = later[0] - s.addr
    return syms, code


def symbols(elf):
    """{name: Symbol} of an image."""
    return _read(elf)[0]


def data_sizes(elf, regex):
    """Data objects (bss, data, rodata) with a size whose names match `regex`: {name: bytes}."""
    if not regex:
        return {}
    rx = re.compile(regex)
    return {n: s.size for n, s in symbols(elf).items() if s.data and s.size and rx.search(n)}


def words(elf, sym):
    """The instruction words of one code symbol, or [] when it has none."""
    syms, code = _read(elf)
    s = syms.get(sym)
    if not s or not s.code or not s.size:
        return []
    for base, blob in code:
        if base <= s.addr and s.addr + s.size <= base + len(blob):
            off = s.addr - base
            return [int.from_bytes(blob[i:i + 4], "little") for i in range(off, off + s.size, 4)]
    return []


def counter_read(elf, sym):
    """Address of the first counter read (`rdcycle rd`: csrrs rd, cycle, x0) in a code symbol,
    or None."""
    s = symbols(elf).get(sym)
    for i, w in enumerate(words(elf, sym)):
        if w & 0x7F == OP_SYSTEM and (w >> 12) & 7 == F3_CSRRS and (w >> 15) & 0x1F == 0 \
                and w >> 20 == CSR_CYCLE:
            return s.addr + 4 * i
    return None


def frame(elf, sym):
    """Stack frame of a save/restore routine: {bytes, stores, loads, instructions} or None.
    bytes: the first `addi sp, sp, -N`; stores/loads: word and doubleword ones (sw/sd, lw/ld)."""
    insns = words(elf, sym)
    if not insns:
        return None
    size = 0
    for w in insns:
        op, f3, rd, rs1 = w & 0x7F, (w >> 12) & 7, (w >> 7) & 0x1F, (w >> 15) & 0x1F
        imm = (w >> 20) - (1 << 12) if w >> 31 else w >> 20
        if op == OP_IMM and f3 == 0 and rd == REG_SP and rs1 == REG_SP and imm < 0:
            size = -imm
            break
    stores = sum(1 for w in insns if w & 0x7F == OP_STORE and (w >> 12) & 7 in (F3_W, F3_D))
    loads = sum(1 for w in insns if w & 0x7F == OP_LOAD and (w >> 12) & 7 in (F3_W, F3_D))
    return {"bytes": size, "stores": stores, "loads": loads, "instructions": len(insns)}


def is_mret(raw):
    return raw == MRET


def is_jump_x0(raw):
    """jalr x0 (ret, jr): leaves without linking."""
    return raw & 0x7F == OP_JALR and (raw >> 7) & 0x1F == 0


def switch_cycles(trace_path, elf, syms_csv):
    """Cycles from the first instruction of a switch routine (any of the comma-separated
    symbols) to the first instruction of the next thread, for every entry in the trace.  The
    routine is left by a jalr x0 inside it or inside another listed routine it jumped to (a
    switch that returns into the next thread) or by the first mret after the entry (a
    trap-based switch, whose exit path may lie outside the entry symbol; interrupts are
    disabled inside a switch, so no other mret intervenes).  A jalr x0 to the first
    instruction of a listed routine does not leave: the switch goes on there (ThreadX's RV64
    port enters its scheduler with jr)."""
    syms = symbols(elf)
    ranges = [(syms[n].addr, syms[n].addr + syms[n].size) for n in syms_csv.split(",")
              if n in syms and syms[n].size]
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
        if cur is not None and prev_leaves and not any(pc == lo for lo, _ in ranges):
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


def histogram(samples):
    """[[value, count], ...] in value order."""
    counts = {}
    for s in samples:
        counts[s] = counts.get(s, 0) + 1
    return [[v, counts[v]] for v in sorted(counts)]


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
    """Per-event cycles, instructions and stall cycles by cause: (b - a) / events.  The causes
    are the simulator's own, in its order (--stats-json "stall_cycles")."""
    out = {"cycles": (st_b["cycles"] - st_a["cycles"]) / events,
           "instructions": (st_b["instructions"] - st_a["instructions"]) / events,
           "stalls": {}}
    for cause, v in st_b["stall_cycles"].items():
        out["stalls"][cause] = (v - st_a["stall_cycles"].get(cause, 0)) / events
    out["base"] = (st_b["base_cycles"] - st_a["base_cycles"]) / events
    return out
