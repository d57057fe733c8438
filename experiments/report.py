#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""report - the OS-support study's report, from osweep's results table.

    experiments/report.py RESULTS.json OUT_DIR [--area-dir DIR] [--readme README.md]

Variants in group `noise` are the baseline run again with immaterial
changes (in os-supports.exp: mem.jitter under several seeds, pages set
aside at boot, padded kernel builds): they are no support, and the spread of
their OS times is the noise floor the report sets every speedup beside;
speedups within it are marked.

Writes OUT_DIR/report.md and three gnuplot plots, each as PNG and SVG:
speedup (OS-time speedup per variant, geometric mean over the workloads, per
preset), misses (S-mode I- and D-misses removed, summed over the workloads)
and area (OS time saved against the area the variant adds, from make area's
DIR/area-PRESET.json, else DIR/area.json for the preset it was made for; "n/a"
where there is none). With --readme, replaces the README's text between
<!-- study:begin --> and <!-- study:end --> with the report's summary.

Every figure and every sentence that depends on one is computed here from
the results; nothing is typed in by hand but the studies' published figures
(STUDIES) and the mechanisms' known conditions the notes cite.
Exit status: 0 done; 1 the results hold failed points (the report is still
written and lists them); 2 unreadable input or gnuplot failed.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys

BEGIN, END = "<!-- study:begin -->", "<!-- study:end -->"

# The group label of the baseline's reruns that measure the noise floor.
NOISE = "noise"

# The studies' findings the report sets the measurements beside (issue 16).
STUDIES = {
    "layout_imiss": "OS instruction misses −31…86 % by code layout",
    "guarded_imiss": "≈ 66 % of the remaining OS instruction misses by guarded prefetch",
    "dside_dmiss": "≈ 75 % of OS data misses by the data-side supports",
    "all_speedup": "≈ 40 % combined OS speedup",
    "ranking": "code layout and block operations most cost-effective, software prefetch least",
}

# Variant names of experiments/os-supports.exp the comparison reads.
ALONE_NAMES = {"layout": "code layout", "guarded-prefetch": "guarded sequential prefetch",
               "stream-buffers": "stream buffers", "block-ops": "block operations (DMA)",
               "priv-update": "privatization/relocation + selective update",
               "sw-prefetch": "software prefetch"}


def gmean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def pct(x, digits=1):
    return "n/a" if x is None else f"{100 * x:+.{digits}f} %"


def load_area(area_dir, presets):
    """{preset: {support name: (rbe, % of L1I+L1D)}}; a preset without a
    file of its own takes area.json when that was made for it."""
    out = {}
    generic = None
    try:
        with open(os.path.join(area_dir, "area.json")) as f:
            generic = json.load(f)
    except (OSError, ValueError):
        pass
    for p in presets:
        doc = None
        try:
            with open(os.path.join(area_dir, f"area-{p}.json")) as f:
                doc = json.load(f)
        except (OSError, ValueError):
            if generic is not None and generic.get("config", {}).get("preset", "default") == p:
                doc = generic
        if doc is not None:
            out[p] = {s["name"]: (s.get("rbe", 0.0), s.get("pct_of_base_l1", 0.0))
                      for s in doc.get("supports", [])}
    return out


