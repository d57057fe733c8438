# SPDX-License-Identifier: MIT
"""local - runs points in parallel on this host, with a progress line.

One osprey process per point, at most `jobs` at once (threads only wait on
the processes). The progress line (points done, running, failed, ETA) is
redrawn in place on a terminal and printed once per finished point
otherwise, so a log stays readable. The ETA is the mean host time of the
points finished so far times the points left, over the parallelism.
"""

import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import cache


def _fmt_secs(s):
    s = int(s + 0.5)
    return f"{s // 3600}h{s // 60 % 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s"


class Progress:
    def __init__(self, total, jobs, stream):
        self.total, self.jobs, self.stream = total, jobs, stream
        self.done = self.running = self.failed = 0
        self.spent = 0.0
        self.start = time.monotonic()
        self.tty = stream.isatty()
        self.lock = threading.Lock()

    def line(self):
        left = self.total - self.done
        if self.done:
            eta = _fmt_secs(self.spent / self.done * left / max(1, min(self.jobs, left or 1)))
        else:
            eta = "?"
        return (f"osweep: {self.done}/{self.total} done, {self.running} running, "
                f"{self.failed} failed, elapsed {_fmt_secs(time.monotonic() - self.start)}, "
                f"ETA {eta}")

    def started(self):
        with self.lock:
            self.running += 1
            if self.tty:
                self.stream.write("\r\033[K" + self.line())
                self.stream.flush()

    def finished(self, ident, result):
        with self.lock:
            self.running -= 1
            self.done += 1
            self.spent += result["host_seconds"]
            if not result["ok"]:
                self.failed += 1
            note = "" if result["ok"] else \
                f" FAILED (status {result['status']}, {result['stop']}): see {result['dir']}/log.txt"
            if self.tty:
                if note:
                    self.stream.write(f"\r\033[K{ident}:{note}\n")
                self.stream.write("\r\033[K" + self.line())
            else:
                self.stream.write(f"{self.line()}  [{ident}{note}]\n")
            self.stream.flush()

    def close(self):
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def run_points(points, osprey, cache_dir, accept, timeout, jobs, stream=sys.stderr):
    """Runs every point; returns {key: result}. Points sharing a key run once."""
    unique = {}
    for p in points:
        unique.setdefault(p.key, p)
    progress = Progress(len(unique), jobs, stream)

    def one(p):
        progress.started()
        res = cache.run(p, osprey, cache_dir, accept, timeout)
        progress.finished(p.ident, res)
        return p.key, res

    results = {}
    if unique:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for key, res in pool.map(one, unique.values()):
                results[key] = res
        progress.close()
    return results
