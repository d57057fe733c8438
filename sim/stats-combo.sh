#!/bin/sh
# `make stats-combo BASE=OLD_OSPREY [N=40] [SEED=1]`: stats-check's promise in
# combination. N random valid configurations (seeded, so a failure can be run
# again) of the supports and the machine's geometry, each on the demo or a
# slice of the kernel's shell workload in timing mode, on OLD_OSPREY and on the
# new build; console output, exit status, --stats and the output files drawn
# (OUTPUTS below) compared byte for byte, less the decoded-instruction
# cache's counters (hart.decode_*), which count the simulator's own cache,
# not the model, and changed meaning when the harts came to share it, and
# core.ran_ahead and core.ran_parked (the instructions run ahead of the
# other cores' turns, and of those the ones a parked core skipped,
# likewise the simulator's); and the keys mem.jitter, which an older build
# does not write, and sys.quantum, whose default an
# older build may have had another value of (functional mode's: these runs
# are timing ones). Commas at line ends, which depend on what follows, are
# not compared. A failing configuration is printed whole.
#
# With FOCUS `ahead` (`make ahead-check`), OLD is NEW itself with
# sys.run_ahead=off: running ahead must change nothing, and the check fails
# too if no run ran anything ahead (core.ran_ahead), or one with it off
# did. The draws then leave out the prefetchers and mostly the DMA engine,
# under which no core runs ahead, and draw the device latency, which bounds
# how far one does;
# the programs drawn include EXTRA_ELFS, a list (tests/ahead/spin_ipi.c: an
# interrupt into a loop a core runs ahead; code_snoop.c: a snoop that takes
# a line of code away from a core running it; spin_park.c: parking on spin
# loops; lr_guard.c: a store running ahead in the cycle of another hart's
# SC).
# CASES, a file, adds fixed runs to the N drawn, one a line in the drawn
# runs' form (the options, the output files, the program: demo,
# kernel:INSNS, extra:K, the Kth of EXTRA_ELFS, or elf:PATH, a program that
# only the cases run, with their own limits); # starts a comment. The
# output files: "-" for none, or a comma-separated list of OUTPUTS: profile
# (--profile), timeline (--timeline), bbprof (--bb-profile), snapshot
# (--view-snapshot, the view's picture at the end) and waves (--waves, core
# 0's units' ports over the first 100000 cycles); the draws take one of the
# first three, or none.
# Usage: sim/stats-combo.sh OLD NEW DEMO_ELF KERNEL_ELF SHELL_IMAGE N SEED [FOCUS "EXTRA_ELFS" [CASES]]
set -u
old=$1 new=$2 demo=$3 kernel=$4 shell_img=$5 n=$6 seed=$7 focus=${8:-builds} extra_elfs=${9:-}
cases=${10:-}
old_opts=
[ "$focus" = ahead ] && old_opts="--set sys.run_ahead=off"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A waveform's header carries the date of its dump: a fixed one (the
# reproducible-builds.org convention), so that two runs' files compare.
export SOURCE_DATE_EPOCH=0

# model_stats JSON: the statistics less the decoded-instruction cache's counters
# and the keys an older build may write otherwise or not at all
model_stats() {
	awk -v blocks='(hart|total)[.]decode_[a-z]+|core[.]ran_(ahead|parked)' \
	    -v keys='mem[.]jitter|sys[.]quantum|sys[.]run_ahead' \
	    -f "$(dirname "$0")/stats-strip.awk" "$1"
}

# One line per run: the options, drawn from each key's valid values. Lists of
# per-core values (core.speeds, core.kinds) have one entry per core.
# shellcheck disable=SC2086
awk -v n="$n" -v seed="$seed" -v ahead="$([ "$focus" = ahead ] && echo 1)" \
    -v nextra="$(set -- $extra_elfs; echo $#)" '
function pick(s,   a, k) { k = split(s, a, " "); return a[int(rand() * k) + 1] }
function per_core(s, cores,   a, k, i, out) {
	k = split(s, a, " ")
	out = a[1]
	for (i = 1; i < cores; i++)
		out = out "," a[i % k + 1]
	return out
}
BEGIN {
	srand(seed)
	# the extra programs, drawn together as often as the two kernel slices
	for (i = 1; i <= nextra; i++)
		extras = extras " extra:" i
	if (nextra == 1)
		extras = extras extras
	for (r = 0; r < n; r++) {
		cores = pick("1 2 4 4 8")
		o = "--preset " pick("default modern") " --cores " cores
		o = o " --set core.bpred=" pick("static-nt btfn bimodal")
		if (ahead) {
			o = o " --set dma.enabled=" pick("off off off on")
			o = o " --set mem.mmio_latency=" pick("0 1 3 20 20 100")
			o = o " --set mem.latency=" pick("5 40 40 160")
		} else {
			o = o " --set pf.nextline=" pick("off off always on-miss tagged")
			o = o " --set pf.guarded=" pick("off off miss tagged")
			o = o " --set sbuf.count=" pick("0 0 2 4")
			o = o " --set dpf.stride=" pick("0 0 4")
			o = o " --set dma.enabled=" pick("off on")
		}
		o = o " --set coh.selective_update=" pick("off on")
		o = o " --set core.speeds=" pick("1 1 2 mixed")
		sub(/mixed/, per_core("1 2", cores), o)
		o = o " --set core.kinds=" pick("big big mixed")
		sub(/mixed/, per_core("big small", cores), o)
		o = o " --set l1d.ways=" pick("1 2 4") " --set l1i.line=" pick("16 32 64")
		o = o " --set l1d.repl=" pick("lru fifo random")
		o = o " --set core.wb_entries=" pick("1 2 4 8")
		o = o " --set bus.clock_div=" pick("1 2 3 4")
		o = o " --set core.load_use=" pick("0 1 2")
		o = o " --set sys.sharing=" pick("off off on")
		o = o " " pick("- - - profile timeline bbprof")
		o = o " " pick(ahead ? "demo kernel:3000000 kernel:8000000" extras \
				     : "demo kernel:3000000 kernel:8000000")
		print o
	}
}' >"$tmp/runs"
[ -n "$cases" ] && grep -v -e '^#' -e '^[[:space:]]*$' "$cases" >>"$tmp/runs"

