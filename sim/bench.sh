#!/bin/sh
# `make bench`: simulated instructions (and cycles) per host second.
# Usage: sim/bench.sh OSPREY BENCH_DIR DEMO_ELF KERNEL_ELF SHELL_IMAGE JSON_OUT
#        [TWIN_LOCKSTEP RTL_DIR]
# With TWIN_LOCKSTEP (build/tests/cosim/test_twin_lockstep) and RTL_DIR
# (build/rtl), co-simulation speed too: each registered unit's lockstep on
# its first model in RTL_DIR, and the demo on 4 harts with --cosim=all, in
# machine cycles per second.
# Environment: QEMU, the QEMU command line for the reference run of the sieve
# (empty or unset: no QEMU figures); BENCH_RUNS, runs per figure (default 3);
# BENCH_CPU, the host CPU every run (QEMU's too) is pinned to (see
# sim/pin-cpu.sh: default the first this process may use; empty: no pinning).
# Wall-clock figures depend on the host and its load: run on a quiet machine
# and compare figures from the same machine only. Each figure is printed as
# the best and the median of BENCH_RUNS runs; JSON_OUT gets the same figures
# (and every run's) so that two builds can be compared.
set -u
osprey=$1
dir=$2
demo=$3
kernel=$4
shell_img=$5
json=$6
twin_lockstep=${7:-}
rtl_dir=${8:-}
runs=${BENCH_RUNS:-3}
qemu=${QEMU:-}
here=$(dirname "$0")
. "$here/pin-cpu.sh"

case $runs in
''|*[!0-9]*|0|1|2) echo "bench: BENCH_RUNS must be a number of at least 3, not '$runs'" >&2; exit 2 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/entries"

# stats FILE: "best median" of the numbers in FILE, one a line (the median of
# an even count is the lower middle one: a value that was measured)
stats() {
	sort -g "$1" | awk '{ v[NR] = $1 } END { printf "%s %s\n", v[NR], v[int((NR + 1) / 2)] }'
}

# record KEY LABEL UNIT FILE: prints the figure, adds it to the JSON entries
record() {
	set -- "$1" "$2" "$3" "$4" $(stats "$4")
	printf '%-38s best %8.1f, median %8.1f %s\n' "$2:" "$5" "$6" "$3"
	printf '  "%s": {"label": "%s", "unit": "%s", "best": %s, "median": %s, "runs": [%s]},\n' \
		"$1" "$2" "$3" "$5" "$6" "$(paste -sd, "$4")" >>"$tmp/entries"
	echo "$6" >"$tmp/$1.median"
	echo "$5" >"$tmp/$1.best"
}

