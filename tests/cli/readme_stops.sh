#!/bin/sh
# tests/cli/readme_stops.sh ROOT - every value the stats file's "stop" can
# take (stop_names in model/sys/report.c, but "running", which a finished run
# never has) has a row in the README's table of them.
set -u
root=$1
values=$(sed -n '/stop_names\[\] = {/,/};/p' "$root/model/sys/report.c" |
	grep -o '"[a-z]*"' | tr -d '"' | grep -v '^running$')
[ -n "$values" ] || { echo "no stop_names in model/sys/report.c" >&2; exit 1; }
status=0
for v in $values; do
	if ! grep -q "^| \`$v\` |" "$root/README.md"; then
		echo "README.md: \"stop\" value '$v' is not documented" >&2
		status=1
	fi
done
exit $status
