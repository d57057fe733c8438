#!/bin/sh
# tests/penv/run.sh - the public-environment-convention tests: every test in
# every tohost-writing style runs on osprey (functional and timing, 1 and 4
# harts) and on QEMU's spike machine (the reference for HTIF; 1 and 4 harts),
# and must end with the expected status on all of them: 0 for pass_*, 7 for
# fail_* (test case 7), 57 for trap_u (code 1337, taken modulo 256).
# The nofromhost style does not run on QEMU: its spike machine turns HTIF
# on only for an ELF with both `tohost` and `fromhost` (QEMU 7.2), and the
# run would never end there.
#
# usage: run.sh BUILD OSPREY QEMU
set -u

build=$1 osprey=$2 qemu=$3
dir=$build/tests/penv
pass=0
fail=0

expected() {
	case $1 in
	pass_*) echo 0 ;;
	fail_*) echo 7 ;;
	trap_*) echo 57 ;;
	esac
}

for elf in "$dir"/*.elf; do
	name=$(basename "$elf" .elf)
	want=$(expected "${name%%-*}")
	for run in "functional 1" "functional 4" "timing 1" "timing 4" "qemu 1" "qemu 4"; do
		set -- $run
		case $1-$name in qemu-*-nofromhost) continue ;; esac
		if [ "$1" = qemu ]; then
			timeout 60 $qemu -M spike -bios none -nographic -smp "$2" -kernel "$elf" \
				</dev/null >"$dir/$name.$1-$2.out" 2>&1
		else
			timeout 60 "$osprey" -q --mode "$1" --cores "$2" --max-insns 10000000 \
				--uart-in none "$elf" </dev/null >"$dir/$name.$1-$2.out" 2>&1
		fi
		rc=$?
		if [ "$rc" = "$want" ]; then
			pass=$((pass + 1))
		else
			echo "FAIL $name ($1, $2 harts): exit $rc, expected $want"
			tail -n 3 "$dir/$name.$1-$2.out" | sed 's/^/  | /'
			fail=$((fail + 1))
		fi
	done
done
echo "penv: $pass passed, $fail failed"
[ "$fail" = 0 ]