# run_once KEY LABEL FIGURE ARGS...: runs osprey once and adds FIGURE of its
# summary line to KEY's runs: mips (its MIPS) or kcycles (machine cycles per
# host second, in thousands)
run_once() {
	key=$1 label=$2 figure=$3
	shift 3
	set -- $($pin "$osprey" "$@" 2>&1 >/dev/null </dev/null | awk -f "$here/summary.awk")
	[ $# = 4 ] || { echo "bench: $label: no summary from osprey" >&2; exit 1; }
	if [ "$figure" = mips ]; then
		echo "$4" >>"$tmp/$key"
	else
		awk -v c="$2" -v s="$3" 'BEGIN { printf "%.1f\n", c / s / 1e3 }' >>"$tmp/$key"
	fi
}

# measure KEY LABEL UNIT FIGURE ARGS...: runs osprey BENCH_RUNS times and
# records FIGURE (see run_once)
measure() {
	key=$1 label=$2 unit=$3 figure=$4
	shift 4
	: >"$tmp/$key"
	i=0
	while [ $i -lt "$runs" ]; do
		run_once "$key" "$label" "$figure" "$@"
		i=$((i + 1))
	done
	record "$key" "$label" "$unit" "$tmp/$key"
}

# bench KEY LABEL ARGS...: osprey's MIPS
bench() {
	key=$1 label=$2
	shift 2
	measure "$key" "$label" "M insns/s" mips "$@"
}

# alternate MODE KEY_A LABEL_A CORES_A ELF_A KEY_B LABEL_B CORES_B ELF_B:
# two compute-loop figures (M insns/s) from runs made in alternation, so that
# their ratio compares runs made under the same load of the machine
alternate() {
	mode=$1
	shift
	: >"$tmp/$1"
	: >"$tmp/$5"
	i=0
	while [ $i -lt "$runs" ]; do
		run_once "$1" "$2" mips --mode "$mode" --cores "$3" "$4"
		run_once "$5" "$6" mips --mode "$mode" --cores "$7" "$8"
		i=$((i + 1))
	done
	record "$1" "$2" "M insns/s" "$tmp/$1"
	record "$5" "$6" "M insns/s" "$tmp/$5"
}

echo "osprey bench on $(nproc) host cores ($(uname -m)), best and median of $runs runs each${cpu:+, every run on host CPU $cpu}"
bench sieve_1h "functional, sieve, 1 hart" --mode functional --cores 1 "$dir/sieve.elf"
# The compute loop on 1 hart and on 4, ten times as long as in timing mode
# (bench-Nh-long.elf): a run of the short one lasts about 40 ms on 1 hart,
# where the host's noise moved the ratio of the two by a tenth.
alternate functional compute_1h "functional, compute loop, 1 hart" 1 "$dir/bench-1h-long.elf" \
	compute_4h "functional, compute loop, 4 harts" 4 "$dir/bench-4h-long.elf"
bench timing_compute_1h "timing, compute loop, 1 hart" --mode timing --cores 1 "$dir/bench-1h.elf"
# The compute loop on 4 harts in timing mode, and again with every hart
# computing the same values (bench-4h-same.elf): the ratio is what
# interleaving four harts whose branches go different ways costs the host's
# branch prediction (docs/speed-history.md, the tenth round).
alternate timing timing_compute_4h "timing, compute loop, 4 harts" 4 "$dir/bench-4h.elf" \
	timing_same_4h "timing, compute loop, 4 harts, the same data" 4 "$dir/bench-4h-same.elf"
bench demo_4h "functional, demo, 4 harts" --mode functional --cores 4 "$demo"
bench timing_demo_4h "timing, demo, 4 harts" --mode timing --cores 4 "$demo"
bench shell_4h "functional, kernel shell workload" --mode functional --cores 4 \
	--max-insns 40000000 --disk "$shell_img" "$kernel"
bench timing_shell_4h "timing, kernel shell workload" --mode timing --cores 4 \
	--max-insns 40000000 --disk "$shell_img" "$kernel"
# The same workload run whole, to the kernel's power-off (about 124 M
# instructions): its first 40 M are mostly the boot, and half of the boot's
# instructions are the other harts' wait loops (docs/speed-history.md, the
# twelfth round).
bench timing_shell_whole "timing, kernel shell workload, whole run" --mode timing --cores 4 \
	--disk "$shell_img" "$kernel"

# bench_cycles KEY LABEL ARGS...: machine cycles per host second
bench_cycles() {
	key=$1 label=$2
	shift 2
	measure "$key" "$label" "k cycles/s" kcycles "$@"
}

# Co-simulation: each unit's lockstep (1M cycles, generic random stimulus)
# and the system shadow of every twinned unit (the configuration of
# tests/cosim/system.sh, whose models make all builds).
if [ -n "$twin_lockstep" ]; then
	for model in "$rtl_dir"/*-[0-9]*/twin.so; do
		unit=$(basename "$(dirname "$model")" | sed 's/-[0-9].*//')
		[ -e "$tmp/lockstep_$unit" ] && continue	# the first geometry of each
		: >"$tmp/lockstep_$unit"
		i=0
		while [ $i -lt "$runs" ]; do
			$pin "$twin_lockstep" "$unit" "$model" 1000000 1 |
				awk '/^agree:/ { for (f = 1; f <= NF; f++)
					if ($(f + 1) == "cycles/s") printf "%.1f\n", $f / 1e3 }' \
				>>"$tmp/lockstep_$unit"
			i=$((i + 1))
		done
		[ -s "$tmp/lockstep_$unit" ] || { echo "bench: $unit lockstep failed" >&2; exit 1; }
		record "lockstep_$unit" "cosim lockstep, $unit ($(basename "$(dirname "$model")"))" \
			"k cycles/s" "$tmp/lockstep_$unit"
	done
	bench_cycles cosim_all_demo_4h "timing, demo, 4 harts, --cosim=all" --mode timing --cores 4 \
		--set sbuf.count=4 --set sbuf.depth=4 --set sbuf.hit=any --set l1i.line=32 \
		--set pf.nextline=tagged --set pf.degree=2 --set pf.guarded=miss \
		--set pf.guard_depth=4 --set pf.guard_line=skip --cosim=all "$demo"
	bench_cycles c_twins_demo_4h "timing, demo, 4 harts, the same units in C" --mode timing \
		--cores 4 --set sbuf.count=4 --set sbuf.depth=4 --set sbuf.hit=any --set l1i.line=32 \
		--set pf.nextline=tagged --set pf.degree=2 --set pf.guarded=miss \
		--set pf.guard_depth=4 --set pf.guard_line=skip "$demo"
