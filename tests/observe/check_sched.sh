#!/bin/sh
# tests/observe/check_sched.sh OSPREY NORMAL_KERNEL LAZY_KERNEL DISK
# The scheduler checker (--check-sched) on a kernel workload:
#  - the lazy balancer (KERNEL_OPT=lazysched) keeps every process on hart 0's
#    queue while harts 1-3 idle: the checker must report intervals, every one
#    naming an idle hart among 1-3 and hart 0's queue, and all three of them;
#  - the normal kernel's result is checked against what was measured: no
#    interval over the default threshold.
set -u
osprey=$1 normal=$2 lazy=$3 disk=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

"$osprey" --cores 4 --uart-in none -q --check-sched --disk "$disk" "$lazy" \
	>/dev/null 2>"$tmp/lazy" || { echo "FAIL: lazy kernel run"; cat "$tmp/lazy"; exit 1; }
lines=$(grep -c 'idle for cycles' "$tmp/lazy")
summary=$(grep 'intervals\? over the threshold' "$tmp/lazy")
case $summary in
"check-sched: 0 intervals"*|"") echo "FAIL: lazy balancer: checker did not fire: $summary"; fail=1 ;;
esac
[ "$lines" -gt 0 ] || { echo "FAIL: lazy balancer: no interval listed"; fail=1; }
wrong=$(grep 'idle for cycles' "$tmp/lazy" | grep -v "while pid [0-9]* ([^)]*) waited in hart 0's run queue" | head -3)
[ -z "$wrong" ] || { echo "FAIL: lazy balancer: an interval names another queue: $wrong"; fail=1; }
grep 'idle for cycles' "$tmp/lazy" | grep -q '^check-sched: hart 0 idle' &&
	{ echo "FAIL: lazy balancer: hart 0 (the busy one) reported idle"; fail=1; }
for h in 1 2 3; do
	grep -q "^check-sched: hart $h idle for cycles" "$tmp/lazy" ||
		{ echo "FAIL: lazy balancer: idle hart $h not named"; fail=1; }
done
echo "lazy balancer: $summary"

"$osprey" --cores 4 --uart-in none -q --check-sched --disk "$disk" "$normal" \
	>/dev/null 2>"$tmp/normal" || { echo "FAIL: normal kernel run"; cat "$tmp/normal"; exit 1; }
summary=$(grep 'intervals\? over the threshold' "$tmp/normal")
case $summary in
"check-sched: 0 intervals"*) ;;
*) echo "FAIL: normal kernel: $summary"; grep 'idle for' "$tmp/normal" | head; fail=1 ;;
esac
grep -q ' 0 kernel events' "$tmp/normal" && { echo "FAIL: normal kernel: no events"; fail=1; }
echo "normal kernel: $summary"
[ $fail = 0 ] && echo "check-sched: PASS"
exit $fail
