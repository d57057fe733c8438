#!/bin/sh
# tests/coherence/run.sh - the coherence firmware tests: each program runs on
# osprey (timing, with --profile; and functional) and on QEMU, the console
# output compared; then the profile's data records are checked:
#   share_pair   a data record names left_count written by hart 0 and
#                right_count written by hart 1, with false-sharing misses
#   share_apart  no data record names either counter
#   update_counter  with coh.selective_update=on: no data record names
#                upd_counter (no coherence miss after the first reads) and
#                bus.busupd counts every increment; with it off, the
#                counter's line takes coherence misses
#   swpf         software prefetches: every one counted, the two to no
#                memory dropped without a fault, 2000+ useful, and that many
#                fewer L1D misses than swpf_none (the same loop, hints
#                replaced by no-ops) with fewer cycles
#
# usage: run.sh BUILD OSPREY QEMU
# Output: a line per check and "coherence: N passed, M failed"; status 1 if any failed.
set -u

build=$1 osprey=$2 qemu=$3
dir=$build/tests/coherence
pass=0
fail=0

ok() { echo "PASS $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

# run NAME TAG OPTIONS...: osprey on dir/NAME.elf, output in dir/NAME.TAG.{out,err}
run() {
	name=$1 tag=$2
	shift 2
	timeout 300 "$osprey" --uart-in none "$@" "$dir/$name.elf" \
		>"$dir/$name.$tag.out" 2>"$dir/$name.$tag.err" </dev/null
}

for name in share_pair share_apart update_counter swpf swpf_none; do
	timeout 60 $qemu -M virt -bios none -nographic -smp 4 -m 128M \
		-kernel "$dir/$name.elf" </dev/null >"$dir/$name.qemu" 2>&1
	for mode in timing functional; do
		opts="--mode $mode --cores 4"
		[ $mode = timing ] && opts="$opts --profile $dir/$name.prof --stats $dir/$name.json"
		[ $name = update_counter ] && opts="$opts --set coh.selective_update=on"
		if run $name $mode $opts && cmp -s "$dir/$name.qemu" "$dir/$name.$mode.out"; then
			ok "$name ($mode, same output as QEMU)"
		else
			bad "$name ($mode): exit or output differs from QEMU"
			tail -n 3 "$dir/$name.$mode.err" "$dir/$name.$mode.out" | sed 's/^/  | /'
		fi
	done
done

# The false-sharing pair: one record naming both counters, each with its writer.
rec=$(grep '^data ' "$dir/share_pair.prof" | grep 'left_count w:0 ' | grep 'right_count w:1 ')
false_misses=$(echo "$rec" | awk '{ print $4 }')
if [ -n "$rec" ] && [ "${false_misses:-0}" -ge 100 ]; then
	ok "share_pair: left_count (hart 0) and right_count (hart 1) share a line," \
		"$false_misses false-sharing misses"
else
	bad "share_pair: no data record naming both counters with 100+ false-sharing misses"
	grep '^data ' "$dir/share_pair.prof" | head -5 | sed 's/^/  | /'
fi
if grep '^data ' "$dir/share_apart.prof" | grep -q 'left_count\|right_count'; then
	bad "share_apart: a counter in a line of its own took coherence misses"
	grep '^data ' "$dir/share_apart.prof" | grep 'left_count\|right_count' | sed 's/^/  | /'
else
	ok "share_apart: no coherence misses on either counter"
fi

# The update counter, on and off.
total() {	# total KEY FILE.json: the machine total of a statistic
	sed -n "/\"total\": {/,\$p" "$2" | grep -A5 "\"$1\"" | sed -n 's/.*"total": \([0-9]*\).*/\1/p' | head -n 1
}
run update_counter off --cores 4 --set coh.selective_update=off --profile "$dir/update_off.prof"
if grep '^data ' "$dir/update_counter.prof" | grep -q 'upd_counter'; then
	bad "update_counter: the update line took coherence misses"
	grep '^data ' "$dir/update_counter.prof" | grep upd_counter | sed 's/^/  | /'
else
	ok "update_counter: no coherence misses on the update line"
fi
upd=$(total bus.busupd "$dir/update_counter.json")
if [ "${upd:-0}" -ge 2000 ]; then
	ok "update_counter: $upd BusUpd for 2000 increments"
else
	bad "update_counter: bus.busupd ${upd:-missing}, expected 2000 or more"
fi
off=$(grep '^data ' "$dir/update_off.prof" | grep 'upd_counter' | awk '{ print $3 + $4 }')
if [ "${off:-0}" -ge 1000 ]; then
	ok "update_counter: with coh.selective_update=off the line takes $off coherence misses"
else
	bad "update_counter: with coh.selective_update=off, ${off:-no} coherence misses on the line"
fi

# Software prefetching.
pf=$(total core.prefetches "$dir/swpf.json")
nt=$(total core.prefetch_no_translation "$dir/swpf.json")
useful=$(total swpf.useful "$dir/swpf.json")
m_pf=$(total l1d.misses "$dir/swpf.json")
m_none=$(total l1d.misses "$dir/swpf_none.json")
c_pf=$(total core.cycles "$dir/swpf.json")
c_none=$(total core.cycles "$dir/swpf_none.json")
if [ "${pf:-0}" = 2051 ] && [ "${nt:-0}" -ge 2 ] && [ "${useful:-0}" -ge 2000 ] &&
	[ $((m_pf + 2000)) -le "${m_none:-0}" ] && [ "${c_pf:-0}" -lt "${c_none:-0}" ]; then
	ok "swpf: $pf prefetches ($nt to no memory, dropped), $useful useful;" \
		"L1D misses $m_none -> $m_pf, cycles $c_none -> $c_pf"
else
	bad "swpf: prefetches ${pf:-?} (2051), dropped ${nt:-?} (2+), useful ${useful:-?} (2000+)," \
		"L1D misses ${m_none:-?} -> ${m_pf:-?}, cycles ${c_none:-?} -> ${c_pf:-?}"
fi

echo "coherence: $pass passed, $fail failed"
[ "$fail" = 0 ]