class Study:
    def __init__(self, doc, area):
        self.doc = doc
        self.rows = doc["rows"]
        self.baseline = doc["baseline"]
        self.presets = list(dict.fromkeys(r["preset"] for r in self.rows))
        every = list(dict.fromkeys(r["variant"] for r in self.rows))
        self.workloads = list(dict.fromkeys(r["workload"] for r in self.rows))
        self.ok = [r for r in self.rows if r["status"] == "ok"]
        self.bad = [r for r in self.rows if r["status"] != "ok"]
        self.area = area
        self.groups = {r["variant"]: r["groups"].split() for r in self.rows}
        # the supports' variants (the baseline first), and the noise floor's reruns
        self.noise = [v for v in every if NOISE in self.groups[v]]
        self.variants = [v for v in every if v not in self.noise]
        # each variant's `set` pairs and `kernel` words (the noise text names the reruns')
        self.sets = {v["name"]: v.get("sets", []) for v in doc["variants"]}
        self.kernel_words = {v["name"]: v.get("kernel", []) for v in doc["variants"]}
        # the area entries each variant adds, from the experiment's own list
        self.area_names = {v["name"]: v["area"] for v in doc["variants"]}
        for r in self.rows:
            if r["variant"] not in self.area_names:  # a swept variant: its parent's
                parent = r["variant"].split("[", 1)[0]
                self.area_names[r["variant"]] = self.area_names.get(parent, [])

    def row(self, preset, variant, workload):
        for r in self.ok:
            if (r["preset"], r["variant"], r["workload"]) == (preset, variant, workload):
                return r
        return None

    def complete(self, preset, variant):
        """The variant's rows and the baseline's, only if every workload has both."""
        pairs = []
        for w in self.workloads:
            r, b = self.row(preset, variant, w), self.row(preset, self.baseline, w)
            if r is None or b is None:
                return None
            pairs.append((r, b))
        return pairs

    def speedup(self, preset, variant):
        pairs = self.complete(preset, variant)
        return gmean([r["os_speedup"] for r, _ in pairs]) if pairs else None

    def removed(self, preset, variant, col):
        """Fraction of the summed baseline misses (col) the variant removes."""
        pairs = self.complete(preset, variant)
        if not pairs:
            return None
        base = sum(b[col] for _, b in pairs)
        return 1 - sum(r[col] for r, _ in pairs) / base if base else None

    def noise_band(self, preset, workload=None):
        """(lowest, highest) OS speedup of the noise reruns over the
        baseline, on one workload or (None) the geometric mean; None without
        them. Only the reruns: what they share (slower reads under
        mem.jitter, the sim-control port's writes) moves them all alike, and
        the spread between them is the noise, not their distance from the
        unperturbed baseline."""
        if not self.noise:
            return None
        if workload is None:
            vals = [self.speedup(preset, v) for v in self.noise]
        else:
            vals = [r["os_speedup"] for r in (self.row(preset, v, workload)
                                              for v in self.noise) if r]
        vals = [x for x in vals if x is not None]
        return (min(vals), max(vals)) if vals else None

    def within_noise(self, preset, speedup, workload=None):
        """Whether @speedup differs from 1 by no more than the noise band's
        width: the spread of runs that differ from each other only in
        immaterial timing and placement."""
        band = self.noise_band(preset, workload)
        return band is not None and speedup is not None and \
            abs(speedup - 1) <= band[1] - band[0]

    def same_as_baseline(self, preset, variant):
        pairs = self.complete(preset, variant)
        keys = ("os_cycles", "s_imisses", "s_dmisses", "cycles")
        return bool(pairs) and all(all(r[k] == b[k] for k in keys) for r, b in pairs)

    def added_area(self, preset, variant):
        """(rbe, % of L1I+L1D) the variant adds, or None without area figures."""
        table = self.area.get(preset)
        if table is None:
            return None
        names = self.area_names.get(variant, [])
        missing = [n for n in names if n not in table]
        if missing:
            return None
        return (sum(table[n][0] for n in names), sum(table[n][1] for n in names))


def fmt_area(a):
    return "n/a" if a is None else f"{a[0]:,.0f} rbe ({a[1]:.2f} %)"


