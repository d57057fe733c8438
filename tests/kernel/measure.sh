#!/bin/sh
# tests/kernel/measure.sh - runs the kernel's workloads under two or more
# configurations and prints a Markdown table of the OS figures the support
# studies compare: OS cycles (cycles the harts spent in S and M mode, time
# asleep in WFI left out), OS L1D misses (S and M mode), bus cycles held,
# bytes moved to or from memory, and the whole run's cycles.
#
# usage: measure.sh OSPREY KERNEL IMAGE_DIR OUT_DIR "LABEL|OPTIONS[|KERNEL]" ... -- WORKLOAD...
#   Each "LABEL|OPTIONS" is one configuration (osprey options, and another
#   kernel ELF than KERNEL if a third field names one); the first is
#   the baseline the others are compared with. IMAGE_DIR/W.img runs
#   workload W. Every run's statistics stay in OUT_DIR/LABEL-W.json.
set -u

osprey=$1 kernel=$2 dir=$3 out=$4
shift 4
configs=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	configs="$configs
$1"
	shift
done
[ $# -gt 0 ] && shift
mkdir -p "$out"

# The figures of one stats file: OS cycles, OS L1D misses, bus cycles, memory
# bytes, cycles, OS instructions (one line, space-separated).
figures() {
	awk '
	/^  "system": \{/ { sec = "system" }
	/^  "harts": \[/ { sec = "harts" }
	/^  "total": \{/ { sec = "total" }
	sec == "system" && /"cycles":/ { gsub(/[^0-9]/, "", $2); cycles = $2 }
	sec == "system" && /"bus.busy_cycles":/ { gsub(/[^0-9]/, "", $2); busy = $2 }
	sec == "system" && /"mem.bytes":/ { gsub(/[^0-9]/, "", $2); bytes = $2 }
	sec == "total" && /^    "[a-z0-9_.]+": \{/ { key = $1; gsub(/[":]/, "", key) }
	sec == "total" && /"[SM]": / { v = $2; gsub(/[^0-9]/, "", v); sm[key] += v }
	END {
		printf "%d %d %d %d %d %d\n", sm["core.cycles"] - sm["core.idle"],
		       sm["l1d.misses"], busy, bytes, cycles, sm["core.insns"]
	}' "$1"
}

pct() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "—"; else printf "%+.1f %%", 100 * (a - b) / b }'
}

echo "| workload | configuration | OS cycles | vs. first | OS L1D misses | removed | bus cycles | memory bytes | run cycles |"
echo "|---|---|---|---|---|---|---|---|---|"
fail=0
for w in "$@"; do
	base_os="" base_miss=""
	echo "$configs" | while IFS='|' read -r label opts kern; do
		[ -n "$label" ] || continue
		stats=$out/$label-$w.json
		if ! timeout 3600 "$osprey" -q --uart-in none --disk "$dir/$w.img" --stats "$stats" \
			$opts "${kern:-$kernel}" >"$out/$label-$w.out" 2>"$out/$label-$w.err" </dev/null; then
			echo "| $w | $label | run failed: see $out/$label-$w.err | | | | | | |"
			continue
		fi
		# Every configuration must leave the guest's output as the first one
		# did, but for the boot line that counts free pages (another kernel
		# build may have another size).
		grep -v 'free pages$' "$out/$label-$w.out" >"$out/$label-$w.cmp"
		if [ -z "$base_os" ]; then
			cp "$out/$label-$w.cmp" "$out/first-$w.cmp"
		elif ! cmp -s "$out/first-$w.cmp" "$out/$label-$w.cmp"; then
			echo "| $w | $label | output differs from the first configuration's: see $out/$label-$w.out | | | | | | |"
			continue
		fi
		set -- $(figures "$stats")
		os=$1 miss=$2 busy=$3 bytes=$4 cyc=$5
		if [ -z "$base_os" ]; then
			base_os=$os base_miss=$miss
			echo "| $w | $label | $os | | $miss | | $busy | $bytes | $cyc |"
		else
			removed=$(awk -v a="$miss" -v b="$base_miss" 'BEGIN { printf "%.0f %%", 100 * (b - a) / b }')
			echo "| $w | $label | $os | $(pct "$os" "$base_os") | $miss | $removed | $busy | $bytes | $cyc |"
		fi
	done
done
