# SPDX-License-Identifier: MIT
"""expfile - the experiment file: parsing and matrix expansion.

An experiment file is line-oriented text, INI-like (README: "Sweeps"):

    # a comment
    [experiment]
    name = tiny                 # results go to build/sweep/NAME unless --out says
    baseline = base             # the variant speedups are measured against (default: the first)
    accept = 0 3                # osprey exit statuses that count as a result (default: 0)
    timeout = 600               # seconds one point may run (default: 3600)

    [workloads]
    shell                       # a kernel workload: its disk image build/tests/workloads/shell.img
    fail = elf tests/x.elf      # a bare program: NAME = elf PATH [disk PATH]

    [presets]
    default
    modern

    [base]                      # what every variant starts from
    set sys.cores=4
    option --max-insns 2000000

    [variant guarded]
    set pf.guarded=miss
    sweep pf.guard_depth=2,4,8  # one point per value: variant "guarded[pf.guard_depth=4]"
    kernel priv swpf LAYOUT=seq # a kernel build: options and make variables
    area stream buffers, DMA engine   # build/area*.json supports it adds (report only)
    group I                     # labels the report groups variants by (report only)

    [variant I-side]
    combine I                   # every variant labelled I (by `group`, not combining
                                # itself), merged: their sets in file order, kernel
                                # words and area names; then this block's own lines

Every point is (workload, preset, variant); the matrix is their product,
in file order: presets outermost, then variants, then workloads.
"""

import re

SECTION_RE = re.compile(r"^\[\s*([a-z]+)(?:\s+([A-Za-z0-9_.+-]+))?\s*\]$")
NAME_RE = re.compile(r"^[A-Za-z0-9_.+-]+$")
KEY_RE = re.compile(r"^[a-z0-9_]+\.[a-z0-9_.]+$")


class ExpError(Exception):
    """A malformed experiment file: the message names the file and line."""


class Variant:
    """One column of the matrix before sweeps are expanded."""

    def __init__(self, name):
        self.name = name
        self.sets = []       # [(key, value)] in file order, applied after the base's
        self.options = []    # extra osprey arguments, in file order
        self.kernel = None   # None: the base's kernel; else a list of words
        self.sweeps = []     # [(key, [values])]: the product of these expands the variant
        self.area = []       # names of build/area.json entries this variant's hardware adds
        self.groups = []     # report labels
        self.combine = []    # labels: this variant merges every variant carrying one


class Experiment:
    def __init__(self, path):
        self.path = path
        self.name = None
        self.baseline = None
        self.accept = [0]
        self.timeout = 3600
        self.workloads = []  # [(name, spec)]: spec None (kernel workload) or {"elf":, "disk":}
        self.presets = []
        self.base = Variant("base")
        self.base.kernel = []
        self.variants = []


def _fail(path, lineno, msg):
    raise ExpError(f"{path}:{lineno}: {msg}")


def _split_comment(line):
    """The line without its comment ('#' to the end)."""
    i = line.find("#")
    return (line if i < 0 else line[:i]).strip()


def _parse_set(path, lineno, arg):
    if "=" not in arg:
        _fail(path, lineno, f"'set {arg}': expected set KEY=VALUE")
    key, value = (s.strip() for s in arg.split("=", 1))
    if not KEY_RE.match(key) or not value or " " in value:
        _fail(path, lineno, f"'set {arg}': expected set KEY=VALUE (one word each)")
    return key, value


