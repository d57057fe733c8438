#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks an osprey --kanata log strictly against the Kanata 0004 format and
against the timing model's accounting.

usage: kanata_check.py LOG HARTS [--min-miss N]

Format: the header, a C= line, C deltas > 0 (time only goes forward), I ids
0, 1, 2, ... in order, every L/S/E/R naming a live instruction, stages of
lane 0 in pipeline order F D X [M] W (a flushed one F D X), every S closed by
its E before the next S, one R per I, retirement ids 0, 1, 2, ....

Accounting: a stage is one cycle plus the stall cycles the model charged in
it (lane 1), so for each retired instruction that is not a multiply or
divide (whose latency is charged to the next), F + D + (M or X) - 3 equals
its lane-1 cycles; with no stall every stage is one cycle.

Known instruction: at least one load that missed in the L1D (a "dmiss" stall)
shows a memory stage of at least N cycles (default 10), longer than the
one cycle of a load that hits.
"""
import re
import sys

PIPE = ["F", "D", "X", "M", "W"]
STALLS = {"imiss", "dmiss", "bus", "branch", "muldiv", "hazard", "tlb", "serial", "wb",
          "mmio"}


def fail(msg, line=None):
    where = f" (line {line})" if line is not None else ""
    print(f"kanata_check: FAIL: {msg}{where}")
    sys.exit(1)


class Insn:
    def __init__(self, fid, sim, thread, line):
        self.fid, self.sim, self.thread, self.line = fid, sim, thread, line
        self.labels = {0: "", 1: ""}
        self.stages = []        # (name, start, end) of lane 0, in order
        self.open = {0: None, 1: None}      # (name, start) of the open stage per lane
        self.stall = 0          # lane-1 cycles
        self.stall_names = set()
        self.retired = None     # 0 retired, 1 flushed


def main():
    args = sys.argv[1:]
    min_miss = 10
    if "--min-miss" in args:
        i = args.index("--min-miss")
        min_miss = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__)
        sys.exit(2)
    path, harts = args[0], int(args[1])
    with open(path) as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0] != "Kanata\t0004":
        fail("the first line is not the header 'Kanata<TAB>0004'", 1)
    if len(lines) < 2 or not re.fullmatch(r"C=\t\d+", lines[1]):
        fail("the second line is not 'C=<TAB>cycle'", 2)
    cycle = int(lines[1].split("\t")[1])
    live, done, next_id, next_retire = {}, [], 0, 0
    for n, text in enumerate(lines[2:], start=3):
        f = text.split("\t")
        cmd = f[0]
        if cmd == "C":
            if len(f) != 2 or not f[1].isdigit() or int(f[1]) <= 0:
                fail(f"bad cycle step {text!r}", n)
            cycle += int(f[1])
            continue
        if cmd == "I":
            if len(f) != 4 or not all(x.isdigit() for x in f[1:]):
                fail(f"bad I line {text!r}", n)
            fid = int(f[1])
            if fid != next_id:
                fail(f"instruction id {fid}, expected {next_id}", n)
            if not 0 <= int(f[3]) < harts:
                fail(f"thread {f[3]} is not a hart of {harts}", n)
            next_id += 1
            live[fid] = Insn(fid, int(f[2]), int(f[3]), n)
            continue
        if cmd not in ("L", "S", "E", "R") or len(f) < 4 or not f[1].isdigit():
            fail(f"unknown or short line {text!r}", n)
        fid = int(f[1])
        if fid not in live:
            fail(f"{cmd} for instruction {fid}, which is not live", n)
        ins = live[fid]
        if cmd == "L":
            if f[2] not in ("0", "1") or len(f) != 4:
                fail(f"bad L line {text!r}", n)
            ins.labels[int(f[2])] += f[3]
        elif cmd in ("S", "E"):
            if len(f) != 4 or f[2] not in ("0", "1"):
                fail(f"bad {cmd} line {text!r}", n)
            lane, name = int(f[2]), f[3]
            if lane == 0 and name not in PIPE:
                fail(f"unknown stage {name!r}", n)
            if lane == 1 and name not in STALLS:
                fail(f"unknown stall cause {name!r}", n)
            if cmd == "S":
                if ins.open[lane]:
                    fail(f"S {name} while {ins.open[lane][0]} is open", n)
                if lane == 0:
                    order = [s[0] for s in ins.stages] + [name]
                    if [PIPE.index(s) for s in order] != sorted(PIPE.index(s) for s in order) \
                            or len(set(order)) != len(order):
                        fail(f"stage order {order} of instruction {fid}", n)
                ins.open[lane] = (name, cycle)
            else:
                if not ins.open[lane] or ins.open[lane][0] != name:
                    fail(f"E {name} does not close the open stage", n)
                start = ins.open[lane][1]
                if cycle <= start:
                    fail(f"empty stage {name} of instruction {fid}", n)
                if lane == 0:
                    ins.stages.append((name, start, cycle))
                else:
                    ins.stall += cycle - start
                    ins.stall_names.add(name)
                ins.open[lane] = None
        else:  # R
            if len(f) != 4 or f[3] not in ("0", "1") or not f[2].isdigit():
                fail(f"bad R line {text!r}", n)
            if ins.open[0] or ins.open[1]:
                fail(f"R of instruction {fid} with a stage open", n)
            ins.retired = int(f[3])
            if int(f[2]) != next_retire:
                fail(f"retirement id {f[2]}, expected {next_retire}", n)
            next_retire += ins.retired == 0
            names = [s[0] for s in ins.stages]
            want = [["F", "D", "X", "W"], ["F", "D", "X", "M", "W"]] if ins.retired == 0 \
                else [["F", "D", "X"]]
            if names not in want:
                fail(f"instruction {fid} has stages {names}", n)
            done.append(live.pop(fid))
    if live:
        fail(f"{len(live)} instructions without R, the first id {min(live)}")
    if not done:
        fail("no instructions in the log")

    misses, checked = [], 0
    for ins in done:
        if ins.retired:
            continue
        length = {name: end - start for name, start, end in ins.stages}
        op = ins.labels[0].split(" ")[1] if " " in ins.labels[0] else ""
        if length["W"] != 1:
            fail(f"instruction {ins.fid} ({ins.labels[0]}): W of {length['W']} cycles")
        if re.fullmatch(r"(mul|div|rem)\w*", op):
            continue
        charged = length["F"] + length["D"] + length.get("M", length["X"]) - 3
        if "M" in length and length["X"] != 1:
            fail(f"memory instruction {ins.fid} ({ins.labels[0]}): X of {length['X']}")
        if charged != ins.stall:
            fail(f"instruction {ins.fid} ({ins.labels[0]}): stages {length} hold "
                 f"{charged} stall cycles, lane 1 has {ins.stall}", ins.line)
        checked += 1
        if re.fullmatch(r"l[bhw]u?", op) and "dmiss" in ins.stall_names:
            misses.append((length["M"], ins))
    if not misses:
        fail("no load that missed in the L1D (dmiss) in the window")
    longest = max(m[0] for m in misses)
    if longest < min_miss:
        fail(f"the longest memory stage of a missing load is {longest} cycles, "
             f"expected at least {min_miss}")
    threads = sorted({i.thread for i in done})
    print(f"kanata_check: PASS: {len(done)} instructions ({next_retire} retired) on harts "
          f"{threads}, {checked} checked against their stall cycles, {len(misses)} missing "
          f"loads (memory stage up to {longest} cycles)")


if __name__ == "__main__":
    main()
