# SPDX-License-Identifier: MIT
"""table - one results table for a whole experiment, as CSV and JSON.

Every point of the matrix has one row, in matrix order. A point whose run
failed (or never ran) has status "failed" or "missing", its log's path, and
no figures: it is never counted as a result, and nothing is derived from it.
The derived columns compare a point with the baseline variant's point of the
same preset and workload: os_speedup (baseline OS cycles over this point's),
s_imisses_removed and s_dmisses_removed (the fraction of the baseline's
S-mode misses gone; negative when there are more).
"""

import csv
import json
import os

import cache
import metrics

ID_COLUMNS = [
    ("preset", "the osprey preset"),
    ("variant", "the variant, with its swept values"),
    ("workload", "the workload"),
    ("groups", "the variant's group labels"),
    ("area", "the make-area supports the variant adds"),
    ("status", "ok, failed (see log) or missing (never ran)"),
    ("cached", "true if the result came from the cache, not from this invocation"),
    ("key", "the cache key: SHA-256 of osprey, ELF, disk image and configuration"),
]
DERIVED = [
    ("os_speedup", "the baseline's OS cycles over this point's"),
    ("s_imisses_removed", "fraction of the baseline's S-mode I-misses gone"),
    ("s_dmisses_removed", "fraction of the baseline's S-mode D-misses gone"),
]
TAIL = [
    ("exit_status", "osprey's exit status"),
    ("stop", "how the run ended (osprey's stats \"stop\", or timeout, no-stats, not-run)"),
    ("host_seconds", "host time of the run"),
    ("log", "osprey's stderr for the point"),
]
DESCRIPTIONS = dict(ID_COLUMNS + metrics.COLUMNS + DERIVED + TAIL)
COLUMNS = list(DESCRIPTIONS)


def _ratio(num, den):
    return round(num / den, 4) if den else None


def build_rows(exp, points, cache_dir, ran_now):
    """The rows; ran_now is the set of keys this invocation ran."""
    rows = []
    for p in points:
        row = {c: None for c in COLUMNS}
        row.update(preset=p.preset, variant=p.variant.name, workload=p.workload,
                   groups=" ".join(p.variant.parent.groups),
                   area="; ".join(p.variant.parent.area), key=p.key,
                   cached=p.key not in ran_now)
        res = cache.load(cache_dir, p.key)
        if res is not None and res["status"] in exp.accept:
            try:
                with open(os.path.join(cache.entry_dir(cache_dir, p.key), "stats.json")) as f:
                    row.update(metrics.extract(json.load(f)))
                row["status"] = "ok"
                row["log"] = os.path.join(cache.entry_dir(cache_dir, p.key), "log.txt")
            except (OSError, ValueError, KeyError) as e:
                row["status"] = "failed"
                row["log"] = f"unreadable stats in {cache.entry_dir(cache_dir, p.key)}: {e}"
        else:
            fail = res if res is not None else cache.load_failure(cache_dir, p.key)
            if fail is None:
                row["status"] = "missing"
            else:
                row["status"] = "failed"
                where = cache.entry_dir(cache_dir, p.key) if res is not None \
                    else cache.failed_dir(cache_dir, p.key)
                row["log"] = os.path.join(where, "log.txt")
        if res is None:
            res = cache.load_failure(cache_dir, p.key)
        if res is not None:
            row.update(exit_status=res["status"], stop=res["stop"],
                       host_seconds=res["host_seconds"])
        rows.append(row)
    base = {(r["preset"], r["workload"]): r for r in rows
            if r["variant"] == exp.baseline and r["status"] == "ok"}
    for r in rows:
        b = base.get((r["preset"], r["workload"]))
        if r["status"] != "ok" or b is None:
            continue
        r["os_speedup"] = _ratio(b["os_cycles"], r["os_cycles"])
        for col, miss in (("s_imisses_removed", "s_imisses"), ("s_dmisses_removed", "s_dmisses")):
            r[col] = round(1 - r[miss] / b[miss], 4) if b[miss] else None
    return rows


def write(exp, rows, out_dir):
    """results.csv and results.json in out_dir; returns their paths."""
    os.makedirs(out_dir, exist_ok=True)
    csv_path = os.path.join(out_dir, "results.csv")
    json_path = os.path.join(out_dir, "results.json")
    with open(csv_path + ".tmp", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if v is None else v) for k, v in r.items()})
    os.replace(csv_path + ".tmp", csv_path)
    doc = {
        "experiment": exp.name,
        "file": os.path.abspath(exp.path),
        "baseline": exp.baseline,
        "accept": exp.accept,
        "variants": [{"name": v.name, "groups": v.groups, "area": v.area,
                      "sets": v.sets, "options": v.options, "kernel": v.kernel,
                      "sweeps": v.sweeps} for v in exp.variants],
        "columns": DESCRIPTIONS,
        "rows": rows,
    }
    with open(json_path + ".tmp", "w") as f:
        json.dump(doc, f, indent=1)
    os.replace(json_path + ".tmp", json_path)
    return csv_path, json_path
