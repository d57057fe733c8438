#!/bin/sh
# sim/quantum-sweep.sh - the measurement behind sys.quantum's default: for
# each quantum, functional mode's speed on the compute loop (4 harts, and
# its ratio to 1 hart) and on the four kernel workloads (4 harts), and how
# far each workload's run moves from the one-instruction round robin
# (quantum 1): its instructions and cycles, and whether its console output
# is the same.
#
# usage: quantum-sweep.sh OSPREY BENCH_DIR KERNEL_ELF IMAGE_DIR [QUANTUM...]
#   BENCH_DIR holds bench-1h.elf and bench-4h.elf (make bench's compute
#   loop); IMAGE_DIR the workloads' disk images (shell.img, ...).
#   QUANTUM_RUNS (environment): runs per figure, the best kept (default 3).
#   BENCH_CPU (environment): the host CPU every run is pinned to (see
#   sim/pin-cpu.sh: default the first this process may use; empty: none).
# Host figures are osprey's own (its summary line's host seconds and MIPS):
# wall-clock time from the run's start to its end (start-up excluded), noisy
# on a shared machine.
set -u
osprey=$1 bench=$2 kernel=$3 images=$4
shift 4
quanta=${*:-1 16 64 256 1024 4096 16384}
runs=${QUANTUM_RUNS:-3}
workloads="shell make fsck-numeric numeric-make"
here=$(dirname "$0")
. "$here/pin-cpu.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# best ARGS...: runs osprey QUANTUM_RUNS times in functional mode, keeps the
# last run's console output in $tmp/out and stderr in $tmp/err, and writes
# the fastest run's figures (sim/summary.awk: instructions, cycles, host s,
# MIPS) to $tmp/best; fails (status 1) when a run does.
best() {
	i=0
	: >"$tmp/figures"
	while [ $i -lt "$runs" ]; do
		$pin "$osprey" --mode functional "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
		rc=$?
		if [ $rc != 0 ]; then
			echo "quantum-sweep: osprey $* exited with $rc:" >&2
			tail -n 3 "$tmp/err" >&2
			return 1
		fi
		awk -f "$here/summary.awk" "$tmp/err" >>"$tmp/figures"
		i=$((i + 1))
	done
	sort -k3,3g "$tmp/figures" | head -n 1 >"$tmp/best"
}

echo "osprey quantum sweep on $(nproc) host cores, best of $runs runs each${cpu:+, every run on host CPU $cpu}"
echo
printf '%s' "| quantum | compute loop, 1 hart (M/s) | 4 harts (M/s) | 4 over 1 |"
for w in $workloads; do printf '%s' " $w (host s) |"; done
echo " instructions vs quantum 1 | cycles vs quantum 1 | outputs as quantum 1 |"
printf '%s' "|---|---|---|---|"
for w in $workloads; do printf '%s' "---|"; done
echo "---|---|---|"

for q in 1 $quanta; do
	[ "$q" = 1 ] && [ -e "$tmp/ref-shell" ] && continue	# quantum 1 is the reference, run once
	# 1 hart and 4 in alternation, so that both see the machine's load of the moment.
	: >"$tmp/one"
	: >"$tmp/four"
	k=0
	while [ $k -lt "$runs" ]; do
		runs=1 best --cores 1 --set sys.quantum="$q" "$bench/bench-1h.elf" || exit 1
		awk '{ print $4 }' "$tmp/best" >>"$tmp/one"
		runs=1 best --cores 4 --set sys.quantum="$q" "$bench/bench-4h.elf" || exit 1
		awk '{ print $4 }' "$tmp/best" >>"$tmp/four"
		k=$((k + 1))
	done
	one=$(sort -gr "$tmp/one" | head -n 1)
	four=$(sort -gr "$tmp/four" | head -n 1)
	line="| $q | $one | $four | $(awk -v a="$four" -v b="$one" 'BEGIN { printf "%.2f", a / b }') |"
	same=0
	: >"$tmp/moves"
	for w in $workloads; do
		best --cores 4 --set sys.quantum="$q" --disk "$images/$w.img" "$kernel" || exit 1
		set -- $(cat "$tmp/best")
		if [ "$q" = 1 ]; then
			cp "$tmp/out" "$tmp/ref-$w"
			echo "$1 $2" >"$tmp/ref-$w.counts"
		fi
		read -r ref_insns ref_cycles <"$tmp/ref-$w.counts"
		cmp -s "$tmp/out" "$tmp/ref-$w" && same=$((same + 1))
		echo "$1 $ref_insns $2 $ref_cycles" >>"$tmp/moves"
		line="$line $3 |"
	done
	# The smallest and largest change over the four workloads.
	line="$line $(awk '
		function pct(a, b) { return 100 * (a / b - 1) }
		{ i = pct($1, $2); c = pct($3, $4)
		  if (NR == 1 || i < ilo) ilo = i; if (NR == 1 || i > ihi) ihi = i
		  if (NR == 1 || c < clo) clo = c; if (NR == 1 || c > chi) chi = c }
		END { printf "%+.2f to %+.2f %% | %+.2f to %+.2f %%", ilo, ihi, clo, chi }' "$tmp/moves") |"
	echo "$line $same of 4 |"
done
