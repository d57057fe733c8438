#!/bin/sh
# `make bench-compare`: two `make bench` runs' figures side by side.
# Usage: sim/bench-compare.sh OLD.json NEW.json
# OLD.json and NEW.json are build/bench.json files written by sim/bench.sh
# (one figure a line). For each figure both hold: the old and the new
# median, and the new over the old by medians and by bests (every figure is
# a rate, so above 1 is faster); then the two scalars (osprey over QEMU on
# the sieve; idle skipping's seconds, where below 1 is faster), and the
# figures only one file holds. Wall-clock figures compare only when both
# runs were made on the same host and host CPU under a similar load: the
# hosts' lines are printed, and a difference between them is pointed out.
# Exit status: 0 once printed; 2 for a missing or unreadable file, or one
# that holds no figure of make bench.
set -u

usage() {
	echo "usage: sh sim/bench-compare.sh OLD.json NEW.json (two build/bench.json files)" >&2
	exit 2
}
[ $# -eq 2 ] || usage
for f in "$1" "$2"; do
	[ -f "$f" ] && [ -r "$f" ] || { echo "bench-compare: no readable file '$f' (make bench writes build/bench.json)" >&2; exit 2; }
	grep -q '^  "[a-z0-9_]*": {"label": ' "$f" ||
		{ echo "bench-compare: '$f' holds no figure of make bench (build/bench.json)" >&2; exit 2; }
done

# One awk reads both files: OLD first (FNR == NR), then NEW.
awk -v old_name="$1" -v new_name="$2" '
# field(LINE, NAME): the value of "NAME": in one line of bench.json, or ""
function field(line, name,    s) {
	if (!match(line, "\"" name "\": "))
		return ""
	s = substr(line, RSTART + RLENGTH)
	if (substr(s, 1, 1) == "\"") {
		s = substr(s, 2)
		return substr(s, 1, index(s, "\"") - 1)
	}
	match(s, /^[-0-9.eE+]+/)
	return substr(s, 1, RLENGTH)
}
# key_of(LINE): the key of the figure on LINE (sieve_1h, say)
function key_of(line) {
	match(line, /^  "[a-z0-9_]+"/)
	return substr(line, 4, RLENGTH - 4)
}
# ratio(A, B): A over B as "1.23x", or "-" when B is missing or zero
function ratio(a, b) {
	return (b + 0 != 0) ? sprintf("%.2fx", a / b) : "-"
}
FNR == NR { side = "old" }
FNR != NR { side = "new" }
/^  "host": / {
	host[side] = field($0, "cores") " cores, " field($0, "machine") ", " field($0, "runs") \
		" runs, host CPU " (field($0, "cpu") == "" ? "any" : field($0, "cpu"))
	next
}
/^  "[a-z0-9_]+": \{"label": / {
	k = key_of($0)
	if (!(k in seen)) {
		order[++n] = k
		seen[k] = 1
	}
	label[k] = field($0, "label")
	unit[k] = field($0, "unit")
	median[side, k] = field($0, "median")
	best[side, k] = field($0, "best")
	next
}
/^  "[a-z0-9_]+": [-0-9.]/ {
	k = key_of($0)
	scalar[side, k] = field($0, k)
	if (!(k in scalar_seen)) {
		scalar_order[++ns] = k
		scalar_seen[k] = 1
	}
}
END {
	printf "old: %s (%s)\n", old_name, ("old" in host) ? host["old"] : "no host line"
	printf "new: %s (%s)\n", new_name, ("new" in host) ? host["new"] : "no host line"
	if (host["old"] != host["new"])
		print "the two runs differ in host, host CPU or runs: their wall-clock figures compare with care"
	printf "%-70s %12s %12s %9s %9s\n", "figure", "old median", "new median", "by median", "by best"
	for (i = 1; i <= n; i++) {
		k = order[i]
		if (!(("old", k) in median) || !(("new", k) in median))
			continue
		printf "%-70s %12s %12s %9s %9s\n", label[k] " (" unit[k] ")",
			median["old", k], median["new", k],
			ratio(median["new", k], median["old", k]), ratio(best["new", k], best["old", k])
	}
	for (i = 1; i <= ns; i++) {
		k = scalar_order[i]
		if (!(("old", k) in scalar) || !(("new", k) in scalar))
			continue
		name = k == "osprey_over_qemu_sieve" ? "osprey functional over QEMU, sieve (medians)" : \
		       k == "idle_skip_seconds" ? "idle skipping, seconds for 1e9 cycles" : k
		printf "%-70s %12s %12s %9s\n", name, scalar["old", k], scalar["new", k],
			ratio(scalar["new", k], scalar["old", k])
	}
	for (i = 1; i <= n; i++) {
		k = order[i]
		if (!(("old", k) in median))
			printf "only in new: %s (%s)\n", label[k], k
		else if (!(("new", k) in median))
			printf "only in old: %s (%s)\n", label[k], k
	}
	for (i = 1; i <= ns; i++) {
		k = scalar_order[i]
		if (!(("old", k) in scalar))
			printf "only in new: %s\n", k
		else if (!(("new", k) in scalar))
			printf "only in old: %s\n", k
	}
}' "$1" "$2"
