#!/bin/sh
# `make bench-compare`: two `make bench` runs' figures side by side.
# Usage: sim/bench-compare.sh OLD.json NEW.json
# OLD.json and NEW.json are build/bench.json files written by sim/bench.sh
# (one figure a line). For each figure both hold: the old and the new
# median, and the new over the old by medians and by bests (every figure is
# a rate, so above 1 is faster), the two scalars among them with one value
# and no best (osprey over QEMU on the sieve; idle skipping's seconds, where
# below 1 is faster); then the figures only one file holds. Wall-clock figures compare only when both
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
# add(KEY, LABEL, MEDIAN, BEST): one figure of this side, in first-seen order
function add(k, name, med, bst) {
	if (!(k in label))
		order[++n] = k
	label[k] = name
	median[side, k] = med
	best[side, k] = bst
}
/^  "[a-z0-9_]+": \{"label": / {
	k = key_of($0)
	add(k, field($0, "label") " (" field($0, "unit") ")", field($0, "median"), field($0, "best"))
	next
}
# the scalars: one value each, no best (their "by best" column is "-")
/^  "[a-z0-9_]+": [-0-9.]/ {
	k = key_of($0)
	add(k, k == "osprey_over_qemu_sieve" ? "osprey functional over QEMU, sieve (medians)" : \
	       k == "idle_skip_seconds" ? "idle skipping, seconds for 1e9 cycles" : k,
	    field($0, k), "")
}
END {
	printf "old: %s (%s)\n", old_name, ("old" in host) ? host["old"] : "no host line"
	printf "new: %s (%s)\n", new_name, ("new" in host) ? host["new"] : "no host line"
	if (host["old"] != host["new"])
		print "the two runs differ in host, host CPU or runs: their wall-clock figures compare with care"
	printf "%-70s %12s %12s %9s %9s\n", "figure", "old median", "new median", "by median", "by best"
	for (i = 1; i <= n; i++) {
		k = order[i]
		if ((("old", k) in median) && (("new", k) in median))
			printf "%-70s %12s %12s %9s %9s\n", label[k], median["old", k], median["new", k],
				ratio(median["new", k], median["old", k]),
				ratio(best["new", k], best["old", k])
	}
	for (i = 1; i <= n; i++) {
		k = order[i]
		if (!(("old", k) in median))
			printf "only in new: %s, %s\n", label[k], k
		else if (!(("new", k) in median))
			printf "only in old: %s, %s\n", label[k], k
	}
}' "$1" "$2"
