#!/bin/sh
# The two ways the study's noise floor moves where things lie, each of which
# must change the placement and nothing else:
# - the boot flags' set-aside (osprey_simctl.h, SIMCTL_BOOT_SET_ASIDE_*): with
#   sys.boot_flags bits 15:8 = N, the kernel takes N pages off its free list
#   at boot. On the shell workload in functional mode: no set-aside without
#   the bits; N pages fewer free, said on the console, and the same workload
#   output otherwise (N = 5 and the largest, 255);
# - a padded kernel build (make kernel KERNEL_PAD=PAD): its kmain lies PAD
#   bytes higher, and the workload's output is the same;
# and, on timing slices, that either changes the run's cycles.
# usage: placement.sh OSPREY KERNEL_ELF PADDED_KERNEL_ELF PAD NM IMAGE OUT_DIR
set -u
osprey=$1 kernel=$2 padded=$3 pad=$4 nm=$5 image=$6 out=$7
mkdir -p "$out"
pass=0
fail=0

check() {
	name=$1
	shift
	if "$@"; then
		pass=$((pass + 1))
	else
		echo "placement: FAIL: $name"
		fail=$((fail + 1))
	fi
}

# run NAME PAGES MODE [osprey options]: the console output in OUT/NAME.out
# (KERNEL, the kernel run: $kernel unless set)
run() {
	name=$1 pages=$2 mode=$3
	shift 3
	"$osprey" -q --mode "$mode" --cores 4 --set sys.simctl=on \
		--set sys.boot_flags=$((pages << 8)) "$@" --disk "$image" "${KERNEL:-$kernel}" \
		</dev/null >"$out/$name.out" 2>"$out/$name.err"
	echo $? >"$out/$name.rc"
}

free_pages() {
	sed -n 's/^osprey kernel: \([0-9]*\) free pages$/\1/p' "$out/$1.out"
}

# the console output less the kernel's boot lines
workload_output() {
	grep -v '^osprey kernel: ' "$out/$1.out"
}

run none 0 functional
run five 5 functional
run most 255 functional
for r in none five most; do
	check "$r: exit 0" test "$(cat "$out/$r.rc")" = 0
done
base=$(free_pages none)
check "free pages printed" test -n "$base"
check "no set-aside without the bits" sh -c '! grep -q "set aside" "$1"' sh "$out/none.out"
check "5: said" grep -q '^osprey kernel: 5 pages set aside (boot flags)$' "$out/five.out"
check "5: 5 pages fewer free" test "$(free_pages five)" = "$((base - 5))"
check "255: 255 pages fewer free" test "$(free_pages most)" = "$((base - 255))"
workload_output none >"$out/none.wl"
workload_output five >"$out/five.wl"
check "5: the same workload output" cmp -s "$out/none.wl" "$out/five.wl"
check "the workload ran" grep -q 'shell' "$out/none.wl"

# Timing: the pages moved, the run's cycles change.
run tnone 0 timing --max-insns 20000000 --stats "$out/tnone.json"
run tfive 5 timing --max-insns 20000000 --stats "$out/tfive.json"
cycles() {
	awk '/"cycles":/ { gsub(/[^0-9]/, "", $2); print $2; exit }' "$out/$1.json"
}
check "timing runs have cycles" test -n "$(cycles tnone)" -a -n "$(cycles tfive)"
check "timing: moved pages change the cycles" test "$(cycles tnone)" != "$(cycles tfive)"

# The padded kernel.
kmain() {
	"$nm" "$1" | awk '$3 == "kmain" { print $1 }'
}
check "padded: kmain $pad bytes higher" \
	test "$(printf '%d' "0x$(kmain "$padded")")" = "$(($(printf '%d' "0x$(kmain "$kernel")") + pad))"
KERNEL=$padded run padded 0 functional
check "padded: exit 0" test "$(cat "$out/padded.rc")" = 0
# (the boot lines aside: the longer image may free one page fewer)
workload_output padded >"$out/padded.wl"
check "padded: the same workload output" cmp -s "$out/none.wl" "$out/padded.wl"
KERNEL=$padded run tpadded 0 timing --max-insns 20000000 --stats "$out/tpadded.json"
check "timing: the padded kernel changes the cycles" \
	test -n "$(cycles tpadded)" -a "$(cycles tnone)" != "$(cycles tpadded)"

echo "placement: $pass passed, $fail failed"
[ "$fail" = 0 ]
