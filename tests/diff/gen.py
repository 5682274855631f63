#!/usr/bin/env python3
"""Seeded random RISC-V programs for the differential test of tempo-sim against QEMU.

`gen.py --xlen 32|64 --seed S --cases N -o cases.S` writes N cases (tests/diff/runtime.S
runs them and prints each one's final state).  A case sets the CSRs, the data area and
every register from its seed, then runs a random body: ALU and M operations, loads and
stores, forward branches and jumps, counted loops, CSR instructions on the CSRs both
simulators implement alike, ECALL, EBREAK, illegal instructions, MRET, misaligned jump and
branch targets, access faults, self-modifying code, and timer and software interrupts
made to arrive at a known instruction boundary (the source is made pending while
mstatus.MIE or its mie bit is clear, then enabled by one instruction).

What is left out, and why (docs/testing.md "How Tempo is checked"; each a documented difference
of the paper's core from QEMU 7.2, or a value that depends on time):
  - misaligned loads and stores: the paper core traps, QEMU 7.2 performs them;
  - mcycle, minstret, cycle, time, instret and the CLINT mtime: they count time, which
    the two simulators model differently (tempo-sim in cycles, QEMU in instructions);
  - mtvec modes 2 and 3 (reserved, WARL): QEMU keeps the old value, tempo-sim drops bit 1;
  - CSRs that only QEMU implements (mstatush, mcountinhibit, the PMP, counters, ...):
    the paper core raises an illegal instruction for them, as docs/simulator.md lists;
  - the UART registers other than THR/LSR, and the virt devices tempo-sim does not model.
"""
import argparse
import random

WRITABLE = [1, 2] + list(range(5, 32))  # gp (x3) and tp (x4) belong to the runtime
CLINT_MSIP = 0x02000000
CLINT_MTIMECMP = 0x02004000
UNMAPPED = 0x00800000  # no device on either simulator (tests/isa/isa_test.h)
DATA_HALF = 1024       # gp = the middle of the 2 KiB data area (runtime.S)
MIE, MPIE, MPP = 0x8, 0x80, 0x1800
MSIE, MTIE, MEIE = 0x8, 0x80, 0x800
MIE_S_VS = 0x2666  # SSIE VSSIE STIE VSTIE SEIE VSEIE, and LCOFIE (bit 13)

ALU_R = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and"]
ALU_I = ["addi", "slti", "sltiu", "xori", "ori", "andi"]
SHIFT_I = ["slli", "srli", "srai"]
MULDIV = ["mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"]
W_R = ["addw", "subw", "sllw", "srlw", "sraw", "mulw", "divw", "divuw", "remw", "remuw"]
W_I = ["addiw"]
W_SH = ["slliw", "srliw", "sraiw"]
BRANCH = ["beq", "bne", "blt", "bge", "bltu", "bgeu"]
CSR_OPS = ["csrrw", "csrrs", "csrrc"]
CSR_IOPS = ["csrrwi", "csrrsi", "csrrci"]
# CSRs that hold any value alike in both
CSR_FREE = ["mscratch", "mepc", "mcause", "mtval"]
MEPC_SETTLE = 4  # instructions between a write of mepc and MRET (the RTL needs 4, the model 3)
# read-only CSRs both implement alike (QEMU runs with marchid=0,mimpid=0)
CSR_RO = ["mhartid", "mvendorid", "marchid", "mimpid", "misa"]
# CSR numbers neither implements on this hart (no S or U mode, no PMP, no debug triggers)
CSR_ABSENT = [0x100, 0x104, 0x105, 0x140, 0x141, 0x142, 0x143, 0x144, 0x180, 0x7a0,
              0x7a1, 0x7c0, 0x7ff, 0x5c0, 0x9c0, 0xbc0, 0xfc0, 0x306, 0x30a, 0x3a0,
              0x3b0]
# R-type words for self-modifying code: (funct7, funct3)
SMC_R = [(0, 0), (0x20, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0x20, 5), (0, 6),
         (0, 7), (1, 0), (1, 4)]


