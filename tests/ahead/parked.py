#!/usr/bin/env python3
"""tests/ahead/parked.py - core.ran_parked counts what parking skipped.

Runs a program whose harts wait in spin loops a core parks on
(tests/ahead/spin_park.c) in timing mode with sys.run_ahead on and off,
and checks the statistics each run writes: with it on, every core's
core.ran_parked is at most its core.ran_ahead (the skipped iterations are
instructions run ahead), some core parked (the machine's total is not 0),
and the machine's total is the sum of the cores'; with it off, both
counters are 0 everywhere. The instructions retired are the same either
way (parking is the simulator's way of running them, not the model's).

usage: parked.py OSPREY ELF CORES
"""
import json
import os
import subprocess
import sys
import tempfile

COUNTERS = ("core.ran_ahead", "core.ran_parked", "core.insns")


def run(osprey, elf, cores, run_ahead, stats):
    """The run's statistics: each core's and the machine's COUNTERS totals."""
    cmd = [osprey, "-q", "--mode", "timing", "--cores", str(cores),
           "--set", f"sys.run_ahead={run_ahead}", "--stats", stats, elf]
    done = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=300)
    if done.returncode != 0:
        sys.exit(f"parked: {' '.join(cmd)} ended with status "
                 f"{done.returncode}:\n{done.stderr}")
    with open(stats) as f:
        data = json.load(f)
    try:
        cores_seen = [{k: h[k]["total"] for k in COUNTERS} for h in data["harts"]]
        total = {k: data["total"][k]["total"] for k in COUNTERS}
    except KeyError as e:
        sys.exit(f"parked: {stats} has no counter {e} (a build without it?)")
    return cores_seen, total


def check(osprey, elf, cores):
    """The failures found, as messages (none: the counters hold)."""
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        on_cores, on_total = run(osprey, elf, cores, "on", os.path.join(tmp, "on.json"))
        off_cores, off_total = run(osprey, elf, cores, "off", os.path.join(tmp, "off.json"))
    for i, c in enumerate(on_cores):
        if c["core.ran_parked"] > c["core.ran_ahead"]:
            failures.append(f"core {i}: ran_parked {c['core.ran_parked']} > "
                            f"ran_ahead {c['core.ran_ahead']}")
    for k in COUNTERS:
        if sum(c[k] for c in on_cores) != on_total[k]:
            failures.append(f"{k}: the cores' sum is not the machine's total "
                            f"{on_total[k]}")
    if on_total["core.ran_parked"] == 0:
        failures.append("no core parked with sys.run_ahead on")
    for k in ("core.ran_ahead", "core.ran_parked"):
        if off_total[k] or any(c[k] for c in off_cores):
            failures.append(f"{k} is not 0 with sys.run_ahead off")
    if on_total["core.insns"] != off_total["core.insns"]:
        failures.append(f"core.insns: {on_total['core.insns']} with sys.run_ahead on, "
                        f"{off_total['core.insns']} off")
    if not failures:
        print(f"parked: {on_total['core.ran_parked']} of {on_total['core.insns']} "
              f"instructions skipped by parked cores "
              f"({on_total['core.ran_ahead']} run ahead in all)")
    return failures


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: parked.py OSPREY ELF CORES")
    failures = check(sys.argv[1], sys.argv[2], int(sys.argv[3]))
    for f in failures:
        print(f"parked: FAIL: {f}", file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
