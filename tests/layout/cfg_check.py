#!/usr/bin/env python3
"""Checks that a laid-out kernel has the control-flow graph of the original.

usage: cfg_check.py OBJDUMP OBJCOPY ORIG.elf LAID.elf
       cfg_check.py --expect-broken OBJDUMP OBJCOPY ORIG.elf LAID.elf

Both ELFs carry the layout tool's block map (.osprey.bbmap: block number,
address), so every basic block can be found in both. For each block the
successors are read from the disassembly: a branch's target and its
fall-through, a jump's target, "indirect" for jalr, "eret" for mret/sret.
Targets that are not block starts are followed through unconditional jumps
(the jumps, trampolines and inverted branches the rewriting adds) until
they reach a block. Every block must have the same successors, by block
number, in both. Exit status 0 when they all do, 1 with the differences.
"""
import re
import struct
import subprocess
import sys
import tempfile

BRANCHES = {"beq", "bne", "blt", "bge", "bltu", "bgeu"}
INSN = re.compile(r"^\s*([0-9a-f]+):\s+([a-z.]+)\s*(.*)$")
SYMBOL = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
TARGET = re.compile(r"([0-9a-f]+)(?: <[^>]*>)?$")


def disassemble(objdump, elf):
    text = subprocess.run([objdump, "-d", "--no-show-raw-insn", "-M", "no-aliases", elf],
                          check=True, capture_output=True, text=True).stdout
    insns, symbols = {}, set()
    for line in text.splitlines():
        m = SYMBOL.match(line)
        if m:
            symbols.add(int(m.group(1), 16))
            continue
        m = INSN.match(line)
        if m:
            insns[int(m.group(1), 16)] = (m.group(2), m.group(3).strip())
    return insns, symbols


def block_map(objcopy, elf):
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([objcopy, "--dump-section", f".osprey.bbmap={d}/map", elf, f"{d}/out"],
                       check=True, capture_output=True)
        data = open(f"{d}/map", "rb").read()
    if not data or len(data) % 8:
        sys.exit(f"cfg_check: {elf}: no usable .osprey.bbmap ({len(data)} bytes)")
    return {a: i for i, a in struct.iter_unpack("<II", data)}


def target_of(ops):
    m = TARGET.search(ops)
    return int(m.group(1), 16) if m else None


class Graph:
    def __init__(self, objdump, objcopy, elf):
        self.elf = elf
        self.insns, self.symbols = disassemble(objdump, elf)
        self.starts = block_map(objcopy, elf)

    def resolve(self, addr):
        """The block reached from addr through unconditional jumps."""
        for _ in range(8):
            if addr in self.starts:
                return self.starts[addr]
            mn, ops = self.insns.get(addr, ("?", ""))
            if mn == "jal" and ops.startswith("zero,"):
                addr = target_of(ops)
                continue
            return f"code at {addr:#x} ({mn} {ops})"
        return f"a chain of jumps from {addr:#x}"

    def successors(self, start, stop_after_calls=None):
        """(successors, calls made, the block it fell into or None);
        stop_after_calls ends the walk after that many calls (a block that
        ends calling a function that never returns)."""
        addr, calls = start, 0
        while True:
            mn, ops = self.insns.get(addr, (None, ""))
            if mn is None:
                return {"end of code"}, calls, None
            if mn in BRANCHES:
                # (condition, registers, where it goes when true, when false):
                # an inverted branch with its targets swapped is the same.
                rs1, rs2 = ops.split(",")[:2]
                taken, fall = self.resolve(target_of(ops)), self.resolve(addr + 4)
                cond = {"bne": "beq", "bge": "blt", "bgeu": "bltu"}.get(mn, mn)
                if cond != mn:
                    taken, fall = fall, taken
                return {(cond, rs1, rs2, taken, fall)}, calls, None
            if mn == "jal" and ops.startswith("zero,"):
                return {self.resolve(target_of(ops))}, calls, None
            if mn == "jalr" and ops.startswith("zero,"):
                return {"indirect"}, calls, None
            if mn in ("mret", "sret"):
                return {"eret"}, calls, None
            if mn in ("jal", "jalr"):
                calls += 1
                if stop_after_calls == calls:
                    return {"no return"}, calls, None
            addr += 4
            if addr in self.starts:
                return {self.starts[addr]}, calls, addr
            if addr in self.symbols:	# into code of no block: a function's end
                return {f"code at {addr:#x}"}, calls, addr


def flip_a_branch(objdump, objcopy, laid_elf, copy):
    """A copy of laid_elf with one laid-out conditional branch's condition negated."""
    insns, _ = disassemble(objdump, laid_elf)
    first = min(block_map(objcopy, laid_elf))
    addr = next(a for a in sorted(insns) if insns[a][0] in BRANCHES and a >= first)
    hdr = subprocess.run([objdump, "-h", laid_elf], check=True, capture_output=True,
                         text=True).stdout
    for line in hdr.splitlines():
        f = line.split()
        if len(f) >= 6 and f[1].startswith(".text"):
            vma, size, off = int(f[3], 16), int(f[2], 16), int(f[5], 16)
            if vma <= addr < vma + size:
                data = bytearray(open(laid_elf, "rb").read())
                data[off + addr - vma + 1] ^= 0x10	# funct3 bit 0: beq <-> bne ...
                open(copy, "wb").write(data)
                return addr
    sys.exit("cfg_check: no branch to flip")


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "--expect-broken":
        # The check itself must be able to fail: negate one branch and see.
        objdump, objcopy, orig_elf, laid_elf = sys.argv[2:]
        with tempfile.TemporaryDirectory() as d:
            addr = flip_a_branch(objdump, objcopy, laid_elf, f"{d}/broken.elf")
            sys.argv[1:] = [objdump, objcopy, orig_elf, f"{d}/broken.elf"]
            if main() == 0:
                print(f"cfg_check: negating the branch at {addr:#x} went unnoticed")
                return 1
        print(f"cfg_check: a negated branch at {addr:#x} is caught")
        return 0
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    objdump, objcopy, orig_elf, laid_elf = sys.argv[1:]
    orig = Graph(objdump, objcopy, orig_elf)
    laid = Graph(objdump, objcopy, laid_elf)
    if set(orig.starts.values()) != set(laid.starts.values()):
        sys.exit(f"cfg_check: {laid_elf}: its blocks are not the original's "
                 f"({len(laid.starts)} against {len(orig.starts)})")
    where = {i: a for a, i in laid.starts.items()}
    bad = 0
    for addr, ident in sorted(orig.starts.items()):
        want, calls, fell = orig.successors(addr)
        stop = None
        # Calling a function that never returns as a function's last act: the
        # original falls into the next function (or into padding past the last
        # instruction of its section), the laid-out code into anything.
        if calls and ((fell is not None and fell in orig.symbols) or want == {"end of code"}):
            want, stop = {"no return"}, calls
        got, _, _ = laid.successors(where[ident], stop)
        if got != want:
            bad += 1
            if bad <= 10:
                print(f"cfg_check: block {ident:#x} (at {addr:#x}, laid out at "
                      f"{where[ident]:#x}): successors {sorted(map(str, got))}, "
                      f"originally {sorted(map(str, want))}")
    total = len(orig.starts)
    if bad:
        print(f"cfg_check: {laid_elf}: {bad} of {total} blocks differ")
        return 1
    print(f"cfg_check: {laid_elf}: all {total} blocks have their original successors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