def speedup_table(st, preset):
    """The supports' speedups; with noise reruns, a last row with the noise
    band and the speedups within it in italics (the geometric mean then not
    bold)."""
    lines = ["| variant | " + " | ".join(st.workloads) + " | geo. mean | added area (rbe, % of L1I+L1D) |",
             "|---|" + "---|" * (len(st.workloads) + 2)]
    for v in st.variants:
        cells = []
        for w in st.workloads:
            r = st.row(preset, v, w)
            if r is None:
                cells.append("failed")
            elif v != st.baseline and st.within_noise(preset, r["os_speedup"], w):
                cells.append(f"*{r['os_speedup']:.3f}*")
            else:
                cells.append(f"{r['os_speedup']:.3f}")
        s = st.speedup(preset, v)
        if s is None:
            cells.append("n/a")
        elif v != st.baseline and st.within_noise(preset, s):
            cells.append(f"*{s:.3f}*")
        else:
            cells.append(f"**{s:.3f}**")
        cells.append(fmt_area(st.added_area(preset, v)) if v != st.baseline else "—")
        lines.append(f"| {v} | " + " | ".join(cells) + " |")
    if st.noise_band(preset):
        cells = []
        for w in st.workloads + [None]:
            band = st.noise_band(preset, w)
            cells.append("n/a" if band is None else f"{band[0]:.3f} – {band[1]:.3f}")
        lines.append(f"| noise ({len(st.noise)} reruns) | " + " | ".join(cells) + " | — |")
    return "\n".join(lines)


def noise_text(st, preset):
    """What the noise row is and how to read it; empty without noise reruns."""
    band = st.noise_band(preset)
    if band is None:
        return ""
    sets = {}
    for v in st.noise:
        for k, val in st.sets.get(v, []):
            sets.setdefault(k, []).append(val)
    how = "; ".join(f"`{k}` " + ", ".join(dict.fromkeys(vals)) for k, vals in sets.items())
    spreads = ", ".join(
        f"{w} {100 * (b[1] - b[0]):.1f}" for w, b in
        ((w, st.noise_band(preset, w)) for w in st.workloads) if b)
    builds = [b for b in dict.fromkeys(" ".join(st.kernel_words.get(v, []))
                                       for v in st.noise) if b]
    # what the reruns change, and what they share that moves them all alike
    changes, shared = [], []
    if "mem.jitter" in sets:
        changes.append("each memory read's latency raised by a few cycles")
        shared.append("their reads are slower by half the jitter on average")
    if "sys.boot_flags" in sets:
        changes.append("a few pages set aside by the kernel at boot (the processes' pages move)")
    if "sys.simctl" in sets:
        shared.append("the sim-control port that passes the boot flags adds its own writes")
    if builds:
        changes.append("the kernel built otherwise (" + ", ".join(f"`{b}`" for b in builds) + ")")
    if not changes:
        what = "changes that no support makes"
    elif len(changes) == 1:
        what = changes[0]
    else:
        what = ", ".join(changes[:-1]) + " and " + changes[-1]
    slower = (f"What they share moves them all alike ({'; '.join(shared)}); the noise is how "
              "far they spread: " if shared else "The noise is how far they spread: ")
    return (f"The noise row: the baseline run again {len(st.noise)} times with {what}; "
            f"their settings: {how}. Each changes which lines conflict in the caches or how "
            "the harts interleave, as one run or one build on a real machine differs from "
            "the next. It gives the "
            f"lowest and highest OS speedup of these runs over the baseline. {slower}"
            f"{spreads} points per workload and "
            f"{100 * (band[1] - band[0]):.1f} for the geometric mean. A speedup that differs "
            "from 1 by no more than its column's spread is in *italics*: the study cannot "
            "tell it from noise.")