# ran_ahead JSON: the machine's total of core.ran_ahead (0 without one)
ran_ahead() {
	awk '/"core[.]ran_ahead": [{]/ { on = 1 } on && /"total"/ { t = $2; on = 0 }
	     END { print t + 0 }' "$1"
}

# output_diffs: a line for each output file drawn ($kinds) that the old run
# did not write or that differs between the runs; nothing when all agree
output_diffs() {
	for k in $kinds; do
		if [ ! -f "$tmp/old.$k" ]; then
			echo "  no $k file was written"
		elif ! cmp -s "$tmp/old.$k" "$tmp/new.$k"; then
			echo "  the $k files differ"
		fi
	done
}

pass=0
fail=0
engaged=0
while read -r line; do
	set -- $line
	if [ $# -lt 2 ]; then
		echo "stats-combo: a run needs its output files and program (a bug of this script or CASES): $line" >&2
		exit 2
	fi
	eval "prog=\${$#}"
	opts=$(echo "$line" | awk '{ for (i = 1; i <= NF - 2; i++) printf "%s ", $i }')
	eval "kinds=\${$(($# - 1))}"
	[ "$kinds" = - ] && kinds=
	kinds=$(echo "$kinds" | tr , ' ')
	# both runs write the same names (the console may print them), kept as old.KIND, new.KIND
	outputs=
	for k in $kinds; do
		case $k in
		profile) outputs="$outputs --profile $tmp/out.profile" ;;
		timeline) outputs="$outputs --timeline $tmp/out.timeline" ;;
		bbprof) outputs="$outputs --bb-profile $tmp/out.bbprof" ;;
		snapshot) outputs="$outputs --view-snapshot $tmp/out.snapshot" ;;
		waves) outputs="$outputs --waves $tmp/out.waves" ;;
		*)
			echo "stats-combo: unknown output '$k' (a bug of this script or CASES): $line" >&2
			exit 2
			;;
		esac
	done
	case $prog in
	demo) args=$demo ;;
	kernel:*) args="--max-insns ${prog#kernel:} --disk $shell_img $kernel" ;;
	extra:*) args=$(echo "$extra_elfs" | cut -d' ' -f"${prog#extra:}") ;;
	elf:*) args=${prog#elf:} ;;
	esac
	for b in old new; do
		eval bin=\$$b
		extra=$outputs
		rm -f "$tmp/$b".* "$tmp"/out.*
		[ $b = old ] && extra="$extra $old_opts"
		# shellcheck disable=SC2086
		"$bin" -q --mode timing $opts $extra --stats "$tmp/$b.json" $args </dev/null \
			>"$tmp/$b.out" 2>&1
		echo "exit $?" >>"$tmp/$b.out"
		for k in $kinds; do
			[ -f "$tmp/out.$k" ] && mv "$tmp/out.$k" "$tmp/$b.$k"
		done
		[ -f "$tmp/$b.json" ] && model_stats "$tmp/$b.json" >"$tmp/$b.cmp"
	done
	if grep -q '^exit 2$' "$tmp/old.out"; then
		echo "stats-combo: invalid configuration drawn (a bug of this script): $line" >&2
		head -1 "$tmp/old.out" >&2
		fail=$((fail + 1))
	elif [ "$focus" = ahead ] && [ -f "$tmp/old.json" ] && [ "$(ran_ahead "$tmp/old.json")" != 0 ]; then
		echo "FAIL (instructions ran ahead with sys.run_ahead=off) $line"
		fail=$((fail + 1))
	elif cmp -s "$tmp/old.out" "$tmp/new.out" && cmp -s "$tmp/old.cmp" "$tmp/new.cmp" &&
	     [ -z "$(output_diffs)" ]; then
		pass=$((pass + 1))
		[ -f "$tmp/new.json" ] && [ "$(ran_ahead "$tmp/new.json")" != 0 ] &&
			engaged=$((engaged + 1))
	else
		echo "FAIL $line"
		diff "$tmp/old.out" "$tmp/new.out" | head -10
		diff "$tmp/old.cmp" "$tmp/new.cmp" | head -20
		output_diffs
		fail=$((fail + 1))
	fi
done <"$tmp/runs"
if [ "$focus" = ahead ]; then
	echo "stats-combo ($focus, seed $seed): $pass passed, $fail failed; $engaged ran instructions ahead"
	[ $fail = 0 ] && [ $engaged -gt 0 ]
else
	echo "stats-combo ($focus, seed $seed): $pass passed, $fail failed"
	[ $fail = 0 ]
fi
