#!/bin/sh
# Runs one libFuzzer harness and prints one summary line: executions, rate,
# findings. Fails when the harness found something (a crash, a sanitizer
# report, a broken promise, a timeout, a leak) and names the input kept.
#
# Usage: tests/fuzz/run.sh NAME HARNESS FINDINGS_DIR LOG [libFuzzer args...]
#   FINDINGS_DIR receives the inputs of findings (crash-*, timeout-*, ...);
#   LOG receives libFuzzer's own output.
set -u
name=$1 harness=$2 findings=$3 log=$4
shift 4

mkdir -p "$findings" "$(dirname "$log")"
stamp=$findings/.start
: >"$stamp"
"$harness" -artifact_prefix="$findings/" -print_final_stats=1 "$@" >"$log" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
new=$(find "$findings" -type f -newer "$stamp" ! -name .start | sort)
n=$(printf '%s' "$new" | grep -c . || true)
rm -f "$stamp"
echo "fuzz $name: ${execs:-?} executions, ${rate:-?} per second, $n findings (log: $log)"
if [ "$rc" != 0 ] || [ "$n" != 0 ]; then
	grep -E 'ERROR|runtime error|broken promise|SUMMARY|==[0-9]+==' "$log" | head -n 20
	for f in $new; do
		echo "  finding: $f (reproduce: $harness $f)"
	done
	echo "fuzz $name: FAILED (status $rc)"
	exit 1
fi
