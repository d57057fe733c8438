#!/bin/sh
# System shadow and system replace on whole runs: every twinned unit's RTL
# beside its C unit (--cosim=all) and driving the machine (--rtl=all), on
# the demo and a slice of the kernel's shell workload, each compared byte
# for byte (console output, exit status, --stats) with the pure C run; and
# a broken stream buffer model in shadow must stop the run (exit 5) with a
# mismatch waveform.
# Usage: tests/cosim/system.sh OSPREY RTL_DIR DEMO_ELF KERNEL_ELF SHELL_IMG DEMO_CYCLES KERNEL_CYCLES
# (a cycle count of 0: the whole run). The configuration puts on every
# twinned unit with the geometry make test builds first (tests/cosim/cosim.mk).
set -u
osprey=$1 rtl_dir=$2 demo=$3 kernel=$4 shell_img=$5 demo_cycles=$6 kernel_cycles=$7
twins="--set sbuf.count=4 --set sbuf.depth=4 --set sbuf.hit=any --set l1i.line=32 \
--set pf.nextline=tagged --set pf.degree=2 --set pf.guarded=miss --set pf.guard_depth=4 \
--set pf.guard_line=skip"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

limit() { [ "$1" -gt 0 ] && echo "--max-cycles $1"; }

# run NAME TAG OPTS ARGS...: one run into $tmp/NAME.TAG.{out,json,err}
run() {
	name=$1 tag=$2 opts=$3
	shift 3
	# shellcheck disable=SC2086
	(cd "$tmp" && OSPREY_RTL_DIR=$rtl_dir "$osprey" --stats "$name.$tag.json" $opts "$@" \
		</dev/null >"$name.$tag.out" 2>"$name.$tag.err"; echo "exit $?" >>"$name.$tag.out")
}

# check NAME ARGS...: the C run, then shadow and replace, compared with it
check() {
	name=$1
	shift
	run "$name" c "" "$@"
	for mode in cosim rtl; do
		run "$name" $mode "--$mode=all" "$@"
		if cmp -s "$tmp/$name.c.out" "$tmp/$name.$mode.out" &&
		   cmp -s "$tmp/$name.c.json" "$tmp/$name.$mode.json" &&
		   grep -q "^osprey: $mode sbuf: [1-9][0-9]* core-cycles compared, 0 mismatching" \
			"$tmp/$name.$mode.err" &&
		   grep -q "^osprey: $mode ipf_engine: [1-9][0-9]* core-cycles compared, 0 mismatching" \
			"$tmp/$name.$mode.err"; then
			echo "PASS $name --$mode=all: output and --stats identical to the C run"
			grep "core-cycles compared" "$tmp/$name.$mode.err" | sed 's/^/     /'
			pass=$((pass + 1))
		else
			echo "FAIL $name --$mode=all"
			diff "$tmp/$name.c.out" "$tmp/$name.$mode.out" | head -10
			diff "$tmp/$name.c.json" "$tmp/$name.$mode.json" | head -10
			tail -5 "$tmp/$name.$mode.err"
			fail=$((fail + 1))
		fi
	done
}

# shellcheck disable=SC2086
check demo --cores 4 $twins $(limit "$demo_cycles") "$demo"
# shellcheck disable=SC2086
check kernel --cores 4 $twins $(limit "$kernel_cycles") --disk "$shell_img" "$kernel"

# A broken stream buffer model, in the place of the good one, is caught (the
# stream buffers alone: with the prefetch engine too they see fewer misses).
mkdir -p "$tmp/broken"
ln -s "$rtl_dir/sbuf-broken" "$tmp/broken/sbuf-4-4-1"
# shellcheck disable=SC2086
if (cd "$tmp" && OSPREY_RTL_DIR="$tmp/broken" "$osprey" --cores 4 --set sbuf.count=4 \
	--set sbuf.depth=4 --set sbuf.hit=any --cosim=sbuf \
	$(limit "$demo_cycles") "$demo" </dev/null >/dev/null 2>broken.err); then
	status=0
else
	status=$?
fi
if [ "$status" = 5 ] && grep -q "sbuf cosim: MISMATCH at cycle" "$tmp/broken.err" &&
   ls "$tmp"/waves/sbuf-mismatch-*.fst >/dev/null 2>&1; then
	echo "PASS broken sbuf model: stopped with exit 5 and $(cd "$tmp" && ls waves/*.fst)"
	pass=$((pass + 1))
else
	echo "FAIL broken sbuf model: exit $status"
	tail -5 "$tmp/broken.err"
	fail=$((fail + 1))
fi

echo "cosim system: $pass passed, $fail failed"
[ "$fail" = 0 ]
