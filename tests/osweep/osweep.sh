#!/bin/sh
# tests/osweep/osweep.sh - osweep end to end, on short kernel slices:
#   - matrix expansion (osweep plan on matrix.exp: counts and names);
#   - the results table of a tiny sweep (tiny.exp: baseline and stream
#     buffers on a shell slice): every row ok, the baseline's speedup 1;
#   - the cache: a rerun runs nothing; a changed key reruns only its point;
#     another osprey binary reruns everything;
#   - a failed point (fail.exp: a program that exits with status 7) is
#     reported with its log, has no figures, and makes osweep exit 1;
#   - malformed experiment files are refused with status 2 and the line.
# usage: osweep.sh BUILD OSPREY
set -u
build=$1 osprey=$2
t=$build/tests/osweep
osweep="python3 sim/sweep/osweep.py --osprey $osprey --cache $t/cache"
rm -rf "$t/cache" "$t/out"
mkdir -p "$t"
fails=0 checks=0
check() {	# check DESCRIPTION COMMAND...: one assertion
	desc=$1; shift
	checks=$((checks + 1))
	if "$@"; then :; else echo "osweep test FAILED: $desc"; fails=$((fails + 1)); fi
}
field() {	# field CSV COLUMN ROW(1-based): one cell
	python3 -c 'import csv,sys; r=list(csv.DictReader(open(sys.argv[1]))); print(r[int(sys.argv[3])-1][sys.argv[2]])' "$@"
}

# --- the command line
python3 sim/sweep/osweep.py --help >"$t/help.txt" 2>&1
check "--help exits 0" test $? -eq 0
check "--help lists the commands" grep -q '^  slurm EXP' "$t/help.txt"
python3 sim/sweep/osweep.py frob tests/osweep/tiny.exp 2>/dev/null
check "an unknown command: status 2" test $? -eq 2

# --- matrix expansion
$osweep plan tests/osweep/matrix.exp >"$t/plan.txt" 2>"$t/plan.err"
check "plan exits 0" test $? -eq 0
check "plan: 48 points" test "$(wc -l <"$t/plan.txt")" -eq 48
check "plan: swept names" grep -q '^modern/pf\[pf.guard_depth=8,pf.guard_line=fetch\]/numeric-make	kernel=-	sys.cores=2 pf.guarded=miss pf.guard_depth=8 pf.guard_line=fetch$' "$t/plan.txt"
check "plan: kernel build" grep -q '^default/priv/shell	kernel=priv	sys.cores=2 coh.selective_update=on$' "$t/plan.txt"
check "plan: order" test "$(head -1 "$t/plan.txt" | cut -f1)" = default/base/shell

# --- the tiny sweep and its table
$osweep run --out "$t/out/tiny" tests/osweep/tiny.exp 2>"$t/run1.err"
check "tiny sweep exits 0" test $? -eq 0
csv=$t/out/tiny/results.csv
check "table: 2 rows" test "$(wc -l <"$csv")" -eq 3
check "table: baseline ok" test "$(field "$csv" status 1)" = ok
check "table: sbuf ok" test "$(field "$csv" status 2)" = ok
check "table: baseline speedup 1" test "$(field "$csv" os_speedup 1)" = 1.0
check "table: OS cycles counted" test "$(field "$csv" os_cycles 2)" -gt 1000000
check "table: S-mode I misses counted" test "$(field "$csv" s_imisses 1)" -gt 1000
check "table: stream buffers remove I misses" \
	python3 -c "import sys; sys.exit(not float(sys.argv[1]) > 0.2)" "$(field "$csv" s_imisses_removed 2)"
check "table: JSON has both rows" python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(len(d['rows']) != 2)" "$t/out/tiny/results.json"
check "first run ran 2" grep -q '(0 from the cache, 2 run now)' "$t/run1.err"

# --- the study's report on the tiny sweep (no area figures: "n/a")
python3 experiments/report.py --area-dir "$t/no-area" "$t/out/tiny/results.json" "$t/out/report" 2>"$t/report.err"
check "report exits 0" test $? -eq 0
check "report: speedup row" grep -q '^| sbuf | [0-9.]* | \*\*[0-9.]*\*\* | n/a |$' "$t/out/report/report.md"
check "report: plots" test -s "$t/out/report/speedup.png" -a -s "$t/out/report/misses.svg"
mkdir -p "$t/area" && printf '{"supports": [{"name": "stream buffers", "rbe": 1000, "pct_of_base_l1": 2.5}]}\n' >"$t/area/area-default.json"
python3 experiments/report.py --area-dir "$t/area" "$t/out/tiny/results.json" "$t/out/report-area" 2>>"$t/report.err"
check "report with area: the area" grep -q '^| sbuf | .* | 1,000 rbe (2.50 %) |$' "$t/out/report-area/report.md"
check "report with area: the plot" test -s "$t/out/report-area/area.svg"

