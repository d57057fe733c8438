#!/bin/sh
# System shadow and system replace on whole runs: every twinned unit's RTL
# beside its C unit (--cosim=all) and driving the machine (--rtl=all), on
# the demo and a slice of the kernel's shell workload (and a later slice
# with the DMA engine on, which the kernel uses to zero and copy pages), each
# compared byte for byte (console output, exit status, --stats) with the
# pure C run; a broken stream buffer, fetch unit and L1I controller model in
# shadow must each stop the run (exit 5) with a mismatch waveform; and a twin
# must be refused for a unit a fast-forward used (the DMA engine's: a twin
# starts from reset). Random code (instruction soups, tests/robust/soup_elf.c,
# named soup-SEED-HARTS.elf) gets the same comparison for SOUP_CYCLES cycles:
# it reaches traps, CSRs, faults and devices in orders no program chooses.
# Usage: tests/cosim/system.sh OSPREY RTL_DIR DEMO_ELF KERNEL_ELF SHELL_IMG DEMO_CYCLES KERNEL_CYCLES
#        [SOUP_CYCLES SOUP_ELF...]
# (a cycle count of 0: the whole run). The configuration puts on every
# twinned unit with the geometry make test builds first (tests/cosim/cosim.mk).
set -u
osprey=$1 rtl_dir=$2 demo=$3 kernel=$4 shell_img=$5 demo_cycles=$6 kernel_cycles=$7
shift 7
soup_cycles=${1:-0}
[ $# -gt 0 ] && shift
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

# check NAME ARGS...: the C run, then shadow and replace, compared with it;
# every unit of $units compared
units="sbuf ipf_engine bus_arb bus_seq fetch l1i"
check() {
	name=$1
	shift
	run "$name" c "" "$@"
	for mode in cosim rtl; do
		run "$name" $mode "--$mode=all" "$@"
		compared=1
		for u in $units; do
			grep -q "^osprey: $mode $u: [1-9][0-9]* core-cycles compared, 0 mismatching" \
				"$tmp/$name.$mode.err" || compared=0
		done
		if cmp -s "$tmp/$name.c.out" "$tmp/$name.$mode.out" &&
		   cmp -s "$tmp/$name.c.json" "$tmp/$name.$mode.json" && [ $compared = 1 ]; then
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
# From here on the DMA engine is on, its twin compared too. The soups'
# stores program it at random.
units="sbuf ipf_engine bus_arb bus_seq fetch l1i dma"
for soup in "$@"; do
	harts=$(basename "$soup" .elf | cut -d- -f3)
	# shellcheck disable=SC2086
	check "$(basename "$soup" .elf)" --cores "$harts" $twins --set dma.enabled=on \
		$(limit "$soup_cycles") "$soup"
done
# The kernel first uses the engine after some 10.5M instructions: the slice
# starts there (the fast-forward leaves the engine as reset) and runs 2M
# instructions, in which it moves some hundred blocks.
# shellcheck disable=SC2086
check kernel-dma --cores 4 $twins --set dma.enabled=on --fast-forward 10500000 \
	--max-insns 12500000 --disk "$shell_img" "$kernel"
if grep -q "^osprey: dma: [1-9]" "$tmp/kernel-dma.c.err"; then
	echo "PASS kernel-dma: the engine moved lines in the slice"
	pass=$((pass + 1))
else
	echo "FAIL kernel-dma: the engine did not work in the slice"
	fail=$((fail + 1))
fi

# The DMA engine used by a fast-forward is not as reset: no twin beside it.
(cd "$tmp" && OSPREY_RTL_DIR=$rtl_dir "$osprey" --cores 4 --set dma.enabled=on \
	--fast-forward 12000000 --max-insns 12100000 --cosim=dma --disk "$shell_img" "$kernel" \
	</dev/null >/dev/null 2>ff.err)
status=$?
if [ "$status" = 2 ] &&
   grep -q "cosim=dma: the unit was used before the timing run" "$tmp/ff.err"; then
	echo "PASS fast-forward that used the DMA engine: --cosim=dma refused"
	pass=$((pass + 1))
else
	echo "FAIL fast-forward that used the DMA engine: exit $status"
	tail -3 "$tmp/ff.err"
	fail=$((fail + 1))
fi

# broken UNIT DIR OPTS...: UNIT's broken model, in the place of the good one
# (DIR, the geometry OPTS set), must stop a shadow run of the demo.
broken() {
	unit=$1 dir=$2
	shift 2
	mkdir -p "$tmp/broken-$unit"
	ln -s "$rtl_dir/$unit-broken" "$tmp/broken-$unit/$dir"
	# shellcheck disable=SC2086
	if (cd "$tmp" && OSPREY_RTL_DIR="$tmp/broken-$unit" "$osprey" --cores 4 "$@" \
		--cosim=$unit $(limit "$demo_cycles") "$demo" </dev/null >/dev/null \
		2>"broken-$unit.err"); then
		status=0
	else
		status=$?
	fi
	if [ "$status" = 5 ] && grep -q "$unit cosim: MISMATCH at cycle" "$tmp/broken-$unit.err" &&
	   ls "$tmp"/waves/$unit-mismatch-*.fst >/dev/null 2>&1; then
		echo "PASS broken $unit model: stopped with exit 5 and" \
			"$(cd "$tmp" && ls waves/$unit-mismatch-*.fst)"
		pass=$((pass + 1))
	else
		echo "FAIL broken $unit model: exit $status"
		tail -5 "$tmp/broken-$unit.err"
		fail=$((fail + 1))
	fi
}

# The stream buffers alone: with the prefetch engine too they see fewer misses.
broken sbuf sbuf-4-4-1 --set sbuf.count=4 --set sbuf.depth=4 --set sbuf.hit=any
broken fetch fetch-32-2
broken l1i l1i-16384-1-32-0-1

echo "cosim system: $pass passed, $fail failed"
[ "$fail" = 0 ]
