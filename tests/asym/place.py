#!/usr/bin/env python3
"""tests/asym/place.py OSPREY KERNEL IMAGE DIR: the asymmetry-aware scheduler's
placement on a known mix (tests/asym/place.sh: a short CPU-bound job started
first, then a long one) on 2 harts, hart 0 at half the clock (core.speeds=2,1).

- stock (sys.boot_flags=2: CPU times only): the long job runs on slow hart 0
  from start to end, and its CPU time is reported as the wall time it took there;
- asymmetry-aware (sys.boot_flags=3): the long job starts on hart 0 and, once
  the short one has ended and fast hart 1 is idle, moves there (a migrate
  event 0 -> 1) and runs most of its cycles there; the run ends sooner; its
  CPU time, scaled to the reference speed, is what it takes on a symmetric
  machine (within a timer tick or two, the sampling's grain);
- every run prints the same results."""
import collections
import json
import subprocess
import sys


def run(osprey, kernel, image, d, name, speeds, flags):
    stats, timeline = f"{d}/{name}.json", f"{d}/{name}-timeline.json"
    args = [osprey, "-q", "--cores", "2", "--uart-in", "none", "--set", f"core.speeds={speeds}",
            "--set", f"sys.boot_flags={flags}", "--stats", stats, "--timeline", timeline,
            "--disk", image, kernel]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"place: {name}: osprey exited {r.returncode}: {r.stderr}")
    results = [l for l in r.stdout.splitlines() if l.startswith("numeric:")]
    cputime = {}
    for l in r.stdout.splitlines():
        f = l.split()
        if f[:1] == ["cputime:"]:
            cputime[int(f[2])] = int(f[4])
    ran = collections.defaultdict(collections.Counter)	# pid -> hart -> cycles
    migrations = []
    for e in json.load(open(timeline))["traceEvents"]:
        a = e.get("args", {})
        if e.get("ph") == "X" and e.get("name") == "numeric" and e.get("pid") == 1:
            ran[a["pid"]][e["tid"]] += a["cycles"]
        elif e.get("name") == "migrate":
            migrations.append((a["pid"], a["from"], a["to"]))
    long_pid = max(ran, key=lambda p: sum(ran[p].values()))
    cycles = json.load(open(stats))["system"]["cycles"]
    return dict(results=results, cputime=cputime, ran=ran[long_pid], pid=long_pid,
                migrations=[m for m in migrations if m[0] == long_pid], cycles=cycles)


def main():
    osprey, kernel, image, d = sys.argv[1:5]
    sym = run(osprey, kernel, image, d, "place-sym", "1", 2)
    stock = run(osprey, kernel, image, d, "place-stock", "2,1", 2)
    aware = run(osprey, kernel, image, d, "place-aware", "2,1", 3)
    fail = []
    for name, r in (("stock", stock), ("aware", aware)):
        if r["results"] != sym["results"] or len(r["results"]) != 2:
            fail.append(f"{name}: results {r['results']}, symmetric {sym['results']}")
    if set(stock["ran"]) != {0} or stock["migrations"]:
        fail.append(f"stock: the long job ran on harts {dict(stock['ran'])}, "
                    f"migrations {stock['migrations']} (expected slow hart 0 only)")
    total = sum(aware["ran"].values())
    if not any(m[1:] == (0, 1) for m in aware["migrations"]) or aware["ran"][1] < 0.8 * total:
        fail.append(f"aware: the long job ran on harts {dict(aware['ran'])}, migrations "
                    f"{aware['migrations']} (expected 0 -> 1 and most cycles on hart 1)")
    if aware["cycles"] >= stock["cycles"]:
        fail.append(f"aware: {aware['cycles']} cycles, stock {stock['cycles']}")
    ref = sym["cputime"].get(sym["pid"], 0)
    got = aware["cputime"].get(aware["pid"], 0)
    raw = stock["cputime"].get(stock["pid"], 0)
    if ref < 100000 or abs(got - ref) > 20000 or raw < 1.5 * ref:
        fail.append(f"CPU time of the long job: {ref} us symmetric, {got} us aware "
                    f"(scaled), {raw} us stock (unscaled)")
    for f in fail:
        print("place: FAIL", f)
    print(f"place: long job on harts {dict(stock['ran'])} (stock), {dict(aware['ran'])} (aware); "
          f"run {stock['cycles']} -> {aware['cycles']} cycles; CPU time {ref} us symmetric, "
          f"{got} us aware, {raw} us stock")
    print(f"test-asym-sched: {'FAIL' if fail else 'PASS'} (6 checks, {len(fail)} failed)")
    sys.exit(1 if fail else 0)


main()
