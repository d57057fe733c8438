#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""osweep - runs an experiment (a matrix of workloads x presets x variants)
on osprey, locally or as a Slurm job array, with a result cache, and writes
one results table (CSV and JSON). See README.md, "Sweeps", and expfile.py
for the experiment file format.

Exit status: 0 every point has a result; 1 some point failed (or, after a
Slurm run, has no result yet); 2 usage error, a malformed experiment file or
inputs that could not be built; 3 Slurm refused the job.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cache      # noqa: E402
import expfile    # noqa: E402
import inputs     # noqa: E402
import local      # noqa: E402
import slurm      # noqa: E402
import table      # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

EPILOG = """commands:
  plan EXP       print the expanded matrix (nothing is built or run)
  run EXP        build the inputs, run every point not in the cache here, in
                 parallel, and write OUT/results.csv and OUT/results.json
  slurm EXP      the same, the points not in the cache submitted as one
                 `sbatch --array` job (one point per task); with --wait, wait
                 for it and write the table
  collect EXP    write the table from the cache (after a Slurm job)

exit status: 0 all points have results, 1 a point failed or has no result,
2 usage, experiment file or input error, 3 Slurm refused the job"""


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="osweep", description=__doc__.split("\n\n")[0],
                                 epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["plan", "run", "slurm", "collect", "run-task"],
                    metavar="COMMAND", help="plan, run, slurm or collect (below)")
    ap.add_argument("experiment", metavar="EXP", help="the experiment file")
    ap.add_argument("task", nargs="?", help=argparse.SUPPRESS)
    ap.add_argument("--root", default=ROOT, help="the osprey tree whose Makefile builds the "
                    "inputs (default: the one this program is in)")
    ap.add_argument("--osprey", help="the simulator (default: ROOT/build/osprey)")
    ap.add_argument("--cache", help="the result cache (default: ROOT/build/sweep/cache)")
    ap.add_argument("--out", help="where the table goes (default: ROOT/build/sweep/NAME)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="points run at once (default: the host's cores, %(default)s)")
    ap.add_argument("--no-build", action="store_true",
                    help="do not run make: the inputs must exist already")
    ap.add_argument("--wait", action="store_true", help="slurm: wait for the job, then "
                    "write the table")
    ap.add_argument("--sbatch-arg", action="append", default=[], metavar="ARG",
                    help="slurm: one more sbatch argument (repeatable), e.g. "
                    "--sbatch-arg=--partition=fast")
    ap.add_argument("--slice", type=int, metavar="N", help="run each point for at most N "
                    "instructions (--max-insns N; the limit's status 3 counts as a result) and "
                    "name the results NAME-sliceN: a quick look at a long experiment")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    args = ap.parse_args(argv)
    if args.command == "run-task" and args.task is None:
        ap.error("run-task needs POINTS.json and INDEX")
    if args.command != "run-task" and args.task is not None:
        ap.error(f"unexpected argument '{args.task}'")
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    if args.slice is not None and args.slice < 1:
        ap.error("--slice must be at least 1")
    return args


def log_to(quiet):
    def log(msg):
        if not quiet:
            print(msg, file=sys.stderr, flush=True)
    return log


def prepare(args, log):
    """The experiment, its points with inputs and keys, and the paths."""
    exp = expfile.parse(args.experiment)
    if args.slice:
        exp.base.options += ["--max-insns", str(args.slice)]
        exp.accept = sorted(set(exp.accept) | {3})
        exp.name += f"-slice{args.slice}"
    points = expfile.expand(exp)
    osprey = os.path.abspath(args.osprey or os.path.join(args.root, "build", "osprey"))
    cache_dir = os.path.abspath(args.cache or os.path.join(args.root, "build", "sweep", "cache"))
    out_dir = os.path.abspath(args.out or os.path.join(args.root, "build", "sweep", exp.name))
    if args.command != "plan":
        if not args.no_build and args.osprey is None:
            inputs.build_target(args.root, os.path.relpath(osprey, args.root), log)
        if not os.access(osprey, os.X_OK):
            raise inputs.InputError(f"osprey: {osprey} is not an executable")
        inputs.resolve(exp, points, args.root, args.no_build, log)
        for p in points:
            p.key = cache.point_key(p, osprey)
        os.makedirs(cache_dir, exist_ok=True)
    return exp, points, osprey, cache_dir, out_dir


def finish(exp, points, cache_dir, out_dir, ran, quiet):
    rows = table.build_rows(exp, points, cache_dir, ran)
    csv_path, json_path = table.write(exp, rows, out_dir)
    bad = [r for r in rows if r["status"] != "ok"]
    for r in bad:
        where = f"see {r['log']}" if r["log"] else "it has not run"
        print(f"osweep: {r['preset']}/{r['variant']}/{r['workload']}: {r['status']}: {where}",
              file=sys.stderr)
    cached = sum(1 for r in rows if r["cached"] and r["status"] == "ok")
    print(f"osweep: {exp.name}: {len(rows)} points, {len(rows) - len(bad)} with results "
          f"({cached} from the cache, {len(ran)} run now), {len(bad)} failed or missing; "
          f"{csv_path}, {json_path}", file=sys.stderr)
    return 1 if bad else 0


def main(argv):
    args = parse_args(argv)
    log = log_to(args.quiet)
    if args.command == "run-task":
        try:
            return slurm.run_task(args.experiment, args.task)
        except (OSError, ValueError, KeyError) as e:
            print(f"osweep run-task: {args.experiment}: {e}", file=sys.stderr)
            return 2
    try:
        exp, points, osprey, cache_dir, out_dir = prepare(args, log)
    except expfile.ExpError as e:
        print(f"osweep: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"osweep: {e.filename or args.experiment}: {e.strerror}", file=sys.stderr)
        return 2
    except inputs.InputError as e:
        print(f"osweep: {e}", file=sys.stderr)
        return 2
    if args.command == "plan":
        for p in points:
            print(f"{p.ident}\tkernel={' '.join(p.variant.kernel) or '-'}\t"
                  + " ".join(f"{k}={v}" for k, v in p.variant.sets)
                  + ("\t" + " ".join(p.variant.options) if p.variant.options else ""))
        print(f"osweep: {exp.name}: {len(points)} points ({len(exp.presets)} presets x "
              f"{len(points) // len(exp.presets) // len(exp.workloads)} variants x "
              f"{len(exp.workloads)} workloads)", file=sys.stderr)
        return 0
    pending = [p for p in points if not cache.is_done(cache_dir, p.key, exp.accept)]
    pending = list({p.key: p for p in pending}.values())
    ran = set()
    if args.command == "run":
        log(f"osweep: {exp.name}: {len(points)} points, {len(points) - len(pending)} in the "
            f"cache, {len(pending)} to run on {min(args.jobs, max(1, len(pending)))} jobs")
        results = local.run_points(pending, osprey, cache_dir, exp.accept, exp.timeout,
                                   args.jobs, open(os.devnull, "w") if args.quiet else sys.stderr)
        ran = set(results)
    elif args.command == "slurm":
        if pending:
            try:
                job = slurm.submit(pending, osprey, cache_dir, exp.accept, exp.timeout, out_dir,
                                   exp.name, args.sbatch_arg, args.wait, log)
            except slurm.SlurmError as e:
                print(f"osweep: {e}", file=sys.stderr)
                return 3
            log(f"osweep: Slurm job {job}: {len(pending)} tasks; task logs in "
                f"{os.path.join(out_dir, 'slurm')}")
            if not args.wait:
                log(f"osweep: when it is done: osweep collect {args.experiment}")
                return 0
            ran = {p.key for p in pending}
        else:
            log(f"osweep: {exp.name}: every point is in the cache; nothing to submit")
    return finish(exp, points, cache_dir, out_dir, ran, args.quiet)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        print("osweep: interrupted", file=sys.stderr)
        sys.exit(130)
