# SPDX-License-Identifier: MIT
"""inputs - builds what the points run (kernel builds, workload disk images)
through the project's Makefile, and finds their paths.

The Makefile target `sweep-inputs` (sim/sweep/sweep.mk) builds a kernel with
the given KERNEL_OPT and make variables plus the named workload images, and
prints one "sweep-input: KIND NAME PATH" line per input, so this module never
guesses the Makefile's directory layout (a new build option such as a code
layout changes the kernel's directory; make knows where it is).
"""

import os
import subprocess


class InputError(Exception):
    pass


def split_kernel_words(words):
    """A `kernel` line's words: options (KERNEL_OPT) and VAR=value make variables."""
    opts = [w for w in words if "=" not in w]
    assigns = [w for w in words if "=" in w]
    return opts, assigns


def build(root, kernel_words, images, log):
    """Runs make for one kernel build and the workload images; returns
    (kernel ELF path, {workload: image path})."""
    opts, assigns = split_kernel_words(kernel_words)
    cmd = ["make", "-C", root, "-s", "--no-print-directory", "sweep-inputs",
           "KERNEL_OPT=" + " ".join(opts), "SWEEP_IMAGES=" + " ".join(images)] + assigns
    log(f"osweep: building inputs: {' '.join(cmd[4:])}")
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        raise InputError(f"'{' '.join(cmd)}' failed (status {proc.returncode}):\n"
                         + proc.stdout[-4000:])
    kernel, paths = None, {}
    for line in proc.stdout.splitlines():
        if not line.startswith("sweep-input: "):
            continue
        parts = line.split(" ", 3)
        if len(parts) != 4:
            continue
        kind, name, path = parts[1], parts[2], parts[3]
        if kind == "kernel":
            kernel = path
        elif kind == "image":
            paths[name] = path
    if kernel is None or not os.path.isfile(kernel):
        raise InputError(f"'{' '.join(cmd)}' named no kernel ELF that exists:\n"
                         + proc.stdout[-2000:])
    for w in images:
        if w not in paths or not os.path.isfile(paths[w]):
            raise InputError(f"workload '{w}': make built no image for it "
                             f"(expected by `make {w}.img` under the workloads directory)")
    return kernel, paths


def resolve(exp, points, root, no_build, log):
    """Fills each point's elf and disk. Kernel workloads get the variant's
    kernel build and their image from make; bare programs their own paths
    (relative to the experiment file's directory or the root)."""
    kernel_workloads = [w for w, spec in exp.workloads if spec is None]
    builds = {}
    for p in points:
        if p.spec is not None:
            p.elf = _find(exp, root, p.spec["elf"], p.workload)
            p.disk = _find(exp, root, p.spec["disk"], p.workload) if p.spec["disk"] else None
            continue
        words = tuple(p.variant.kernel)
        if words not in builds:
            if no_build:
                builds[words] = _existing(root, words, kernel_workloads)
            else:
                builds[words] = build(root, list(words), kernel_workloads, log)
        p.elf = builds[words][0]
        p.disk = builds[words][1][p.workload]


def _find(exp, root, path, workload):
    for base in (os.path.dirname(os.path.abspath(exp.path)), root, os.getcwd()):
        cand = os.path.join(base, path)
        if os.path.isfile(cand):
            return os.path.abspath(cand)
    raise InputError(f"workload '{workload}': no file '{path}' (looked beside the "
                     "experiment file, in the project root and here)")


def _existing(root, words, workloads):
    """--no-build: the paths make would use for plain KERNEL_OPT builds."""
    opts, assigns = split_kernel_words(list(words))
    if assigns:
        raise InputError(f"kernel {' '.join(words)}: make variables need a build "
                         "(drop --no-build)")
    kdir = "kernel" + ("-" + "-".join(sorted(opts)) if opts else "")
    kernel = os.path.join(root, "build", kdir, "kernel.elf")
    images = {w: os.path.join(root, "build", "tests", "workloads", w + ".img") for w in workloads}
    for path in [kernel] + list(images.values()):
        if not os.path.isfile(path):
            raise InputError(f"--no-build: {path} does not exist")
    return kernel, images


def build_target(root, target, log):
    """make TARGET in the root (the simulator, before its hash is taken)."""
    cmd = ["make", "-C", root, "-s", "--no-print-directory", target]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        raise InputError(f"'{' '.join(cmd)}' failed (status {proc.returncode}):\n"
                         + proc.stdout[-4000:])
