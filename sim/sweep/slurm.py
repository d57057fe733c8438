# SPDX-License-Identifier: MIT
"""slurm - runs points as a Slurm job array: one point per array task.

The submitting host writes OUT/slurm/points.json (each point's inputs,
configuration and cache key, with the osprey binary, the cache directory
and the accepted statuses) and a job script that runs
`osweep.py run-task points.json $SLURM_ARRAY_TASK_ID`. A task runs its point
into the cache exactly as a local run does (cache.run), so the results are
collected the same way, by `osweep collect` or by `osweep slurm --wait`.
The build tree and the cache must be on a file system every node sees.
"""

import json
import os
import shutil
import subprocess
import sys
from types import SimpleNamespace

import cache


class SlurmError(Exception):
    pass


def write_tasks(points, osprey, cache_dir, accept, timeout, out_dir):
    d = os.path.join(out_dir, "slurm")
    os.makedirs(d, exist_ok=True)
    doc = {
        "osprey": osprey, "cache": cache_dir, "accept": accept, "timeout": timeout,
        "points": [{"ident": p.ident, "key": p.key, "preset": p.preset,
                    "sets": p.variant.sets, "options": p.variant.options,
                    "elf": p.elf, "disk": p.disk} for p in points],
    }
    path = os.path.join(d, "points.json")
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
    script = os.path.join(d, "task.sh")
    me = os.path.abspath(os.path.join(os.path.dirname(__file__), "osweep.py"))
    with open(script, "w") as f:
        f.write("#!/bin/sh\n# one osweep point per Slurm array task\n"
                f'exec {sys.executable} {me} run-task {path} "$SLURM_ARRAY_TASK_ID"\n')
    os.chmod(script, 0o755)
    return path, script


def submit(points, osprey, cache_dir, accept, timeout, out_dir, name, sbatch_args, wait, log):
    """Submits one array job; returns its job id. With wait, returns when
    every task has ended (sbatch --wait)."""
    if shutil.which("sbatch") is None:
        raise SlurmError("sbatch not found: is Slurm's client installed and on PATH?")
    path, script = write_tasks(points, osprey, cache_dir, accept, timeout, out_dir)
    logs = os.path.join(out_dir, "slurm", "task-%A_%a.out")
    cmd = ["sbatch", "--parsable", f"--array=0-{len(points) - 1}", f"--job-name=osweep-{name}",
           "--ntasks=1", "--cpus-per-task=1", f"--output={logs}"]
    cmd += sbatch_args
    if wait:
        cmd.append("--wait")
    cmd.append(script)
    log(f"osweep: {' '.join(cmd)}")
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    job = proc.stdout.strip().split(";")[0]
    # sbatch --wait exits with the highest task status: failed points are
    # reported from the cache like local ones, so only a job that was never
    # accepted is an error here.
    if not job:
        raise SlurmError(f"sbatch failed (status {proc.returncode}): {proc.stderr.strip()}")
    return job


def run_task(points_json, index):
    """Runs point number index of a points.json (in a Slurm task); status 0
    if its result is accepted, 1 if not, 2 on a bad task description."""
    with open(points_json) as f:
        doc = json.load(f)
    try:
        t = doc["points"][int(index)]
    except (ValueError, IndexError):
        print(f"osweep run-task: no point {index} in {points_json} "
              f"({len(doc['points'])} points)", file=sys.stderr)
        return 2
    p = SimpleNamespace(ident=t["ident"], key=t["key"], preset=t["preset"], elf=t["elf"],
                        disk=t["disk"],
                        variant=SimpleNamespace(sets=[tuple(s) for s in t["sets"]],
                                                options=t["options"]))
    if cache.is_done(doc["cache"], p.key, doc["accept"]):
        print(f"osweep run-task: {p.ident}: already in the cache")
        return 0
    res = cache.run(p, doc["osprey"], doc["cache"], doc["accept"], doc["timeout"])
    print(f"osweep run-task: {p.ident}: status {res['status']} ({res['stop']}), "
          f"{res['host_seconds']} s on {res['host']}: {res['dir']}")
    return 0 if res["ok"] else 1
