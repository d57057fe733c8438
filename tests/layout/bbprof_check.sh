#!/bin/sh
# tests/layout/bbprof_check.sh OSPREY KERNEL IMAGE OUT_DIR
# --bb-profile on a kernel workload slice, in both modes: the file is the
# same twice over (deterministic), its instruction counts by mode match the
# statistics of the same run (every S- and M-mode instruction is the
# kernel's; every U-mode one lies outside it), and every block's runs equal
# the runs of the edges into it plus its entries from outside the code.
set -u
osprey=$1 kernel=$2 img=$3 out=$4
mkdir -p "$out"
fail=0
for mode in functional timing; do
	for n in 1 2; do
		"$osprey" -q --mode "$mode" --cores 2 --uart-in none --max-insns 20000000 \
			--disk "$img" --stats "$out/bb-$mode-$n.json" \
			--bb-profile "$out/bb-$mode-$n.txt" "$kernel" >/dev/null 2>"$out/bb-$mode-$n.err"
		rc=$?
		[ $rc = 0 ] || [ $rc = 3 ] || { echo "bbprof: $mode run $n: status $rc"; fail=1; }
	done
	cmp -s "$out/bb-$mode-1.txt" "$out/bb-$mode-2.txt" ||
		{ echo "bbprof: $mode: two runs gave different profiles"; fail=1; }
	python3 - "$out/bb-$mode-1.txt" "$out/bb-$mode-1.json" "$mode" <<'PY' || fail=1
import json, sys
prof, stats, mode = sys.argv[1:]
insns = outside = None
blocks, into = {}, {}
for line in open(prof):
    f = line.split()
    if f[0] == "insns":
        insns = list(map(int, f[1:]))
    elif f[0] == "outside":
        outside = list(map(int, f[1:]))
    elif f[0] == "block":
        blocks[int(f[1], 16)] = sum(map(int, f[3:6]))
    elif f[0] == "edge":
        into[int(f[2], 16)] = into.get(int(f[2], 16), 0) + sum(map(int, f[4:7]))
t = json.load(open(stats))["total"]["hart.insns"]
want = [t.get("U", 0), t.get("S", 0), t.get("M", 0)]
ok = True
if [outside[0], insns[1], insns[2]] != want or insns[0] or outside[1] or outside[2]:
    print(f"bbprof: {mode}: instructions U/S/M outside {outside} inside {insns}, statistics {want}")
    ok = False
# A block runs once per edge into it, or after an instruction outside the code.
extra = sum(max(0, c - into.get(a, 0)) for a, c in blocks.items())
short = [a for a, c in blocks.items() if into.get(a, 0) > c]
if short:
    print(f"bbprof: {mode}: {len(short)} blocks ran fewer times than edges led into them, e.g. {short[0]:#x}")
    ok = False
if ok:
    print(f"bbprof: {mode}: {len(blocks)} blocks, {sum(into.values())} edge runs, "
          f"{extra} entries from outside; counts match the statistics; deterministic")
sys.exit(0 if ok else 1)
PY
done
exit $fail
