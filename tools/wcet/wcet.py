#!/usr/bin/env python3
"""Static worst-case execution time of kernel calls on the Tempo core (docs/wcet.md).

The method, in the manner of aiT and OTAWA:
  - the control-flow graph of each function, from the ELF (pyelftools);
  - loop bounds from comments next to the loops in the source ("wcet: loop <= N"), found
    through the DWARF line table;
  - the cost of each basic block on each incoming edge from the simulator's own timing model
    (tools/wcet/cost.c, the same parameters as tempo-sim), with the block's predecessors
    in flight and every conditional branch mispredicted;
  - the longest path by implicit path enumeration: an integer program that GLPK's glpsol
    solves.

Two questions are answered:
  call   the bound of one function over all its paths, every callee bounded the same way;
  case   the bound of a measured window (from one counter read to the next) over every path
         that makes the same calls, returns and switches as a run did: the run's trace gives
         the sequence of functions (the case: fast path, blocking, waking a more urgent
         thread, from an interrupt), and within each function every path is bounded.
"""
import argparse
import bisect
import json
import os
import re
import subprocess
import sys
import tempfile

from elftools.elf.elffile import ELFFile

HAZARD_CTX = 6   # instructions in flight that can still delay a block's first instruction
CTX = 24         # instructions looked back when there are few paths: their branches train
                 # the predictor, so that fewer branches count as mispredicted
MAX_TAILS = 64   # contexts kept per block (the largest cost over them is taken)
RUN_CTX = 48     # instructions kept before a piece of a case: they train the predictor
LOOP_ABOVE = 3   # source lines above a loop's first line where its bound may be written
LOOP_RE = re.compile(r"wcet:\s*loop\s*<=\s*([\w()+*]+(?:\s*[+*]\s*[\w()]+)*)")


class WcetError(Exception):
    pass


# ---------------------------------------------------------------- instructions

def bits(x, hi, lo):
    return (x >> lo) & ((1 << (hi - lo + 1)) - 1)


def sext(v, n):
    return v - (1 << n) if v & (1 << (n - 1)) else v


def imm_i(r):
    return sext(r >> 20, 12)


def imm_b(r):
    return sext((bits(r, 31, 31) << 12) | (bits(r, 7, 7) << 11) | (bits(r, 30, 25) << 5) |
                (bits(r, 11, 8) << 1), 13)


def imm_j(r):
    return sext((bits(r, 31, 31) << 20) | (bits(r, 19, 12) << 12) | (bits(r, 20, 20) << 11) |
                (bits(r, 30, 21) << 1), 21)


MRET, ECALL, EBREAK, WFI = 0x30200073, 0x00000073, 0x00100073, 0x10500073


def may_set_mie(raw):
    """csrrw, csrrs and their immediate forms on mstatus, or MRET"""
    return raw == MRET or (raw & 0x7f == 0x73 and bits(raw, 14, 12) in (1, 2, 5, 6)
                           and raw >> 20 == 0x300)


MIE = 8
CSR_MSTATUS = 0x300


def mstatus_write(img, pc):
    """What the instruction at pc may do to mstatus.MIE: None (nothing), "clear" (it may clear
    it: a window may open), "set" (it sets it: every window closes), "restore" (it writes a
    value the code saved, which sets MIE if the saved one had it).  A register operand's value
    is known when one of the few instructions before it loads a constant into it (li) with no
    jump or branch in between; else it may be anything."""
    raw = img.word(pc)
    if raw == MRET:
        return "set"  # MIE <- MPIE: 1 after an interrupt's entry (docs/wcet.md)
    f3 = bits(raw, 14, 12)
    if raw & 0x7f != 0x73 or raw >> 20 != CSR_MSTATUS or f3 == 0:
        return None
    src = bits(raw, 19, 15)
    if f3 >= 5:
        value = src  # the immediate forms: a 5-bit constant
    elif src == 0:
        value = 0
    else:
        value = reg_constant(img, pc, src)
    kind = f3 & 3  # 1 write, 2 set bits, 3 clear bits
    if kind == 1:
        if value is None:
            return "restore"  # csrw mstatus, reg: may clear, may set
        return "set" if value & MIE else "clear"
    if kind == 2:
        if value is None:
            return "restore"
        return "set" if value & MIE else None
    if value is None or value & MIE:
        return "clear"
    return None


def reg_constant(img, pc, reg):
    """The constant in register reg at pc from an li (addi reg, x0, imm; lui reg, hi with an
    addi or addiw reg, reg, lo) among the 4 instructions before, none of them a jump or
    branch, or None."""
    lo = img.func_range(pc)[0]
    value, addi = None, 0
    for q in range(pc - 4, max(lo, pc - 20) - 4, -4):
        r = img.word(q)
        op, rd, rs1 = r & 0x7f, bits(r, 11, 7), bits(r, 19, 15)
        if op in (0x63, 0x67, 0x6f):
            return None
        if rd != reg:
            continue
        # addi, and addiw (RV64's li of a 32-bit constant: lui, addiw)
        if op in (0x13, 0x1b) and bits(r, 14, 12) == 0 and rs1 == 0:
            return imm_i(r) + addi
        if op in (0x13, 0x1b) and bits(r, 14, 12) == 0 and rs1 == reg and value is None:
            addi += imm_i(r)
            continue
        if op == 0x37:
            return sext(r & 0xfffff000, 32) + addi
        return None
    return None


def is_counter_read(raw):
    """csrrs rd, cycle|mcycle, zero: what bp_cycles() compiles to"""
    return raw & 0xfffff07f in (0xc0002073, 0xb0002073)


# ---------------------------------------------------------------- the image

class Image:
    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            elf = ELFFile(f)
            self.xlen = 64 if elf.elfclass == 64 else 32
            segs = [s for s in elf.iter_segments() if s["p_type"] == "PT_LOAD" and s["p_filesz"]]
            code = min(segs, key=lambda s: s["p_paddr"])
            self.base = code["p_paddr"]
            self.code = code.data()
            self._symbols(elf)
            self._lines(elf)
            self._addr_taken([s.data() for s in segs if s is not code])

    def _addr_taken(self, data):
        """Function entries whose address the code computes (auipc + addi: lla) or the data
        holds: the possible targets of an indirect call"""
        entries = set(self.flo)
        self.addr_taken = set()
        prev = 0
        for off in range(0, len(self.code) - 3, 4):
            r = int.from_bytes(self.code[off:off + 4], "little")
            if r & 0x707f == 0x13 and prev & 0x7f == 0x17 and bits(prev, 11, 7) == bits(r, 19, 15):
                a = (self.base + off - 4 + sext(prev & 0xfffff000, 32) + imm_i(r)) & 0xffffffffffffffff
                if a in entries:
                    self.addr_taken.add(a)
            prev = r
        size = self.xlen // 8
        for d in data:
            for off in range(0, len(d) - size + 1, size):
                a = int.from_bytes(d[off:off + size], "little")
                if a and a in entries:
                    self.addr_taken.add(a)

    def _symbols(self, elf):
        hi_code = self.base + len(self.code)
        cand = {}
        self.obj_size = {}  # object symbols' sizes: loop bounds "words(SYMBOL)"
        for sym in elf.get_section_by_name(".symtab").iter_symbols():
            if sym["st_info"]["type"] == "STT_OBJECT":
                self.obj_size[sym.name] = sym["st_size"]
        for sym in elf.get_section_by_name(".symtab").iter_symbols():
            t, b, v = sym["st_info"]["type"], sym["st_info"]["bind"], sym["st_value"]
            if not (self.base <= v < hi_code) or not sym.name or sym.name.startswith("."):
                continue
            if t == "STT_FUNC" or (t == "STT_NOTYPE" and b in ("STB_GLOBAL", "STB_WEAK")):
                prev = cand.get(v)
                if prev is None or (t == "STT_FUNC" and prev[1] != "STT_FUNC"):
                    cand[v] = (sym.name, t, sym["st_size"])
        self.addr_of = {}
        for v, (n, _, _) in cand.items():
            self.addr_of.setdefault(n, v)
        self.flo = sorted(cand)
        self.fname = [cand[v][0] for v in self.flo]
        self.fhi = []
        for i, v in enumerate(self.flo):
            nxt = self.flo[i + 1] if i + 1 < len(self.flo) else hi_code
            size = cand[v][2]
            self.fhi.append(min(v + size, nxt) if size else nxt)

    def _lines(self, elf):
        """pc -> (file, line) from the DWARF line table"""
        self.line_at = {}
        if not elf.has_dwarf_info():
            return
        dw = elf.get_dwarf_info()
        for cu in dw.iter_CUs():
            lp = dw.line_program_for_CU(cu)
            if lp is None:
                continue
            comp_dir = cu.get_top_DIE().attributes.get("DW_AT_comp_dir")
            comp_dir = comp_dir.value.decode() if comp_dir else ""
            files = lp["file_entry"]
            dirs = lp["include_directory"]
            v5 = lp.header["version"] >= 5
            prev = None
            for e in lp.get_entries():
                st = e.state
                if st is None:
                    continue
                if prev is not None and not prev.end_sequence and prev.line:
                    fe = files[prev.file if v5 else prev.file - 1]
                    d = dirs[fe.dir_index if v5 else fe.dir_index - 1].decode() \
                        if (fe.dir_index or v5) else ""
                    name = os.path.normpath(os.path.join(comp_dir, d, fe.name.decode()))
                    rel = os.path.relpath(name)
                    name = rel if not rel.startswith("..") else name
                    for a in range(prev.address, st.address, 4):
                        self.line_at.setdefault(a, (name, prev.line))
                prev = st

    def word(self, pc):
        off = pc - self.base
        if off < 0 or off + 4 > len(self.code):
            raise WcetError("pc 0x%x is outside the code" % pc)
        return int.from_bytes(self.code[off:off + 4], "little")

    def func_index(self, pc):
        i = bisect.bisect_right(self.flo, pc) - 1
        if i < 0 or pc >= self.fhi[i]:
            return None
        return i

    def func_of(self, pc):
        i = self.func_index(pc)
        return self.fname[i] if i is not None else "?"

    def func_range(self, pc):
        i = self.func_index(pc)
        if i is None:
            raise WcetError("pc 0x%x is in no function" % pc)
        return self.flo[i], self.fhi[i]


