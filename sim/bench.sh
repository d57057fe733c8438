#!/bin/sh
# `make bench`: simulated instructions (and cycles) per host second.
# Usage: sim/bench.sh OSPREY BENCH_DIR DEMO_ELF KERNEL_ELF SHELL_IMAGE
# Wall-clock figures depend on the host and its load: run on a quiet machine
# and compare figures from the same machine only. Each figure is the best of
# three runs.
set -u
osprey=$1
dir=$2
demo=$3
kernel=$4
shell_img=$5

# best LABEL ARGS...: runs osprey three times, prints the fastest summary line
best() {
	label=$1
	shift
	top=""
	topmips=0
	for i in 1 2 3; do
		line=$("$osprey" "$@" 2>&1 >/dev/null </dev/null | grep ' MIPS$' | tail -n 1)
		[ -n "$line" ] || { echo "bench: $label: no summary from osprey" >&2; exit 1; }
		mips=$(echo "$line" | awk '{print $(NF-1)}')
		if awk "BEGIN{exit !($mips >= $topmips)}"; then
			topmips=$mips
			top=$line
		fi
	done
	printf '%-34s %s\n' "$label:" "${top#osprey: }"
	echo "$topmips" >"$tmp/$(echo "$label" | tr ' ,' '__')"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "osprey bench on $(nproc) host cores ($(uname -m)), best of 3 runs each"
best "functional, compute loop, 1 hart" --mode functional --cores 1 "$dir/bench-1h.elf"
best "functional, compute loop, 4 harts" --mode functional --cores 4 "$dir/bench-4h.elf"
best "timing, compute loop, 1 hart" --mode timing --cores 1 "$dir/bench-1h.elf"
best "timing, compute loop, 4 harts" --mode timing --cores 4 "$dir/bench-4h.elf"
best "functional, demo, 4 harts" --mode functional --cores 4 "$demo"
best "timing, demo, 4 harts" --mode timing --cores 4 "$demo"
best "functional, kernel shell workload" --mode functional --cores 4 --max-insns 40000000 \
	--disk "$shell_img" "$kernel"
best "timing, kernel shell workload" --mode timing --cores 4 --max-insns 40000000 \
	--disk "$shell_img" "$kernel"

# slowdown LABEL KEY: functional over timing speed of one workload
slowdown() {
	f=$(cat "$tmp/functional__$2")
	t=$(cat "$tmp/timing__$2")
	awk -v l="$1" -v f="$f" -v t="$t" 'BEGIN { printf "timing-mode slowdown, %s: %.1fx\n", l, f / t }'
}
slowdown "compute loop, 4 harts" compute_loop__4_harts
slowdown "demo, 4 harts" demo__4_harts
slowdown "kernel shell workload" kernel_shell_workload

# Idle skipping: 1e9 cycles of WFI until a timer interrupt.
start=$(date +%s.%N)
"$osprey" -q --mode timing "$dir/idle.elf" || { echo "bench: idle run failed" >&2; exit 1; }
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { d = e - s; printf "idle skipping, timing mode: 1e9 cycles in %.3f s (%.2g cycles/s, process start included)\n", d, 1e9 / d }'
