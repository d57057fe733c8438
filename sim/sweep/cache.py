# SPDX-License-Identifier: MIT
"""cache - the result cache and the run of one point.

A point's key is the SHA-256 of everything its result depends on: the osprey
binary, the ELF, the disk image, and the configuration (preset, every `set`
in order, extra options). Its entry is the directory CACHE/KEY/ holding
result.json (command, exit status, how the run stopped, host seconds),
stats.json (osprey --stats), console.txt (the guest's output) and log.txt
(osprey's stderr). A run is written under a temporary name and renamed into
place, so a crash or a concurrent task never leaves half an entry. A run
whose status the experiment does not accept is kept in CACHE/KEY.failed/ for
its log, and is run again next time.
"""

import hashlib
import json
import os
import shutil
import socket
import subprocess
import time

KEY_VERSION = "osweep-point-1"  # bump when the command line's shape changes

_file_hashes = {}


def file_hash(path):
    """SHA-256 of a file's bytes, memoized by (path, size, mtime)."""
    st = os.stat(path)
    memo = (path, st.st_size, st.st_mtime_ns)
    if memo not in _file_hashes:
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
        _file_hashes[memo] = h.hexdigest()
    return _file_hashes[memo]


def config_args(point):
    """osprey's configuration arguments for a point, in the order applied."""
    args = ["--preset", point.preset]
    for key, value in point.variant.sets:
        args += ["--set", f"{key}={value}"]
    return args + list(point.variant.options)


def point_key(point, osprey):
    desc = {
        "version": KEY_VERSION,
        "osprey": file_hash(osprey),
        "elf": file_hash(point.elf),
        "disk": file_hash(point.disk) if point.disk else None,
        "config": config_args(point),
    }
    return hashlib.sha256(json.dumps(desc, sort_keys=True).encode()).hexdigest()


def entry_dir(cache, key):
    return os.path.join(cache, key)


def failed_dir(cache, key):
    return os.path.join(cache, key + ".failed")


def read_result(directory):
    """The result.json in directory, or None (absent or unreadable)."""
    try:
        with open(os.path.join(directory, "result.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def load(cache, key):
    """The cached result.json of a key, or None."""
    return read_result(entry_dir(cache, key))


def load_failure(cache, key):
    """The result.json of a key's failed run, or None."""
    return read_result(failed_dir(cache, key))


def is_done(cache, key, accept):
    res = load(cache, key)
    return res is not None and res["status"] in accept


def command(point, osprey, stats_path):
    cmd = [osprey, "-q", "--uart-in", "none"] + config_args(point) + ["--stats", stats_path]
    if point.disk:
        cmd += ["--disk", point.disk]
    return cmd + [point.elf]


def run(point, osprey, cache, accept, timeout):
    """Runs one point into its cache entry; returns its result dict (with
    "ok" and "dir", the entry or the failure's directory)."""
    tmp = os.path.join(cache, f".tmp-{point.key}-{socket.gethostname()}-{os.getpid()}-"
                       f"{time.monotonic_ns()}")
    os.makedirs(tmp)
    stats = os.path.join(tmp, "stats.json")
    cmd = command(point, osprey, stats)
    start = time.monotonic()
    with open(os.path.join(tmp, "console.txt"), "wb") as out, \
         open(os.path.join(tmp, "log.txt"), "wb") as err:
        err.write(("$ " + " ".join(cmd) + "\n").encode())
        err.flush()
        try:
            proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                  timeout=timeout, cwd=tmp)
            status = proc.returncode
            stop = None
        except subprocess.TimeoutExpired:
            status, stop = None, "timeout"
            err.write(f"osweep: killed after {timeout} s\n".encode())
        except OSError as e:
            status, stop = None, "not-run"
            err.write(f"osweep: cannot run osprey: {e}\n".encode())
    elapsed = time.monotonic() - start
    if stop is None:
        try:
            with open(stats) as f:
                stop = json.load(f)["osprey"]["stop"]
        except (OSError, ValueError, KeyError):
            stop = "no-stats"
    result = {"point": point.ident, "key": point.key, "command": cmd, "status": status,
              "stop": stop, "host_seconds": round(elapsed, 3), "host": socket.gethostname()}
    ok = status in accept and stop != "no-stats"
    with open(os.path.join(tmp, "result.json"), "w") as f:
        json.dump(result, f, indent=1)
    final = entry_dir(cache, point.key) if ok else failed_dir(cache, point.key)
    if os.path.isdir(final):
        shutil.rmtree(final, ignore_errors=True)
    try:
        os.rename(tmp, final)
    except OSError:
        # another task finished the same key first: its entry stands
        shutil.rmtree(tmp, ignore_errors=True)
    result["ok"] = ok
    result["dir"] = final
    return result