def is_legal(w, xlen):
    """Whether RV32IM/RV64IM + Zicsr + Zifencei + MRET/WFI (machine mode only) decodes w."""
    op, f3, f7 = w & 0x7f, (w >> 12) & 7, w >> 25
    rv64 = xlen == 64
    if w & 3 != 3:
        return False
    if op in (0x37, 0x17, 0x6f):   # LUI AUIPC JAL
        return True
    if op == 0x67:
        return f3 == 0
    if op == 0x63:
        return f3 not in (2, 3)
    if op == 0x03:
        return f3 in (0, 1, 2, 4, 5) or (rv64 and f3 in (3, 6))
    if op == 0x23:
        return f3 in (0, 1, 2) or (rv64 and f3 == 3)
    if op == 0x13:
        if f3 == 1:
            return (w >> 26 == 0) if rv64 else f7 == 0
        if f3 == 5:
            return (w >> 26 in (0, 0x10)) if rv64 else f7 in (0, 0x20)
        return True
    if op == 0x33:
        return f7 == 1 or (f7 == 0) or (f7 == 0x20 and f3 in (0, 5))
    if op == 0x1b:
        return rv64 and (f3 == 0 or (f3 == 1 and f7 == 0) or (f3 == 5 and f7 in (0, 0x20)))
    if op == 0x3b:
        return rv64 and ((f7 == 0 and f3 in (0, 1, 5)) or (f7 == 0x20 and f3 in (0, 5))
                         or (f7 == 1 and f3 in (0, 4, 5, 6, 7)))
    if op == 0x0f:
        return f3 in (0, 1)
    if op == 0x73:
        if f3 == 0:
            return w in (0x00000073, 0x00100073, 0x30200073, 0x10500073)
        return f3 != 4   # CSR numbers are checked when executed
    return False


