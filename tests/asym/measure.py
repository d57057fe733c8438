#!/usr/bin/env python3
"""tests/asym/measure.py OSPREY KERNEL IMAGE... OUT_DIR: make measure-asym.

Runs each kernel workload image (IMAGE = DIR/NAME.img) to completion on 4
harts, on the symmetric machine and on a 2-fast + 2-slow one (two harts at
half the clock), with the stock and the asymmetry-aware scheduler
(sys.boot_flags=0 and 1; the sim-control port on in both). The placement
noise on the asymmetric machine is which two harts are slow: five
arrangements, each a run; to a scheduler that does not know the speeds,
that is where its processes happen to land. The symmetric machine has one
arrangement (a deterministic run). Every run of a workload must print the
same output. Prints a Markdown table of the completion times (cycles to
the power-off) and the aware-versus-stock speedups; the runs' statistics
stay in OUT_DIR."""
import concurrent.futures
import json
import os
import statistics
import subprocess
import sys

ARRANGEMENTS = ["1,1,2,2", "2,2,1,1", "1,2,1,2", "2,1,2,1", "2,1,1,2"]
SCHEDULERS = [("stock", 0), ("aware", 1)]


def run(job):
    osprey, kernel, image, out, speeds, flags = job
    name = os.path.basename(image)[:-4]
    tag = f"{name}-{speeds.replace(',', '')}-{flags}"
    stats = f"{out}/{tag}.json"
    r = subprocess.run([osprey, "-q", "--cores", "4", "--uart-in", "none", "--set",
                        "sys.simctl=on", "--set", f"core.speeds={speeds}", "--set",
                        f"sys.boot_flags={flags}", "--stats", stats, "--disk", image, kernel],
                       capture_output=True, text=True, stdin=subprocess.DEVNULL)
    text = "\n".join(l for l in r.stdout.splitlines()
                     if not l.startswith("osprey kernel: asymmetry-aware"))
    if r.returncode != 0:
        return job, None, f"exit {r.returncode}: {r.stderr.strip()[:200]}"
    return job, json.load(open(stats))["system"]["cycles"], text


def main():
    osprey, kernel, *images, out = sys.argv[1:]
    os.makedirs(out, exist_ok=True)
    jobs = []
    for image in images:
        for _, flags in SCHEDULERS:
            jobs.append((osprey, kernel, image, out, "1", flags))
            jobs += [(osprey, kernel, image, out, a, flags) for a in ARRANGEMENTS]
    cycles, outputs, fail = {}, {}, []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for job, c, text in pool.map(run, jobs):
            image, speeds, flags = job[2], job[4], job[5]
            if c is None:
                fail.append(f"{image} core.speeds={speeds} boot_flags={flags}: {text}")
                continue
            cycles[image, speeds, flags] = c
            if outputs.setdefault(image, text) != text:
                fail.append(f"{image} core.speeds={speeds} boot_flags={flags}: the output "
                            f"differs from the first run's")
    print("| workload | machine | scheduler | completion, Mcycles (median) | min – max | "
          "spread (max / min) | aware vs. stock (median) |")
    print("|---|---|---|---|---|---|---|")
    speedups = []
    for image in images:
        name = os.path.basename(image)[:-4]
        for machine, arr in (("symmetric", ["1"]), ("2 fast + 2 slow", ARRANGEMENTS)):
            med = {}
            for sched, flags in SCHEDULERS:
                cs = [cycles[image, a, flags] for a in arr if (image, a, flags) in cycles]
                if not cs:
                    continue
                med[sched] = statistics.median(cs)
                gain = ""
                if sched == "aware" and "stock" in med:
                    gain = f"{med['stock'] / med['aware']:.3f}x"
                spread = f"{max(cs) / min(cs):.3f}" if len(cs) > 1 else "(one run)"
                print(f"| {name} | {machine} | {sched} | {med[sched] / 1e6:.2f} | "
                      f"{min(cs) / 1e6:.2f} – {max(cs) / 1e6:.2f} | {spread} | {gain} |")
            if len(arr) > 1:
                speedups += [cycles[image, a, 0] / cycles[image, a, 1] for a in arr
                             if (image, a, 0) in cycles and (image, a, 1) in cycles]
    if speedups:
        print(f"\nAsymmetric machine, aware vs. stock per run (workload x arrangement, "
              f"{len(speedups)} pairs): median {statistics.median(speedups):.3f}x, "
              f"min {min(speedups):.3f}x, max {max(speedups):.3f}x")
    for f in fail:
        print("measure-asym: FAIL", f)
    sys.exit(1 if fail else 0)


main()
