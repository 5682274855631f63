#!/usr/bin/env python3
"""Branch and line coverage of the real binaries, from `tempo-sim --coverage` runs.

Each run's file lists the instructions that ran and, for each conditional branch, how
often it was taken and not taken.  This tool maps the addresses to source lines through
the image's DWARF line table (pyelftools), merges the runs, writes an lcov tracefile
(`genhtml` renders it) and prints the branch coverage of the selected sources:

  kernel branch coverage rv32: N/M branch directions (E excluded, see FILE)

Only code compiled from the selected sources counts: an instruction is the kernel's when
its line is in a selected source and its compilation unit is one too (a kernel/ or port/
object, or the kernel sources a benchmark image compiles).  A kernel/kernel.h inline
function inlined into a test's own function (a white-box test that includes kernel.h to
build kernel states) is that test's code, not the kernel's: the kernel library holds no
such copy, and whether the test's code takes its branches says nothing about the kernel.

A branch is identified across images by (source file, line, containing function, its
rank among that function's branches on that line): the kernel library's object code is
the same in every image that links it, at different addresses, and linker relaxation
shrinks call sequences but never reorders branches.  Each inlined copy of a branch is a
branch of its own (the binary has both).  M counts the two directions of every branch in
the reference images (--ref: every image linked with the whole kernel library) and the
runs' images, minus the excluded ones.

usage: lcov.py --name rv32 --root DIR --source kernel/ --source port/ --ref IMAGE ...
               --run IMAGE COVERAGE ... [--exclude FILE] --lcov OUT [--uncovered OUT]
Exclusion file: one line per excluded branch direction (# starts a comment):
  FILE:LINE | FUNCTION | taken|not-taken|both | text on that source line | reason
FUNCTION is a name, * (every function), or rv32:NAME, rv64:* ... for one width only;
NAME#R names only the R-th branch (in address order) of that function on that line, where
the line holds several (a short-circuit condition).
The text guards against line drift: a line that no longer holds it is an error, and so
is an exclusion that matches no branch or has no reason.  An excluded direction that
the runs take anyway is reported (the exclusion can go).
"""
import argparse
import bisect
import collections
import os
import sys

try:
    from elftools.elf.elffile import ELFFile
except ImportError:
    sys.exit("lcov.py: pyelftools is missing (Debian: python3-pyelftools)")

DIRECTIONS = ("taken", "not-taken")


def is_branch(word):
    """A conditional branch (BRANCH opcode, a defined funct3)."""
    return word & 0x7f == 0x63 and (word >> 12) & 7 not in (2, 3)


class Image:
    """An ELF image: its instructions in the selected sources (compiled in a compilation unit
    of the selected sources), with line and function."""

    def __init__(self, path, root, sources):
        self.path = path
        with open(path, "rb") as f:
            elf = ELFFile(f)
            self.funcs = self._functions(elf)
            rows = self._line_rows(elf, root)
            self.insns = {}       # addr -> (file, line, func)
            self.branches = {}    # addr -> key
            self.func_entry = {}  # func -> (file, line, addr)
            for seg in elf.iter_segments():
                if seg["p_type"] != "PT_LOAD" or not seg["p_flags"] & 1:
                    continue
                data, base = seg.data(), seg["p_vaddr"]
                for off in range(0, len(data) - 3, 4):
                    addr = base + off
                    loc = self._lookup(rows, addr)
                    if not loc or not loc[0].startswith(sources) or not loc[2].startswith(sources):
                        continue
                    func = self._func_at(addr)
                    self.insns[addr] = (loc[0], loc[1], func)
                    word = int.from_bytes(data[off:off + 4], "little")
                    if is_branch(word):
                        self.branches[addr] = None
                    if func and self.funcs_lo.get(func) == addr:
                        self.func_entry[func] = (loc[0], loc[1], addr)
        rank = collections.Counter()
        for addr in sorted(self.branches):
            file, line, func = self.insns[addr]
            rank[(file, line, func)] += 1
            self.branches[addr] = (file, line, func or "?", rank[(file, line, func)])

    def _functions(self, elf):
        symtab = elf.get_section_by_name(".symtab")
        funcs = []
        for s in symtab.iter_symbols() if symtab else ():
            if s["st_info"]["type"] == "STT_FUNC" and s["st_size"] and s.name:
                funcs.append((s["st_value"], s["st_value"] + s["st_size"], s.name))
        funcs.sort()
        self.lo = [f[0] for f in funcs]
        self.funcs_lo = {f[2]: f[0] for f in funcs}
        return funcs

    def _func_at(self, addr):
        i = bisect.bisect_right(self.lo, addr) - 1
        return self.funcs[i][2] if i >= 0 and addr < self.funcs[i][1] else None

    @staticmethod
    def _line_rows(elf, root):
        """The sorted addresses, and the rows (address, file or None at a sequence end, line,
        the compilation unit's source file)."""
        dwarf = elf.get_dwarf_info()
        rows = []
        for cu in dwarf.iter_CUs():
            lp = dwarf.line_program_for_CU(cu)
            if lp is None:
                continue
            comp_dir = cu.get_top_DIE().attributes.get("DW_AT_comp_dir")
            comp_dir = comp_dir.value.decode() if comp_dir else ""
            cu_name = cu.get_top_DIE().attributes.get("DW_AT_name")
            cu_name = os.path.relpath(os.path.normpath(os.path.join(
                comp_dir, cu_name.value.decode())), root) if cu_name else ""
            v5 = lp.header["version"] >= 5
            dirs = [d.decode() for d in lp["include_directory"]]
            names = {}
            for i, fe in enumerate(lp["file_entry"]):
                di = fe.dir_index
                d = (dirs[di] if di < len(dirs) else "") if v5 else (dirs[di - 1] if di else comp_dir)
                full = os.path.normpath(os.path.join(comp_dir, d, fe.name.decode()))
                names[i if v5 else i + 1] = os.path.relpath(full, root)
            for e in lp.get_entries():
                st = e.state
                if st is None:
                    continue
                rows.append((st.address, None if st.end_sequence else names.get(st.file), st.line,
                             cu_name))
        # a sequence's end and the next one's start can share an address: the start wins,
        # and of several rows at one address the last (a stable sort keeps their order)
        rows.sort(key=lambda r: (r[0], r[1] is not None))
        return [r[0] for r in rows], rows

    @staticmethod
    def _lookup(rows, addr):
        addrs, rows = rows
        i = bisect.bisect_right(addrs, addr) - 1
        if i < 0 or rows[i][1] is None:
            return None
        return rows[i][1], rows[i][2], rows[i][3]


