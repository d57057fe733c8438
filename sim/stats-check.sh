#!/bin/sh
# `make stats-check BASE=OLD_OSPREY`: a speed change must not change what the
# model computes. Runs OLD_OSPREY and the new build on the same runs (timing
# and functional: the demo, the kernel's shell workload for a slice of
# instructions, the compute loop; a fast-forward) with --stats, and compares
# the console output and the statistics JSON byte for byte, less the fields
# the old build does not write: sys.quantum, sys.run_ahead, sys.boot_flags,
# core.speeds, core.kinds and the small core's keys (small.*), the L1D stride
# prefetcher's key (dpf.stride) and counters (dpf_stride.*), mem.jitter; and the
# hart.decode_* counters, which count the simulator's own decoded-instruction
# cache, not the model (and changed meaning when the harts came to share it),
# and core.ran_ahead, the instructions it ran ahead of the other cores' turns,
# with core.ran_parked, those of them a parked core skipped (their blocks are
# dropped; commas at line ends, which depend on what
# follows, are not compared).
# Usage: sim/stats-check.sh OLD NEW DEMO_ELF KERNEL_ELF SHELL_IMAGE COMPUTE_ELF
set -u
old=$1 new=$2 demo=$3 kernel=$4 shell_img=$5 compute=$6
# the new build's option for the old functional interleaving (QUANTUM1), for
# an old build without sys.quantum; one with it runs both interleavings
quantum1=${QUANTUM1-"--set sys.quantum=1"}

# strip JSON: the statistics less what only the new build writes
strip() {
	awk -v blocks='(hart|total)[.]decode_[a-z]+|core[.]ran_(ahead|parked)|dpf_stride[.][a-z_]+' \
	    -v keys='sys[.]quantum|sys[.]run_ahead|sys[.]boot_flags|core[.]speeds|core[.]kinds|small[.][a-z0-9_.]+|dpf[.]stride|mem[.]jitter' \
	    -f "$(dirname "$0")/stats-strip.awk" "$1"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

# check NAME NEW_OPTS ARGS...: one run on each build (NEW_OPTS, options the
# old build may not know, for the new one only), outputs compared
check() {
	name=$1 newopts=$2
	shift 2
	for b in old new; do
		eval bin=\$$b
		opts=
		[ $b = new ] && opts=$newopts
		"$bin" --stats "$tmp/$name.$b.json" $opts "$@" </dev/null >"$tmp/$name.$b.out" 2>/dev/null
		echo $? >>"$tmp/$name.$b.out"
		strip "$tmp/$name.$b.json" >"$tmp/$name.$b.cmp"
	done
	if cmp -s "$tmp/$name.old.out" "$tmp/$name.new.out" &&
	   cmp -s "$tmp/$name.old.cmp" "$tmp/$name.new.cmp"; then
		echo "PASS $name"
		pass=$((pass + 1))
	else
		echo "FAIL $name"
		diff "$tmp/$name.old.out" "$tmp/$name.new.out" | head -10
		diff "$tmp/$name.old.cmp" "$tmp/$name.new.cmp" | head -20
		fail=$((fail + 1))
	fi
}

check timing-demo "" --mode timing --cores 4 "$demo"
check timing-shell "" --mode timing --cores 4 --max-insns 20000000 --disk "$shell_img" "$kernel"
check timing-compute "" --mode timing --cores 4 --max-insns 5000000 "$compute"
check timing-shell-1 "" --mode timing --cores 1 --max-insns 10000000 --disk "$shell_img" "$kernel"
# Many cores, most of them asleep in WFI: the loop's pass over the awake ones
# (the demo's harts wake each other in the middle of the pass).
check timing-demo-8 "" --mode timing --cores 8 "$demo"
check timing-shell-16 "" --mode timing --cores 16 --max-insns 10000000 --disk "$shell_img" "$kernel"
check timing-compute-16 "" --mode timing --cores 16 --max-insns 3000000 "$compute"
# functional runs: NAME NEW_OPTS ARGS..., once per interleaving the old build knows
quantum=$("$new" --print-config | awk '$1 == "sys.quantum" { print $3 }')
functional() {
	name=$1 newopts=$2
	shift 2
	if "$old" --set sys.quantum=1 --print-config >/dev/null 2>&1; then
		# an old build with quanta: each interleaving on both builds, the
		# new build's default quantum named (the old one's may differ)
		check "$name" "" --set sys.quantum="$quantum" "$@"
		check "$name-quantum1" "" --set sys.quantum=1 "$@"
	else
		check "$name" "$newopts" "$@"
	fi
}
functional timing-fast-forward "$quantum1" --mode timing --cores 4 --fast-forward 10000000 \
	--max-insns 14000000 --disk "$shell_img" "$kernel"
functional functional-demo "$quantum1" --mode functional --cores 4 "$demo"
functional functional-shell "$quantum1" --mode functional --cores 4 --max-insns 30000000 \
	--disk "$shell_img" "$kernel"
echo "stats-check: $pass passed, $fail failed"
[ "$fail" = 0 ]
