# sim/stats-strip.awk: a --stats JSON file less some of its statistics, for
# comparing two builds' files line by line (sim/stats-check.sh,
# sim/stats-combo.sh).
# Usage: awk -v blocks=RE [-v keys=RE] -f sim/stats-strip.awk FILE.json
#   blocks: the names of the counters whose blocks ("name": { ... }) are
#           dropped, as an extended regular expression (an alternation);
#   keys:   the names of single-line keys that are dropped, likewise.
# Commas at line ends, which depend on what follows, are dropped too.
BEGIN {
	block_re = "\"(" blocks ")\": [{]"
	key_re = "\"(" keys ")\""
}
skip { if (/}/) skip = 0; next }
$0 ~ block_re { skip = !/}/; next }
keys != "" && $0 ~ key_re { next }
{ sub(/,$/, ""); print }
