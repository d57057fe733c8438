#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Random code against the reference, instruction by instruction.

Runs each ELF (a portable soup: soup_elf --portable) on one hart in osprey
(--trace) and in QEMU (-singlestep -d cpu,nochain,int: the registers before
every instruction, and every trap), and walks the two together: at each
instruction osprey attempted, QEMU must stand at the same pc with the same
32 registers, and each trap must have the same cause, epc and tval.

A walk ends without a verdict against either where the two machines differ
by design or QEMU 7.2 by a known defect: an instruction fetched, or a load
or store made, outside RAM and the holes neither maps (QEMU's board has a
boot ROM, a flash and PCIe where osprey has nothing: COMMON), and the traps
known_difference names (misaligned accesses, AMOs' and failing SCs'
faults, a misaligned jump's mtval, a CSRRS or CSRRC of a read-only CSR
with a register holding 0), S-mode fetches from user pages, which QEMU
7.2 sometimes makes (user_page), M-mode accesses under mstatus.MPRV the
page forbids, which QEMU makes after an mret changed MPP (mprv_forbidden),
an SC osprey fails where QEMU's succeeds, and one osprey performs where
QEMU, having dropped the reservation at a trap or xRET, fails it
(sc_results). The generator keeps the rest of what differs out of the portable soups
(soup.h; README, Differences from QEMU).

usage: qemu_diff.py [--mode M] [--insns N] [--min-total N] OSPREY QEMU_CMD ELF...

QEMU_CMD is the whole QEMU command but the ELF, e.g.
"qemu-system-riscv32 -M virt -bios none -nographic -cpu rv32,c=false,...".
Exit status 0 when every walk agreed and they compared at least
--min-total instructions in all, 1 otherwise (a difference printed with
both sides), 2 on a tool error.
"""
import argparse
import os
import re
import shlex
import signal
import struct
import subprocess
import sys

RAM_BASE = 0x80000000
# Where both machines answer alike: RAM, and the holes neither maps. QEMU
# 7.2's virt board: boot ROM 0x1000-0x10000, test 0x100000, RTC 0x101000,
# CLINT 0x2000000, PCIe PIO 0x3000000, platform bus 0x4000000-0x6000000,
# PLIC 0xc000000, UART 0x10000000, virtio 0x10001000-0x10009000, fw_cfg
# 0x10100000, flash 0x20000000-0x24000000, PCIe 0x30000000 up to RAM;
# osprey's devices (finisher, CLINT, PLIC, UART, sim-control, DMA engine)
# lie within those.
COMMON = ((0x0, 0x1000), (0x10000, 0x100000), (0x102000, 0x2000000), (0x2010000, 0x3000000),
          (0x3010000, 0x4000000), (0x6000000, 0xc000000), (0x10009000, 0x10100000),
          (0x10101000, 0x20000000), (0x24000000, 0x30000000), (RAM_BASE, 1 << 32))

ABI = ["zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3",
       "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11",
       "t3", "t4", "t5", "t6"]
REG_INDEX = {name: i for i, name in enumerate(ABI)}

# osprey --trace: "h0 M 80001400 00851293 slli t0, a0, 8    t0=0x00000000"
RETIRE = re.compile(r"^h0 ([USM]) ([0-9a-f]{8}) ([0-9a-f]{8}) (.*?)\s*"
                    r"(?:(\w+)=0x([0-9a-f]{8}))?\s*$")
# "h0 M trap illegal instruction (cause 0x00000002) tval 0x00005000 epc 0x80054d2c -> 0x80001200
#  insn 0x66c45000" (the word when an instruction raised it)
TRAP = re.compile(r"^h0 ([USM]) trap (.*) \(cause 0x([0-9a-f]+)\) tval 0x([0-9a-f]+) "
                  r"epc 0x([0-9a-f]+) -> 0x([0-9a-f]+)(?: insn 0x([0-9a-f]+))?")
# QEMU -d int: "riscv_cpu_do_interrupt: hart:0, async:0, cause:0000000c, epc:0x..,
#  tval:0x.., desc=.."
QTRAP = re.compile(r"riscv_cpu_do_interrupt: hart:\d+, async:\d, cause:([0-9a-f]+), "
                   r"epc:0x([0-9a-f]+), tval:0x([0-9a-f]+)")
# The longest a QEMU run may last (seconds): a walk of 50,000 instructions takes 5.
QEMU_SECONDS = 300
QREG = re.compile(r"x(\d+)/\w+\s+([0-9a-f]{8})")

FETCH_FAULTS = (1, 12)	# fetch access and page faults: QEMU dumps no registers for them
DATA_FAULTS = (4, 5, 6, 7, 13, 15)	# a load's or store's: tval is the address
# An AMO's misaligned, access and page faults, which QEMU 7.2 reports as a
# load's (the spec: store/AMO faults).
AMO_AS_LOAD = {6: 4, 7: 5, 15: 13}
XRET = (0x10200073, 0x30200073)	# sret, mret
LR, SC = 2, 3	# the A extension's funct5 (bits 31:27) for them


def amo_f5(word):
    """@word's funct5 when it is an AMO (LR and SC included), else None."""
    return word >> 27 if word is not None and (word & 0x7f) == 0x2f else None


