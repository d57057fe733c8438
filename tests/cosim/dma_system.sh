#!/bin/sh
# tests/cosim/dma_system.sh: the DMA engine's system shadow (--cosim=dma) on a
# kernel workload slice. The shell workload on 4 harts with the engine on,
# from boot for INSNS instructions (its page zeroing and copies go to the
# engine), run with and without the RTL twin beside the C unit: the shadow
# must compare every cycle without a mismatch, see the engine at work, and
# leave the output and statistics byte-identical. A fast-forward that used
# the engine must be refused.
# usage: dma_system.sh OSPREY KERNEL_ELF SHELL_IMAGE OUTDIR [INSNS]
set -u
osprey=$1 kernel=$2 img=$3 out=$4 insns=${5:-25000000}
mkdir -p "$out"
pass=0
fail=0
run() {
	"$osprey" --mode timing --cores 4 --set dma.enabled=on --uart-in none \
		--disk "$img" "$@" "$kernel" </dev/null
}
verdict() {
	if [ "$1" = 0 ]; then
		echo "PASS $2"
		pass=$((pass + 1))
	else
		echo "FAIL $2"
		fail=$((fail + 1))
	fi
}

run --max-insns "$insns" --stats "$out/plain.json" >"$out/plain.out" 2>"$out/plain.err"
echo "exit $?" >>"$out/plain.out"
run --max-insns "$insns" --stats "$out/cosim.json" --cosim=dma >"$out/cosim.out" \
	2>"$out/cosim.err"
echo "exit $?" >>"$out/cosim.out"
grep "cosim dma" "$out/cosim.err"
grep -q "cosim dma: [1-9][0-9]* cycles compared, 0 mismatching" "$out/cosim.err"
verdict $? "shadow: every cycle compared, no mismatch"
grep -q "osprey: dma: [1-9]" "$out/cosim.err"
verdict $? "shadow: the engine moved lines in the slice"
cmp -s "$out/plain.out" "$out/cosim.out" && cmp -s "$out/plain.json" "$out/cosim.json"
verdict $? "shadow: output and statistics identical to the C model's run"

run --fast-forward 12000000 --max-insns 13000000 --cosim=dma >/dev/null 2>"$out/ff.err"
rc=$?
[ $rc = 2 ] && grep -q "cosim=dma: the engine was used before the timing run" "$out/ff.err"
verdict $? "shadow: refused after a fast-forward that used the engine"

echo "cosim-dma-system: $pass passed, $fail failed"
[ "$fail" = 0 ]