def _parse_variant_line(path, lineno, v, word, arg):
    if word == "set":
        v.sets.append(_parse_set(path, lineno, arg))
    elif word == "option":
        if not arg:
            _fail(path, lineno, "'option' needs osprey arguments")
        v.options.extend(arg.split())
    elif word == "kernel":
        v.kernel = arg.split()
    elif word == "sweep":
        key, values = _parse_set(path, lineno, arg)
        vals = [x for x in values.split(",")]
        if any(not x for x in vals) or len(set(vals)) != len(vals):
            _fail(path, lineno, f"'sweep {arg}': expected distinct comma-separated values")
        if any(k == key for k, _ in v.sweeps):
            _fail(path, lineno, f"'sweep {key}' given twice")
        v.sweeps.append((key, vals))
    elif word == "area":
        names = [x.strip() for x in arg.split(",")]
        if not all(names):
            _fail(path, lineno, "'area' needs support names, separated by commas")
        v.area.extend(names)
    elif word == "group":
        v.groups.extend(arg.split())
    elif word == "combine":
        if v.name == "base":
            _fail(path, lineno, "'combine' belongs in a variant, not in [base]")
        if not arg:
            _fail(path, lineno, "'combine' needs group labels")
        v.combine.extend(arg.split())
    else:
        _fail(path, lineno, f"unknown line '{word}' (expected set, option, kernel, sweep, "
              "area, group or combine)")


def parse(path):
    """Reads and checks an experiment file; raises ExpError or OSError."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    exp = Experiment(path)
    section, current = None, None
    seen_sections = set()
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = _split_comment(raw)
        if not line:
            continue
        m = SECTION_RE.match(line)
        if line.startswith("["):
            if not m:
                _fail(path, lineno, f"malformed section header '{line}'")
            section, vname = m.group(1), m.group(2)
            if section == "variant":
                if not vname:
                    _fail(path, lineno, "[variant NAME] needs a name")
                if any(v.name == vname for v in exp.variants):
                    _fail(path, lineno, f"variant '{vname}' defined twice")
                current = Variant(vname)
                exp.variants.append(current)
                continue
            if section not in ("experiment", "workloads", "presets", "base"):
                _fail(path, lineno, f"unknown section [{section}] (expected experiment, "
                      "workloads, presets, base or variant NAME)")
            if vname:
                _fail(path, lineno, f"[{section}] takes no name")
            if section in seen_sections:
                _fail(path, lineno, f"section [{section}] given twice")
            seen_sections.add(section)
            current = exp.base if section == "base" else None
            continue
        if section is None:
            _fail(path, lineno, "text before the first section")
        word, _, arg = line.partition(" ")
        arg = arg.strip()
        if section == "experiment":
            key, eq, value = (s.strip() for s in line.partition("="))
            if not eq or not value:
                _fail(path, lineno, f"expected KEY = VALUE, got '{line}'")
            if key == "name":
                if not NAME_RE.match(value):
                    _fail(path, lineno, f"name '{value}': letters, digits, _ . + - only")
                exp.name = value
            elif key == "baseline":
                exp.baseline = value
            elif key == "accept":
                try:
                    exp.accept = [int(x) for x in value.split()]
                except ValueError:
                    _fail(path, lineno, f"accept: exit statuses expected, got '{value}'")
            elif key == "timeout":
                if not value.isdigit() or int(value) == 0:
                    _fail(path, lineno, f"timeout: a positive number of seconds, got '{value}'")
                exp.timeout = int(value)
            else:
                _fail(path, lineno, f"unknown key '{key}' in [experiment] (expected name, "
                      "baseline, accept, timeout)")
        elif section == "workloads":
            name, eq, spec = (s.strip() for s in line.partition("="))
            if not NAME_RE.match(name):
                _fail(path, lineno, f"workload name '{name}': letters, digits, _ . + - only")
            if any(n == name for n, _ in exp.workloads):
                _fail(path, lineno, f"workload '{name}' listed twice")
            if not eq:
                exp.workloads.append((name, None))
                continue
            words = spec.split()
            if len(words) not in (2, 4) or words[0] != "elf" or \
               (len(words) == 4 and words[2] != "disk"):
                _fail(path, lineno, f"workload '{name}': expected NAME = elf PATH [disk PATH]")
            exp.workloads.append((name, {"elf": words[1],
                                         "disk": words[3] if len(words) == 4 else None}))
        elif section == "presets":
            if not NAME_RE.match(line) or line in exp.presets:
                _fail(path, lineno, f"preset '{line}': one name per line, each once")
            exp.presets.append(line)
        else:
            _parse_variant_line(path, lineno, current, word, arg)
    if not exp.workloads:
        _fail(path, 0, "no workloads ([workloads] is missing or empty)")
    if not exp.variants:
        _fail(path, 0, "no variants (add a [variant NAME] section)")
    if not exp.presets:
        exp.presets = ["default"]
    if exp.base.sweeps:
        _fail(path, 0, "'sweep' belongs in a variant, not in [base]")
    for v in exp.variants:
        if v.combine:
            _combine(path, exp, v)
    if exp.name is None:
        exp.name = re.sub(r"\.[^./]*$", "", path.rsplit("/", 1)[-1])
    names = [v.name for v in expand_variants(exp)]
    if exp.baseline is None:
        exp.baseline = names[0]
    elif exp.baseline not in names:
        _fail(path, 0, f"baseline '{exp.baseline}' is not a variant (variants: "
              f"{', '.join(names)})")
    return exp


def _combine(path, exp, v):
    """Merges into v every plain variant carrying one of v's combine labels."""
    members = [u for u in exp.variants
               if not u.combine and u is not v and set(u.groups) & set(v.combine)]
    if not members:
        _fail(path, 0, f"variant '{v.name}': no variant has the group(s) "
              f"{', '.join(v.combine)} it combines")
    if any(u.sweeps for u in members):
        _fail(path, 0, f"variant '{v.name}': cannot combine swept variants")
    sets, values = [], {}
    for u in members:
        for key, value in u.sets:
            if values.get(key, value) != value:
                _fail(path, 0, f"variant '{v.name}': the variants it combines set {key} "
                      f"to {values[key]} and {value}")
            values[key] = value
            sets.append((key, value))
    v.sets = sets + v.sets
    v.options = [o for u in members for o in u.options] + v.options
    words = [w for u in members if u.kernel for w in u.kernel] + (v.kernel or [])
    if any(u.kernel for u in members) or v.kernel is not None:
        v.kernel = list(dict.fromkeys(words))
    v.area = list(dict.fromkeys([a for u in members for a in u.area] + v.area))
    v.members = [u.name for u in members]


