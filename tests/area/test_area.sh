#!/bin/sh
# tests/area: the area estimator (sim/area) moves the right way by about the
# right amount when a geometry doubles, and refuses bad input clearly.
#   sh tests/area/test_area.sh AREA_PROGRAM OUT_DIR
# Small stream buffers keep the syntheses short; results are cached in OUT_DIR.
set -u
AREA=$1
OUT=$2
mkdir -p "$OUT/cache"
fails=0

# rbe of the Markdown row named $2 in the table of run $1 (column 4).
row_rbe() {
	awk -F'|' -v n="$2" '{ gsub(/^ +| +$/, "", $2) } $2 == n { gsub(/ /, "", $4); print $4 }' "$1"
}
# The base L1I + L1D rbe from the table's first line.
base_rbe() {
	sed -n 's/.*base L1I + L1D = \([0-9]*\) rbe.*/\1/p' "$1"
}
run() {
	name=$1
	shift
	"$AREA" --cache "$OUT/cache" "$@" --json "$OUT/$name.json" --markdown "$OUT/$name.md" \
		2>"$OUT/$name.err"
}
# check NAME CONDITION-TEXT AWK-EXPRESSION: passes when the expression is true.
check() {
	if awk "BEGIN { exit !($3) }"; then
		echo "ok   $1: $2"
	else
		echo "FAIL $1: $2"
		fails=$((fails + 1))
	fi
}
# ratio_in NAME A B LO HI: B/A within [LO, HI].
ratio_in() {
	check "$1" "ratio $3/$2 in [$4, $5]" "$2 > 0 && $3 / $2 >= $4 && $3 / $2 <= $5"
}

SB="--no-base-logic --set sys.cores=1 --set sbuf.count=2"
run sbuf-d2 $SB --set sbuf.depth=2 || { echo "FAIL sbuf-d2: $(cat "$OUT/sbuf-d2.err")"; exit 1; }
run sbuf-d4 $SB --set sbuf.depth=4 || { echo "FAIL sbuf-d4: $(cat "$OUT/sbuf-d4.err")"; exit 1; }
a=$(row_rbe "$OUT/sbuf-d2.md" "stream buffers")
b=$(row_rbe "$OUT/sbuf-d4.md" "stream buffers")
# twin_regs RUN: the stream buffer twin's register bits (the Markdown's twin column).
twin_regs() {
	sed -n 's/.*`sbuf`: \([0-9]*\),.*/\1/p' "$1"
}
# The registers are the entries (line, requested, available) plus valid bits and LRU
# ranks, which do not double: a little under 2x. The logic grows faster than the
# depth (an any-entry hit shifts the buffer by up to D entries: D x D multiplexers),
# so the whole stays between the two.
ratio_in "stream buffer depth 2 -> 4: registers" "$(twin_regs "$OUT/sbuf-d2.md")" \
	"$(twin_regs "$OUT/sbuf-d4.md")" 1.8 2.0
ratio_in "stream buffer depth 2 -> 4: total" "$a" "$b" 1.8 3.0

# The storage model alone: the prefetch engine's synthesis is slow, and it does not
# depend on the L1I's size.
G="--storage-only --set sys.cores=1 --set pf.guarded=miss"
run l1i-16k $G --set l1i.size=16K || { echo "FAIL l1i-16k: $(cat "$OUT/l1i-16k.err")"; exit 1; }
run l1i-32k $G --set l1i.size=32K || { echo "FAIL l1i-32k: $(cat "$OUT/l1i-32k.err")"; exit 1; }
b16=$(base_rbe "$OUT/l1i-16k.md")
b32=$(base_rbe "$OUT/l1i-32k.md")
l1i16=$(sed -n 's/.*(L1I \([0-9]*\),.*/\1/p' "$OUT/l1i-16k.md")
l1i32=$(sed -n 's/.*(L1I \([0-9]*\),.*/\1/p' "$OUT/l1i-32k.md")
# Data and tags scale with the lines; the tag narrows by a bit, so a little under 2.
ratio_in "L1I 16K -> 32K: the L1I" "$l1i16" "$l1i32" 1.9 2.0
# (Figures are printed rounded to whole rbe: differences are within 1.)
check "L1I 16K -> 32K: the base" "grows by the L1I's growth" \
	"$b32 - $b16 - ($l1i32 - $l1i16) <= 1 && $b32 - $b16 - ($l1i32 - $l1i16) >= -1"