# ---------------------------------------------------------------- control flow

class Block:
    def __init__(self, start):
        self.start = start
        self.pcs = []
        self.succ = []   # (kind, target pc or None, extra): fall, taken, jump, call, tail, exit
        self.pred = []   # blocks

    @property
    def last(self):
        return self.pcs[-1]


def classify(img, pc, lo, hi, prev_raw, icalls):
    """The ways control leaves the instruction at pc: None (to pc + 4) or a list of
    (kind, target, info).  prev_raw: the instruction before, for auipc + jalr pairs."""
    r = img.word(pc)
    op = r & 0x7f
    rd, rs1 = bits(r, 11, 7), bits(r, 19, 15)
    if op == 0x63:
        t = pc + imm_b(r)
        if not lo <= t < hi:  # into another routine's code (assembly): a tail jump there
            return [("tail", t, None), ("fall", pc + 4, None)]
        return [("taken", t, None), ("fall", pc + 4, None)]
    if op == 0x6f:
        t = pc + imm_j(r)
        if rd == 0:
            return [("jump", t, None)] if lo <= t < hi else [("tail", t, None)]
        return [("call", t, pc + 4 if pc + 4 < hi else None)]
    if op == 0x67:
        target = None
        if prev_raw is not None and prev_raw & 0x7f == 0x17 and bits(prev_raw, 11, 7) == rs1 \
                and rs1 != 0:
            target = (pc - 4 + sext(prev_raw & 0xfffff000, 32) + imm_i(r)) & ~1
        if rd == 0:
            if rs1 == 1 and imm_i(r) == 0:
                return [("exit", None, "ret")]
            if target is not None:
                return [("tail", target, None)]
            return [("exit", None, "indirect jump")]
        if target is not None:
            return [("call", target, pc + 4 if pc + 4 < hi else None)]
        name = "%s+0x%x" % (img.func_of(pc), pc - lo)
        targets = icalls.get(name, icalls.get(img.func_of(pc)))
        # unknown targets: an error only where a path needs the callees' bounds (Analysis.targets)
        return [("icall", None, (pc + 4, tuple(targets) if targets is not None else name))]
    if r == MRET:
        return [("exit", None, "mret")]
    if r == ECALL:
        return [("exit", None, "ecall")]
    if r == EBREAK:
        return []
    return None


class Function:
    """The CFG of the function holding `entry`, split also at the pcs in `cuts`."""

    def __init__(self, img, entry, icalls, cuts=()):
        self.img = img
        lo, hi = img.func_range(entry)
        self.name = img.func_of(entry)
        self.lo, self.hi, self.entry = lo, hi, entry
        leaders = {entry} | {c for c in cuts if lo <= c < hi}
        flow = {}
        prev = None
        for pc in range(lo, hi, 4):
            try:
                out = classify(img, pc, lo, hi, prev, icalls)
            except WcetError as e:
                out = [("error", None, str(e))]  # reported if a path reaches it
            flow[pc] = out
            prev = img.word(pc)
            if out is not None:
                leaders.add(pc + 4)
                for k, t, _ in out:
                    if k in ("taken", "jump"):
                        leaders.add(t)
        self.blocks = {}
        seen = set()
        work = [entry]
        while work:
            s = work.pop()
            if s in seen:
                continue
            seen.add(s)
            b = Block(s)
            pc = s
            while True:
                b.pcs.append(pc)
                out = flow.get(pc)
                if out is not None:
                    b.succ = list(out)
                    break
                if pc + 4 >= hi:
                    # falls into the next function (assembly labels): a tail into it
                    b.succ = [("tail", pc + 4, None)] if pc + 4 in img.addr_of.values() else []
                    break
                if pc + 4 in leaders:
                    b.succ = [("fall", pc + 4, None)]
                    break
                pc += 4
            self.blocks[s] = b
            for k, t, info in b.succ:
                if k in ("taken", "fall", "jump"):
                    work.append(t)
                elif k == "call" and info is not None:
                    work.append(info)
                elif k == "icall":
                    work.append(info[0])
        for b in self.blocks.values():
            for k, t, info in b.succ:
                n = self.next_block(k, t, info)
                if n is not None:
                    self.blocks[n].pred.append(b)

    @staticmethod
    def next_block(kind, target, info):
        if kind in ("taken", "fall", "jump"):
            return target
        if kind == "call":
            return info
        if kind == "icall":
            return info[0]
        return None

    def block_of(self, pc):
        for b in self.blocks.values():
            if pc in b.pcs:
                return b
        raise WcetError("0x%x is not reached from 0x%x in %s" % (pc, self.entry, self.name))

    # -- loops: natural loops of back edges (target dominates source)
    def dominators(self):
        order = list(self.blocks)
        dom = {b: set(order) for b in order}
        dom[self.entry] = {self.entry}
        changed = True
        while changed:
            changed = False
            for s in order:
                if s == self.entry:
                    continue
                preds = [p.start for p in self.blocks[s].pred]
                new = set.intersection(*(dom[p] for p in preds)) if preds else set()
                new = new | {s}
                if new != dom[s]:
                    dom[s] = new
                    changed = True
        return dom

    def loops(self):
        """{header: (set of body block starts, [back-edge sources])}"""
        dom = self.dominators()
        loops = {}
        for b in self.blocks.values():
            for k, t, info in b.succ:
                n = self.next_block(k, t, info)
                if n is not None and n in dom[b.start]:
                    body = {n}
                    work = [b.start]
                    while work:
                        x = work.pop()
                        if x not in body:
                            body.add(x)
                            work.extend(p.start for p in self.blocks[x].pred)
                    h = loops.setdefault(n, (set(), []))
                    h[0].update(body)
                    h[1].append(b.start)
        return loops


# ---------------------------------------------------------------- loop bounds

def sccs(nodes, arcs):
    """Strongly connected components with a cycle (Tarjan's, iterative)."""
    adj = {}
    for a, b in arcs:
        adj.setdefault(a, []).append(b)
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]
    for root in nodes:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = n[0]
                n[0] += 1
                stack.append(v)
                on.add(v)
            succ = adj.get(v, [])
            if i < len(succ):
                work.append((v, i + 1))
                w = succ[i]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1 or v in adj.get(v, []):
                    out.append(comp)
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
    return out


def eval_product(text):
    v = 1
    for f in text.split("*"):
        v *= int(f)
    return v


