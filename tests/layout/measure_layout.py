#!/usr/bin/env python3
"""The README's code-layout table: every workload on the original kernel and
the laid-out ones, without instruction prefetching and with each prefetcher.

usage: measure_layout.py OSPREY BUILD_DIR IMAGE_DIR OUT_DIR TRAIN WORKLOAD...

Kernels: BUILD_DIR/kernel (original), BUILD_DIR/kernel-layout-{ph,seq,scf}.
Prints a Markdown table: S-mode L1I misses and the change from the original
kernel with the same prefetcher, OS cycles (S and M mode, WFI sleep left
out) and their change, for each workload (the training workload TRAIN
marked), default preset, 4 harts. Every run's statistics stay in OUT_DIR.
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
    return t["l1i.misses"].get("S", 0), sm("core.cycles") - sm("core.idle")


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
    print("| workload | prefetcher | kernel | S-mode L1I misses | vs. original | OS cycles | vs. original |")
    print("|---|---|---|---|---|---|---|")
    for w in workloads:
        name = f"{w} (training)" if w == train else w
        for pname, _ in PREFETCH:
            base = jobs[(w, "kernel", pname)].result()
            for kname, kdir in KERNELS:
                r = jobs[(w, kdir, pname)].result()
                if r is None or base is None:
                    failed += 1
                    print(f"| {name} | {pname} | {kname} | run failed: see {out} | | | |")
                    continue
                print(f"| {name} | {pname} | {kname} | {r[0]:,} | {pct(r[0], base[0])} | "
                      f"{r[1]:,} | {pct(r[1], base[1])} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
