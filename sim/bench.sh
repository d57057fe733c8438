#!/bin/sh
# Prints simulated instructions per host second for the benchmark firmware.
# Usage: sim/bench.sh OSPREY BENCH_DIR
# Wall-clock figures depend on the host and its load: run on a quiet machine
# and compare figures from the same machine only.
set -u
osprey=$1
dir=$2

run() {
	label=$1
	shift
	# osprey's summary line ends with "<secs> s host, <mips> MIPS"
	line=$("$osprey" "$@" 2>&1 >/dev/null | grep ' MIPS$' | tail -n 1)
	status=$?
	[ -n "$line" ] || { echo "bench: $label: no summary from osprey" >&2; exit 1; }
	echo "$label: ${line#osprey: }"
}

echo "osprey bench on $(nproc) host cores ($(uname -m)); best of 3 runs each"
for cfg in "1h --cores 1" "4h --cores 4"; do
	set -- $cfg
	best=""
	for i in 1 2 3; do
		out=$(run "functional, $1" --cores "$3" "$dir/bench-$1.elf")
		mips=$(echo "$out" | awk '{print $(NF-1)}')
		if [ -z "$best" ] || awk "BEGIN{exit !($mips > ${best%% *})}"; then
			best="$mips $out"
		fi
	done
	echo "${best#* }"
done