# --- the cache
$osweep run --out "$t/out/tiny" tests/osweep/tiny.exp 2>"$t/run2.err"
check "rerun exits 0" test $? -eq 0
check "rerun runs nothing" grep -q '(2 from the cache, 0 run now)' "$t/run2.err"
# A report on cached points says so beside the run's own time (which is not theirs).
python3 experiments/report.py --area-dir "$t/no-area" --elapsed "This run took 1 s." \
	"$t/out/tiny/results.json" "$t/out/report-cached" 2>>"$t/report.err"
check "report on a rerun: the cache named" \
	grep -q 'This run took 1 s (2 of the 2 points came from the cache of an earlier run)\.' \
	"$t/out/report-cached/report.md"
check "report on a first run: no cache named" \
	sh -c '! grep -q "came from the cache" "$1"' sh "$t/out/report/report.md"
sed 's/^set sbuf.depth=4$/set sbuf.depth=2/' tests/osweep/tiny.exp >"$t/tiny-depth2.exp"
$osweep run --out "$t/out/tiny2" "$t/tiny-depth2.exp" 2>"$t/run3.err"
check "changed key reruns only its point" grep -q '(1 from the cache, 1 run now)' "$t/run3.err"
check "changed key: baseline from the cache" test "$(field "$t/out/tiny2/results.csv" cached 1)" = True
check "changed key: sbuf run" test "$(field "$t/out/tiny2/results.csv" cached 2)" = False
cp "$osprey" "$t/osprey-copy" && printf 'x' >>"$t/osprey-copy"
python3 sim/sweep/osweep.py --osprey "$t/osprey-copy" --cache "$t/cache" --out "$t/out/tiny3" \
	run tests/osweep/tiny.exp 2>"$t/run4.err"
check "another binary reruns everything" grep -q '(0 from the cache, 2 run now)' "$t/run4.err"

# --- a failed point
$osweep run --out "$t/out/fail" tests/osweep/fail.exp 2>"$t/fail.err"
check "a failed point: exit 1" test $? -eq 1
check "a failed point: named with its log" grep -q 'default/baseline/exit7: failed: see .*/log.txt' "$t/fail.err"
log=$(sed -n 's/.*exit7: failed: see \(.*\)$/\1/p' "$t/fail.err")
check "a failed point: the log exists" test -s "$log"
check "a failed point: no figures" test -z "$(field "$t/out/fail/results.csv" os_cycles 1)"
check "a failed point: exit status kept" test "$(field "$t/out/fail/results.csv" exit_status 1)" = 7
check "a failed point: the other point ok" test "$(field "$t/out/fail/results.csv" status 2)" = ok
check "a failed point: 1 result" grep -q '2 points, 1 with results' "$t/fail.err"

# --- bad input
printf '[variant a]\nset nokey\n' >"$t/bad1.exp"
$osweep plan "$t/bad1.exp" 2>"$t/bad1.err"
check "bad set: status 2" test $? -eq 2
check "bad set: the line" grep -q 'bad1.exp:2: .set nokey.: expected set KEY=VALUE' "$t/bad1.err"
printf '[workloads]\nshell\n[variant a]\n[varient b]\n' >"$t/bad2.exp"
$osweep plan "$t/bad2.exp" 2>"$t/bad2.err"
check "unknown section: status 2" test $? -eq 2
check "unknown section: the line" grep -q 'bad2.exp:4: unknown section \[varient\]' "$t/bad2.err"
printf '[workloads]\nnosuch\n[variant a]\n' >"$t/bad3.exp"
$osweep run --out "$t/out/bad3" "$t/bad3.exp" 2>"$t/bad3.err"
check "unknown workload: status 2" test $? -eq 2
$osweep run "$t/missing.exp" 2>"$t/bad4.err"
check "missing file: status 2" test $? -eq 2
check "missing file: named" grep -q 'missing.exp: No such file' "$t/bad4.err"

if python3 -m unittest discover -s tests/osweep -p 'test_*.py' >"$t/unit.out" 2>&1; then :; else
	cat "$t/unit.out"; echo "osweep test FAILED: unit tests"; fails=$((fails + 1))
fi
echo "osweep: $checks checks and the unit tests, $fails failed"
[ "$fails" -eq 0 ]
