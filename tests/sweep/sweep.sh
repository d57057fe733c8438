#!/bin/sh
# tests/sweep/sweep.sh - the configuration sweep: programs run under random
# valid configurations (tests/sweep/randcfg.c, every key drawn), in both
# modes, with each instruction prefetcher in turn; every run must end with
# the program's own verdict (and, for the differential tests, its usual
# output) - never an internal error (70), a watchdog stop (4) or a hang.
# The kernel slice is the exception: it must end at its instruction limit.
#
# usage: sweep.sh BUILD OSPREY RANDCFG RUNS SEED
#   Run i uses configuration seed SEED + i. A failure keeps its
#   configuration in BUILD/tests/sweep/fail-SEED.cfg and prints the command
#   that repeats it.
# Output: one line per failure and "sweep: N runs, M failed"; status 1 on
# any failure.
set -u

build=$1 osprey=$2 randcfg=$3 runs=$4 seed=$5
out=$build/tests/sweep
mkdir -p "$out"

# Far above any program's count (the demo: 7 M). A program whose harts
# spin-wait retires more the slower its partner: diff/smc took 108 M with a
# core at a third of the clock and 600-cycle bus arbitration (seed 9312).
insn_budget=400000000
run_timeout=120		# seconds: a hang, not a slow configuration
kernel_insns=3000000	# the kernel slice stops here

# The programs: "name cores expected-status elf [extra osprey options]". The
# multi-hart ones, where configurations matter most, are listed several times
# (each differential test 6 times, the kernel slice 20) so they come up as
# often as the one-instruction ISA tests together.
programs=$out/programs
{
	for e in "$build"/tests/isa/*.elf; do
		echo "isa/$(basename "$e" .elf) 1 0 $e"
	done
	for copy in 1 2 3 4 5 6; do
		awk -v b="$build" '!/^#/ && NF && $1 != "demo" && $1 != "demo1" {
			elf = $4 ? $4 : "tests/diff/" $1 ".elf"
			print "diff/" $1, $2, $3, b "/" elf
		}' tests/diff/tests.list
	done
	for copy in $(seq 20); do
		echo "kernel 4 3 $build/kernel/kernel.elf --disk $build/kernel/disk.img" \
			"--max-insns $kernel_insns"
	done
	# The data-side supports: their firmware tests (which check their own
	# results), and the kernel built with them, under selective update or not.
	for copy in 1 2 3 4 5 6; do
		for t in share_pair update_counter swpf; do
			echo "coherence/$t 4 0 $build/tests/coherence/$t.elf"
		done
	done
	for copy in $(seq 10); do
		echo "kernel-opt 4 3 $build/kernel-priv-swpf/kernel.elf" \
			"--disk $build/kernel/disk.img --max-insns $kernel_insns"
	done
	# The laid-out kernel: its guard marks under every prefetcher.
	for copy in $(seq 10); do
		echo "kernel-layout 4 3 $build/kernel-layout-scf/kernel.elf" \
			"--disk $build/kernel/disk.img --max-insns $kernel_insns"
	done
} >"$programs"
nprog=$(wc -l <"$programs")

# The instruction-side prefetchers, one per run in turn on top of the random draw.
prefetcher() {
	case $(($1 % 5)) in
	0) echo "--set pf.nextline=off --set pf.guarded=off --set sbuf.count=0" ;;
	1) echo "--set pf.nextline=tagged" ;;
	2) echo "--set pf.guarded=miss" ;;
	3) echo "--set sbuf.count=4" ;;
	4) echo "--set pf.nextline=on-miss --set pf.guarded=tagged --set sbuf.count=2" ;;
	esac
}

# The expected output of a differential test: its functional run on the defaults.
reference() {
	ref=$out/ref-$(echo "$1" | tr / _)
	if [ ! -f "$ref" ]; then
		"$osprey" -q --uart-in none --mode functional --cores "$2" "$3" >"$ref" 2>/dev/null
	fi
	echo "$ref"
}

fail=0
i=0
while [ $i -lt "$runs" ]; do
	s=$((seed + i))
	mode=$(if [ $((s % 2)) = 0 ]; then echo timing; else echo functional; fi)
	line=$(sed -n "$((s * 2654435761 % nprog + 1))p" "$programs")
	set -- $line
	name=$1 cores=$2 want=$3 elf=$4
	shift 4
	extra="$*"
	cfg=$out/cfg-$s
	if ! "$randcfg" "$s" sys.cores="$cores" sys.mode="$mode" sys.mem_size=128M >"$cfg"; then
		echo "FAIL seed $s: randcfg failed"
		fail=$((fail + 1))
		i=$((i + 1))
		continue
	fi
	pf=$(prefetcher "$s")
	[ -n "$extra" ] || extra="--max-insns $insn_budget"
	timeout $run_timeout "$osprey" -q --uart-in none --config "$cfg" $pf $extra "$elf" \
		>"$out/run-$s.out" 2>"$out/run-$s.err" </dev/null
	rc=$?
	ok=0
	if [ "$rc" = "$want" ]; then
		ok=1
		case $name in
		diff/*)
			cmp -s "$(reference "$name" "$cores" "$elf")" "$out/run-$s.out" || ok=0 ;;
		esac
	fi
	if [ $ok = 0 ]; then
		cp "$cfg" "$out/fail-$s.cfg"
		echo "FAIL seed $s: $name ($mode) exited $rc, expected $want"
		echo "  repeat: $osprey --config $out/fail-$s.cfg $pf $extra $elf"
		tail -n 3 "$out/run-$s.err" | sed 's/^/  | /'
		fail=$((fail + 1))
	fi
	rm -f "$cfg" "$out/run-$s.out" "$out/run-$s.err"
	i=$((i + 1))
done
echo "sweep: $runs runs, $fail failed"
[ "$fail" = 0 ]
