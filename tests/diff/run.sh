#!/bin/sh
# tests/diff/run.sh - runs each differential test on QEMU (the reference) and
# on osprey, and compares UART output and exit status.
#
# usage: run.sh BUILD OSPREY QEMU "QEMU_FLAGS" [NAME...]
#   OSPREY = "none" checks the programs on QEMU only (their expected status).
#   OSPREY_MODES (environment): osprey's modes to compare, default
#   "timing functional"; each mode of each test counts as one result.
#   No NAME runs every test in tests.list.
# Output: one line per test, both outputs on a mismatch, and a final line
# "diff: N passed, M failed"; the status is 1 if any test failed.
set -u

build=$1 osprey=$2 qemu=$3 qemu_flags=$4
shift 4
list=$(dirname "$0")/tests.list
out=$build/tests/diff/out
mkdir -p "$out"

# Seconds each run may take: QEMU is fast; a cycle-level model is not.
qemu_timeout=60	# generous: QEMU runs 4 vCPU threads on a shared 2-core host
osprey_timeout=600
osprey_insns=200000000

pass=0
fail=0

# $1 = name: prints the tests.list line for it, or nothing
lookup() {
	awk -v n="$1" '$1 == n && $1 !~ /^#/' "$list"
}

names=${*:-$(awk '!/^#/ && NF { print $1 }' "$list")}

for name in $names; do
	line=$(lookup "$name")
	if [ -z "$line" ]; then
		echo "FAIL $name: not in $list"
		fail=$((fail + 1))
		continue
	fi
	set -- $line
	cores=$2 want=$3 elf=$build/${4:-tests/diff/$name.elf}

	timeout $qemu_timeout $qemu $qemu_flags -smp "$cores" -kernel "$elf" \
		>"$out/$name.qemu" 2>"$out/$name.qemu.err" </dev/null
	qrc=$?
	if [ "$qrc" != "$want" ]; then
		echo "FAIL $name: QEMU exited $qrc, the test expects $want (test or QEMU problem)"
		sed 's/^/  qemu| /' "$out/$name.qemu" "$out/$name.qemu.err"
		fail=$((fail + 1))
		continue
	fi
	if [ "$osprey" = none ]; then
		echo "PASS $name (QEMU only, cores $cores, exit $qrc)"
		pass=$((pass + 1))
		continue
	fi

	for mode in ${OSPREY_MODES:-timing functional}; do
		o=$out/$name.$mode
		timeout $osprey_timeout "$osprey" --mode "$mode" --cores "$cores" \
			--max-insns $osprey_insns "$elf" >"$o.osprey" 2>"$o.osprey.err" </dev/null
		orc=$?
		if [ "$orc" = "$qrc" ] && cmp -s "$out/$name.qemu" "$o.osprey"; then
			echo "PASS $name ($mode, cores $cores, exit $orc)"
			pass=$((pass + 1))
			continue
		fi
		echo "FAIL $name ($mode, cores $cores): exit status QEMU $qrc, osprey $orc"
		diff -u --label "qemu: $name" --label "osprey $mode: $name" \
			"$out/$name.qemu" "$o.osprey" | sed 's/^/  /'
		if [ -s "$o.osprey.err" ]; then
			echo "  osprey stderr (last 10 lines):"
			tail -n 10 "$o.osprey.err" | sed 's/^/  | /'
		fi
		fail=$((fail + 1))
	done
done

echo "diff: $pass passed, $fail failed"
[ "$fail" = 0 ]
