"""Kernel footprint from the footprint images (bench/footprint/footprint.mk): the bytes of the
kernel's own input sections that the linker kept (--gc-sections), read from the link map,
and the RAM of each kernel object, read from the ELF symbols of bench/footprint/full.c.

Text counts code and constants (.text, .rodata: what goes in instruction memory), data the
initialised variables, bss the zeroed ones.  A kernel object file is one linked from the
kernel's library (libtempo-<configuration>.a), and libgcc's save/restore routines, which the
kernel built for size calls in its prologues and epilogues (-msave-restore: mk/firmware.mk),
so they are its code; the start-up, the board code and the rest of libgcc (the board's 64-bit
division) are not counted."""
import os
import re

from . import elfinfo

# The configurations measured: image base name -> metric prefix.
CONFIGS = (("full", "full API"), ("minimal", "minimal"))
# Optimisation levels (footprint.mk; another kernel's in its own make file): directory
# suffix -> metric suffix.  -Os is every kernel's size build; -O2 Tempo's speed build, -O3
# that of a kernel whose published figures are at -O3 (RMP: rmp/rmp.mk).
OPTS = (("Os", ""), ("O2", " (-O2)"), ("O3", " (-O3)"))
KINDS = (("text", (".text", ".rodata")), ("data", (".data",)), ("bss", (".bss",)))
# bench/footprint/full.c: one object of every kernel type, fp_<name>; metric per symbol.
OBJECTS = (("fp_thread", "RAM per thread (control block)"),
           ("fp_min_stack", "RAM per thread (smallest stack, TK_STACK_MIN)"),
           ("fp_sem", "RAM per semaphore"), ("fp_mutex", "RAM per mutex"),
           ("fp_event", "RAM per event group"), ("fp_fifo", "RAM per FIFO"),
           ("fp_msgq", "RAM per message queue (without its buffer)"),
           ("fp_bmq", "RAM per blocking queue (without its buffer)"),
           ("fp_pool", "RAM per pool (without its blocks)"),
           ("fp_heap", "RAM per heap (without its arena)"), ("fp_alarm", "RAM per alarm"))

_OUT = re.compile(r"^(\.[\w.]+)\s")                      # an output section
_IN = re.compile(r"^ (\.[\w.$]+|COMMON)(?:\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s+(\S+))?\s*$")
_CONT = re.compile(r"^\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s+(\S+)\s*$")


KERNEL_MEMBER = re.compile(r"libtempo(-\w+)?\.a\(|libgcc\.a\(save-restore\.o\)")


def member_of(kernel):
    """What counts as the kernel in a link map: Tempo's library and the save/restore routines
    it calls; another kernel's library, lib<kernel>[-<configuration>].a."""
    if kernel == "tempo":
        return KERNEL_MEMBER
    return re.compile(r"lib%s(-\w+)?\.a\(" % re.escape(kernel))


def kernel_bytes(map_text, member=KERNEL_MEMBER):
    """{output section: bytes} of the kernel's input sections in a GNU ld map."""
    out, cur, pending = {}, None, None
    started = False
    for line in map_text.splitlines():
        if line.startswith("Linker script and memory map"):
            started = True
            continue
        if not started:
            continue
        m = _OUT.match(line)
        if m:
            cur, pending = m.group(1), None
            continue
        m = _IN.match(line)
        if m:
            pending = None
            if m.group(2):
                size, path = int(m.group(3), 16), m.group(4)
            else:
                pending = True  # name alone: address, size and file on the next line
                continue
        else:
            c = _CONT.match(line) if pending else None
            pending = None
            if not c:
                continue
            size, path = int(c.group(2), 16), c.group(3)
        if cur and member.search(path):
            out[cur] = out.get(cur, 0) + size
    return out


def records(build, kernel="tempo"):
    """Footprint records of every footprint image under build/<kernel>/rv<x>/<opt>/: the bytes
    of the kernel's own input sections in each link map (member_of)."""
    recs = []
    for x in (32, 64):
        for opt, suffix in OPTS:
            d = os.path.join(build, kernel, "rv%d" % x, opt)
            for base, prefix in CONFIGS:
                path = os.path.join(d, base + ".map")
                if not os.path.exists(path):
                    continue
                with open(path) as f:
                    by = kernel_bytes(f.read(), member_of(kernel))
                for kind, sections in KINDS:
                    recs.append({"kernel": kernel, "xlen": x, "suite": "footprint",
                                 "metric": "%s %s%s" % (prefix, kind, suffix),
                                 "bytes": sum(by.get(s, 0) for s in sections)})
            elf = os.path.join(d, "full.elf")
            if opt == OPTS[0][0] and os.path.exists(elf):
                sizes = elfinfo.data_sizes(elf, r"^fp_")
                for sym, metric in OBJECTS:
                    if sym in sizes:
                        recs.append({"kernel": kernel, "xlen": x, "suite": "footprint",
                                     "metric": metric, "bytes": sizes[sym]})
    return recs


ORDER = (["%s %s%s" % (p, k, s) for _, s in OPTS for _, p in CONFIGS for k, _ in KINDS]
         + [m for _, m in OBJECTS])
