# sim/summary.awk - reads osprey's stderr and prints the figures of its last
# summary line ("osprey: N harts, I instructions (...), C cycles, S s host,
# M MIPS") as "I C S M": instructions, cycles, host seconds, MIPS; prints
# nothing if there is none. Used by bench.sh and quantum-sweep.sh.
/ MIPS$/ {
	for (f = 1; f <= NF; f++) {
		if ($(f + 1) == "instructions") insns = $f
		if ($(f + 1) == "cycles,") cycles = $f
		if ($(f + 1) == "s") host = $f
	}
	line = insns " " cycles " " host " " $(NF - 1)
}
END { if (line != "") print line }