def read_coverage(path):
    """addr -> (executions, taken, not taken)"""
    out = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            p = line.split()
            out[int(p[0], 16)] = (int(p[1]), int(p[2]) if len(p) > 2 else 0, int(p[3]) if len(p) > 3 else 0)
    return out


def read_exclusions(path, root):
    """[(file, line, func, directions, text, reason, source line number)]"""
    out = []
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            p = [x.strip() for x in line.split("|")]
            if len(p) != 5 or ":" not in p[0] or p[2] not in ("taken", "not-taken", "both") or not p[4]:
                sys.exit(f"{path}:{n}: expected FILE:LINE | FUNCTION | taken|not-taken|both | text | reason")
            file, lno = p[0].rsplit(":", 1)
            dirs = DIRECTIONS if p[2] == "both" else (p[2],)
            src = os.path.join(root, file)
            try:
                with open(src) as s:
                    text = s.read().splitlines()[int(lno) - 1]
            except (OSError, IndexError, ValueError):
                sys.exit(f"{path}:{n}: {p[0]} does not exist")
            if p[3] not in text:
                sys.exit(f"{path}:{n}: {p[0]} no longer reads '{p[3]}' (it reads '{text.strip()}'): update the exclusion")
            out.append((file, int(lno), p[1], dirs, p[3], p[4], n))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--name", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--source", action="append", required=True)
    ap.add_argument("--ref", action="append", default=[])
    ap.add_argument("--run", nargs=2, action="append", default=[], metavar=("IMAGE", "COVERAGE"))
    ap.add_argument("--exclude")
    ap.add_argument("--lcov", required=True)
    ap.add_argument("--uncovered")
    ap.add_argument("--label", default="kernel")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    sources = tuple(a.source)

    images = {}

    def image(path):
        if path not in images:
            images[path] = Image(path, root, sources)
        return images[path]

    branches = {}                                  # key -> [taken, not taken, executed?]
    lines = collections.defaultdict(int)          # (file, line) -> hits
    funcs = {}                                     # func -> [file, line, hits]
    for ref in a.ref:
        img = image(ref)
        for key in img.branches.values():
            branches.setdefault(key, [0, 0, False])
        for file, line, _ in img.insns.values():
            lines[(file, line)] += 0
        for func, (file, line, _) in img.func_entry.items():
            funcs.setdefault(func, [file, line, 0])
    outside = set()
    for path, cov in a.run:
        img, counts = image(path), read_coverage(cov)
        for key in img.branches.values():
            if key not in branches:
                outside.add(key)
                branches[key] = [0, 0, False]
        per_line = collections.defaultdict(int)
        for addr, (file, line, _) in img.insns.items():
            per_line[(file, line)] = max(per_line[(file, line)], counts.get(addr, (0,))[0])
        for k, v in per_line.items():
            lines[k] += v
        for func, (file, line, addr) in img.func_entry.items():
            funcs.setdefault(func, [file, line, 0])[2] += counts.get(addr, (0,))[0]
        for addr, key in img.branches.items():
            ex, t, nt = counts.get(addr, (0, 0, 0))
            b = branches[key]
            b[0] += t
            b[1] += nt
            b[2] |= ex > 0
    if outside and a.ref:
        print(f"note: {len(outside)} branches of the runs' images are in no reference image "
              f"(e.g. {sorted(outside)[0]}); counted too")

    # exclusions: (key, direction index) -> reason
    excluded = {}
    problems = []
    for file, lno, func, dirs, text, reason, n in read_exclusions(a.exclude, root) if a.exclude else ():
        if ":" in func:  # "rv32:FUNCTION": an exclusion for one width only
            width, func = func.split(":", 1)
            if width != a.name:
                continue
        rank = None
        if "#" in func:  # "FUNCTION#2": the function's second branch on that line only
            func, rank = func.split("#", 1)
            if not rank.isdigit():
                sys.exit(f"{a.exclude}:{n}: FUNCTION#R needs a branch number R")
            rank = int(rank)
        hit = [k for k in branches if k[0] == file and k[1] == lno and func in ("*", k[2])
               and rank in (None, k[3])]
        if not hit:
            problems.append(f"{a.exclude}:{n}: {file}:{lno} {func}: no such branch in the {a.name} images")
        for k in hit:
            for d in dirs:
                excluded[(k, DIRECTIONS.index(d))] = reason
    covered_anyway = [(k, d) for (k, d) in excluded if branches[k][d] > 0]

    total = 2 * len(branches)
    e = len(excluded)
    n_cov = sum(1 for k, b in branches.items() for d in (0, 1) if b[d] > 0 and (k, d) not in excluded)
    m = total - e

    # lcov tracefile
    by_file = collections.defaultdict(lambda: {"lines": {}, "branches": [], "funcs": []})
    for (file, line), hits in lines.items():
        by_file[file]["lines"][line] = hits
    for key, b in branches.items():
        by_file[key[0]]["branches"].append((key, b))
    for func, (file, line, hits) in funcs.items():
        by_file[file]["funcs"].append((line, func, hits))
    os.makedirs(os.path.dirname(os.path.abspath(a.lcov)), exist_ok=True)
    with open(a.lcov, "w") as out:
        for file in sorted(by_file):
            rec = by_file[file]
            out.write(f"TN:{a.name}\nSF:{os.path.join(root, file)}\n")
            for line, func, hits in sorted(rec["funcs"]):
                out.write(f"FN:{line},{func}\n")
            for line, func, hits in sorted(rec["funcs"]):
                out.write(f"FNDA:{hits},{func}\n")
            out.write(f"FNF:{len(rec['funcs'])}\nFNH:{sum(1 for f in rec['funcs'] if f[2])}\n")
            block = collections.Counter()
            brf = brh = 0
            for key, b in sorted(rec["branches"]):
                blk = block[key[1]]
                block[key[1]] += 1
                for d in (0, 1):
                    if (key, d) in excluded:
                        continue
                    brf += 1
                    brh += b[d] > 0
                    out.write(f"BRDA:{key[1]},{blk},{d},{b[d] if b[2] else '-'}\n")
            out.write(f"BRF:{brf}\nBRH:{brh}\n")
            for line in sorted(rec["lines"]):
                out.write(f"DA:{line},{rec['lines'][line]}\n")
            out.write(f"LF:{len(rec['lines'])}\nLH:{sum(1 for v in rec['lines'].values() if v)}\n")
            out.write("end_of_record\n")

    uncovered = sorted((k, d) for k, b in branches.items() for d in (0, 1)
                       if not b[d] and (k, d) not in excluded)
    if a.uncovered:
        with open(a.uncovered, "w") as out:
            for (file, line, func, rank), d in uncovered:
                try:
                    with open(os.path.join(root, file)) as s:
                        text = s.read().splitlines()[line - 1].strip()
                except (OSError, IndexError):
                    text = ""
                out.write(f"{file}:{line} | {func}#{rank} | {DIRECTIONS[d]} | {text}\n")
    for p in problems:
        print(p)
    for (file, line, func, rank), d in sorted(covered_anyway):
        print(f"note: {file}:{line} {func}#{rank} {DIRECTIONS[d]} is excluded but was taken: the exclusion can go")
    where = a.exclude or "no exclusion file"
    print(f"{a.label} branch coverage {a.name}: {n_cov}/{m} branch directions ({e} excluded, see {where})")
    if uncovered:
        print(f"{len(uncovered)} branch directions neither taken nor excluded"
              + (f": {a.uncovered}" if a.uncovered else ""))
    return 1 if problems or uncovered else 0


if __name__ == "__main__":
    sys.exit(main())
