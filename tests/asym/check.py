#!/usr/bin/env python3
"""tests/asym/check.py OSPREY DIR DEMO_ELF: the clock ratio (core.speeds).

DIR/ratio.elf runs on one core at ratio 1 and at ratio 2; it counts its two
passes with the performance counters. The same instruction stream must make
the same accesses, misses and branch outcomes and take the same core cycles
but for the waits on misses (the L2, bus and memory keep the machine clock);
mtime, the platform's time, must see ratio machine cycles per core cycle. The statistics of
the ratio-2 run give its clock. Then a 1,1,2,2 machine runs the demo twice:
byte-identical statistics, and the slow cores' clock fields.

The core kinds (core.kinds): ratio.elf on a small core must count exactly what it counts
on a machine whose own L1s and predictor are the small core's (the small.* keys given as
l1i.*, l1d.*, core.* keys), and its tiny L1D miss more than a big core's, its predictor
predict otherwise; a
big,big,small,small machine
names each core's kind and geometry in --print-config and its statistics, and
core.kinds=big is the default machine, byte for byte."""
import json
import subprocess
import sys

# events (osprey --hpm-events) the same stream must count the same at any ratio:
# instructions, loads, stores, branches, mispredicts, the stalls that are not
# waits on a miss, L1I/L1D/L2 accesses and misses
SAME = {2: "hart.insns", 9: "core.loads", 10: "core.stores", 11: "core.branches",
        12: "core.mispredicts", 16: "core.stall_branch", 17: "core.stall_muldiv",
        18: "core.stall_hazard", 21: "l1i.accesses", 22: "l1i.misses", 23: "l1d.accesses",
        24: "l1d.misses", 27: "l2.accesses", 28: "l2.misses"}
CYCLES, MISS_WAITS = 7, (13, 14, 15)


def run(osprey, args, stats):
    r = subprocess.run([osprey, "-q", "--stats", stats] + args, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"asym: osprey {' '.join(args)} exited {r.returncode}: {r.stdout}{r.stderr}")
    return r.stdout, json.load(open(stats))


def counts(out):
    """The warm pass's figures and the counters of both passes."""
    warm, hpm = {}, {}
    for line in out.splitlines():
        f = line.split()
        if f[:1] == ["ratio"]:
            warm = {f[k]: int(f[k + 1]) for k in range(1, 7, 2)}
        elif f[:1] == ["hpm"]:
            hpm[int(f[1])] = int(f[2])
    return warm, hpm


# a small core that differs from the big one in every part it has: each small.KEY as the
# machine's own key
SMALLER = {"l1i.size": "1K", "l1i.ways": "2", "l1d.size": "256", "l1d.ways": "2",
           "bpred": "bimodal", "bht_entries": "4", "btb_entries": "2"}
SMALL_AS_MACHINE = [f"{k if k.startswith('l1') else 'core.' + k}={v}" for k, v in SMALLER.items()]
CORE_FIELDS = ("kind", "clock_ratio", "clock_hz", "busy_machine_cycles", "busy_seconds")
KIND_CHECKS = 6  # kind fields, small = its machine, misses and mispredicts, kinds, lines, big


def sets(pairs):
    return [a for p in pairs for a in ("--set", p)]


def counted(hart):
    """A hart's statistics less the fields that name its kind and clock."""
    return {k: v for k, v in hart.items() if k not in CORE_FIELDS}


def kinds(osprey, d, demo):
    fail = []
    elf = f"{d}/ratio.elf"
    small_keys = sets(f"small.{k}={v}" for k, v in SMALLER.items())
    _, smaller = run(osprey, ["--cores", "1", "--set", "core.kinds=small"] + small_keys + [elf],
                     f"{d}/smaller.json")
    _, same = run(osprey, ["--cores", "1"] + sets(SMALL_AS_MACHINE) + [elf], f"{d}/same.json")
    _, big = run(osprey, ["--cores", "1", elf], f"{d}/big.json")
    if smaller["harts"][0].get("kind") != "small" or "kind" in same["harts"][0]:
        fail.append(f"kinds: kind fields {smaller['harts'][0].get('kind')}, "
                    f"{same['harts'][0].get('kind')} (small core, symmetric machine)")
    if counted(smaller["harts"][0]) != counted(same["harts"][0]) or \
       smaller["system"] != same["system"]:
        fail.append("kinds: a small core counts otherwise than a machine of its L1s and predictor")
    hs, hb = smaller["harts"][0], big["harts"][0]
    if hs["l1d.misses"]["total"] <= hb["l1d.misses"]["total"] or \
       hs["core.mispredicts"]["total"] == hb["core.mispredicts"]["total"]:
        fail.append(f"kinds: l1d misses {hs['l1d.misses']['total']}, mispredicts "
                    f"{hs['core.mispredicts']['total']} on the smaller core; "
                    f"{hb['l1d.misses']['total']}, {hb['core.mispredicts']['total']} on a big one")

    args = ["--cores", "4", "--set", "core.kinds=big,big,small,small"]
    _, mixed = run(osprey, args + [demo], f"{d}/kinds.json")
    if [h.get("kind") for h in mixed["harts"]] != ["big", "big", "small", "small"]:
        fail.append(f"kinds: harts' kinds {[h.get('kind') for h in mixed['harts']]}")
    pc = subprocess.run([osprey] + args + ["--print-config"], capture_output=True, text=True)
    lines = [l for l in pc.stdout.splitlines() if l.startswith("# core ")]
    if len(lines) != 4 or "big core: l1i 16384 B 1-way, l1d 32768 B 1-way" not in lines[1] \
       or "small core: l1i 4096 B 1-way, l1d 8192 B 1-way, bpred btfn" not in lines[2]:
        fail.append(f"kinds: --print-config's core lines {lines}")
    run(osprey, ["--cores", "4", "--set", "core.kinds=big", demo], f"{d}/kinds-big.json")
    run(osprey, ["--cores", "4", demo], f"{d}/kinds-none.json")
    a = open(f"{d}/kinds-big.json").read().replace('"core.kinds": "big"', "")
    b = open(f"{d}/kinds-none.json").read().replace('"core.kinds": "big"', "")
    if a != b or '"kind"' in a:
        fail.append("kinds: core.kinds=big is not the default machine")
    print(f"asym: kinds: l1d misses {hb['l1d.misses']['total']} big, "
          f"{hs['l1d.misses']['total']} smaller; mispredicts {hb['core.mispredicts']['total']}, "
          f"{hs['core.mispredicts']['total']}")
    return fail


