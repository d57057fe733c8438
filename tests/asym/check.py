#!/usr/bin/env python3
"""tests/asym/check.py OSPREY DIR DEMO_ELF: the clock ratio (core.speeds).

DIR/ratio.elf runs on one core at ratio 1 and at ratio 2; it counts its two
passes with the performance counters. The same instruction stream must make
the same accesses, misses and branch outcomes and take the same core cycles
but for the waits on misses (the L2, bus and memory keep the machine clock);
mtime, the platform's time, must see ratio machine cycles per core cycle. The statistics of
the ratio-2 run give its clock. Then a 1,1,2,2 machine runs the demo twice:
byte-identical statistics, and the slow cores' clock fields."""
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
    for f in fail:
        print("asym: FAIL", f)
    print(f"asym: {c1[2]} instructions: {w1['mcycle']} core cycles in {w1['mtime']} mtime ticks "
          f"at ratio 1, {w2['mcycle']} in {w2['mtime']} at ratio 2; run cycles "
          f"{s1['system']['cycles']} -> {s2['system']['cycles']}")
    print(f"test-asym: {'FAIL' if fail else 'PASS'} ({len(SAME) + 10} checks, {len(fail)} failed)")
    sys.exit(1 if fail else 0)


main()