class Sources:
    def __init__(self, roots, names=None):
        self.roots = roots
        self.cache = {}
        self.names = names or {}  # symbolic bounds: "wcet: loop <= TIMERS" with TIMERS given

    def lines(self, path):
        if path not in self.cache:
            text = None
            cands = [path] + [os.path.join(r, path) for r in self.roots]
            for c in cands:
                if os.path.isfile(c):
                    with open(c, errors="replace") as f:
                        text = f.read().split("\n")
                    break
            self.cache[path] = text
        return self.cache[path]

    def evaluate(self, img, text, where):
        """A bound: numbers, names given with --bound, words(OBJECT) (an object's size in XLEN
        words), + and *."""
        def word(m):
            size = img.obj_size.get(m.group(1))
            if size is None:
                raise WcetError("words(%s) at %s: no such object in the image" % (m.group(1), where))
            return str(size // (img.xlen // 8))

        def name(m):
            v = m.group(0)
            if v.isdigit():
                return v
            if v not in self.names:
                raise WcetError("the loop bound %s at %s is not given (--bound %s=N)" % (v, where, v))
            return str(self.names[v])

        expr = re.sub(r"\w+", name, re.sub(r"words\((\w+)\)", word, text))
        if not re.fullmatch(r"[\d\s+*]+", expr):
            raise WcetError("the loop bound %s at %s is not a sum of products" % (text, where))
        return sum(eval_product(t) for t in expr.split("+"))

    def loop_bound(self, img, fn, header, body, widest=False):
        """The "wcet: loop <= N" comment on the loop's first source line or the line above
        it, the loop's lines being those of its blocks in the header's file."""
        hl = img.line_at.get(header)
        if hl is None:
            raise WcetError("loop at 0x%x in %s: no line information (build with -g)"
                            % (header, fn.name))
        # the header's file first, then the others of the loop's lines (a loop of an inlined
        # function whose header the line table gives to the call's line)
        files = [hl[0]] + sorted({img.line_at[pc][0] for s in body for pc in fn.blocks[s].pcs
                                  if pc in img.line_at} - {hl[0]})
        for path in files:
            got = self._loop_bound_in(img, fn, hl, body, path, widest)
            if got:
                return got
        raise WcetError("loop in %s at %s:%d has no bound: add /* wcet: loop <= N */ next to it"
                        % (fn.name, hl[0], hl[1]))

    def _loop_bound_in(self, img, fn, hl, body, path, widest):
        lines = sorted({img.line_at[pc][1] for s in body for pc in fn.blocks[s].pcs
                        if pc in img.line_at and img.line_at[pc][0] == path})
        text = self.lines(path)
        if text is None:
            raise WcetError("loop at %s:%d: source not found" % (path, hl[1]))
        lo = lines[0] if lines else hl[1]
        # the loop's lines, nearest its first first, then up to LOOP_ABOVE lines above it
        # (a `do {` or `for (;;) {` line holds no instruction of its own)
        order = list(range(lo, (lines[-1] if lines else lo) + 1)) + \
            list(range(lo - 1, max(0, lo - 1 - LOOP_ABOVE), -1))
        found = []
        for ln in order:
            m = LOOP_RE.search(text[ln - 1]) if 0 < ln <= len(text) else None
            if m:
                found.append((self.evaluate(img, m.group(1), "%s:%d" % (path, ln)),
                              "%s:%d" % (path, ln)))
                if not widest:
                    break
        return max(found) if found else None


# ---------------------------------------------------------------- costs

class CostModel:
    """tools/wcet/cost.c over a pipe: the model's cycles for a block after its context"""

    def __init__(self, cost_bin, image, sets=()):
        args = [cost_bin]
        for s in sets:
            args += ["--set", s]
        self.p = subprocess.Popen(args + [image], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True)
        self.memo = {}

    def query(self, line):
        if line not in self.memo:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
            out = self.p.stdout.readline()
            if not out:
                raise WcetError("wcet-cost failed on: " + line)
            self.memo[line] = out.split()
        return self.memo[line]

    def cost(self, ctx, pcs):
        """ctx, pcs: lists of 'pc[:f]' strings"""
        return int(self.query("%d %s" % (len(ctx), " ".join(ctx + pcs)))[0])

    def read_lag(self):
        return int(self.query("lag")[0])

    def irq_entry(self):
        entry, window = self.query("irq")
        return int(entry), int(window)


def tag(img, pc, nxt):
    """'pc:f' for a context instruction whose successor is at nxt"""
    r = img.word(pc)
    if r & 0x7f == 0x63:
        return "0x%x:%s" % (pc, "n" if nxt == pc + 4 else "t")
    if r == MRET:
        return "0x%x:m" % pc
    if r == ECALL:
        return "0x%x:e" % pc
    return "0x%x" % pc


def body_tags(img, pcs):
    out = []
    for i, pc in enumerate(pcs):
        out.append(tag(img, pc, pcs[i + 1] if i + 1 < len(pcs) else pc + 4))
    return out


# ---------------------------------------------------------------- IPET

def solve_lp(lp_text, glpsol):
    with tempfile.TemporaryDirectory() as d:
        lp, out = os.path.join(d, "w.lp"), os.path.join(d, "w.out")
        with open(lp, "w") as f:
            f.write(lp_text)
        r = subprocess.run([glpsol, "--lp", lp, "-o", out], capture_output=True, text=True)
        text = open(out).read() if os.path.exists(out) else ""
        if "INTEGER EMPTY" in text or "NO PRIMAL" in r.stdout.upper() or \
                "NO INTEGER FEASIBLE" in r.stdout.upper():
            return None
        if os.environ.get("WCET_KEEP_LP") and (r.returncode or "INTEGER OPTIMAL" not in text):
            with open(os.environ["WCET_KEEP_LP"], "w") as f:
                f.write(lp_text + "\n\\ " + r.stdout.replace("\n", "\n\\ "))
        if r.returncode or "INTEGER OPTIMAL" not in text:
            raise WcetError("glpsol found no optimum (%s)" % (r.stdout.strip().splitlines()[-1:]
                                                               or ["?"])[0])
        m = re.search(r"Objective:\s+\S+\s+=\s+(-?[\d.e+]+)", text)
        sol = {}
        for line in text.split("\n"):
            f = line.split()
            if len(f) >= 4 and f[0].isdigit() and f[1].startswith("x"):
                sol[f[1]] = float(f[3])
        return int(round(float(m.group(1)))), sol


class Analysis:
    def __init__(self, img, cost, glpsol, sources, icalls):
        self.img, self.cm, self.glpsol, self.src, self.icalls = img, cost, glpsol, sources, icalls
        self.funcs = {}
        self.summaries = {}
        self.active = set()
        self.loops_used = {}   # "file:line" -> bound, of every loop on an analysed path
        self.noreturn = set()  # functions that end the run (fault reports): paths into them end
        self.close_memo, self.wsummaries, self.wactive = {}, {}, set()
        self.returns_open = set()
        self.any_icall = False   # windows: an indirect call may reach any address-taken function
        self.handler_memo = None
        self.unbounded_targets = {}
        self.window_roots = set()  # the function whose window is being bounded
        self.switches = set()  # functions that resume a thread: no return to their caller
        self.locks = set()     # lock primitives: their windows are their callers'

    def function(self, entry, cuts=()):
        key = (entry, tuple(sorted(cuts)))
        if key not in self.funcs:
            self.funcs[key] = Function(self.img, entry, self.icalls, cuts)
        return self.funcs[key]

    # -- contexts: what may be in flight when a block starts
    def tails(self, fn, block, need, entry_ctx, exits_of, start=None):
        """The instruction sequences (tagged) that may run just before `block` starts, each the
        last `need` of its path where the path is that long.  entry_ctx: the sequences before
        fn's entry; exits_of(callee, call block): a callee's last instructions."""
        img = self.img
        out = []

        def keep(seq, whole=False):
            if not whole:  # a context given from outside is kept whole: it trains the predictor
                seq = seq[len(seq) - need:] if len(seq) > need else seq
            if seq not in out:
                out.append(seq)

        def walk(blk, suffix):
            if need <= 0 or len(suffix) >= need or \
                    (len(out) >= MAX_TAILS and need > HAZARD_CTX):
                keep(suffix)
                return
            known = False
            if blk.start == (fn.entry if start is None else start):
                known = True
                for s in entry_ctx or [[]]:
                    keep(s + suffix, whole=True)
            for p in blk.pred:
                for k in p.succ:
                    if fn.next_block(*k) != blk.start:
                        continue
                    known = True
                    if k[0] == "icall" and isinstance(k[2][1], str):
                        keep(suffix)  # unknown callees: their return's jump drains the pipeline
                    elif k[0] in ("call", "icall"):
                        for t in self.targets(k):
                            for s in exits_of(t, p):
                                keep(s + suffix)
                    else:
                        walk(p, body_tags(img, p.pcs[:-1]) + [tag(img, p.last, blk.start)] + suffix)
            if not known:
                keep(suffix)

        walk(block, [])
        if len(out) >= MAX_TAILS and need > HAZARD_CTX:
            # too many paths to look that far back: as far as the hazards reach, whole
            return self.tails(fn, block, HAZARD_CTX, entry_ctx, exits_of, start)
        return out or [[]]

    def context_after(self, fn, block, nxt, entry_ctx, start=None):
        """The contexts after `block` (ending at its last instruction, followed by `nxt`):
        the paths of fn into it, back to fn's entry, before which entry_ctx ran; each cut to
        RUN_CTX instructions."""
        own = body_tags(self.img, block.pcs[:-1]) + [tag(self.img, block.last, nxt)]
        pre = self.tails(fn, block, CTX, entry_ctx, lambda t, p: self._exits_nested(t, p), start)
        out = []
        for s in pre:
            c = (s + own)[-RUN_CTX:]
            if c not in out:
                out.append(c)
        return out[:MAX_TAILS] if len(out) <= MAX_TAILS else \
            self.context_after_short(fn, block, nxt, entry_ctx, start)

    def context_after_short(self, fn, block, nxt, entry_ctx, start=None):
        own = body_tags(self.img, block.pcs[:-1]) + [tag(self.img, block.last, nxt)]
        pre = self.tails(fn, block, HAZARD_CTX, [c[-HAZARD_CTX:] for c in entry_ctx],
                         lambda t, p: self._exits_nested(t, p), start)
        out = []
        for s in pre:
            c = (s + own)[-HAZARD_CTX:]
            if c not in out:
                out.append(c)
        return out

    def targets(self, k):
        if k[0] in ("call", "tail"):
            return [k[1]]
        if isinstance(k[2][1], str) and self.any_icall:
            return self.handlers()
        if isinstance(k[2][1], str):
            raise WcetError("indirect call at %s: give its targets with --icall %s=F,..."
                            % (k[2][1], k[2][1].split("+")[0]))
        return [self.img.addr_of[n] for n in k[2][1]]

    def exit_tails(self, callee_entry, call_block, caller_ctx):
        fn = self.function(callee_entry)
        seqs = []
        for b in fn.blocks.values():
            for k, t, info in b.succ:
                if k == "exit" or k == "tail":
                    for s in self.tails(fn, b, CTX - len(b.pcs), caller_ctx,
                                        self._exits_nested):
                        seqs.append((s + body_tags(self.img, b.pcs))[-CTX:])
        return seqs or [[]]

    def _exits_nested(self, t, p):
        # a callee's callee: its exit is a jump that drains the pipeline; its last
        # instructions are taken from its own blocks without a further context
        fn = self.function(t)
        seqs = []
        for b in fn.blocks.values():
            if any(k in ("exit", "tail") for k, _, _ in b.succ):
                seqs.append(body_tags(self.img, b.pcs)[-CTX:])
        return seqs or [[]]

    # -- interrupt-disabled windows anywhere (docs/wcet.md "Windows anywhere")
    def closes_of(self, fn, mode):
        """The pcs of fn where a window ends: MIE set (csrsi, a constant with MIE, MRET) and, in
        the frame that opened the window ("depth0"), a restore of the value saved as it
        opened; in a callee ("nested") a restore writes back the MIE = 0 its own save read."""
        key = (fn.lo, mode)
        if key not in self.close_memo:
            kinds = ("set", "restore") if mode == "depth0" else ("set",)
            self.close_memo[key] = {pc for pc in range(fn.lo, fn.hi, 4)
                                    if mstatus_write(self.img, pc) in kinds}
        return self.close_memo[key]

    def window_fn(self, entry, start):
        """The CFG of the function holding start, split after every write that may set MIE"""
        lo, hi = self.img.func_range(start)
        cuts = {start} | {pc + 4 for pc in range(lo, hi, 4) if mstatus_write(self.img, pc)
                          in ("set", "restore")}
        fn = self.function(entry, cuts)
        if start in fn.blocks:
            return fn
        return self.function(start, cuts)

    def window_from(self, start, mode, owner, ctx):
        """(cycles, end) of the longest path from pc start to where MIE is set again"""
        img = self.img
        entry = img.flo[img.func_index(start)]
        fn = self.window_fn(entry, start)
        ends = []
        v = self.longest(fn, start, None, ctx, window=(mode, owner, ends))
        return None if v is None else (v, ends[-1])

    def window_summary(self, entry, mode, owner, ctx):
        """A call's (or tail call's) part of a window that ends inside it, per context"""
        if self.img.func_of(entry) in self.noreturn:
            return None
        key = (entry, mode, owner, tuple(tuple(c) for c in ctx))
        if key not in self.wsummaries:
            if key[:3] in self.wactive:
                raise WcetError("recursion through %s" % self.img.func_of(entry))
            self.wactive.add(key[:3])
            try:
                self.wsummaries[key] = self.window_from(entry, mode, owner, ctx)
            finally:
                self.wactive.discard(key[:3])
        return self.wsummaries[key]

    def maybe_target(self, k, bound):
        """bound() for one target of call k; a target of an indirect call whose targets are
        not given that would recurse is none (no recursion in the code: a target set as wide
        as handlers() may make up one where the code has none)"""
        try:
            return bound()
        except WcetError as e:
            if k[0] == "icall" and isinstance(k[2][1], str) and str(e).startswith("recursion"):
                return None
            raise

    def handlers(self):
        """The targets of an indirect call whose targets are not given, in a window (the
        trap entry's dispatch): every function of the image whose address the code or the
        data holds and that can return (a thread's endless body is none)"""
        if self.handler_memo is None:
            # code that ends in MRET (a trap entry, a resume stub) is no function; a function
            # no bound holds (a thread's body: loops without one) is taken for no handler,
            # and named in the result (unbounded_targets)
            out = []
            self.handler_memo = []
            for e in sorted(self.img.addr_taken):
                fn = self.function(e)
                succ = [k for b in fn.blocks.values() for k in b.succ]
                if not any(k[0] in ("exit", "tail") for k in succ) or \
                        any(k[0] == "exit" and k[2] == "mret" for k in succ):
                    continue
                try:
                    if self.summary(e, [[]]) is None:
                        continue
                except WcetError as err:
                    self.unbounded_targets[self.img.func_of(e)] = str(err)
                    self.active.clear()
                    continue
                out.append(e)
            self.handler_memo = out
        # a function under analysis is no target: the code has no recursion (the analysis
        # stops on any), so a target set this wide may not make up one
        busy = self.active | {k[0] for k in self.wactive} | self.window_roots
        return [e for e in self.handler_memo if e not in busy]

    # -- the bound of a function over all paths (a callee), per calling context
    def summary(self, entry, ctx):
        if self.img.func_of(entry) in self.noreturn | self.switches:
            return None  # a fault's end: the run stops there, no path continues
        key = (entry, tuple(tuple(c) for c in ctx))
        if key in self.summaries:
            return self.summaries[key]
        if entry in self.active:
            raise WcetError("recursion through %s" % self.img.func_of(entry))
        self.active.add(entry)
        try:
            fn = self.function(entry)
            v = self.longest(fn, fn.entry, None, ctx)
        finally:
            self.active.discard(entry)
        self.summaries[key] = v
        return v

    def longest(self, fn, start, stop, entry_ctx, detail=None, callfree=False, window=None):
        """The longest path in fn from pc `start` (its block's first instruction) to the
        instruction at `stop` (inclusive; None: to any exit), with callees bounded by their
        own longest paths; callfree: over the paths that make no call (a piece of a case).
        window: (mode, owner, ends) for an interrupt-disabled window (window_from): the path
        ends where MIE is set again, not at an exit; `ends` gets the end of the longest one.
        Returns cycles (None: no path; a callee that never returns)."""
        img = self.img
        closes = self.closes_of(fn, window[0]) if window else set()
        sb = fn.blocks.get(start)
        if sb is None:
            raise WcetError("0x%x does not start a block of %s" % (start, fn.name))
        eb = fn.block_of(stop) if stop is not None else None
        if eb is not None and eb.last != stop:
            raise WcetError("0x%x does not end a block of %s" % (stop, fn.name))
        # reachable blocks from start
        reach, work = set(), [start]
        while work:
            s = work.pop()
            if s in reach:
                continue
            reach.add(s)
            b = fn.blocks[s]
            if eb is not None and b is eb or b.last in closes:
                continue
            for k, t, info in b.succ:
                n = fn.next_block(k, t, info)
                if n is not None and not (callfree and k in ("call", "icall")):
                    work.append(n)
        edges = []   # (name, src start or None, dst start or None, cost)
        var = {}

        def entry_cost(b, ctxs):
            return max(self.cm.cost(c, body_tags(img, b.pcs[:-1]) + [tag(img, b.last, b.last + 4)])
                       for c in ctxs)

        def exits_of(t, p):
            return self.exit_tails(t, p, [body_tags(img, p.pcs)[-CTX:]])

        def block_cost_from(b, p, k):
            # the contexts of b when entered from p along succ k
            if k is None:
                ctxs = entry_ctx or [[]]
            elif k[0] == "icall" and isinstance(k[2][1], str):
                ctxs = [[]]  # unknown callees: their return's jump drains the pipeline
            elif k[0] in ("call", "icall"):
                ctxs = []
                for t in self.targets(k):
                    ctxs += exits_of(t, p)
            else:
                pre = self.tails(fn, p, CTX - len(p.pcs), entry_ctx, exits_of, start) \
                    if len(p.pcs) < CTX else [[]]
                own = body_tags(img, p.pcs[:-1]) + [tag(img, p.last, fn.next_block(*k))]
                ctxs = [s + own for s in pre]
            return entry_cost(b, ctxs)

        def call_cost(p, k):
            worst = None
            for t in self.targets(k):
                c = self.maybe_target(k, lambda: self.summary(t, [body_tags(img, p.pcs)[-CTX:]]))
                if c is not None and (worst is None or c > worst):
                    worst = c
            return worst

        ends = {}  # window: the sink edges' ends (where MIE is set)
        opens = []  # window: blocks that return from the opening frame with MIE still 0

        def window_end(s, cost, end):
            ends["x%d" % len(edges)] = end
            edges.append(("x%d" % len(edges), s, None, cost))

        def window_call(b, k, mode, owner):
            # the window ends inside the callee (or the tail-called routine)
            worst = None
            for t in self.targets(k):
                w = self.maybe_target(k, lambda: self.window_summary(
                    t, mode, owner, [body_tags(img, b.pcs)[-CTX:]]))
                if w is not None and (worst is None or w[0] > worst[0]):
                    worst = w
            return worst

        n = 0
        src_cost = block_cost_from(sb, None, None)
        edges.append(("x%d" % n, None, start, src_cost))
        n += 1
        for s in reach:
            b = fn.blocks[s]
            if eb is not None and b is eb:
                edges.append(("x%d" % n, s, None, 0))
                n += 1
                continue
            if b.last in closes:
                window_end(s, 0, "%s+0x%x" % (fn.name, b.last - fn.lo))
                continue
            n = len(edges)
            for k in b.succ:
                kind = k[0]
                nb = fn.next_block(*k)
                if kind == "error":
                    raise WcetError(k[2])
                if callfree and kind in ("call", "icall", "tail"):
                    continue
                if window and kind in ("call", "icall"):
                    w = window_call(b, k, "nested", None)
                    if w is not None:
                        window_end(s, w[0], w[1])
                    n = len(edges)
                if kind in ("call", "icall"):
                    cc = call_cost(b, k) if nb is not None else None
                    if cc is None:
                        continue  # the callee never returns
                    edges.append(("x%d" % n, s, nb, cc + block_cost_from(fn.blocks[nb], b, k)))
                    n += 1
                elif kind == "tail" and window:
                    w = window_call(b, k, window[0], window[1])
                    if w is not None:
                        window_end(s, w[0], w[1])
                    n = len(edges)
                elif kind == "exit" and window:
                    if window[0] == "nested":
                        continue  # the callee returns with the window still open: its caller's
                    if k[2] != "ret":
                        raise WcetError("an interrupt-disabled window reaches the %s at %s+0x%x"
                                        % (k[2], fn.name, b.last - fn.lo))
                    opens.append(s)
                    window_end(s, 0, "returns to its caller with interrupts disabled")
                    n = len(edges)
                elif kind == "tail":
                    if eb is not None:
                        continue
                    cc = call_cost(b, k)
                    if cc is None:
                        continue
                    edges.append(("x%d" % n, s, None, cc))
                    n += 1
                elif kind == "exit":
                    if eb is None:
                        edges.append(("x%d" % n, s, None, 0))
                        n += 1
                else:
                    edges.append(("x%d" % n, s, nb, block_cost_from(fn.blocks[nb], b, k)))
                    n += 1
        if opens:
            # a lock primitive's window (tk_irq_lock) is its caller's to close: flagged when
            # a path of edges reaches such a return (a block after a call that never returns
            # is in no path)
            seen, work = set(), [start]
            while work:
                x = work.pop()
                if x not in seen:
                    seen.add(x)
                    work.extend(e[2] for e in edges if e[1] == x and e[2] is not None)
            if any(o in seen for o in opens):
                self.returns_open.add(window[1])
        # integer program: flow in = flow out at every block, one path from start to an end
        cons = []
        for st in reach:
            coef = {}
            for e in edges:
                if e[2] == st:
                    coef[e[0]] = coef.get(e[0], 0) + 1
                if e[1] == st:
                    coef[e[0]] = coef.get(e[0], 0) - 1
            terms = ["%+d %s" % (c, x) for x, c in coef.items() if c]
            if terms:
                cons.append(" ".join(terms) + " = 0")
        sinks = [e[0] for e in edges if e[2] is None]
        if not sinks:
            return None
        cons.append("x0 = 1")
        cons.append(" + ".join(sinks) + " = 1")
        bounded = set()  # headers of the natural loops constrained
        for h, (body, backs) in fn.loops().items():
            if h not in reach:
                continue
            if not body & reach:
                continue
            back = [e[0] for e in edges if e[2] == h and e[1] in body]
            enter = [e[0] for e in edges if e[2] == h and (e[1] is None or e[1] not in body)]
            if start in body and start != h:
                enter.append("x0")  # the path starts inside the loop: one entry
            if back:  # else every way around it makes a call, which this path may not
                bound, where = self.src.loop_bound(img, fn, h, body)
                self.loops_used[where] = bound
                bounded.add(h)
                cons.append(" ".join(["+1 %s" % x for x in back] +
                                     ["-%d %s" % (bound, x) for x in enter]) + " <= 0")
        # cycles no natural loop covers: an irreducible loop (a goto into a loop's middle: two
        # or more ways in, none dominating the rest), or what is left of a loop once the paths
        # through calls are cut.  Its passes back to any way in are bounded by the largest
        # bound written on its lines, per entry.
        for comp in sccs(reach, [(e[1], e[2]) for e in edges if e[1] is not None
                                 and e[2] is not None]):
            inside = set(comp)
            ways_in = {e[2] for e in edges if e[2] in inside and (e[1] is None or e[1] not in inside)}
            if start in inside:
                ways_in.add(start)
            if len(ways_in) == 1 and ways_in <= bounded:
                continue  # a natural loop, bounded above
            bound, where = self.src.loop_bound(img, fn, min(ways_in), inside, widest=True)
            self.loops_used[where] = bound
            back = [e[0] for e in edges if e[1] in inside and e[2] in ways_in]
            enter = [e[0] for e in edges if e[2] in inside and (e[1] is None or e[1] not in inside)]
            if start in inside and "x0" not in enter:
                enter.append("x0")
            cons.append(" ".join(["+1 %s" % x for x in back] +
                                 ["-%d %s" % (bound, x) for x in enter]) + " <= 0")
        if os.environ.get("WCET_DEBUG_EDGES"):
            for e in edges:
                print("edge %s %s -> %s cost %d" % (e[0], e[1] and hex(e[1]), e[2] and hex(e[2]),
                                                    e[3]), file=sys.stderr)
            print("cons", cons, file=sys.stderr)
        lp = ["Maximize", " obj: " + " + ".join("%d %s" % (e[3], e[0]) for e in edges),
              "Subject To"]
        lp += [" c%d: %s" % (i, c) for i, c in enumerate(cons)]
        lp += ["General", " " + " ".join(e[0] for e in edges), "End", ""]
        try:
            got = solve_lp("\n".join(lp), self.glpsol)
        except WcetError as e:
            raise WcetError("%s from 0x%x: %s" % (fn.name, start, e))
        if got is None:
            return None  # no path reaches an end (a callee that never returns)
        v, sol = got
        if window:
            window[2].append(next((ends[e[0]] for e in edges
                                   if e[0] in ends and sol.get(e[0], 0) > 0.5), "?"))
        if detail is not None:
            path = sorted((e[2], e[3]) for e in edges if sol.get(e[0], 0) > 0.5 and e[2] is not None)
            detail.append({"function": fn.name, "from": "0x%x" % start,
                           "to": "0x%x" % stop if stop is not None else "exit", "cycles": v,
                           "blocks": ["0x%x:%d" % b for b in path]})
        return v


# ---------------------------------------------------------------- cases from a trace

TRACE_RE = re.compile(r"^(\d+) ([0-9a-f]{8,16}) ([0-9a-f]{8}) ")
TRAP_RE = re.compile(r"^(\d+) trap mcause=(0x[0-9a-f]+)")
VAL_RE = re.compile(r" x\d+=([0-9a-f]+)")


def read_windows(lines, img, enter_names, exclude_names=()):
    """Windows between consecutive counter reads that enter one of the functions named, take
    no trap and enter none of exclude_names: each as the list of (pc, raw) it ran (the
    opening read first), the cycles it measured (the difference of the two reads), each
    instruction's issue cycle, and the function it entered."""
    enters = {img.addr_of[n]: n for n in enter_names if n in img.addr_of}
    if not enters:
        raise WcetError("none of %s is in %s" % (", ".join(enter_names), img.path))
    excludes = {img.addr_of[n] for n in exclude_names if n in img.addr_of}
    cur, val, skip, hit, cycles = None, None, False, None, []
    for line in lines:
        m = TRACE_RE.match(line)
        if not m:
            if TRAP_RE.match(line):
                skip = cur is not None
            continue
        pc, raw = int(m.group(2), 16), int(m.group(3), 16)
        if is_counter_read(raw):
            v = VAL_RE.search(line)
            v = int(v.group(1), 16) if v else None
            if cur is not None and hit and not skip and v is not None:
                cur.append((pc, raw))
                cycles.append(int(m.group(1)))
                yield cur, (v - val) % (1 << img.xlen), cycles, hit
            cur, val, skip, hit, cycles = [(pc, raw)], v, False, None, [int(m.group(1))]
        elif cur is not None:
            cur.append((pc, raw))
            cycles.append(int(m.group(1)))
            if pc in enters and hit is None:
                hit = enters[pc]
            if pc in excludes:
                skip = True  # not a sample window


def read_irq_windows(lines, img, pairs):
    """The interrupt-disabled windows of a trace whose start and end pcs are one of `pairs`
    ({(start_pc, end_pc, by_trap)}, from tempo-sim --irq-off-json of the same run): from a
    line at the start pc (the CSR write; for a trap, the trap line, then the handler's first
    instruction at the start pc) to the next line at that end pc, if no other pair's end comes
    first.  Each as (pair, run, by_trap)
    with run the (pc, raw) list (a CSR start first, as context; a trap start: none)."""
    starts = {}
    for a, b, t in pairs:
        starts.setdefault((a, t), set()).add(b)
    # a window ends at the first instruction that may have set MIE: any pair's end, any
    # write that may set mstatus bits, MRET (a window that ended elsewhere than its pair's
    # end is not one of these: dropped, and counted as unseen)
    every_end = {b for _, b, _ in pairs}
    cur, ends, after_trap = None, None, False
    for line in lines:
        m = TRACE_RE.match(line)
        if not m:
            if TRAP_RE.match(line):
                after_trap = True
                cur = None  # a trap inside a window: not one of these windows
            elif line.startswith("-- "):
                cur, after_trap = None, False  # another stretch of the run (irq-trace.sh)
            continue
        pc, raw = int(m.group(2), 16), int(m.group(3), 16)
        if cur is not None:
            cur[1].append((pc, raw))
            if pc in every_end or may_set_mie(raw):
                if pc in ends:
                    yield (cur[0], pc, cur[2]), cur[1], cur[2]
                cur = None
        if cur is None:
            key = (pc, after_trap)
            old_mie = VAL_RE.search(line) if not after_trap and raw & 0x7f == 0x73 else None
            if old_mie is not None and not int(old_mie.group(1), 16) & 8:
                key = None  # the CSR write read mstatus with MIE already 0: no window opens
            if key in starts:
                cur = (pc, [(pc, raw)], after_trap)
                ends = starts[key]
                if after_trap:
                    cur[1].pop()  # the handler's first instruction is counted, no context
                    cur[1].insert(0, (None, None))
                    cur[1].append((pc, raw))
        after_trap = False


def irq_window_bound(an, run, by_trap):
    """Static bound of one interrupt-disabled window's case (case_bound's method): from the
    instruction after the opening CSR write (or the trap: the trap controller's cycles, at
    their longest) to the closing CSR write or MRET."""
    img = an.img
    if by_trap:
        entry, window = an.cm.irq_entry()
        total, ctx = entry + window, [[]]
        pieces = fragments(img, run[1:])
        base = 1
    else:
        read = run[0][0]
        fn0 = an.function(img.flo[img.func_index(read)], cuts=(read + 4,))
        ctx = an.context_after(fn0, fn0.block_of(read), read + 4, [[]])
        # the opening write samples its cycle up to read_lag before its EXR cycle, a closing
        # write at least 1 before its own, an MRET at the end of its cycles
        total = an.cm.read_lag() - (0 if run[-1][1] == MRET else 1)
        pieces = fragments(img, run[1:])
        base = 1
    pcs = [p for p, _ in run]
    for first, last, at in pieces:
        fn = piece_function(an, first, last)
        v = an.longest(fn, first, last, ctx, None, callfree=True)
        if v is None:
            raise WcetError("no path from 0x%x to 0x%x in %s" % (first, last, fn.name))
        k = at + base
        nxt = next((pcs[j + 1] for j in range(k, len(run) - 1) if pcs[j] == last), last + 4)
        ctx = an.context_after(fn, fn.block_of(last), nxt, ctx, first)
        total += v
    return total


def irq_windows(an, lines, irq_json):
    """The static bound of every interrupt-disabled window pair a run reported (its longest
    ones), over every case the trace shows for it."""
    img = an.img
    with open(irq_json) as f:
        wins = json.load(f)["irq_off"]["windows"]
    pairs = {(w["start_pc"], w["end_pc"], w["start_by"] == "trap"): w for w in wins}
    cases = {}
    for pair, run, by_trap in read_irq_windows(lines, img, set(pairs)):
        key = (pair, tuple(fragments_key(img, [(None, None)] + run[1:]) if by_trap
                           else fragments_key(img, run)))
        cases.setdefault(key, (pair, run, by_trap))
    out = {}
    for key, (pair, run, by_trap) in cases.items():
        b = irq_window_bound(an, run, by_trap)
        w = pairs[pair]
        name = "%s (%s) to %s (%s)" % (w["start_function"], w["start_by"], w["end_function"],
                                       w["end_by"])
        o = out.setdefault(name, {"measured_max": w["cycles"], "bound": 0, "cases": 0})
        o["bound"] = max(o["bound"], b)
        o["cases"] += 1
    missing = [p for p in pairs if not any(k[0] == p for k in cases)]
    return out, len(missing)


def trap_vectors(img):
    """The trap entries: the addresses the code writes to mtvec (csrw mtvec, reg after an
    lla of reg), direct mode"""
    out = set()
    for off in range(8, len(img.code) - 3, 4):
        pc = img.base + off
        r = img.word(pc)
        if r & 0x7f != 0x73 or r >> 20 != 0x305 or bits(r, 14, 12) != 1:
            continue
        reg = bits(r, 19, 15)
        a, b = img.word(pc - 8), img.word(pc - 4)
        if a & 0x7f == 0x17 and bits(a, 11, 7) == reg and b & 0x707f == 0x13 and \
                bits(b, 11, 7) == reg and bits(b, 19, 15) == reg:
            out.add((pc - 8 + sext(a & 0xfffff000, 32) + imm_i(b)) & ~3)
        else:
            raise WcetError("mtvec written at 0x%x from a register not loaded just before"
                            " (lla): the trap entry is not known" % pc)
    return sorted(out)


def static_windows(an):
    """Every interrupt-disabled window the image's code can open, each bounded over every
    path to where interrupts are enabled again: from each instruction that may clear MIE, and
    from each trap entry (docs/wcet.md "Windows anywhere").  Indirect calls inside a window
    may reach any function whose address the image takes."""
    img = an.img
    an.any_icall = True
    lag = an.cm.read_lag()
    entry, irq_window = an.cm.irq_entry()
    out = []
    for pc in trap_vectors(img):
        an.window_roots = {img.flo[img.func_index(pc)]}
        try:
            v = an.window_from(pc, "nested", None, [[]])
        except WcetError as e:
            out.append({"start_function": img.func_of(pc), "start_pc": pc, "start_by": "trap",
                        "cycles": None, "error": str(e)})
            continue
        if v is None:
            raise WcetError("the trap entry at 0x%x never enables interrupts again" % pc)
        out.append({"start_function": img.func_of(pc), "start_pc": pc, "start_by": "trap",
                    "cycles": entry + irq_window + v[0], "end": v[1]})
    for i, lo in enumerate(img.flo):
        for pc in range(lo, img.fhi[i], 4):
            if mstatus_write(img, pc) != "clear":
                continue
            fn0 = an.function(lo, cuts=(pc + 4,))
            b0 = fn0.blocks.get(lo) and next((b for b in fn0.blocks.values() if pc in b.pcs), None)
            if b0 is None:
                continue  # no path of its function reaches it (dead code)
            ctx = an.context_after(fn0, b0, pc + 4, [[]])
            before = set(an.returns_open)
            an.returns_open.clear()
            name = img.fname[i]
            an.window_roots = {lo}
            try:
                v = an.window_from(pc + 4, "depth0", name, ctx)
            except WcetError as e:
                out.append({"start_function": name, "start_pc": pc, "start_by": "csr",
                            "cycles": None, "error": str(e)})
                an.wactive.clear()
                an.active.clear()
                continue
            rec = {"start_function": name, "start_pc": pc, "start_by": "csr",
                   "cycles": None if v is None else v[0] + lag, "end": v and v[1]}
            if an.returns_open and name in an.locks:
                rec["returns_open"] = True
            elif an.returns_open:
                rec = {"start_function": name, "start_pc": pc, "start_by": "csr", "cycles": None,
                       "error": "a path returns from %s with interrupts disabled (--lock %s if "
                       "it is a lock primitive, whose caller closes the window)" % (name, name)}
            an.returns_open |= before
            out.append(rec)
    out.sort(key=lambda w: -(w["cycles"] or 0))
    return out


def fragments(img, run):
    """Split a window's instructions into pieces that each stay in one function and make no
    call: (function entry pc of the piece's function, first pc, last pc, the instructions
    before the first)."""
    out = []
    start = 0
    for i in range(1, len(run) + 1):
        pc, raw = run[i - 1]
        end = i == len(run)
        if not end:
            npc = run[i][0]
            op = raw & 0x7f
            boundary = (op in (0x67, 0x6f) and (bits(raw, 11, 7) != 0 or op == 0x67)) or \
                raw in (MRET, ECALL) or img.func_index(npc) != img.func_index(pc)
            if op == 0x6f and bits(raw, 11, 7) == 0 and img.func_index(npc) == img.func_index(pc):
                boundary = False
        if end or boundary:
            if start < i:
                out.append((run[start][0], run[i - 1][0], start))
            start = i
    return out


def piece_function(an, first, last):
    """The CFG for a piece: its function's, from the function's entry (so that loops are the
    function's natural loops, whatever block the piece starts in) when the piece's first
    instruction is reachable from there, else from that instruction."""
    img = an.img
    fn = an.function(img.flo[img.func_index(first)], cuts=(first, last + 4))
    if first in fn.blocks and any(last in b.pcs for b in fn.blocks.values()):
        return fn
    return an.function(first, cuts=(first, last + 4))


def case_bound(an, run, detail, cycles=None):
    """The bound of a case (the pieces of a window): every piece bounded over all the paths
    of its function from its first to its last instruction.  What is in flight when a piece
    starts is every way the previous piece may have ended (its function's paths into its last
    instruction, back to the piece before it), so the bound holds for every window of the
    case, whatever path each took.  The closing read may sample the counter up to
    read_lag - 1 cycles closer to its EXR cycle than the opening one (docs/timing.md "Clock
    and counters"): that is added."""
    img = an.img
    pcs = [p for p, _ in run]
    # before the opening read: its function's paths into it, from an unknown entry
    read = pcs[0]
    fn0 = an.function(img.flo[img.func_index(read)], cuts=(read + 4,))
    b0 = fn0.block_of(read)
    ctx = an.context_after(fn0, b0, read, [[]])
    total = 0
    for first, last, at in fragments(img, run[1:]):
        fn = piece_function(an, first, last)
        v = an.longest(fn, first, last, ctx, detail, callfree=True)
        if v is None:
            raise WcetError("no path from 0x%x to 0x%x in %s" % (first, last, fn.name))
        k = at + 1
        if cycles is not None:
            # the trace's cycle is each instruction's issue: a piece ran from its first
            # instruction's to the next piece's
            end = next(j for j in range(k, len(run)) if run[j][0] == last) + 1
            if end < len(cycles):
                detail[-1]["ran"] = cycles[end] - cycles[k]
        nxt = next((pcs[j + 1] for j in range(k, len(run) - 1) if pcs[j] == last), last + 4)
        ctx = an.context_after(fn, fn.block_of(last), nxt, ctx, first)
        total += v
    return total + an.cm.read_lag() - 1


# ---------------------------------------------------------------- command line

def parse_icalls(items):
    out = {}
    for it in items or []:
        k, v = it.split("=", 1)
        out[k] = [x for x in v.split(",") if x]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cost", required=True, help="the wcet-cost program (tools/wcet/cost.c)")
    ap.add_argument("--glpsol", default="glpsol")
    ap.add_argument("--src", action="append", default=["."], help="source root (repeatable)")
    ap.add_argument("--set", action="append", default=[], help="a timing parameter, as tempo-sim")
    ap.add_argument("--icall", action="append", help="targets of an indirect call: FUNC[+0xOFF]=F,G")
    ap.add_argument("--bound", action="append", default=[],
                    help="the value of a symbolic loop bound: NAME=N")
    ap.add_argument("--noreturn", action="append", default=[],
                    help="a function that ends the run (a fault report): no path goes through it")
    ap.add_argument("--switch", action="append", default=[],
                    help="a function that resumes a thread and never returns to its caller "
                    "(a window may end inside it)")
    ap.add_argument("--lock", action="append", default=[],
                    help="a lock primitive: it returns with interrupts disabled, and the window "
                    "is its caller's (windows)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("call", help="bound functions over all their paths")
    c.add_argument("image")
    c.add_argument("functions", nargs="+")
    k = sub.add_parser("case", help="bound the windows of a trace (tempo-sim --trace-file)")
    k.add_argument("image")
    k.add_argument("trace", help="the trace file, - for stdin")
    k.add_argument("--enter", action="append", required=True,
                   help="a function every window of the case enters (repeatable: any of them)")
    k.add_argument("--kernel-prefix", action="append", default=["tk_"],
                   help="functions counted as the kernel's part")
    k.add_argument("--metric", help="the metric's name, for the report")
    k.add_argument("--exclude", action="append", default=[],
                   help="a function no sample window enters (repeatable)")
    k.add_argument("--sum", action="store_true",
                   help="a sample is one window entering each --enter function, summed")
    k.add_argument("--irq-off", help="tempo-sim --irq-off-json of the same run: bound its "
                   "interrupt-disabled windows too")
    q = sub.add_parser("irq", help="bound only the interrupt-disabled windows of a trace")
    q.add_argument("image")
    q.add_argument("trace", help="the trace file, - for stdin")
    q.add_argument("--irq-off", required=True, help="tempo-sim --irq-off-json of the same run")
    w = sub.add_parser("windows", help="bound every interrupt-disabled window the image can "
                       "open (statically), and the interrupt latency")
    w.add_argument("image")
    w.add_argument("--irq-off", action="append", default=[],
                   help="tempo-sim --irq-off-json of a run of the image: its windows are checked "
                   "against their bounds (repeatable)")
    o = sub.add_parser("collect", help="the cases' results as one JSON (wcet.json)")
    o.add_argument("files", nargs="+")
    o = sub.add_parser("summary", help="print wcet.json as a table")
    o.add_argument("file")
    o = sub.add_parser("check", help="fail unless every bound is at or above its measurements")
    o.add_argument("file")
    a = ap.parse_args()
    if a.cmd in ("collect", "summary", "check"):
        return {"collect": collect, "summary": summary, "check": check}[a.cmd](a)
    img = Image(a.image)
    cm = CostModel(a.cost, a.image, a.set)
    names = {k: int(v) for k, v in (b.split("=", 1) for b in a.bound)}
    an = Analysis(img, cm, a.glpsol, Sources(a.src, names), parse_icalls(a.icall))
    an.noreturn = set(a.noreturn)
    an.switches = set(a.switch)
    an.locks = set(a.lock)
    result = {"image": a.image, "xlen": img.xlen}
    try:
        if a.cmd == "call":
            result["calls"] = {}
            for f in a.functions:
                if f not in img.addr_of:
                    raise WcetError("no function %s in %s" % (f, a.image))
                e = img.addr_of[f]
                fn = an.function(e)
                result["calls"][f] = an.longest(fn, e, None, [[]])
        elif a.cmd == "windows":
            result.update(windows_result(an, a.irq_off))
        elif a.cmd == "irq":
            lines = sys.stdin if a.trace == "-" else open(a.trace)
            result["irq_off"], result["irq_off_unseen"] = irq_windows(an, lines, a.irq_off)
        else:
            lines = sys.stdin if a.trace == "-" else open(a.trace)
            if a.irq_off:
                lines = list(lines)  # read twice: the samples' windows, the irq-off windows
                result["irq_off"], result["irq_off_unseen"] = irq_windows(an, lines, a.irq_off)
            cases = {}
            seen_runs = []
            for run, measured, cycles, entered in read_windows(lines, img, a.enter, a.exclude):
                seen_runs.append([p for p, _ in run])
                key = tuple(fragments_key(img, run))
                c = cases.setdefault(key, {"run": run, "measured_max": 0,
                                           "windows": 0, "cycles": cycles, "first": measured,
                                           "enters": entered})
                c["measured_max"] = max(c["measured_max"], measured)
                c["windows"] += 1
            if not cases:
                raise WcetError("no window in the trace enters %s" % ", ".join(a.enter))
            out = []
            for key, c in cases.items():
                detail = []
                b = case_bound(an, c["run"], detail, c["cycles"])
                kern = sum(d["cycles"] for d in detail
                           if any(d["function"].startswith(p) for p in a.kernel_prefix))
                out.append({"bound": b, "kernel_bound": kern, "measured_max": c["measured_max"],
                            "enters": c["enters"],
                            "first_measured": c["first"],
                            "windows": c["windows"],
                            "path": " > ".join(dedup_names([d["function"] for d in detail])),
                            "pieces": detail})
            out.sort(key=lambda x: -x["bound"])
            result["loop_runs"] = loop_check(an, seen_runs, out)
            result["metric"] = a.metric
            result["calls"] = public_calls(an, out, a.kernel_prefix)
            result["cases"] = out
            if a.sum:
                # a sample is one window entering each function named: the sum of their
                # largest bounds (the traced maximum stays one window's, a lower bound)
                for n in a.enter:
                    if not any(x["enters"] == n for x in out):
                        raise WcetError("no window enters %s" % n)
                result["bound"] = sum(max(x["bound"] for x in out if x["enters"] == n)
                                      for n in a.enter)
            else:
                result["bound"] = out[0]["bound"]
            result["measured_max"] = max(x["measured_max"] for x in out)
        result["loops"] = an.loops_used
    except WcetError as e:
        print("wcet: %s: %s" % (a.image, e), file=sys.stderr)
        return 1
    json.dump(result, sys.stdout, indent=1)
    print()
    return 0


def windows_result(an, measured_files):
    """static_windows with the latency bound and the measured windows beside their bounds"""
    wins = static_windows(an)
    entry, irq_window = an.cm.irq_entry()
    kernel = [w for w in wins if w["cycles"] is not None and not w.get("returns_open")]
    if not kernel:
        raise WcetError("no interrupt-disabled window to bound")
    longest = max(kernel, key=lambda w: w["cycles"])
    by_start = {(w["start_pc"], w["start_by"]): w for w in wins}
    measured = []
    for path in measured_files:
        with open(path) as f:
            for m in json.load(f)["irq_off"]["windows"]:
                w = by_start.get((m["start_pc"], m["start_by"]))
                measured.append({"start_function": m["start_function"], "start_pc": m["start_pc"],
                                 "start_by": m["start_by"], "end_function": m["end_function"],
                                 "cycles": m["cycles"],
                                 "bound": w["cycles"] if w and not w.get("returns_open") else None})
    return {"windows": [dict(w, start_pc="0x%x" % w["start_pc"]) for w in wins],
            "entry_cycles": entry + irq_window,
            "longest": dict(longest, start_pc="0x%x" % longest["start_pc"]),
            "latency_bound": entry + irq_window + longest["cycles"],
            "measured": measured, "loops": an.loops_used,
            "indirect_targets": [an.img.func_of(e) for e in an.handlers()],
            "unbounded_targets": an.unbounded_targets}


def loop_check(an, runs, cases):
    """The most iterations each bounded loop of the cases' functions made in one entry, over
    every window of the trace: {"file:line": [most, bound]}.  A run above a bound is an error
    (the bound was wrong, so was every bound built on it)."""
    img = an.img
    names = {d["function"] for c in cases for d in c["pieces"]}
    loops = {}  # header pc -> (body pcs, back-edge source pcs, where, bound)
    for n in names:
        fn = an.function(img.addr_of.get(n, img.flo[img.fname.index(n)]))
        for h, (body, backs) in fn.loops().items():
            try:
                bound, where = an.src.loop_bound(img, fn, h, body)
            except WcetError:
                continue  # a loop no analysed path takes: its bound is not needed
            pcs = {pc for b in body for pc in fn.blocks[b].pcs}
            loops[h] = (pcs, {fn.blocks[b].last for b in backs}, where, bound)
    most = {}
    for run in runs:
        count = {}
        for i in range(1, len(run)):
            h = run[i]
            if h not in loops:
                continue
            pcs, backs, where, bound = loops[h]
            count[h] = count.get(h, 0) + 1 if run[i - 1] in backs else 0
            if count[h] > most.get(where, [0])[0]:
                most[where] = [count[h], bound]
    for where, (n, bound) in most.items():
        if n > bound:
            raise WcetError("the loop at %s ran %d times in one entry, above its bound %d"
                            % (where, n, bound))
    return most


def public_calls(an, cases, prefixes):
    """Every public kernel call on the cases' paths (a tk_ name, not tk__ nor tk_port_),
    bounded over all its paths; the reason instead where it cannot be."""
    names = []
    for c in cases:
        for d in c["pieces"]:
            n = d["function"]
            if any(n.startswith(p) for p in prefixes) and not n.startswith(("tk__", "tk_port_")) \
                    and n not in names:
                names.append(n)
    out = {}
    for n in names:
        e = an.img.addr_of[n]
        try:
            v = an.longest(an.function(e), e, None, [[]])
            out[n] = v if v is not None else "never returns"
        except WcetError as err:
            out[n] = str(err)
    return out


def collect(a):
    recs = []
    for path in a.files:
        with open(path) as f:
            d = json.load(f)
        if "cases" not in d:
            continue  # interrupt-disabled windows only
        recs.append({"case": os.path.basename(path)[:-5], "metric": d.get("metric"),
                     "xlen": d["xlen"], "bound_cycles": d["bound"],
                     "kernel_bound_cycles": max(c["kernel_bound"] for c in d["cases"]),
                     "traced_max_cycles": d["measured_max"],
                     "windows": sum(c["windows"] for c in d["cases"]),
                     "paths": [c["path"] for c in d["cases"]], "calls": d["calls"],
                     "loops": d["loops"]})
    recs.sort(key=lambda r: (r["case"], r["xlen"]))
    lat = {}
    for path in a.files:
        with open(path) as f:
            d = json.load(f)
        for name, w in d.get("irq_off", {}).items():
            x = lat.setdefault(str(d["xlen"]), {"window_bound_cycles": 0, "measured_max": 0,
                                                "windows": {}})
            x["windows"][name] = {"bound_cycles": max(w["bound"], x["windows"].get(name, {})
                                                      .get("bound_cycles", 0)),
                                  "measured_max": max(w["measured_max"], x["windows"].get(name, {})
                                                      .get("measured_max", 0))}
            x["window_bound_cycles"] = max(x["window_bound_cycles"], w["bound"])
            x["measured_max"] = max(x["measured_max"], w["measured_max"])
    entry = None
    if a.files:
        with open(a.files[0]) as f:
            image = json.load(f)["image"]
        e, w = CostModel(a.cost, image).irq_entry()
        entry = e + w
    for x in lat.values():
        # an interrupt raised as the longest window opens waits for it, then is taken
        x["entry_cycles"] = entry
        x["traced_bound_cycles"] = x["window_bound_cycles"] + entry
    configs = static_latency(a.files)
    for xlen, c in configs.get("default", {}).items():
        # the bound is the static one, over every window the code can open
        lat.setdefault(xlen, {"windows": {}, "measured_max": 0}).update(c)
    json.dump({"records": recs, "interrupt_latency": lat,
               "configurations": {k: v for k, v in configs.items() if k != "default"}},
              sys.stdout, indent=1)
    print()
    return 0


CONFIG_OF = {"rh_nlatency": "nesting", "rh_dlatency": "direct"}


def static_latency(files):
    """{config: {xlen: latency}} from the `windows` results: per kernel configuration (the
    default build; nested interrupts; a direct handler) and width, the largest latency bound
    over its images with the window it comes from, every window a run measured beside the
    static bound of its start, and the windows no bound holds for"""
    out = {}
    for path in files:
        with open(path) as f:
            d = json.load(f)
        if "windows" not in d:
            continue
        case = os.path.basename(d["image"])[:-4]
        x = out.setdefault(CONFIG_OF.get(case, "default"), {}).setdefault(
            str(d["xlen"]), {"bound_cycles": 0, "measured": [], "unbounded": {},
                             "returns_open": [], "images": 0})
        x["images"] += 1
        if d["latency_bound"] > x["bound_cycles"]:
            x["bound_cycles"] = d["latency_bound"]
            x["entry_cycles"] = d["entry_cycles"]
            x["window_bound_cycles"] = d["longest"]["cycles"]
            x["longest_window"] = dict(d["longest"], image=case)
        for m in d["measured"]:
            x["measured"].append(dict(m, image=case))
        for w in d["windows"]:
            if w.get("error"):
                x["unbounded"][w["start_function"]] = w["error"]
            if w.get("returns_open") and w["start_function"] not in x["returns_open"]:
                x["returns_open"].append(w["start_function"])
    for c in out.values():
        for x in c.values():
            x["measured_max"] = max((m["cycles"] for m in x["measured"]), default=0)
    return out


def summary(a):
    with open(a.file) as f:
        recs = json.load(f)["records"]
    print("%-8s %5s %7s %7s %6s  %s" % ("metric", "xlen", "bound", "traced", "ratio", "case"))
    for r in recs:
        print("%-8s %5d %7d %7d %6.2f  %s" % (r["metric"], r["xlen"], r["bound_cycles"],
                                             r["traced_max_cycles"],
                                             r["bound_cycles"] / max(1, r["traced_max_cycles"]),
                                             " | ".join(r["paths"])))
    calls = {}
    for r in recs:
        for n, v in r["calls"].items():
            calls.setdefault((n, r["xlen"]), v)
    with open(a.file) as f:
        lat = json.load(f).get("interrupt_latency", {})
    for x, l in sorted(lat.items()):
        print("\nRV%s interrupt-disabled windows (bound / longest measured):" % x)
        for n, w in sorted(l["windows"].items(), key=lambda kv: -kv[1]["bound_cycles"]):
            print("  %6d / %6d  %s" % (w["bound_cycles"], w["measured_max"], n))
        print_latency("RV%s" % x, l)
    with open(a.file) as f:
        configs = json.load(f).get("configurations", {})
    for name, c in sorted(configs.items()):
        for x, l in sorted(c.items()):
            print_latency("RV%s %s build:" % (x, name), l)
    print("\nevery path of each public call (cycles):")
    for (n, x), v in sorted(calls.items()):
        print("  %-26s RV%d %s" % (n, x, v))
    return 0


def print_latency(what, l):
    if "longest_window" not in l:
        print("%s interrupt latency: no static bound" % what)
        return
    w = l["longest_window"]
    print("%s interrupt latency bound: %d (entry %d + longest window %d: %s (%s) to %s, %s)"
          % (what, l["bound_cycles"], l["entry_cycles"], l["window_bound_cycles"],
             w["start_function"], w["start_by"], w["end"], w["image"]))
    for n, e in sorted(l["unbounded"].items()):
        print("  no bound: window from %s: %s" % (n, e))
    if l["returns_open"]:
        print("  the caller's to close: %s" % ", ".join(l["returns_open"]))


def latency_problems(what, l):
    """Every window a run measured at or below the static bound of its start, and the
    latency bound above every one of them plus the entry"""
    bad = []
    if "longest_window" not in l:
        return ["%s: no static interrupt latency bound" % what]
    for m in l["measured"]:
        if m["bound"] is None:
            bad.append("%s %s: a measured window from %s (0x%x) has no static bound"
                       % (what, m["image"], m["start_function"], m["start_pc"]))
        elif m["cycles"] > m["bound"]:
            bad.append("%s %s: the window from %s to %s measured %d, above its bound %d"
                       % (what, m["image"], m["start_function"], m["end_function"],
                          m["cycles"], m["bound"]))
    for n, e in sorted(l["unbounded"].items()):
        bad.append("%s: the window from %s has no bound: %s" % (what, n, e))
    if l["measured_max"] + l["entry_cycles"] > l["bound_cycles"]:
        bad.append("%s: latency bound %d below a measured window %d plus the entry"
                   % (what, l["bound_cycles"], l["measured_max"]))
    return bad


def check(a):
    with open(a.file) as f:
        recs = json.load(f)["records"]
    bad = [r for r in recs if r["bound_cycles"] < r["traced_max_cycles"]]
    for r in bad:
        print("%s RV%d: bound %d below the measured %d" % (r["metric"], r["xlen"], r["bound_cycles"],
                                                          r["traced_max_cycles"]))
    widths = {}
    for r in recs:
        widths.setdefault(r["case"], set()).add(r["xlen"])
    missing = [c for c, w in widths.items() if w != {32, 64}]
    for c in missing:
        print("%s: a bound at one width only" % c)
    with open(a.file) as f:
        lat = json.load(f).get("interrupt_latency", {})
    for x, l in sorted(lat.items()):
        for n, w in l["windows"].items():
            if w["bound_cycles"] < w["measured_max"]:
                bad.append(n)
                print("RV%s %s: bound %d below the measured %d" % (x, n, w["bound_cycles"],
                                                                   w["measured_max"]))
    if sorted(lat) != ["32", "64"]:
        missing.append("interrupt latency")
        print("no interrupt latency bound at both widths")
    with open(a.file) as f:
        configs = json.load(f).get("configurations", {})
    lats = [("RV%s" % x, l) for x, l in sorted(lat.items())] + \
        [("RV%s %s build" % (x, n), l) for n, c in sorted(configs.items()) for x, l in c.items()]
    for what, l in lats:
        for p in latency_problems(what, l):
            bad.append(p)
            print(p)
        if "longest_window" in l:
            print("%s: interrupt latency bound %d, %d measured windows at or below their "
                  "bounds" % (what, l["bound_cycles"], len(l["measured"])))
    print("%d bounds, %d below a measurement" % (len(recs), len(bad)))
    return 1 if bad or missing or not recs else 0


def fragments_key(img, run):
    """The case of a window: the first and last pc of each of its pieces"""
    return [(run[1 + f[2]][0], f[1]) for f in fragments(img, run[1:])]


def dedup_names(names):
    out = []
    for n in names:
        if not out or out[-1] != n:
            out.append(n)
    return out


if __name__ == "__main__":
    sys.exit(main())
