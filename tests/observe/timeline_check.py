#!/usr/bin/env python3
# tests/observe/timeline_check.py FILE.json NHARTS
# Checks a --timeline file from the kernel workload (numeric-make, DMA on):
# the Chrome trace event structure Perfetto reads, and events the run is
# known to have: the workload's processes on the hart tracks, never two at
# once on one hart, run-queue counters, IPIs, DMA operations that start and
# finish in pairs, interval counters and privilege-mode spans.
import json
import sys

path, nharts = sys.argv[1], int(sys.argv[2])
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


with open(path) as f:
    doc = json.load(f)
events = doc.get("traceEvents")
check(isinstance(events, list) and events, "traceEvents is a non-empty list")
events = events or []
for e in events:
    ok = e.get("ph") in ("M", "X", "i", "C") and isinstance(e.get("pid"), int) \
        and isinstance(e.get("tid"), int) and isinstance(e.get("name"), str)
    if e.get("ph") != "M":
        ok = ok and isinstance(e.get("ts"), (int, float)) and e["ts"] >= 0
    if e.get("ph") == "X":
        ok = ok and isinstance(e.get("dur"), (int, float)) and e["dur"] >= 0
    if not ok:
        failures.append("malformed event: %r" % e)
        break

threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
           if e["ph"] == "M" and e["name"] == "thread_name"}
for h in range(nharts):
    check(threads.get((1, h)) == "hart %d" % h, "track 'hart %d'" % h)
    check(threads.get((2, h)) == "hart %d mode" % h, "track 'hart %d mode'" % h)

procs = [e for e in events if e["ph"] == "X" and e.get("cat") == "process"]
names = {e["name"] for e in procs}
for known in ("init", "sh", "pmake", "numeric"):
    check(known in names, "a span of process '%s' (names seen: %s)" % (known, sorted(names)))
check(len({e["tid"] for e in procs}) == nharts, "processes ran on every hart")
for h in range(nharts):
    spans = sorted((e["args"]["cycle"], e["args"]["cycle"] + e["args"]["cycles"])
                   for e in procs if e["tid"] == h)
    for a, b in zip(spans, spans[1:]):
        if b[0] < a[1]:
            failures.append("hart %d runs two processes at once: %r %r" % (h, a, b))
            break

modes = {e["name"] for e in events if e["ph"] == "X" and e.get("cat") == "mode"}
check({"U", "S"} <= modes, "U and S mode spans (seen: %s)" % sorted(modes))

def count(ph, name):
    return sum(1 for e in events if e["ph"] == ph and e["name"] == name)

rq = [e for e in events if e["ph"] == "C" and e["name"] == "run queues"]
check(rq and all(len(e["args"]) == nharts for e in rq), "run-queue counters, one per hart")
check(any(v > 0 for e in rq for v in e["args"].values()), "a non-empty run queue")
check(count("C", "bus utilization") > 10, "bus utilization counters")
mr = [e for e in events if e["ph"] == "C" and e["name"] == "miss rate"]
check(mr and all(set(e["args"]) == {"l1i", "l1d", "l2"} for e in mr), "miss-rate counters")
check(count("i", "ipi") > 0, "IPIs")
check(count("i", "exception") > 0, "exceptions (system calls)")
starts, dones = count("i", "dma start"), count("i", "dma done")
check(starts > 0 and starts == dones, "DMA starts (%d) and ends (%d) in pairs" % (starts, dones))
check(count("X", "idle") > 0, "idle spans")
check(doc.get("otherData", {}).get("cycles", 0) > 0, "otherData.cycles")

if failures:
    for f in failures:
        print("FAIL: timeline:", f)
    sys.exit(1)
print("timeline: PASS (%d events: %d process spans, %d DMA operations, %d IPIs)"
      % (len(events), len(procs), starts, count("i", "ipi")))
