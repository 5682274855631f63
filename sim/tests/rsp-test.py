#!/usr/bin/env python3
"""tempo-sim --gdb at the protocol level, with a client of its own (what gdb-multiarch hides):
acknowledgements and QStartNoAckMode, the stop at reset, the target description (registers,
CSRs), 'g' and 'p', memory reads and writes (RAM, a device register, a hole: E14), a
breakpoint that leaves code memory as it was, a thousand breakpoints, Ctrl-C while the core runs (T02), `monitor`,
kill (status 137), the exit status in 'W', a connection that drops (the run goes on, with a
line saying so), and a port already taken (status 120).  Then one session on both engines:
a breakpoint at a block's start and one inside a block the fast engine has translated, a
write watchpoint, Ctrl-C and a long continue stop at the same pc, cycle, registers and
statistics with --engine fast as with --engine reference, and on the fast engine the
debugger sees under 1% of the long continue's instructions (monitor engine).

usage: rsp-test.py SIM LOOP_ELF HELLO_ELF   (paper SoC, RV32 images; hello exits 7)"""
import re
import socket
from elftools.elf.elffile import ELFFile
import subprocess
import sys
import time


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


class Stub:
    def __init__(self, sim, elf, *extra):
        self.p = subprocess.Popen([sim, "--gdb", "0", *extra, elf], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        line = self.p.stderr.readline()
        m = re.search(r"waiting for GDB on 127\.0\.0\.1:(\d+)", line)
        if not m:
            fail("no 'waiting for GDB' line: %r" % line)
        self.s = socket.create_connection(("127.0.0.1", int(m.group(1))), timeout=10)
        self.ack = True
        self.buf = b""

    def byte(self):
        while not self.buf:
            chunk = self.s.recv(4096)
            if not chunk:
                fail("the stub closed the connection")
            self.buf += chunk
        b, self.buf = self.buf[:1], self.buf[1:]
        return b

    def send(self, data):
        pkt = b"$" + data.encode() + b"#%02x" % (sum(data.encode()) & 0xFF)
        self.s.sendall(pkt)
        if self.ack and self.byte() != b"+":
            fail("no '+' for %s" % data)

    def recv(self):
        while self.byte() != b"$":
            pass
        body = b""
        while True:
            c = self.byte()
            if c == b"#":
                break
            body += c
        cs = self.byte() + self.byte()
        if int(cs, 16) != sum(body) & 0xFF:
            fail("bad checksum on %r" % body)
        if self.ack:
            self.s.sendall(b"+")
        return body.decode()

    def ask(self, data):
        self.send(data)
        return self.recv()

    def monitor(self, cmd):
        self.send("qRcmd," + cmd.encode().hex())
        text = ""
        while True:
            r = self.recv()
            if r.startswith("O") and r != "OK":
                text += bytes.fromhex(r[1:]).decode()
            else:
                return text, r

    def end(self):
        try:
            out, err = self.p.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.p.kill()
            fail("tempo-sim did not end")
        return self.p.returncode, out, err


def word(hexstr):
    return int.from_bytes(bytes.fromhex(hexstr), "little")


def symbols(elf):
    """name: address; a function the compiler specialised ("walk.constprop.0") also by its name"""
    with open(elf, "rb") as f:
        syms = {s.name: s["st_value"] for s in ELFFile(f).get_section_by_name(".symtab").iter_symbols()}
    return {**{n.split(".")[0]: a for n, a in syms.items()}, **syms}


def engine_session(sim, elf, engine, sym):
    """The same session on one engine: what it saw at each stop, and monitor engine's counts."""
    t = Stub(sim, elf, "--engine", engine)
    t.s.settimeout(300)  # the reference loop's long continue, on a loaded machine
    t.ask("QStartNoAckMode")
    t.ack = False
    t.ask("?")
    seen = []

    def stop(reply):
        cycles, _ = t.monitor("cycles")
        seen.append((reply, cycles, t.ask("g")))

    def go(what, pc=None):
        t0 = time.monotonic()
        stop(t.ask("c"))
        if not seen[-1][0].startswith("T05"):
            fail("%s, %s: no stop (%r)" % (engine, what, seen[-1][0]))
        if pc is not None and word(seen[-1][2][32 * 8:]) != pc:
            fail("%s, %s: the core stopped at pc 0x%x" % (engine, what, word(seen[-1][2][32 * 8:])))
        return time.monotonic() - t0

    def ok(packet):
        if t.ask(packet) != "OK":
            fail("%s: %s refused" % (engine, packet))

    inside = sym["hash"] + 16  # after four straight-line instructions of hash's block
    for a in range(sym["hash"], inside, 4):
        if int.from_bytes(bytes.fromhex(t.ask("m%x,4" % a)), "little") & 0x7F in (0x63, 0x67, 0x6F, 0x73):
            fail("hash+0x%x is not straight-line code: the breakpoint would not be inside a block" % (a - sym["hash"]))
    walk = sym["walk"]
    ok("Z0,%x,4" % walk)  # a block's start, reached after hash ran 96 times
    go("breakpoint at walk", walk)
    ok("Z0,%x,4" % inside)  # inside hash's block, translated by now
    go("breakpoint inside hash", inside)
    go("breakpoint inside hash, again", inside)
    ok("z0,%x,4" % inside)
    ok("z0,%x,4" % walk)
    watched = sym["data"] + 4 * 48
    ok("Z2,%x,4" % watched)
    go("write watchpoint")
    go("write watchpoint, again")
    if not seen[-1][0].startswith("T05thread:1;watch:%x;" % watched):
        fail("%s: the watchpoint's stop reply is %r" % (engine, seen[-1][0]))
    ok("z2,%x,4" % watched)
    t.s.sendall(b"$c#63\x03")
    stop(t.recv())
    if not seen[-1][0].startswith("T02"):
        fail("%s: Ctrl-C: %r" % (engine, seen[-1][0]))
    ran = int(seen[-1][1].split()[1]) - int(seen[-2][1].split()[1])
    if ran <= 0:
        fail("%s: Ctrl-C stopped the core before it ran" % engine)
    before = [int(n) for n in re.findall(r"\d+", t.monitor("engine")[0])]
    ok("Z0,%x,4" % sym["board_puts"])
    wall = go("breakpoint at board_puts, at the end", sym["board_puts"])
    after = [int(n) for n in re.findall(r"\d+", t.monitor("engine")[0])]
    seen.append(t.monitor("stats"))
    ok("z0,%x,4" % sym["board_puts"])
    seen.append(t.ask("c"))
    t.s.close()
    rc, out, _ = t.end()
    seen.append((rc, out))
    return seen, after[0] - before[0], after[1] - before[1], wall, ran


def engines(sim, elf):
    sym = symbols(elf)
    ref, ref_issued, ref_seen, ref_wall, _ = engine_session(sim, elf, "reference", sym)
    fast, issued, seen, wall, ran = engine_session(sim, elf, "fast", sym)
    if ref[-1][0] != 0 or not ref[-1][1].startswith("loop checksum "):
        fail("the session's run did not end with status 0: %r" % (ref[-1],))
    for r, f in zip(ref, fast):
        if r != f:
            fail("the engines differ:\n  reference: %r\n  fast:      %r" % (r, f))
    if len(ref) != len(fast) or ref_issued != issued or issued < 10**7:
        fail("the long continue: %d instructions on the reference loop, %d on the fast engine" % (ref_issued, issued))
    if ref_seen != ref_issued:
        fail("the reference loop: the debugger saw %d of %d instructions" % (ref_seen, ref_issued))
    if seen * 100 >= issued:
        fail("the fast engine: the debugger saw %d of the long continue's %d instructions" % (seen, issued))
    return ("%d stops the same on both engines (Ctrl-C %d cycles after the continue); a continue of %d "
            "instructions: %d seen by the debugger on the fast engine, %.2f s (reference %.2f s)"
            % (len(ref) - 3, ran, issued, seen, wall, ref_wall))


def main():
    sim, loop, hello = sys.argv[1:4]

    t = Stub(sim, loop)
    if "qXfer:features:read+" not in t.ask("qSupported:swbreak+;xmlRegisters=i386") or \
            "swbreak+" not in t.ask("qSupported"):
        fail("qSupported lacks qXfer:features:read+ or swbreak+")
    if t.ask("QStartNoAckMode") != "OK":
        fail("QStartNoAckMode refused")
    t.ack = False
    stop = t.ask("?")
    if not stop.startswith("T05thread:1;"):
        fail("the core is not halted at reset: %r" % stop)
    xml, off = "", 0
    while True:
        r = t.ask("qXfer:features:read:target.xml:%x,200" % off)
        xml += r[1:]
        off += len(r) - 1
        if r[0] == "l":
            break
    for want in ("<architecture>riscv:rv32</architecture>", 'name="org.gnu.gdb.riscv.cpu"',
                 '<reg name="pc" bitsize="32" regnum="32"', '<reg name="mstatus" bitsize="32" regnum="833"',
                 '<reg name="mcycle" bitsize="32" regnum="2881"'):
        if want not in xml:
            fail("target.xml lacks %s" % want)
    g = t.ask("g")
    if len(g) != 33 * 8 or word(g[32 * 8:]) != 0:
        fail("'g' is not 33 32-bit registers with pc = 0 (the entry): %r" % g)
    if word(t.ask("p20")) != 0 or word(t.ask("p341")) != 0x1800:
        fail("'p': pc or mstatus (MPP = 3) wrong")
    code = t.ask("m0,8")
    if t.ask("Z0,4,4") != "OK" or t.ask("m0,8") != code:
        fail("a breakpoint changed code memory")
    many = range(0x4000, 0x4000 + 4 * 1000, 4)  # code memory the loop does not reach
    if any(t.ask("Z0,%x,4" % a) != "OK" for a in many) or any(t.ask("z0,%x,4" % a) != "OK" for a in many):
        fail("1000 breakpoints could not be set and cleared")
    if t.ask("z0,4000,4") == "OK" or t.ask("Z0,30000000,4") == "OK":
        fail("a breakpoint cleared twice, or one outside code memory, was accepted")
    if not t.ask("m30000000,4").startswith("E"):
        fail("a read of a hole is not an error")
    if t.ask("M10000000,4:78563412") != "OK" or t.ask("m10000000,4") != "78563412":
        fail("a RAM write did not read back")
    if len(t.ask("m2000000,8")) != 16:  # the CLINT's mtime: a device register
        fail("the mtime register cannot be read")
    if t.ask("c") != "T05thread:1;swbreak:;" or word(t.ask("p20")) != 4:
        fail("the breakpoint at 4 did not stop the core there")
    text, r = t.monitor("cycles")
    if r != "OK" or not re.match(r"cycle [1-9][0-9]* \(mcycle", text):
        fail("monitor cycles: %r %r" % (text, r))
    if t.ask("z0,4,4") != "OK":
        fail("z0 refused")
    at_break = int(text.split()[1])
    t.s.sendall(b"$c#63\x03")  # Ctrl-C right behind the continue: the core runs when it comes
    t.s.settimeout(5)
    stop = t.recv()
    if not stop.startswith("T02"):
        fail("Ctrl-C did not stop the core: %r" % stop)
    text, _ = t.monitor("cycles")
    cycles = int(text.split()[1])
    if cycles <= at_break:
        fail("Ctrl-C stopped at cycle %d, not after the breakpoint's %d" % (cycles, at_break))
    text, _ = t.monitor("help")
    if "cycles" not in text or "threads" not in text:
        fail("monitor help: %r" % text)
    t.send("vKill;1")
    rc, _, err = t.end()
    if rc != 137 or "killed from GDB" not in err:
        fail("kill: status %d, %r" % (rc, err))

    t = Stub(sim, hello)
    t.ask("?")
    if t.ask("c") != "W07":
        fail("hello's exit status 7 is not reported as W07")
    t.s.close()
    rc, out, _ = t.end()
    if rc != 7 or "hello from tempo-sim" not in out:
        fail("hello under GDB: status %d, %r" % (rc, out))

    t = Stub(sim, hello)       # a debugger that goes away: the run goes on, and says so
    t.ask("?")
    t.s.close()
    rc, out, err = t.end()
    if rc != 7 or "hello from tempo-sim" not in out or "the GDB connection closed" not in err:
        fail("a dropped connection: status %d, %r" % (rc, err))

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    p = subprocess.run([sim, "--gdb", str(taken.getsockname()[1]), hello], capture_output=True, text=True)
    if p.returncode != 120 or "cannot listen on 127.0.0.1:" not in p.stderr:
        fail("a port in use: status %d, %r" % (p.returncode, p.stderr))
    seen = engines(sim, loop)
    print("reset stop, target.xml, g/p, m/M, 1000 breakpoints, breakpoint outside memory, Ctrl-C at cycle %d, "
          "monitor, kill 137, W07, dropped connection, port in use 120; %s" % (cycles, seen))


if __name__ == "__main__":
    main()