def main():
    osprey, d, demo = sys.argv[1:4]
    fail = []
    res = {}
    for r in (1, 2):
        out, st = run(osprey, ["--cores", "1", "--set", f"core.speeds={r}", f"{d}/ratio.elf"],
                      f"{d}/ratio-{r}.json")
        res[r] = counts(out) + (st["harts"][0], st)
    (w1, c1, h1, s1), (w2, c2, h2, s2) = res[1], res[2]
    for ev, name in SAME.items():
        if c1.get(ev) is None or c1.get(ev) != c2.get(ev):
            fail.append(f"{name}: {c1.get(ev)} at ratio 1, {c2.get(ev)} at ratio 2")
    if c1.get(22, 0) == 0 or c1.get(24, 0) == 0:
        fail.append("the cold pass missed in neither L1")
    # core cycles but the waits on misses: the same count of the core's own cycles
    own = [c[CYCLES] - sum(c[e] for e in MISS_WAITS) for c in (c1, c2)]
    if own[0] != own[1]:
        fail.append(f"core cycles less miss stalls: {own[0]} at ratio 1, {own[1]} at ratio 2")
    # mcycle's window is the event counters' and the instructions that start and stop them
    if w1["mcycle"] - c1[CYCLES] != w2["mcycle"] - c2[CYCLES] or w1["sum"] != w2["sum"]:
        fail.append(f"mcycle {w1['mcycle']}, {w2['mcycle']} against the cycle counter "
                    f"{c1[CYCLES]}, {c2[CYCLES]}; sums {w1['sum']}, {w2['sum']}")
    # mtime ticks every 10 machine cycles; the window holds three device reads of
    # mtime (mem.mmio_latency machine cycles each, at any ratio) and the tick rounding
    for r, w in ((1, w1), (2, w2)):
        if abs(w["mtime"] * 10 - r * w["mcycle"]) > 100:
            fail.append(f"ratio {r}: {w['mcycle']} core cycles in {w['mtime']} mtime ticks")
    if "clock_ratio" in h1:
        fail.append("a symmetric machine's statistics have clock fields")
    busy = (h2["core.cycles"]["total"] - h2["core.idle"]["total"]) * 2
    if h2.get("clock_ratio") != 2 or h2.get("busy_machine_cycles") != busy or \
       h2.get("clock_hz") != s2["config"]["sys.core_hz"] / 2:
        fail.append(f"ratio 2: clock fields {h2.get('clock_ratio')} {h2.get('clock_hz')} "
                    f"{h2.get('busy_machine_cycles')} (busy cycles x 2 = {busy})")
    if s2["system"]["cycles"] <= s1["system"]["cycles"] * 3 // 2:
        fail.append(f"run cycles {s1['system']['cycles']} at ratio 1, "
                    f"{s2['system']['cycles']} at ratio 2")

    texts = []
    for k in (1, 2):
        run(osprey, ["--cores", "4", "--set", "core.speeds=1,1,2,2", demo], f"{d}/demo-{k}.json")
        texts.append(open(f"{d}/demo-{k}.json").read())
    if texts[0] != texts[1]:
        fail.append("demo on 1,1,2,2: two runs' statistics differ")
    harts = json.loads(texts[0])["harts"]
    if [h.get("clock_ratio") for h in harts] != [1, 1, 2, 2]:
        fail.append(f"demo on 1,1,2,2: clock ratios {[h.get('clock_ratio') for h in harts]}")
    fail += kinds(osprey, d, demo)
    for f in fail:
        print("asym: FAIL", f)
    print(f"asym: {c1[2]} instructions: {w1['mcycle']} core cycles in {w1['mtime']} mtime ticks "
          f"at ratio 1, {w2['mcycle']} in {w2['mtime']} at ratio 2; run cycles "
          f"{s1['system']['cycles']} -> {s2['system']['cycles']}")
    print(f"test-asym: {'FAIL' if fail else 'PASS'} ({len(SAME) + 10 + KIND_CHECKS} checks, "
          f"{len(fail)} failed)")
    sys.exit(1 if fail else 0)


main()
