#!/bin/sh
# tests/bench/compare.sh: sim/bench-compare.sh on two small bench.json files
# written for it (old.json, new.json beside this script), whose ratios are
# known: each expected line must be printed whole, and bad input must be
# refused with status 2 and a message.
# Usage: sh tests/bench/compare.sh [SCRIPT]   (default sim/bench-compare.sh)
set -u
here=$(dirname "$0")
script=${1:-sim/bench-compare.sh}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 passed=0

# expect_line TEXT: TEXT is one whole line of the last output (spaces squeezed)
expect_line() {
	if tr -s ' ' <"$tmp/out" | grep -qxF -- "$1"; then
		passed=$((passed + 1))
	else
		echo "bench-compare test: no line '$1' in:" >&2
		sed 's/^/  | /' "$tmp/out" >&2
		failed=$((failed + 1))
	fi
}

# expect_status WANT ERR_FRAGMENT ARGS...: the script's exit status and stderr
expect_status() {
	want=$1 frag=$2
	shift 2
	sh "$script" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ] && grep -qF -- "$frag" "$tmp/err"; then
		passed=$((passed + 1))
	else
		echo "bench-compare test: '$*' gave status $got (want $want), stderr:" >&2
		sed 's/^/  | /' "$tmp/err" >&2
		failed=$((failed + 1))
	fi
}

sh "$script" "$here/old.json" "$here/new.json" >"$tmp/out" 2>"$tmp/err" ||
	{ echo "bench-compare test: the comparison failed:" >&2; cat "$tmp/err" >&2; exit 1; }
# medians 750 -> 600 (0.80x), bests 800 -> 840 (1.05x)
expect_line "functional, sieve, 1 hart (M insns/s) 750.0 600.0 0.80x 1.05x"
# medians 20 -> 30 (1.50x), bests 25 -> 50 (2.00x)
expect_line "timing, kernel shell workload (M insns/s) 20.0 30.0 1.50x 2.00x"
expect_line "idle skipping, seconds for 1e9 cycles 0.010 0.005 0.50x -"
expect_line "only in old: a figure the new run no longer makes (M insns/s), gone_4h"
expect_line "only in new: a figure only the new run makes (k cycles/s), added_4h"
expect_line "only in old: osprey functional over QEMU, sieve (medians), osprey_over_qemu_sieve"
expect_line "the two runs differ in host, host CPU or runs: their wall-clock figures compare with care"
expect_line "new: $here/new.json (2 cores, x86_64, 5 runs, host CPU 1)"

# the same file twice: every ratio 1.00x, and no warning about the hosts
sh "$script" "$here/new.json" "$here/new.json" >"$tmp/out" 2>&1
expect_line "timing, kernel shell workload (M insns/s) 30.0 30.0 1.00x 1.00x"
if grep -q 'compare with care' "$tmp/out"; then
	echo "bench-compare test: a file compared with itself was said to differ in host" >&2
	failed=$((failed + 1))
else
	passed=$((passed + 1))
fi

expect_status 2 "usage:" "$here/old.json"
expect_status 2 "no readable file '$tmp/none.json'" "$tmp/none.json" "$here/new.json"
expect_status 2 "holds no figure of make bench" "$here/old.json" "$here/compare.sh"
: >"$tmp/empty.json"
expect_status 2 "holds no figure of make bench" "$tmp/empty.json" "$here/new.json"

echo "bench-compare test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
