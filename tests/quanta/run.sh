#!/bin/sh
# tests/quanta/run.sh - functional mode in quanta (sys.quantum): the same run
# twice gives the same output and statistics byte for byte; every quantum
# gives the demo's and the self-modifying-code tests' output of a quantum of
# 1 (smc_ahead: a store into the code its own run reaches, in timing mode
# too); an instruction limit stops at exactly that many instructions
# whatever the quantum.
# usage: run.sh OSPREY DEMO_ELF SMC_ELF SMC_AHEAD_ELF KERNEL_ELF SHELL_IMAGE OUT_DIR
set -u
osprey=$1 demo=$2 smc=$3 smc_ahead=$4 kernel=$5 shell_img=$6 out=$7
mkdir -p "$out"
pass=0
fail=0

ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

# run TAG ARGS...: osprey in functional mode, stdout, stats and status kept
run() {
	tag=$1
	shift
	"$osprey" -q --mode functional --stats "$out/$tag.json" "$@" </dev/null \
		>"$out/$tag.out" 2>"$out/$tag.err"
	echo "status $?" >>"$out/$tag.out"
}

# Determinism: two runs of the same thing, compared whole.
for q in 256 4096; do
	run demo-a-$q --cores 4 --set sys.quantum=$q "$demo"
	run demo-b-$q --cores 4 --set sys.quantum=$q "$demo"
	if cmp -s "$out/demo-a-$q.out" "$out/demo-b-$q.out" &&
	   cmp -s "$out/demo-a-$q.json" "$out/demo-b-$q.json"; then
		ok "demo, quantum $q: two runs identical (output and statistics)"
	else
		bad "demo, quantum $q: two runs differ"
	fi
done
run shell-a --cores 4 --max-insns 30000000 --disk "$shell_img" "$kernel"
run shell-b --cores 4 --max-insns 30000000 --disk "$shell_img" "$kernel"
if cmp -s "$out/shell-a.out" "$out/shell-b.out" && cmp -s "$out/shell-a.json" "$out/shell-b.json"
then
	ok "kernel shell workload (30 M instructions), default quantum: two runs identical"
else
	bad "kernel shell workload, default quantum: two runs differ"
fi

# Every quantum, the same program output as a quantum of 1.
for prog in demo smc smc_ahead; do
	eval elf=\$$prog
	run $prog-q1 --cores 4 --set sys.quantum=1 "$elf"
	grep -q '^status 0$' "$out/$prog-q1.out" || bad "$prog, quantum 1: did not pass"
	for q in 2 7 256 1024 65536; do
		run $prog-q$q --cores 4 --set sys.quantum=$q "$elf"
		if cmp -s "$out/$prog-q1.out" "$out/$prog-q$q.out"; then
			ok "$prog, quantum $q: the output of quantum 1"
		else
			bad "$prog, quantum $q: output differs from quantum 1"
			diff "$out/$prog-q1.out" "$out/$prog-q$q.out" | head -5
		fi
	done
done

# The timing model runs the store-ahead code as the functional loop does.
"$osprey" -q --mode timing "$smc_ahead" </dev/null >"$out/smc_ahead-timing.out" 2>&1
if [ $? = 0 ] && grep -q ': ok$' "$out/smc_ahead-timing.out"; then
	ok "smc_ahead, timing mode: the new code ran"
else
	bad "smc_ahead, timing mode: failed"
	head -5 "$out/smc_ahead-timing.out"
fi

# An instruction limit is exact in any quantum.
for q in 3 256 65536; do
	run limit-q$q --cores 4 --set sys.quantum=$q --max-insns 2000003 --disk "$shell_img" "$kernel"
	n=$(awk '/"instructions":/ { gsub(/[^0-9]/, "", $2); print $2; exit }' "$out/limit-q$q.json")
	if [ "$n" = 2000003 ] && grep -q '^status 3$' "$out/limit-q$q.out"; then
		ok "quantum $q: --max-insns 2000003 stops at 2000003 instructions"
	else
		bad "quantum $q: --max-insns 2000003 stopped at '$n' instructions"
	fi
done

echo "quanta: $pass passed, $fail failed"
[ "$fail" = 0 ]
