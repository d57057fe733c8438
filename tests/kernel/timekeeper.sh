#!/bin/sh
# tests/kernel/timekeeper.sh - the timekeeper's false sharing, before and
# after privatization and relocation: one workload under each kernel with
# --profile, then from each profile the line holding jiffies (its coherence
# misses: all harts', and hart 0's true/false) and hart 0's S-mode L1D misses
# and stall cycles in clock_intr (the tick handler that writes jiffies), and
# from the statistics hart 0's S-mode cycles. Prints a Markdown table.
#
# usage: timekeeper.sh OSPREY IMAGE OUT_DIR "LABEL|KERNEL" ...
set -u

osprey=$1 img=$2 out=$3
shift 3
mkdir -p "$out"
echo "| kernel | jiffies line: coherence misses (true/false) | of them hart 0's | hart 0 clock_intr L1D misses | their stall cycles | hart 0 S-mode cycles |"
echo "|---|---|---|---|---|---|"
for arg in "$@"; do
	label=${arg%%|*} kernel=${arg#*|}
	prof=$out/timekeeper-$label.prof stats=$out/timekeeper-$label.json
	if ! timeout 3600 "$osprey" -q --cores 4 --uart-in none --disk "$img" --profile "$prof" \
		--stats "$stats" "$kernel" >"$out/timekeeper-$label.out" 2>&1 </dev/null; then
		echo "| $label | run failed: see $out/timekeeper-$label.out | | | | |"
		continue
	fi
	line=$(grep '^data ' "$prof" | grep ' jiffies ' | head -n 1)
	if [ -n "$line" ]; then
		misses=$(echo "$line" | awk '{ printf "%d (%d/%d)", $3 + $4, $3, $4 }')
		h0=$(echo "$line" | awk '{ for (i = 5; i <= NF && $i != "|"; i++) if ($i ~ /^h0:/) { sub(/^h0:/, "", $i); print $i } }')
	else
		misses="none" h0="—"
	fi
	clock=$(awk '$1 == "code" && $2 == 0 && $3 == "S" && $5 ~ /^clock_intr/ { m += $8; s += $9 }
		END { printf "%d %d", m, s }' "$prof")
	s0=$(awk '/^  "harts": \[/ { h = 1 } h && /"core.cycles":/ { c = 1 } c && /"S":/ { gsub(/[^0-9]/, "", $2); print $2; exit }' "$stats")
	echo "| $label | $misses | ${h0:-0/0} | ${clock% *} | ${clock#* } | $s0 |"
done
