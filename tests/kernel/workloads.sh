#!/bin/sh
# Runs each workload on osprey (timing and functional mode) and on QEMU, and
# compares the console output, which ends with the workload's checksum and
# fsck's verdict. Prints, per run, instructions, simulated cycles, host time
# and the share of cycles in S+M mode.
#
# usage: workloads.sh OSPREY KERNEL_ELF QEMU "QEMU_FLAGS" IMAGE_DIR WORKLOAD...
#   IMAGE_DIR/NAME.img is the disk image whose /boot.sh runs workload NAME.
#   WORKLOAD_VARIANTS (environment): osprey configurations each workload also
#   runs under, space-separated NAME=OPTIONS with commas for spaces, e.g.
#   "dma=--set,dma.enabled=on"; each runs in both modes, compared with QEMU too.
#   WORKLOAD_OUT (environment): where the outputs go (default IMAGE_DIR).
set -u
osprey=$1 kernel=$2 qemu=$3 qemu_flags=$4 dir=$5
shift 5
pass=0
fail=0

for w in "$@"; do
	img=$dir/$w.img
	mkdir -p "${WORKLOAD_OUT:-$dir}"
	out=${WORKLOAD_OUT:-$dir}/$w
	timeout 1200 $qemu $qemu_flags -smp 4 -m 128M -kernel "$kernel" \
		-device loader,file="$img",addr=0x86000000 </dev/null >"$out.qemu" 2>"$out.qemu.err"
	qrc=$?
	# QEMU's console output has the same bytes; drop a terminal reset it may add.
	for run in timing functional $(for v in ${WORKLOAD_VARIANTS:-}; do
			echo "timing:$v functional:$v"; done); do
		mode=${run%%:*}
		variant=$(echo "$run" | sed -n 's/^[a-z]*:\([^=]*\)=.*/\1/p')
		opts=$(echo "$run" | sed -n 's/^[a-z]*:[^=]*=//p' | tr , ' ')
		tag=$mode${variant:+-$variant}
		start=$(date +%s.%N)
		timeout 3600 "$osprey" --mode "$mode" --cores 4 --disk "$img" --stats "$out.$tag.json" \
			$opts "$kernel" </dev/null >"$out.$tag" 2>"$out.$tag.err"
		orc=$?
		end=$(date +%s.%N)
		figures=$(awk -v s="$start" -v e="$end" '
			/"cycles":/ && !c { gsub(/[^0-9]/, "", $2); c = $2 }
			/"instructions":/ && !i { gsub(/[^0-9]/, "", $2); i = $2 }
			END { printf "%s instructions, %s cycles, %.1f s host", i, c, e - s }' "$out.$tag.json")
		share=$(grep -o 'OS share (S+M cycles) [0-9.]*%' "$out.$tag.err" | awk '{print $NF}')
		if [ "$orc" = 0 ] && [ "$qrc" = 0 ] && cmp -s "$out.qemu" "$out.$tag"; then
			echo "PASS $w ($tag): $figures${share:+, OS share $share}"
			pass=$((pass + 1))
		else
			echo "FAIL $w ($tag): exit osprey $orc, QEMU $qrc"
			diff -u --label "qemu: $w" --label "osprey $tag: $w" "$out.qemu" "$out.$tag" |
				head -40 | sed 's/^/  /'
			tail -n 5 "$out.$tag.err" | sed 's/^/  | /'
			fail=$((fail + 1))
		fi
	done
	tail -n 2 "$out.qemu" | sed "s/^/  $w: /"
done
echo "workloads: $pass passed, $fail failed"
[ "$fail" = 0 ]