def point_table(st, preset):
    head = ("| variant | workload | OS cycles | speedup | user cycles | S I-misses "
            "(comp/cap/conf/coh, sbuf-served) | removed | S D-misses (comp/cap/conf/coh) | "
            "removed | bus util. |")
    lines = [head, "|---|---|---|---|---|---|---|---|---|---|"]
    for v in st.variants + st.noise:
        for w in st.workloads:
            r = st.row(preset, v, w)
            if r is None:
                bad = [x for x in st.bad if (x["preset"], x["variant"], x["workload"]) ==
                       (preset, v, w)]
                log = bad[0]["log"] if bad and bad[0]["log"] else "not run"
                lines.append(f"| {v} | {w} | failed: `{log}` | | | | | | | |")
                continue
            im = "/".join(str(r[f"s_imiss_{c}"]) for c in
                          ("compulsory", "capacity", "conflict", "coherence"))
            dm = "/".join(str(r[f"s_dmiss_{c}"]) for c in
                          ("compulsory", "capacity", "conflict", "coherence"))
            lines.append(f"| {v} | {w} | {r['os_cycles']:,} | {r['os_speedup']:.3f} | "
                         f"{r['user_cycles']:,} | {r['s_imisses']:,} ({im}, {r['s_imiss_sbuf']}) | "
                         f"{pct(r['s_imisses_removed'])} | {r['s_dmisses']:,} ({dm}) | "
                         f"{pct(r['s_dmisses_removed'])} | {100 * r['bus_utilization']:.1f} % |")
    return "\n".join(lines)


def ranking(st, preset):
    """The supports alone, best first: by OS time saved per % of L1 area
    added when every one has area figures (those adding no hardware ranked
    apart, by time saved), else by OS time saved alone. Returns (hardware
    rows, software-only rows, whether area was used); a row is
    (saved per % of area or None, variant, time saved, area or None)."""
    alone = []
    for v in st.variants:
        s = st.speedup(preset, v)
        if "alone" in st.groups.get(v, []) and s is not None:
            alone.append((v, 1 - 1 / s, st.added_area(preset, v)))
    if not alone or any(a is None for _, _, a in alone):
        rows = sorted(((None, v, saved, a) for v, saved, a in alone), key=lambda t: -t[2])
        return rows, [], False
    hw = sorted(((saved / a[1], v, saved, a) for v, saved, a in alone if a[1] > 0),
                key=lambda t: -t[0])
    sw = sorted(((None, v, saved, a) for v, saved, a in alone if a[1] <= 0),
                key=lambda t: -t[2])
    return hw, sw, True


def ranking_text(st, preset):
    hw, sw, by_area = ranking(st, preset)
    noisy = st.noise_band(preset) is not None
    lines = [] if by_area else [
        "No area figures for this preset (run `make area`): ranked by OS time saved alone.", ""]
    lines += ["| rank | support | OS time saved | added area | saved per % of L1 area |"
              + (" beyond the noise |" if noisy else ""),
              "|---|---|---|---|---|" + ("---|" if noisy else "")]

    def beyond(v):
        if not noisy:
            return ""
        return " no |" if st.within_noise(preset, st.speedup(preset, v)) else " yes |"

    for i, (eff, v, saved, a) in enumerate(hw, 1):
        lines.append(f"| {i} | {v} | {pct(saved)} | {fmt_area(a)} | "
                     f"{'n/a' if eff is None else f'{100 * eff:+.2f} % per %'} |" + beyond(v))
    for _, v, saved, a in sw:
        lines.append(f"| — | {v} (no added hardware) | {pct(saved)} | {fmt_area(a)} | "
                     "software only |" + beyond(v))
    return "\n".join(lines)