g16=$(row_rbe "$OUT/l1i-16k.md" "guarded sequential prefetch")
g32=$(row_rbe "$OUT/l1i-32k.md" "guarded sequential prefetch")
# The guard marks (a bit per L1I word) double; the MSHRs and the rest stay.
check "L1I 16K -> 32K: guarded prefetch" "grows by the 4096 predecode bits added ($g16 -> $g32)" \
	"$g32 - $g16 - 16384 / 4 * 0.6 <= 1 && $g32 - $g16 - 16384 / 4 * 0.6 >= -1"
check "supports off add nothing" "stream buffers 0 rbe when sbuf.count=0" \
	"$(row_rbe "$OUT/l1i-16k.md" "stream buffers") == 0"

# The base machine's twins: per-core units count once per core, the bus controller
# once per machine and it grows with its agents, the bus sequencer once and the same. Both L1s use random replacement,
# which has no twin: their rows say so, and the L1 controller's long synthesis
# (make area does it) stays out of make test.
# base_row RUN UNIT COLUMN: a column of the base-logic table's row UNIT.
base_row() {
	awk -F'|' -v n="$2" -v c="$3" '{ gsub(/^ +| +$/, "", $2) } $2 == n { gsub(/ /, "", $c); print $c }' "$1"
}
BL="--set l1i.repl=random --set l1d.repl=random"
run base-1 $BL --set sys.cores=1 || { echo "FAIL base-1: $(cat "$OUT/base-1.err")"; exit 1; }
run base-2 $BL --set sys.cores=2 || { echo "FAIL base-2: $(cat "$OUT/base-2.err")"; exit 1; }
ratio_in "1 -> 2 cores: fetch unit" "$(base_row "$OUT/base-1.md" "fetch unit" 4)" \
	"$(base_row "$OUT/base-2.md" "fetch unit" 4)" 1.99 2.01
check "1 -> 2 cores: one bus controller" "copies stay 1" \
	"$(base_row "$OUT/base-2.md" "bus controller" 3) == 1"
ratio_in "1 -> 2 cores: the bus controller grows with its agents" \
	"$(base_row "$OUT/base-1.md" "bus controller" 4)" \
	"$(base_row "$OUT/base-2.md" "bus controller" 4)" 1.05 3.0
ratio_in "1 -> 2 cores: one bus sequencer, the same (its parameters are the bus's)" \
	"$(base_row "$OUT/base-1.md" "bus sequencer" 4)" \
	"$(base_row "$OUT/base-2.md" "bus sequencer" 4)" 1.0 1.0
check "1 -> 2 cores: one bus sequencer" "copies stay 1" \
	"$(base_row "$OUT/base-2.md" "bus sequencer" 3) == 1"
check "random replacement" "the L1 controllers are not synthesized, and say so" \
	"$(grep -c 'L1[ID] controller.*random replacement has no twin' "$OUT/base-2.md") == 2 && \
	 $(base_row "$OUT/base-2.md" "L1I controller" 4) == 0"

