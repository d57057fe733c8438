# SPDX-License-Identifier: MIT
"""metrics - the figures of one point, read from its osprey --stats JSON.

OS time is the cycles the harts spent in S and M mode, less the cycles they
slept in WFI (the idle loop is not OS work), as tests/kernel/measure.sh
counts it. Miss classes are the S-mode (kernel) ones: compulsory, capacity,
conflict, coherence. The S-mode I-misses count only those that went past
the L1I and its stream buffers: a miss a stream buffer served (l1i.side_hits)
is one the support removed, as the stream buffers' hand test counts it; the
classes are of every L1I miss, served or not.
"""

CLASSES = ("compulsory", "capacity", "conflict", "coherence")

# The columns every result row has, in table order, with their meaning.
COLUMNS = [
    ("cycles", "the run's cycles"),
    ("instructions", "instructions retired by all harts"),
    ("os_cycles", "cycles in S and M mode, WFI sleep left out, summed over the harts"),
    ("user_cycles", "cycles in U mode, summed over the harts"),
    ("os_insns", "instructions retired in S and M mode"),
    ("s_imisses", "S-mode L1I misses not served by a stream buffer"),
] + [(f"s_imiss_{c}", f"S-mode L1I {c} misses") for c in CLASSES] + [
    ("s_imiss_sbuf", "S-mode L1I misses a stream buffer served"),
    ("s_dmisses", "S-mode L1D misses"),
] + [(f"s_dmiss_{c}", f"S-mode L1D {c} misses") for c in CLASSES] + [
    ("os_stall_imiss", "cycles S and M mode fetch waited for L1I misses"),
    ("os_stall_dmiss", "cycles S and M mode loads and atomics waited for L1D misses"),
    ("os_stall_bus", "the part of S and M mode miss waits queued for the bus"),
] + [(f"os_stall_{k}", f"S and M mode cycles of core.stall_{k}: {what}") for k, what in (
    ("branch", "misprediction and taken-transfer bubbles"),
    ("muldiv", "multiply and divide"),
    ("hazard", "load-use waits"),
    ("tlb", "page-walk reads"),
    ("serial", "pipeline drains"),
    ("wb", "write buffer full or draining"),
    ("mmio", "uncached device accesses"),
)] + [
    ("os_guarded_issued", "guarded sequential prefetches issued in S and M mode"),
    ("bus_utilization", "fraction of cycles the bus was held"),
    ("mem_bytes", "bytes moved to or from memory"),
]


def _mode(total, counter, mode):
    return total.get(counter, {}).get(mode, 0)


def extract(stats):
    """One row of figures from a parsed stats JSON object."""
    system, total = stats["system"], stats["total"]
    sm = lambda c: _mode(total, c, "S") + _mode(total, c, "M")
    row = {
        "cycles": system["cycles"],
        "instructions": system["instructions"],
        "os_cycles": sm("core.cycles") - sm("core.idle"),
        "user_cycles": _mode(total, "core.cycles", "U") - _mode(total, "core.idle", "U"),
        "os_insns": sm("core.insns"),
        "s_imisses": _mode(total, "l1i.misses", "S") - _mode(total, "l1i.side_hits", "S"),
        "s_imiss_sbuf": _mode(total, "l1i.side_hits", "S"),
        "s_dmisses": _mode(total, "l1d.misses", "S"),
        "os_stall_imiss": sm("core.stall_imiss"),
        "os_stall_dmiss": sm("core.stall_dmiss"),
        "os_stall_bus": sm("core.stall_bus"),
        **{f"os_stall_{k}": sm(f"core.stall_{k}") for k in
           ("branch", "muldiv", "hazard", "tlb", "serial", "wb", "mmio")},
        "os_guarded_issued": sm("pf_guarded.issued"),
        "bus_utilization": system.get("bus.utilization", 0.0),
        "mem_bytes": system.get("mem.bytes", 0),
    }
    for c in CLASSES:
        row[f"s_imiss_{c}"] = _mode(total, f"l1i.{c}", "S")
        row[f"s_dmiss_{c}"] = _mode(total, f"l1d.{c}", "S")
    return row