class Case:
    def __init__(self, rng, xlen, index):
        self.r, self.xlen, self.index = rng, xlen, index
        self.lines = []
        self.nlabels = 0
        self.pending = []      # forward labels: [name, items still to come before it]
        self.protected = set()  # loop counters in use
        self.rb = xlen // 8

    # ---- helpers
    def emit(self, s):
        self.lines.append("    " + s)

    def label(self):
        self.nlabels += 1
        return f".Lc{self.index}_{self.nlabels}"

    def forward(self, lo=1, hi=6):
        name = self.label()
        self.pending.append([name, self.r.randint(lo, hi)])
        return name

    def place(self, name):
        self.lines.append(name + ":")

    def item_done(self):
        keep = []
        for p in self.pending:
            p[1] -= 1
            if p[1] <= 0:
                self.place(p[0])
            else:
                keep.append(p)
        self.pending = keep

    def flush(self):
        for p in self.pending:
            self.place(p[0])
        self.pending = []

    def signed(self, v):
        v &= (1 << self.xlen) - 1
        return v - (1 << self.xlen) if v >> (self.xlen - 1) else v

    def value(self):
        r, x = self.r, self.xlen
        k = r.random()
        if k < 0.3:
            return self.signed(r.choice([0, 1, 2, 3, -1, -2, 1 << (x - 1), (1 << (x - 1)) - 1,
                                         0x80000000, 0x7fffffff, 0xffffffff, 0x80, 0xff, 0x7ff,
                                         0x800, 0xffff, 0x8000, 31, 32, 63, 64]))
        if k < 0.45:
            return r.randint(-64, 64)
        if k < 0.6 and x == 64:
            return self.signed(r.getrandbits(32) | (-(r.getrandbits(1)) << 32))
        return self.signed(r.getrandbits(x))

    def mepc_value(self):
        return self.signed(self.value() & ~3)

    def dest(self, zero_ok=True):
        if zero_ok and self.r.random() < 0.04:
            return 0
        return self.r.choice([x for x in WRITABLE if x not in self.protected])

    def dests(self, n):
        """n distinct registers (an address and a value, say)"""
        return self.r.sample([x for x in WRITABLE if x not in self.protected], n)

    def src(self):
        return self.r.randrange(32)

    def li(self, reg, v):
        self.emit(f"li x{reg}, {v}")

    def mstatus_read(self, rd):
        """An mstatus value read into a register keeps bits 10:0 (MIE, MPIE and the
        bits both read as 0): QEMU 7.2 reads SXL and UXL (bits 35:32) as 2 at RV64 and
        leaves MPP = 0 after an MRET although the hart has neither S nor U mode (the
        privileged spec makes SXL/UXL read-only zero and MPP hold M only)."""
        if rd:
            self.emit(f"andi x{rd}, x{rd}, 2047")

    # ---- the items of a body
    def alu(self):
        r, x = self.r, self.xlen
        k = r.random()
        rd, a, b = self.dest(), self.src(), self.src()
        if k < 0.3:
            self.emit(f"{r.choice(ALU_R)} x{rd}, x{a}, x{b}")
        elif k < 0.5:
            self.emit(f"{r.choice(ALU_I)} x{rd}, x{a}, {r.randint(-2048, 2047)}")
        elif k < 0.6:
            self.emit(f"{r.choice(SHIFT_I)} x{rd}, x{a}, {r.randrange(x)}")
        elif k < 0.8:
            self.emit(f"{r.choice(MULDIV)} x{rd}, x{a}, x{b}")
        elif k < 0.87:
            self.emit(f"lui x{rd}, {r.randrange(1 << 20)}")
        elif k < 0.9:
            self.emit(f"auipc x{rd}, {r.randrange(1 << 20)}")
        elif x == 64:
            kind = r.random()
            if kind < 0.6:
                self.emit(f"{r.choice(W_R)} x{rd}, x{a}, x{b}")
            elif kind < 0.8:
                self.emit(f"addiw x{rd}, x{a}, {r.randint(-2048, 2047)}")
            else:
                self.emit(f"{r.choice(W_SH)} x{rd}, x{a}, {r.randrange(32)}")
        else:
            self.emit(f"{r.choice(ALU_R)} x{rd}, x{a}, x{b}")

    def mem(self):
        r, x = self.r, self.xlen
        sizes = [1, 2, 4] + ([8] if x == 64 else [])
        n = r.choice(sizes)
        off = r.randrange(-DATA_HALF, DATA_HALF - n + 1) & ~(n - 1)
        base = 3
        if r.random() < 0.15:  # another base register, pointing into the data area
            base = self.dest(zero_ok=False)
            delta = r.randrange(-64, 64) & ~(n - 1)
            self.emit(f"la x{base}, data_area + {DATA_HALF + off - delta}")
            off = delta
        if r.random() < 0.5:
            loads = {1: ["lb", "lbu"], 2: ["lh", "lhu"], 4: ["lw"] + (["lwu"] if x == 64 else []),
                     8: ["ld"]}[n]
            self.emit(f"{r.choice(loads)} x{self.dest()}, {off}(x{base})")
        else:
            st = {1: "sb", 2: "sh", 4: "sw", 8: "sd"}[n]
            self.emit(f"{st} x{self.src()}, {off}(x{base})")

    def branch(self):
        r = self.r
        target = self.forward()
        if r.random() < 0.7:
            self.emit(f"{r.choice(BRANCH)} x{self.src()}, x{self.src()}, {target}")
        elif r.random() < 0.5:
            self.emit(f"jal x{self.dest()}, {target}")
        else:
            t = self.dest(zero_ok=False)
            off = r.choice([0, 1, -4, 5])  # bit 0 of the sum is dropped
            self.emit(f"la x{t}, {target} - {off if off != 5 else 4}")
            self.emit(f"jalr x{self.dest()}, {off}(x{t})")

    def misaligned_jump(self):
        r = self.r
        target = self.forward()
        k = r.randrange(5)
        if k == 0:   # taken: traps on the branch
            self.emit(f"beq x0, x0, {target} + 2")
        elif k == 1:  # not taken: no trap
            self.emit(f"bne x0, x0, {target} + 2")
        elif k == 2:
            self.emit(f"jal x{self.dest()}, {target} + 2")
        else:
            t = self.dest(zero_ok=False)
            self.emit(f"la x{t}, {target}")
            self.emit(f"jalr x{self.dest()}, {2 if k == 3 else 3}(x{t})")

    def csr(self):
        r = self.r
        k = r.random()
        rd = self.dest()
        if k < 0.4:
            name = r.choice(CSR_FREE)
            op = r.choice(CSR_OPS)
            if name == "mepc" and op != "csrrc":
                # mepc[1:0] read 0 on a hart without C (privileged spec); QEMU 7.2 keeps
                # both bits (and would trap on MRET): values with them clear only
                if r.random() < 0.7:
                    t = self.dest(zero_ok=False)
                    self.li(t, self.mepc_value())
                    self.emit(f"{op} x{rd}, mepc, x{t}")
                else:
                    self.emit(f"{op}i x{rd}, mepc, {r.randrange(32) & ~3}")
            elif r.random() < 0.7:
                self.emit(f"{op} x{rd}, {name}, x{self.src()}")
            else:
                self.emit(f"{op}i x{rd}, {name}, {r.randrange(32)}")
        elif k < 0.55:   # mstatus: MIE, MPIE; MPP stays 3 (QEMU 7.2 would keep a 0 and
            # MRET to user mode, which this hart does not have: WARL, left out)
            op = r.choice(CSR_OPS)
            if r.random() < 0.6:
                t = self.dest(zero_ok=False)
                v = r.choice([0, MIE, MPIE, MIE | MPIE])
                self.li(t, v | MPP if op == "csrrw" else v if op == "csrrc" else v | r.choice([0, MPP]))
                self.emit(f"{op} x{rd}, mstatus, x{t}")
            else:
                self.emit(f"{r.choice(['csrrsi', 'csrrci'])} x{rd}, mstatus, {r.choice([0, 8])}")
            self.mstatus_read(rd)
        elif k < 0.7:    # mie: MSIE MTIE MEIE stick, other bits are dropped (but for the
            # S- and VS-mode bits, which QEMU 7.2 keeps without S or H: left out)
            if r.random() < 0.6:
                t = self.dest(zero_ok=False)
                self.li(t, self.signed(self.value() & ~MIE_S_VS))
                self.emit(f"{r.choice(CSR_OPS)} x{rd}, mie, x{t}")
            else:
                self.emit(f"{r.choice(CSR_IOPS)} x{rd}, mie, {r.randrange(32) & ~MIE_S_VS}")
        elif k < 0.77:   # mtvec: the handler, direct or vectored
            t = self.dest(zero_ok=False)
            self.emit(f"la x{t}, trap_vec + {r.randrange(2)}")
            self.emit(f"csrrw x{rd}, mtvec, x{t}")
        elif k < 0.87:   # reads (and writes, illegal) of read-only CSRs; mip
            name = r.choice(CSR_RO + ["mip", "mtvec"])
            if r.random() < 0.7 or name in ("mip", "mtvec"):
                self.emit(f"csrrs x{rd}, {name}, x0")
            else:
                self.emit(f"csrrw x{rd}, {name}, x{self.src()}")
        else:            # CSRs neither implements: illegal
            self.emit(f"{r.choice(CSR_OPS)} x{rd}, {r.choice(CSR_ABSENT):#x}, x{self.src()}")

    def illegal(self):
        r, x = self.r, self.xlen
        k = r.random()
        if k < 0.3:
            w = r.choice([0x00000000, 0xffffffff, 0x10200073, 0x00200073, 0x7b200073,
                          0x00004073, 0x0000000b, 0x0000202f, 0x00002007, 0x00000053,
                          0x00c5a463, 0x40007033, 0x20002033, 0x0000200f])
            if x == 32:
                w = r.choice([w, 0x00003003, 0x0000001b, 0x0000003b, 0x02001013, 0x00006003])
        elif k < 0.45:  # a 16-bit encoding (no C extension), any upper half
            w = r.getrandbits(32) & ~3 | r.randrange(3)
        else:
            while True:
                w = r.getrandbits(32) | 3
                # QEMU 7.2 runs the RV64 AMO*.D/LR.D/SC.D even with a=false: left out
                if not is_legal(w, x) and not (x == 64 and w & 0x707f == 0x302f):
                    break
        self.emit(f".word {w:#010x}")

    def system(self):
        r = self.r
        k = r.random()
        if k < 0.35:
            self.emit("ecall")
        elif k < 0.6:
            self.emit("ebreak")
        elif k < 0.8:   # FENCE and FENCE.I with any fields are no-ops in both
            f3 = r.randrange(2)
            w = 0x0f | f3 << 12 | r.getrandbits(5) << 7 | r.getrandbits(5) << 15 | r.getrandbits(12) << 20
            self.emit(f".word {w:#010x}")
        else:           # MRET to a label ahead, MIE <- MPIE
            t = self.dest(zero_ok=False)
            target = self.forward(1, 3)
            self.emit(f"la x{t}, {target}")
            self.emit(f"csrw mepc, x{t}")
            # MPP = 3 every time: after an MRET, QEMU 7.2 leaves MPP = 0 (user mode, which
            # this hart does not have) where the privileged spec has M
            self.li(t, r.choice([0, MIE, MPIE, MIE | MPIE]) | MPP)
            self.emit(f"{r.choice(['csrw', 'csrs'])} mstatus, x{t}")
            self.mret()

    def mret(self):
        """MRET, MEPC_SETTLE instructions after the write of mepc: on the paper core an MRET
        fewer than 3 instructions behind a CSR write to mepc returns to the old mepc (its
        RTL; tempo-sim's mret_mepc_window), which QEMU does not model."""
        for _ in range(MEPC_SETTLE):
            self.emit("nop")
        self.emit("mret")

    def fault(self):
        r, x = self.r, self.xlen
        t = self.dest(zero_ok=False)
        self.li(t, UNMAPPED + r.randrange(0, 256, 8))
        n = r.choice([1, 2, 4] + ([8] if x == 64 else []))
        off = r.randrange(-64, 64) & ~(n - 1)
        if r.random() < 0.5:
            self.emit(f"{ {1: 'lbu', 2: 'lh', 4: 'lw', 8: 'ld'}[n]} x{self.dest()}, {off}(x{t})")
        else:
            self.emit(f"{ {1: 'sb', 2: 'sh', 4: 'sw', 8: 'sd'}[n]} x{self.src()}, {off}(x{t})")

    def clint(self):
        """Loads from the CLINT's msip and mtimecmp (not mtime: it counts time)."""
        r, x = self.r, self.xlen
        t = self.dest(zero_ok=False)
        if r.random() < 0.5:
            self.li(t, CLINT_MSIP)
            self.emit(f"lw x{self.dest()}, 0(x{t})")
        else:
            self.li(t, CLINT_MTIMECMP)
            if x == 64 and r.random() < 0.5:
                self.emit(f"ld x{self.dest()}, 0(x{t})")
            else:
                self.emit(f"lw x{self.dest()}, {r.choice([0, 4])}(x{t})")

    def set_mtimecmp_zero(self):
        t = self.dest(zero_ok=False)
        self.li(t, CLINT_MTIMECMP)
        if self.xlen == 64:
            self.emit(f"sd x0, 0(x{t})")
        else:  # low word first: 0xffffffff_00000000 is still in the future
            self.emit(f"sw x0, 0(x{t})")
            self.emit(f"sw x0, 4(x{t})")

    def set_msip(self):
        t, v = self.dests(2)
        self.li(t, CLINT_MSIP)
        self.li(v, 1)
        self.emit(f"sw x{v}, 0(x{t})")

    def interrupt(self):
        """A timer and/or software interrupt, made pending with mstatus.MIE clear, then
        enabled by one instruction: it is taken at the boundary after that instruction."""
        r = self.r
        self.emit("csrci mstatus, 8")
        sources = r.choice([["t"], ["s"], ["t", "s"]])
        bits = 0
        for s in sources:
            if s == "t":
                self.set_mtimecmp_zero()
                bits |= MTIE
            else:
                self.set_msip()
                bits |= MSIE
        t = self.dest(zero_ok=False)
        self.li(t, bits)
        self.emit(f"csrs mie, x{t}")
        self.protected.add(t)
        for _ in range(r.randrange(3)):
            self.alu()
        self.protected.discard(t)
        k = r.random()
        if k < 0.15:   # WFI with an enabled interrupt pending: it does not wait
            self.emit("wfi")
        if k < 0.6:
            self.emit("csrsi mstatus, 8")
        elif k < 0.8:  # MRET with MPIE = 1
            target = self.label()
            self.emit(f"la x{t}, {target}")
            self.emit(f"csrw mepc, x{t}")
            self.li(t, MPIE | MPP)
            self.emit(f"csrs mstatus, x{t}")
            self.mret()
            self.place(target)
        else:          # through mie: MIE first, with the sources' mie bits clear
            self.emit(f"csrc mie, x{t}")
            self.emit("csrsi mstatus, 8")
            self.emit(f"csrs mie, x{t}")

    def smc(self):
        """Self-modifying code: a store replaces an instruction ahead, which then runs."""
        r = self.r
        f7, f3 = r.choice(SMC_R)
        rd = self.dest(zero_ok=False)
        w = 0x33 | rd << 7 | f3 << 12 | self.src() << 15 | self.src() << 20 | f7 << 25
        t, v = self.dests(2)
        target = self.label()
        self.emit(f"la x{t}, {target}")
        self.li(v, self.signed(w))
        self.emit(f"sw x{v}, 0(x{t})")
        # without FENCE.I the new word need not be seen (tempo-sim sees it, QEMU 7.2
        # may run the old one): unspecified, left out
        self.emit("fence.i")
        self.place(target)
        self.emit(f"addi x{rd}, x{self.src()}, {r.randint(-2048, 2047)}")

    def loop(self, depth):
        r = self.r
        c = self.dest(zero_ok=False)
        self.protected.add(c)
        outer, self.pending = self.pending, []
        self.li(c, r.randint(1, 4))
        top = self.label()
        self.place(top)
        self.body(r.randint(2, 8), depth + 1)
        self.flush()
        self.emit(f"addi x{c}, x{c}, -1")
        self.emit(f"bnez x{c}, {top}")
        self.pending = outer
        self.protected.discard(c)

    def body(self, n, depth=0):
        r = self.r
        items = [(self.alu, 40), (self.mem, 18), (self.branch, 10), (self.csr, 10),
                 (self.system, 4), (self.illegal, 3), (self.interrupt, 3),
                 (self.misaligned_jump, 2), (self.fault, 2), (self.clint, 1), (self.smc, 1)]
        if depth == 0:
            items.append((lambda: self.loop(depth), 3))
        total = sum(w for _, w in items)
        for _ in range(n):
            k = r.uniform(0, total)
            for f, w in items:
                k -= w
                if k <= 0:
                    break
            f()
            self.item_done()

    def generate(self, seed, nitems, next_label):
        r = self.r
        i = self.index
        self.lines.append(f"case_{i}:")
        self.li(10, seed & 0x7fffffff)
        self.emit(f"la a1, .Lend_{i}")
        self.emit("call case_setup")
        t = 5
        for name in CSR_FREE:
            self.li(t, self.mepc_value() if name == "mepc" else self.value())
            self.emit(f"csrw {name}, x{t}")
        self.li(t, r.choice([0, MSIE, MTIE, MEIE, MSIE | MTIE | MEIE]))
        self.emit(f"csrw mie, x{t}")
        self.emit(f"la x{t}, trap_vec + {r.randrange(2)}")
        self.emit(f"csrw mtvec, x{t}")
        self.li(t, r.choice([0, MIE, MPIE, MIE | MPIE]) | MPP)
        self.emit(f"csrw mstatus, x{t}")
        for reg in WRITABLE:
            self.li(reg, self.value())
        self.body(nitems)
        self.flush()
        self.lines.append(f".Lend_{i}:")
        st = "sd" if self.xlen == 64 else "sw"
        for reg in range(1, 32):
            if reg not in (3, 4):
                self.emit(f"{st} x{reg}, {reg * self.rb}(tp)")
        self.li(10, i)
        self.emit(f"la ra, {next_label}")
        self.emit("j case_dump")
        return self.lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xlen", type=int, choices=(32, 64), required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--cases", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="number of the first case")
    ap.add_argument("--items", type=int, default=40, help="random items per case (average)")
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    out = [f"/* generated by tests/diff/gen.py --xlen {a.xlen} --seed {a.seed} "
           f"--cases {a.cases} --first {a.first} --items {a.items} */",
           "    .option norelax", "    .text", "    .globl diff_cases", "diff_cases:"]
    for k in range(a.cases):
        i = a.first + k
        rng = random.Random(f"{a.seed}:{a.xlen}:{i}")
        nxt = f"case_{i + 1}" if k + 1 < a.cases else "diff_done"
        out += Case(rng, a.xlen, i).generate(rng.getrandbits(31), rng.randint(a.items // 2, a.items * 3 // 2), nxt)
    with open(a.output, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