def elf_image(path):
    """@path's loaded segments, as (first address, bytes) pairs (ELF32, little-endian)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1:
        raise OSError("%s: not a 32-bit ELF file" % path)
    phoff, = struct.unpack_from("<I", data, 28)
    phentsize, phnum = struct.unpack_from("<HH", data, 42)
    segments = []
    for i in range(phnum):
        ptype, offset, vaddr, _, filesz, _, _, _ = struct.unpack_from(
            "<8I", data, phoff + i * phentsize)
        if ptype == 1:	# PT_LOAD
            segments.append((vaddr, data[offset:offset + filesz]))
    return segments


def image_word(image, addr):
    """The word at @addr in @image (elf_image), or None outside it."""
    for base, data in image:
        if base <= addr and addr + 4 <= base + len(data):
            return struct.unpack_from("<I", data, addr - base)[0]
    return None


def sv32_leaf(image, satp, va):
    """
    The leaf PTE through which Sv32 with @satp maps @va (valid, not W without
    R, a megapage aligned); 0 when the walk faults (an invalid or reserved
    entry, a misaligned megapage, no leaf); None when translation is off or
    a table lies outside the image. The walk reads the tables from the
    ELF's @image: a portable soup's tables lie in its frame, which PMP
    locks read-only.
    """
    if satp is None or not satp >> 31:
        return None
    table = (satp & 0x3fffff) << 12
    for level, index in ((1, va >> 22), (0, (va >> 12) & 0x3ff)):
        pte = image_word(image, table + 4 * index)
        if pte is None:
            return None
        if not pte & 1 or (pte & 6) == 4:
            return 0
        if pte & 0xa:	# R or X: a leaf
            return pte if level == 0 or not (pte >> 10) & 0x3ff else 0
        table = (pte >> 10) << 12
    return 0


def user_page(image, satp, va):
    """
    Whether @va is on a page U mode may execute (X, U and A set): only an
    S-mode fetch faults there (S may never execute a user page, whatever
    mstatus.SUM).
    """
    pte = sv32_leaf(image, satp, va)
    return pte is not None and (pte & 0x58) == 0x58	# 0: a walk that faults, no


def mprv_forbidden(image, satp, mstatus, va, write):
    """
    Whether an M-mode load (store: @write) at @va under mstatus.MPRV, made
    with MPP's privilege (S or U), faults on the page's PTE: its R (or X
    with MXR) or W, its U bit against the mode and SUM; or a walk that
    faults. None when it cannot tell (MPRV off or MPP M, translation off,
    A or D clear, which the hardware would set).
    """
    if mstatus is None or not (mstatus >> 17) & 1 or (mstatus >> 11) & 3 == 3:
        return None
    mpp = (mstatus >> 11) & 3
    pte = sv32_leaf(image, satp, va)
    if pte == 0:
        return True
    if pte is None or not pte & 0x40 or (write and not pte & 0x80):
        return None
    sum_, mxr, user = (mstatus >> 18) & 1, (mstatus >> 19) & 1, (pte >> 4) & 1
    allowed = bool(pte & 4) if write else bool(pte & 2 or (mxr and pte & 8))
    if mpp == 0 and not user:
        allowed = False
    if mpp == 1 and user and not sum_:
        allowed = False
    return not allowed


def sc_results(last, diff, regs, qemu_regs):
    """
    (osprey's, QEMU's) result of the SC osprey ran last (@last) when the
    registers that differ (@diff) are only its rd, 1 (failed) on one machine
    and 0 on the other; else None. The spec lets an SC fail for reasons of
    the implementation's: osprey fails one after a store or AMO of its own
    hart to the reserved word, and QEMU 7.2 drops the reservation at every
    trap and xRET, which osprey keeps (xRET "is allowed to clear any
    outstanding LR address reservation but is not required to").
    """
    if last is None or last[0] != "retire" or amo_f5(last[2]) != SC:
        return None
    rd = last[3][0]
    if diff != [rd] or {regs[rd], qemu_regs[rd]} != {0, 1}:
        return None
    return regs[rd], qemu_regs[rd]


def known_difference(cause, qemu, tval, word, pc, regs):
    """
    Why osprey's trap (@cause, @tval) at an instruction (@word, from osprey's
    trace, or None; at @pc, with registers @regs) may differ from QEMU's
    (@qemu: its (cause, tval), None if it took none) by design or by a known
    defect of QEMU 7.2; None if it may not.
    """
    op, f5 = (word & 0x7f if word is not None else None), amo_f5(word)
    if cause in (4, 6) and qemu != (cause, tval):
        return "a misaligned access, which osprey traps and QEMU makes (the spec allows both)"
    if cause == 0 and op in (0x63, 0x6f) and qemu == (0, pc) and tval != pc:
        return "a branch's or jal's misaligned target, which QEMU 7.2 reports as the jump's pc"
    if cause == 2 and qemu is None and op == 0x73 and (word >> 12 & 7) in (2, 3) and \
            word >> 30 == 3 and word >> 15 & 31 and regs[word >> 15 & 31] == 0:
        return ("a CSRRS or CSRRC of a read-only CSR with a register that holds 0, which "
                "QEMU 7.2 does not trap (the spec: rs1 other than x0 writes)")
    if qemu is not None and qemu[1] == tval and AMO_AS_LOAD.get(cause) == qemu[0] and \
            f5 is not None and f5 != LR:
        return "an AMO's fault, which QEMU 7.2 reports as a load's"
    if qemu is None and cause in (7, 15) and f5 == SC:
        return ("a failing SC's fault, which QEMU 7.2 skips (the spec: no SC retires "
                "without its permission checks)")
    return None


def qemu_missed_fault(ev, rec, before, last, image):
    """
    Why osprey's fault @ev (a trap event) may have no counterpart in QEMU,
    which ran on to @rec, by a known defect of QEMU 7.2 that the page
    tables (@image) show; None if it may not. @before is QEMU's dump before
    the instruction, @last osprey's event before it.
    """
    cause, pc, tval = ev[2], ev[1], ev[3]
    if cause == 12 and tval == pc and rec[0] == "regs" and rec[1] == pc and \
            user_page(image, rec[3], pc):
        return "an S-mode fetch from a user page, which QEMU 7.2 makes at times " \
            "(the spec: never, whatever SUM)"
    # The instruction ran in M: after one in M that is no xRET, or a trap into M.
    in_m = last is not None and last[-2] == "M" and (last[0] == "trap" or last[2] not in XRET)
    if cause in (13, 15) and in_m and before is not None and before[1] == pc and \
            mprv_forbidden(image, before[3], before[4], tval, cause == 15):
        return "an M-mode access under mstatus.MPRV that the page forbids, which QEMU " \
            "7.2 makes (its mret changes MPP and keeps M's translations)"
    return None


def sext12(v):
    return v - 0x1000 if v & 0x800 else v


def data_address(raw, regs):
    """The address a load, store or AMO @raw makes with @regs, else None."""
    op, rs1 = raw & 0x7f, (raw >> 15) & 31
    if op == 0x03:
        return (regs[rs1] + sext12(raw >> 20)) & 0xffffffff
    if op == 0x23:
        return (regs[rs1] + sext12(((raw >> 25) << 5) | ((raw >> 7) & 31))) & 0xffffffff
    if op == 0x2f:
        return regs[rs1]
    return None


def comparable(a, size=4):
    """Whether an access of @size bytes at @a means the same on both machines."""
    return any(lo <= a and a + size <= hi for lo, hi in COMMON)


def osprey_events(osprey, mode, insns, elf):
    """
    osprey's attempted instructions ("retire", pc, word, (rd, value), mode, line)
    and traps ("trap", epc, cause, tval, word or None, mode, line), in order (a
    generator). An instruction's mode is the one it ran in, a trap's the one
    it entered.
    """
    cmd = [osprey, "--mode", mode, "--cores", "1", "--max-insns", str(insns), "--trace-file",
           "/dev/stdout", "--uart-in", "none", elf]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        for line in p.stdout:
            m = TRAP.match(line)
            if m:
                word = int(m.group(7), 16) if m.group(7) else None
                yield ("trap", int(m.group(5), 16), int(m.group(3), 16), int(m.group(4), 16),
                       word, m.group(1), line.rstrip())
                continue
            m = RETIRE.match(line)
            if m:
                rd = REG_INDEX.get(m.group(5)) if m.group(5) else None
                val = int(m.group(6), 16) if m.group(6) else None
                yield ("retire", int(m.group(2), 16), int(m.group(3), 16), (rd, val),
                       m.group(1), line.rstrip())
    finally:
        p.kill()
        p.wait()


def qemu_records(qemu_cmd, elf):
    """
    QEMU's register dumps ("regs", pc, [x0..x31], satp, mstatus) and traps
    ("trap", ...), in order.
    """
    # Under timeout: a QEMU looping on a fetch from a device runs for ever, and it
    # must not outlive this script, however the script ends.
    cmd = ["timeout", "-s", "KILL", str(QEMU_SECONDS)] + shlex.split(qemu_cmd) + [
        "-smp", "1", "-singlestep", "-d", "cpu,nochain,int", "-D", "/dev/stdout",
        "-kernel", elf]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         stdin=subprocess.DEVNULL, text=True, start_new_session=True)
    # QEMU leaves satp out of a dump where S reads it with mstatus.TVM set;
    # S cannot write it then, so the last one dumped holds.
    pc, regs, satp, mstatus = None, None, None, None
    try:
        for line in p.stdout:
            if line.startswith(" pc "):
                pc, regs = int(line.split()[1], 16), []
                continue
            if line.startswith(" satp "):
                satp = int(line.split()[1], 16)
                continue
            if line.startswith(" mstatus "):
                mstatus = int(line.split()[1], 16)
                continue
            if line.startswith(" x") and regs is not None:
                regs.extend(int(v, 16) for _, v in QREG.findall(line))
                if len(regs) == 32:	# x31's line ends the dump
                    yield ("regs", pc, regs, satp, mstatus)
                    pc, regs = None, None
                continue
            m = QTRAP.search(line)
            if m:
                pc, regs = None, None
                yield ("trap", int(m.group(2), 16), int(m.group(1), 16), int(m.group(3), 16),
                       line.strip())
    finally:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()


def compare(args, elf):
    image = elf_image(elf)
    q = qemu_records(args.qemu, elf)
    # QEMU's boot ROM runs first: start at the ELF's entry, osprey's first pc.
    events = osprey_events(args.osprey, args.mode, args.insns, elf)
    first = next(events, None)
    if first is None:
        print("qemu_diff: osprey traced nothing", file=sys.stderr)
        return 2, 0
    entry = first[1]
    rec = next(q, None)
    for _ in range(1000):	# the boot ROM's few instructions
        if rec is None or (rec[0] == "regs" and rec[1] == entry):
            break
        rec = next(q, None)
    if rec is None or rec[0] != "regs" or rec[1] != entry:
        print("qemu_diff: QEMU never reached the entry 0x%08x" % entry, file=sys.stderr)
        return 2, 0
    # osprey's registers as its trace tells them: all 0 at the entry (a0: hart 0); QEMU's
    # boot ROM leaves some set, which the soup writes first: not compared until written
    regs = [0] * 32
    unknown = {i for i in range(32) if rec[2][i] != 0}
    compared = traps = 0
    history = []

    def fail(why, theirs):
        print("qemu_diff: %s after %d instructions (%d traps)" % (why, compared, traps))
        for h in history[-8:]:
            print("  osprey| " + h)
        print("  qemu  | " + theirs)
        return 1, compared

    def ended(why):
        """The walk ends with no verdict (the machines may differ from here): 0."""
        print("qemu_diff: agreed on %d instructions (%d traps); ended at %s" %
              (compared, traps, why))
        return 0, compared

    def shown(rec):
        """QEMU's record @rec, as fail shows it."""
        return "pc %08x" % rec[1] if rec[0] == "regs" else rec[-1]

    # QEMU's next record, read only when a step needs it: after a jump to a
    # device QEMU may print nothing more, and the walk ends there on osprey's side.
    pending = [None]

    def peek():
        if pending[0] is None:
            pending[0] = next(q, ("end", "end of QEMU's log"))
        return pending[0]

    def take():
        pending[0] = None

    pending[0] = rec	# the dump at the entry
    retired_at = None	# the pc of the instruction osprey retired last
    last = None		# osprey's last event
    trapped_since_lr = False	# a trap or xRET since osprey's last LR
    before = None		# QEMU's dump before the instruction osprey attempted last
    ev = first
    while ev is not None:
        kind, pc = ev[0], ev[1]
        if not comparable(pc):
            return ended("a fetch from a device (0x%08x)" % pc)
        rec = peek()
        # QEMU's trap at the pc osprey retired: at that instruction, unless it led
        # back to itself (an xRET to its own address), where the trap is the next one's.
        if rec[0] == "trap" and rec[1] == retired_at and pc != retired_at:
            return fail("QEMU traps, osprey retires", rec[-1])
        retired_at = None
        fetch_fault = kind == "trap" and ev[2] in FETCH_FAULTS and ev[1] == ev[3]
        if not fetch_fault:
            if rec[0] != "regs":
                return fail("QEMU has no instruction where osprey has %s" % kind, shown(rec))
            if rec[1] != pc:
                return fail("pc 0x%08x (osprey) against 0x%08x (QEMU)" % (pc, rec[1]),
                            shown(rec))
            diff = [i for i in range(1, 32) if rec[2][i] != regs[i] and i not in unknown]
            sc = sc_results(last, diff, regs, rec[2]) if diff else None
            if sc == (1, 0):
                return ended("an SC that osprey failed and QEMU did not (the spec lets an SC "
                             "fail; pc 0x%08x)" % last[1])
            if sc == (0, 1) and trapped_since_lr:
                return ended("an SC after a trap or xRET since its LR, which QEMU 7.2 fails "
                             "(it drops the reservation there, as the spec allows; pc 0x%08x)"
                             % last[1])
            if diff:
                return fail("registers differ before pc 0x%08x: %s" % (pc, ", ".join(
                    "%s osprey 0x%08x qemu 0x%08x" % (ABI[i], regs[i], rec[2][i]) for i in diff)),
                            shown(rec))
            if kind == "retire":
                a = data_address(ev[2], regs)
                if a is not None and not comparable(a, 1):
                    return ended("an access to a device (0x%08x at pc 0x%08x)" % (a, pc))
            before = rec	# QEMU's state before the instruction
            take()
        history.append(ev[-1])
        if kind == "trap" or ev[2] in XRET:
            trapped_since_lr = True
        elif amo_f5(ev[2]) == LR:
            trapped_since_lr = False	# a new reservation
        if kind == "trap":
            traps += 1
            if ev[2] in DATA_FAULTS and not comparable(ev[3], 1):
                return ended("an access to a device (0x%08x at pc 0x%08x)" % (ev[3], pc))
            rec = peek()
            qtrap = rec[0] == "trap" and rec[1] == pc
            known = known_difference(ev[2], (rec[2], rec[3]) if qtrap else None, ev[3], ev[4],
                                     pc, regs)
            if not qtrap and not known:
                known = qemu_missed_fault(ev, rec, before, last, image)
            if known:
                return ended("%s (pc 0x%08x)" % (known, pc))
            if not qtrap:
                return fail("osprey traps, QEMU does not", shown(rec))
            if (rec[1], rec[2], rec[3]) != (ev[1], ev[2], ev[3]):
                return fail("trap differs", rec[-1])
            take()
        else:
            rd, val = ev[3]
            if rd is not None:
                regs[rd] = val
                unknown.discard(rd)
            retired_at = pc	# QEMU's trap here, if any, comes before its next dump
        compared += 1
        last = ev
        ev = next(events, None)
    print("qemu_diff: agreed on %d instructions (%d traps), osprey's whole trace" %
          (compared, traps))
    return 0, compared


def main():
    # A signal ends the script through its finally clauses, which stop QEMU and osprey.
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda signum, frame: sys.exit(128 + signum))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", default="functional", choices=("functional", "timing"))
    ap.add_argument("--insns", type=int, default=50000,
                    help="osprey's instructions to compare, at most, on each ELF")
    ap.add_argument("--min-total", type=int, default=0,
                    help="fail unless the walks compared this many instructions in all")
    ap.add_argument("osprey")
    ap.add_argument("qemu")
    ap.add_argument("elf", nargs="+")
    args = ap.parse_args()
    total = failed = 0
    for elf in args.elf:
        print("%s: " % os.path.basename(elf), end="", flush=True)
        try:
            status, compared = compare(args, elf)
        except OSError as e:
            print("qemu_diff: %s" % e, file=sys.stderr)
            return 2
        if status == 2:
            return 2
        failed += status
        total += compared
    print("qemu_diff: %d ELFs, %d differ; %d instructions compared in all" %
          (len(args.elf), failed, total))
    if failed:
        return 1
    if total < args.min_total:
        print("qemu_diff: fewer than the %d instructions asked for (--min-total)" %
              args.min_total)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
