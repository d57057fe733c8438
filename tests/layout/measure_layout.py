#!/usr/bin/env python3
"""The README's code-layout table: every workload on the original kernel and
the laid-out ones, without instruction prefetching and with each prefetcher.

usage: measure_layout.py OSPREY BUILD_DIR IMAGE_DIR OUT_DIR TRAIN WORKLOAD...

Kernels: BUILD_DIR/kernel (original), BUILD_DIR/kernel-layout-{ph,seq,scf}.
Prints a Markdown table, a row per workload (the training workload TRAIN
marked) and kernel, for each prefetcher: S-mode L1I misses and OS cycles (S
and M mode, WFI sleep left out); for the laid-out kernels as the change from
the original kernel with the same prefetcher. Default preset, 4 harts. Every run's statistics stay in OUT_DIR.
Runs two at a time; exits 1 if a run failed.
"""
import concurrent.futures
import json
import os
import subprocess
import sys

KERNELS = [("original", "kernel"), ("Pettis-Hansen", "kernel-layout-ph"),
           ("sequences", "kernel-layout-seq"), ("sequences + SCF", "kernel-layout-scf")]
PREFETCH = [("none", []), ("guarded", ["--set", "pf.guarded=miss"]),
            ("next-line", ["--set", "pf.nextline=on-miss"]),
            ("stream buffers", ["--set", "sbuf.count=4", "--set", "sbuf.depth=4"])]


def run(osprey, build, images, out, workload, kdir, popts, tag):
    stats = f"{out}/{tag}.json"
    if not os.path.exists(stats):
        cmd = [osprey, "-q", "--cores", "4", "--uart-in", "none", "--disk",
               f"{images}/{workload}.img", "--stats", stats + ".tmp", *popts,
               f"{build}/{kdir}/kernel.elf"]
        with open(f"{out}/{tag}.out", "w") as o, open(f"{out}/{tag}.err", "w") as e:
            rc = subprocess.run(cmd, stdout=o, stderr=e, stdin=subprocess.DEVNULL).returncode
        if rc != 0:
            return None
        os.rename(stats + ".tmp", stats)
    t = json.load(open(stats))["total"]

    def sm(key):
        return t[key].get("S", 0) + t[key].get("M", 0)
    # Misses a stream buffer served still count as L1I misses: left out here.
    return (t["l1i.misses"].get("S", 0) - t["l1i.side_hits"].get("S", 0),
            sm("core.cycles") - sm("core.idle"))


def pct(a, b):
    return "—" if not b else f"{100 * (a - b) / b:+.1f} %"


def main():
    if len(sys.argv) < 7:
        sys.exit(__doc__)
    osprey, build, images, out, train = sys.argv[1:6]
    workloads = sys.argv[6:]
    os.makedirs(out, exist_ok=True)
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for w in workloads:
            for _, kdir in KERNELS:
                for pname, popts in PREFETCH:
                    tag = f"{w}-{kdir}-{pname.replace(' ', '_')}"
                    jobs[(w, kdir, pname)] = pool.submit(run, osprey, build, images, out, w,
                                                         kdir, popts, tag)
    failed = 0
    head = " | ".join(f"{p}: S-mode L1I misses | OS cycles" for p, _ in PREFETCH)
    print(f"| workload | kernel | {head} |")
    print("|---|---|" + "---|---|" * len(PREFETCH))
    for w in workloads:
        name = f"{w} (training)" if w == train else w
        for kname, kdir in KERNELS:
            cells = []
            for pname, _ in PREFETCH:
                base = jobs[(w, "kernel", pname)].result()
                r = jobs[(w, kdir, pname)].result()
                if r is None or base is None:
                    failed += 1
                    cells.append(f"failed (see {out}) | ")
                elif kdir == "kernel":
                    cells.append(f"{r[0]:,} | {r[1] / 1e6:.1f} M")
                else:
                    cells.append(f"{r[0]:,} ({pct(r[0], base[0])}) | {pct(r[1], base[1])}")
            print(f"| {name} | {kname} | " + " | ".join(cells) + " |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