def explain(st):
    """The comparison with the studies, on the default preset (their machine),
    each difference with the measured reason."""
    p = "default" if "default" in st.presets else st.presets[0]
    rows = []

    def stall_share(variant):
        pairs = st.complete(p, variant)
        if not pairs:
            return None
        os_c = sum(r["os_cycles"] for r, _ in pairs)
        return (sum(r["os_stall_imiss"] for r, _ in pairs) / os_c,
                sum(r["os_stall_dmiss"] for r, _ in pairs) / os_c,
                sum(r["os_stall_bus"] for r, _ in pairs) / os_c)

    def classes(variant, side):
        pairs = st.complete(p, variant)
        tot = {c: sum(r[f"s_{side}miss_{c}"] for r, _ in pairs)
               for c in ("compulsory", "capacity", "conflict", "coherence")}
        n = sum(tot.values()) or 1
        return ", ".join(f"{c} {100 * x / n:.0f} %" for c, x in tot.items())

    # code layout
    if "layout" in st.variants and st.complete(p, "layout"):
        lo = min(st.row(p, "layout", w)["s_imisses_removed"] for w in st.workloads)
        hi = max(st.row(p, "layout", w)["s_imisses_removed"] for w in st.workloads)
        base_cls = classes('baseline', 'i')
        if lo >= 0.31 and hi <= 0.86:
            why = "within the studies' range"
        elif hi > 0.86:
            why = (f"above the studies' range at the top: the baseline's S-mode I-misses are "
                   f"{base_cls}, and conflict misses are what layout removes")
        else:
            why = (f"below the studies' range: the baseline's S-mode I-misses are {base_cls}; "
                   "layout cannot remove compulsory ones")
        rows.append((STUDIES["layout_imiss"], f"{100 * lo:.0f} … {100 * hi:.0f} % removed", why))
    else:
        rows.append((STUDIES["layout_imiss"], "not measured",
                     "no `layout` variant ran: the code-layout kernel build is not in this "
                     "tree yet (its block in experiments/os-supports.exp is commented out)"))
    # guarded prefetch: after layout when the pair ran (the studies' measure)
    v = "guarded-prefetch"
    pair = "layout+guarded"
    if pair in st.variants and "layout" in st.variants and st.complete(p, pair) \
            and st.complete(p, "layout"):
        rest = sum(r["s_imisses"] for r, _ in st.complete(p, "layout"))
        left = sum(r["s_imisses"] for r, _ in st.complete(p, pair))
        issued = sum(r["os_guarded_issued"] or 0 for r, _ in st.complete(p, pair))
        rem = 1 - left / rest if rest else None
        why = (f"{issued:,} guarded prefetches issued over the workloads; "
               f"the I-misses layout left are {classes('layout', 'i')}")
        if rem is not None and rem < 0.66:
            why += ("; a run stops at every sequence end (a guard mark), so short "
                    "sequences keep the runs short")
        rows.append((STUDIES["guarded_imiss"],
                     f"{'n/a' if rem is None else f'{100 * rem:.1f} %'} of the S-mode "
                     "I-misses left after layout removed (layout+guarded vs layout)", why))
    elif v in st.variants and st.complete(p, v):
        rem = st.removed(p, v, "s_imisses")
        issued = sum(r["os_guarded_issued"] or 0 for r, _ in st.complete(p, v))
        if issued == 0:
            same = " and every figure equals the baseline's" if st.same_as_baseline(p, v) else ""
            why = (f"the prefetcher issued no prefetch in S or M mode{same}: it runs only on "
                   "pages whose Sv32 PTE bit 8 (RSW[0]) is set, and the kernel measured here "
                   "set it on none of its text (only a laid-out kernel sets it, on its "
                   "laid-out code). The studies' 66 % is of the misses left after layout")
        else:
            why = ("measured against the baseline, not after layout (the studies' base), so "
                   "it includes misses layout would have removed")
        rows.append((STUDIES["guarded_imiss"], f"{100 * rem:.1f} % of S-mode I-misses removed",
                     why))
    # data side
    v = "D-side"
    if v in st.variants and st.complete(p, v):
        rem = st.removed(p, v, "s_dmisses")
        parts = ", ".join(f"{n} {100 * st.removed(p, n, 's_dmisses'):.1f} %"
                          for n in ("block-ops", "priv-update", "sw-prefetch")
                          if n in st.variants and st.complete(p, n))
        rows.append((STUDIES["dside_dmiss"], f"{100 * rem:.1f} % of S-mode D-misses removed",
                     f"removed alone (negative: more misses): {parts}. The misses left under "
                     f"{v} are {classes(v, 'd')}"))
    v = "all"
    if v in st.variants and st.complete(p, v):
        s = st.speedup(p, v)
        sh = stall_share(st.baseline)
        bound = 1 / (1 - sum(sh)) if sh and sum(sh) < 1 else None
        rows.append((STUDIES["all_speedup"], f"{pct(s - 1)} OS speedup (geo. mean)",
                     f"in the baseline, OS time waits {100 * sh[0]:.0f} % on I-misses, "
                     f"{100 * sh[1]:.0f} % on D-misses and {100 * sh[2]:.0f} % queued for the "
                     f"bus: removing every such wait would give at most "
                     f"{'n/a' if bound is None else f'{bound:.2f}×'}; the supports add bus "
                     "traffic of their own (prefetches, update broadcasts)"))
    hw, sw, by_area = ranking(st, p)
    order = " > ".join(v for _, v, _, _ in hw)
    if sw:
        order += "; software only: " + " > ".join(v for _, v, _, _ in sw)
    meas = order if by_area else f"no area figures (run `make area`); by OS time saved: {order}"
    missing = [n for n in ALONE_NAMES if n not in st.variants]
    why = ("ranked by OS time saved per % of L1 area; software-only supports add no area"
           if by_area else "without area only the time saved can be ranked")
    if missing:
        why += f"; not measured: {', '.join(missing)}"
    quiet = [v for _, v, _, _ in hw + sw if st.within_noise(p, st.speedup(p, v))]
    if quiet:
        why += f"; within the noise, so not ranked by what they save: {', '.join(quiet)}"
    rows.append((STUDIES["ranking"], meas, why))
    lines = ["| the studies | measured here (default preset) | why they differ |",
             "|---|---|---|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return "\n".join(lines)


STALLS = ("imiss", "dmiss", "bus", "branch", "muldiv", "hazard", "tlb", "serial", "wb", "mmio")


def slowdowns(st):
    """Where the OS time of every variant slower than the baseline went: the
    stall counters (S and M mode, summed over the workloads) that grew most."""
    lines = []
    for p in st.presets:
        for v in st.variants:
            s = st.speedup(p, v)
            if v == st.baseline or s is None or s >= 1:
                continue
            pairs = st.complete(p, v)
            extra = sum(r["os_cycles"] - b["os_cycles"] for r, b in pairs)
            grew = sorted(((sum(r[f"os_stall_{k}"] - b[f"os_stall_{k}"] for r, b in pairs), k)
                           for k in STALLS), reverse=True)
            top = [f"`core.stall_{k}` {d:+,}" for d, k in grew[:2] if d > 0]
            worst = min(pairs, key=lambda rb: rb[0]["os_speedup"])[0]
            noise = ", within the noise" if st.within_noise(p, s) else ""
            lines.append(f"- `{p}`/{v}: OS speedup {s:.3f}{noise} (worst: {worst['workload']}, "
                         f"{worst['os_speedup']:.3f}); {extra:+,} OS cycles over the workloads, "
                         f"of which the largest growth: {', '.join(top) or 'none in the stalls'}")
    return lines


def write_plots(st, out):
    """The data files, the gnuplot script, and PNG + SVG of each plot."""
    variants = [v for v in st.variants if v != st.baseline]
    with open(os.path.join(out, "speedup.dat"), "w") as f:
        f.write("# variant " + " ".join(st.presets) + "  (OS speedup - 1, %, geometric mean)\n")
        for v in variants:
            f.write(f'"{v}" ' + " ".join(f"{100 * ((st.speedup(p, v) or 1) - 1):.3f}"
                                         for p in st.presets) + "\n")
    with open(os.path.join(out, "misses.dat"), "w") as f:
        f.write("# variant then, per preset, I-misses removed % and D-misses removed %\n")
        for v in variants:
            vals = []
            for p in st.presets:
                for col in ("s_imisses", "s_dmisses"):
                    r = st.removed(p, v, col)
                    vals.append(f"{100 * (r or 0):.2f}")
            f.write(f'"{v}" ' + " ".join(vals) + "\n")
    have_area = False
    with open(os.path.join(out, "area.dat"), "w") as f:
        f.write("# preset blocks: added area % of L1I+L1D, OS time saved %, variant\n")
        for p in st.presets:
            for v in variants:
                a, s = st.added_area(p, v), st.speedup(p, v)
                if a is not None and s is not None:
                    have_area = True
                    f.write(f'{a[1]:.4f} {100 * (1 - 1 / s):.3f} "{v}"\n')
            f.write("\n\n")
    speed_cols = " , ".join(f"'speedup.dat' using {i + 2}:xtic(1) title '{p}'"
                            for i, p in enumerate(st.presets))
    miss_cols = " , ".join(
        f"'misses.dat' using {2 + 2 * i + j}:xtic(1) title '{side} misses, {p}'"
        for i, p in enumerate(st.presets) for j, side in enumerate(("S-mode I", "S-mode D")))
    area_cols = " , ".join(
        f"'area.dat' index {i} using 1:2 with points pt 7 title '{p}', "
        f"'area.dat' index {i} using 1:2:3 with labels offset 1,0.6 font ',8' notitle"
        for i, p in enumerate(st.presets))
    plots = [("speedup", "OS speedup over the baseline (geometric mean of the workloads)",
              "set style data histograms\nset style histogram clustered gap 1\n"
              "set style fill solid 0.8 border -1\nset xtics rotate by -30\n"
              "set ylabel 'OS speedup, %'\nset grid ytics\n"
              f"plot {speed_cols}"),
             ("misses", "S-mode misses removed (summed over the workloads)",
              "set style data histograms\nset style histogram clustered gap 1\n"
              "set style fill solid 0.8 border -1\nset xtics rotate by -30\n"
              "set ylabel '% of the baseline''s misses removed'\n"
              f"plot {miss_cols}")]
    if have_area:
        plots.append(("area", "OS time saved against added area",
                      "set xlabel 'added area, % of L1I + L1D (make area)'\n"
                      "set ylabel 'OS time saved, %'\nset grid\nset offsets 0.1, 0.5, 1, 1\n"
                      f"plot {area_cols}"))
    for name, title, body in plots:
        for term, ext in (("pngcairo size 1000,600", "png"), ("svg size 1000,600", "svg")):
            script = (f"set terminal {term}\nset output '{name}.{ext}'\nset title '{title}'\n"
                      "set key outside right top\n" + body + "\n")
            gp = os.path.join(out, f"{name}-{ext}.gp")
            with open(gp, "w") as f:
                f.write(script)
            proc = subprocess.run(["gnuplot", os.path.basename(gp)], cwd=out,
                                  stderr=subprocess.PIPE, text=True)
            if proc.returncode != 0:
                raise RuntimeError(f"gnuplot {gp}: {proc.stderr.strip()}")
    return [n for n, _, _ in plots]


def report(st, out, plots, elapsed_note):
    p0 = "default" if "default" in st.presets else st.presets[0]
    host = sum(r["host_seconds"] or 0 for r in st.rows)
    cached = sum(1 for r in st.rows if r.get("cached"))
    # A rerun takes its points from osweep's cache: its own time is not the points'.
    reused = (f" ({cached} of the {len(st.rows)} points came from the cache of an earlier run)"
              if cached else "")
    if elapsed_note and reused:
        elapsed_note = elapsed_note.rstrip(".") + reused + "."
    elapsed_note = (f"The points took {host / 60:.0f} host-minutes of simulation in all "
                    f"(about {host / 120:.0f} minutes on 2 free cores). " + elapsed_note).strip()
    parts = [f"# The OS-support study: `{st.doc['experiment']}`", "",
             f"{len(st.rows)} points ({len(st.presets)} presets × "
             f"{len(st.variants) + len(st.noise)} variants × "
             f"{len(st.workloads)} workloads), {len(st.ok)} with results, {len(st.bad)} failed. "
             f"Baseline: `{st.baseline}`. OS time is S+M-mode cycles summed over the harts, "
             "WFI sleep left out; speedups are the baseline's OS cycles over the variant's. "
             f"Results: `results.csv`, `results.json`. {elapsed_note}", ""]
    if st.bad:
        parts += ["## Failed points (not counted)", ""]
        parts += [f"- {r['preset']}/{r['variant']}/{r['workload']}: {r['status']}, "
                  f"log `{r['log']}`" for r in st.bad] + [""]
    for p in st.presets:
        parts += [f"## OS speedup, preset `{p}`", "", speedup_table(st, p), ""]
        noise = noise_text(st, p)
        parts += [noise, ""] if noise else []
    parts += ["## Plots", ""]
    parts += [f"![{n}]({n}.png) ([SVG]({n}.svg))" for n in plots] + [""]
    for p in st.presets:
        parts += [f"## Cost-effectiveness ranking, preset `{p}`", "", ranking_text(st, p), ""]
    parts += ["## Beside the studies", "", explain(st), ""]
    slow = slowdowns(st)
    if slow:
        parts += ["## Where the slower variants lose time", "",
                  "OS cycles added over the baseline, summed over the workloads, and the "
                  "stall counters that grew most (S and M mode):", ""] + slow + [""]
    for p in st.presets:
        parts += [f"## Every point, preset `{p}`", "", point_table(st, p), ""]
    text = "\n".join(parts)
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write(text)
    noise0 = noise_text(st, p0)
    summary = "\n".join([
        f"Generated by `make experiments` from `{st.doc['experiment']}` "
        f"({len(st.ok)} of {len(st.rows)} points with results). {elapsed_note} "
        "The whole report, with every point and the plots: `build/experiments/report.md`.", "",
        f"OS speedup on the `{p0}` preset (the studies' machine):", "",
        speedup_table(st, p0), ""]
        + ([noise0, ""] if noise0 else []) + [
        f"![OS speedup per support]({README_PLOT})", "",
        f"Cost-effectiveness, `{p0}` preset:", "", ranking_text(st, p0), "",
        "Beside the studies:", "", explain(st)]
        + (["", "Where the slower variants lose time (OS cycles added, the stalls that grew "
            "most):", ""] + slowdowns(st) if slowdowns(st) else []))
    return summary


# The README's plot: a copy kept with the repository's other pictures.
README_PLOT = "docs/img/study-speedup.png"


def update_readme(path, summary, out):
    plot = os.path.join(os.path.dirname(os.path.abspath(path)), README_PLOT)
    os.makedirs(os.path.dirname(plot), exist_ok=True)
    shutil.copyfile(os.path.join(out, "speedup.png"), plot)
    with open(path) as f:
        text = f.read()
    a, b = text.find(BEGIN), text.find(END)
    if a < 0 or b < a:
        raise RuntimeError(f"{path}: no {BEGIN} … {END} section to replace")
    text = text[:a + len(BEGIN)] + "\n" + summary + "\n" + text[b:]
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def main(argv):
    ap = argparse.ArgumentParser(prog="report.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help="osweep's results.json")
    ap.add_argument("out", help="the report's directory")
    ap.add_argument("--area-dir", default="build", help="where make area's JSON is "
                    "(default: build)")
    ap.add_argument("--readme", help="replace this README's study section")
    ap.add_argument("--elapsed", default="", help="a note on the run time, for the report")
    args = ap.parse_args(argv)
    try:
        with open(args.results) as f:
            doc = json.load(f)
        os.makedirs(args.out, exist_ok=True)
        st = Study(doc, load_area(args.area_dir, list(dict.fromkeys(
            r["preset"] for r in doc["rows"]))))
        if not st.ok:
            print(f"report: {args.results}: no point has a result", file=sys.stderr)
            return 2
        plots = write_plots(st, args.out)
        summary = report(st, args.out, plots, args.elapsed)
        if args.readme:
            update_readme(args.readme, summary, args.out)
    except (OSError, ValueError, KeyError, RuntimeError) as e:
        print(f"report: {e}", file=sys.stderr)
        return 2
    print(f"report: {os.path.join(args.out, 'report.md')} ({', '.join(plots)} plots)",
          file=sys.stderr)
    return 1 if st.bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