# Small cores (core.kinds): each core counted at its own geometry. The small
# geometry is set explicitly, so that the all-big run at it is the reference.
K="--storage-only --set pf.guarded=miss --set small.l1i.size=4K --set small.l1i.ways=1 --set small.l1d.size=8K --set small.l1d.ways=1"
run kinds-none $K || { echo "FAIL kinds-none: $(cat "$OUT/kinds-none.err")"; exit 1; }
run kinds-big $K --set core.kinds=big || { echo "FAIL kinds-big: $(cat "$OUT/kinds-big.err")"; exit 1; }
run kinds-mixed $K --set core.kinds=big,big,small,small ||
	{ echo "FAIL kinds-mixed: $(cat "$OUT/kinds-mixed.err")"; exit 1; }
run kinds-small $K --set core.kinds=small || { echo "FAIL kinds-small: $(cat "$OUT/kinds-small.err")"; exit 1; }
run kinds-ref $K --set l1i.size=4K --set l1d.size=8K ||
	{ echo "FAIL kinds-ref: $(cat "$OUT/kinds-ref.err")"; exit 1; }
check "every core big" "the same output as no core.kinds" \
	"$(cat "$OUT/kinds-none.md" "$OUT/kinds-none.json" | cksum | cut -d' ' -f1) == \
	 $(cat "$OUT/kinds-big.md" "$OUT/kinds-big.json" | cksum | cut -d' ' -f1)"
bn=$(base_rbe "$OUT/kinds-none.md")
bm=$(base_rbe "$OUT/kinds-mixed.md")
bs=$(base_rbe "$OUT/kinds-small.md")
br=$(base_rbe "$OUT/kinds-ref.md")
check "every core small" "the base of the machine built at the small geometry ($bs, $br)" \
	"$bs - $br <= 1 && $bs - $br >= -1"
check "every core small" "guarded prefetch's guard marks at the small L1I" \
	"$(row_rbe "$OUT/kinds-small.md" "guarded sequential prefetch") - \
	 $(row_rbe "$OUT/kinds-ref.md" "guarded sequential prefetch") <= 1 && \
	 $(row_rbe "$OUT/kinds-ref.md" "guarded sequential prefetch") - \
	 $(row_rbe "$OUT/kinds-small.md" "guarded sequential prefetch") <= 1"
check "2 big + 2 small" "the base halfway between all big and all small ($bn, $bm, $bs)" \
	"$bm - ($bn + $bs) / 2 <= 1 && $bm - ($bn + $bs) / 2 >= -1 && $bm < $bn"

# Bad input: exit status 2 and a message naming what is wrong.
refuse() {
	name=$1
	want=$2
	shift 2
	"$AREA" --cache "$OUT/cache" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"
	st=$?
	if [ $st -eq 2 ] && grep -q -- "$want" "$OUT/$name.err"; then
		echo "ok   refuses $name: $(head -1 "$OUT/$name.err")"
	else
		echo "FAIL refuses $name: status $st, stderr: $(cat "$OUT/$name.err")"
		fails=$((fails + 1))
	fi
}
refuse unknown-key "no.such.key" --set no.such.key=1
refuse bad-value "l1i.size" --set l1i.size=3K
refuse bad-preset "unknown preset" --preset ancient
refuse no-equals "KEY=VALUE" --set l1i.size
refuse missing-config "missing.cfg" --config "$OUT/missing.cfg"
refuse kinds-length "core.kinds" --set core.kinds=big,small,big
# Yosys missing: a failure of the tool (status 1), named.
YOSYS=/nonexistent/yosys "$AREA" --cache "$OUT/cache-empty" --set sys.cores=1 --set sbuf.count=3 \
	>/dev/null 2>"$OUT/no-yosys.err"
st=$?
if [ $st -eq 1 ] && grep -q "synthesis of sbuf" "$OUT/no-yosys.err"; then
	echo "ok   a missing yosys is reported: $(head -1 "$OUT/no-yosys.err")"
else
	echo "FAIL a missing yosys: status $st, stderr: $(cat "$OUT/no-yosys.err")"
	fails=$((fails + 1))
fi

if [ $fails -ne 0 ]; then
	echo "test-area: $fails FAILED"
	exit 1
fi
echo "test-area: all checks passed"