class ConcreteVariant:
    """A variant with its sweep values fixed and the base applied."""

    def __init__(self, name, parent, sets, options, kernel):
        self.name = name
        self.parent = parent  # the Variant it came from (area, groups)
        self.sets = sets
        self.options = options
        self.kernel = kernel


def expand_variants(exp):
    """Each variant once per combination of its sweep values, base applied."""
    out = []
    for v in exp.variants:
        combos = [[]]
        for key, values in v.sweeps:
            combos = [c + [(key, val)] for c in combos for val in values]
        for combo in combos:
            name = v.name
            if combo:
                name += "[" + ",".join(f"{k}={val}" for k, val in combo) + "]"
            kernel = v.kernel if v.kernel is not None else exp.base.kernel
            out.append(ConcreteVariant(name, v, exp.base.sets + v.sets + combo,
                                       exp.base.options + v.options, list(kernel)))
    return out


class Point:
    """One run: a workload on a preset under a variant."""

    def __init__(self, workload, spec, preset, variant):
        self.workload = workload
        self.spec = spec          # None for a kernel workload, else {"elf", "disk"}
        self.preset = preset
        self.variant = variant    # a ConcreteVariant
        self.key = None           # the cache key, once inputs are known
        self.elf = None           # resolved input paths
        self.disk = None

    @property
    def ident(self):
        return f"{self.preset}/{self.variant.name}/{self.workload}"


def expand(exp):
    """The matrix: presets outermost, then variants, then workloads."""
    variants = expand_variants(exp)
    return [Point(w, spec, p, v) for p in exp.presets for v in variants
            for w, spec in exp.workloads]