fi

# ratio LABEL NUMERATOR DENOMINATOR [best]: the ratio of two figures' medians
# (or bests)
ratio() {
	awk -v l="$1" -v a="$(cat "$tmp/$2.${4:-median}")" -v b="$(cat "$tmp/$3.${4:-median}")" \
		'BEGIN { printf "%s: %.2fx\n", l, a / b }'
}
ratio "timing-mode slowdown, compute loop, 4 harts" compute_4h timing_compute_4h
ratio "timing-mode slowdown, demo, 4 harts" demo_4h timing_demo_4h
ratio "timing-mode slowdown, kernel shell workload" shell_4h timing_shell_4h
ratio "functional, 4 harts over 1 hart (compute loop)" compute_4h compute_1h
ratio "timing, compute loop, 4 harts: the same data over different" timing_same_4h \
	timing_compute_4h

# The reference: QEMU on the same sieve ELF. QEMU prints no instruction count,
# so osprey's (the program's, identical on both) divides QEMU's host time.
if [ -n "$qemu" ]; then
	insns=$($pin "$osprey" -q --mode functional --cores 1 --stats "$tmp/sieve.json" \
		"$dir/sieve.elf" </dev/null >/dev/null 2>&1; awk '/"instructions":/ {
			gsub(/[^0-9]/, "", $2); print $2; exit }' "$tmp/sieve.json")
	[ -n "$insns" ] || { echo "bench: no instruction count for the sieve" >&2; exit 1; }
	: >"$tmp/qemu_sieve_1h"
	i=0
	while [ $i -lt "$runs" ]; do
		start=$(date +%s.%N)
		$pin $qemu -kernel "$dir/sieve.elf" </dev/null >/dev/null 2>&1 ||
			{ echo "bench: QEMU failed on the sieve ($qemu)" >&2; exit 1; }
		end=$(date +%s.%N)
		awk -v s="$start" -v e="$end" -v n="$insns" \
			'BEGIN { printf "%.1f\n", n / (e - s) / 1e6 }' >>"$tmp/qemu_sieve_1h"
		i=$((i + 1))
	done
	echo "sieve: $insns instructions"
	record qemu_sieve_1h "QEMU (TCG), sieve, 1 hart" "M insns/s" "$tmp/qemu_sieve_1h"
	ratio "osprey functional over QEMU, sieve (medians)" sieve_1h qemu_sieve_1h
	ratio "osprey functional over QEMU, sieve (bests)" sieve_1h qemu_sieve_1h best
fi

# Idle skipping: 1e9 cycles of WFI until a timer interrupt.
start=$(date +%s.%N)
$pin "$osprey" -q --mode timing "$dir/idle.elf" || { echo "bench: idle run failed" >&2; exit 1; }
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { d = e - s; printf "idle skipping, timing mode: 1e9 cycles in %.3f s (%.2g cycles/s, process start included)\n", d, 1e9 / d }'

{
	echo "{"
	printf '  "host": {"cores": %s, "machine": "%s", "runs": %s, "cpu": "%s"},\n' "$(nproc)" \
		"$(uname -m)" "$runs" "$cpu"
	cat "$tmp/entries"
	[ -s "$tmp/sieve_1h.median" ] && [ -n "$qemu" ] &&
		awk -v a="$(cat "$tmp/sieve_1h.median")" -v b="$(cat "$tmp/qemu_sieve_1h.median")" \
			'BEGIN { printf "  \"osprey_over_qemu_sieve\": %.4f,\n", a / b }'
	printf '  "idle_skip_seconds": %.3f\n' "$(awk -v s="$start" -v e="$end" 'BEGIN { print e - s }')"
	echo "}"
} >"$json"
echo "bench: figures written to $json"
