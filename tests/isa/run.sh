#!/bin/sh
# Runs osprey ISA tests and prints one line per run and a summary.
# Usage: run.sh osprey|qemu RUNNER DIR NAME...
#   osprey: RUNNER is the osprey binary; each NAME runs as DIR/NAME.elf (finisher)
#           and DIR/NAME-htif.elf (HTIF tohost); NAME@C runs DIR/NAME.elf with C cores.
#   qemu:   RUNNER is the QEMU command line without -kernel; each NAME runs DIR/NAME.elf.
# A test passes when the run exits with status 0; otherwise the status is shown
# (the failing test case number; 124 = timeout; osprey: 3 = instruction limit).
set -u
mode=$1
runner=$2
dir=$3
shift 3

pass=0
fail=0
log=$dir/log-$mode
mkdir -p "$log"

run() { # label, command...
	label=$1
	shift
	out=$log/$label.out
	timeout 60 "$@" >"$out" 2>&1 </dev/null
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "PASS $label"
		pass=$((pass + 1))
	else
		echo "FAIL $label (exit $rc)"
		grep -a '^isa:' "$out" | sed 's/^/     /' | head -5
		fail=$((fail + 1))
	fi
}

for spec in "$@"; do
	name=${spec%@*}
	cores=1
	[ "$name" != "$spec" ] && cores=${spec#*@}
	case $mode in
	osprey)
		if [ "$name" != "$spec" ]; then
			run "$name@$cores" "$runner" --cores "$cores" --max-insns 10000000 "$dir/$name.elf"
		else
			run "$name" "$runner" --cores 1 --max-insns 10000000 "$dir/$name.elf"
			run "$name-htif" "$runner" --cores 1 --max-insns 10000000 "$dir/$name-htif.elf"
		fi
		;;
	qemu)
		# shellcheck disable=SC2086 # RUNNER is a command line
		if [ "$name" != "$spec" ]; then
			run "$name@$cores" $runner -smp "$cores" -kernel "$dir/$name.elf"
		else
			run "$name" $runner -kernel "$dir/$name.elf"
		fi
		;;
	*)
		echo "run.sh: unknown mode $mode" >&2
		exit 2
		;;
	esac
done

echo "isa: $pass passed, $fail failed"
[ $fail -eq 0 ]
