#!/bin/sh
# tests/gdb/run.sh - osprey's GDB stub driven by real gdb-multiarch:
#   1. session.gdb through `target remote | osprey --gdb stdio`: break on a
#      function, read a global and an argument, step, list the harts as
#      threads, read CSRs, a hardware breakpoint, watch a store (old and new
#      value), continue to the guest's exit;
#   2. the same run without the debugger: the same instructions and cycles
#      (debugging does not change the run) and the same exit;
#   3. ctrl_c.py over TCP (--gdb PORT): continue, Ctrl-C, read pc, kill;
#   4. vm.elf, in S-mode with Sv32 on: memory read and written at a virtual
#      address (an alias of a variable) through the hart's translation, and
#      at physical addresses after `monitor phys`, where the alias is not RAM;
#   5. an instruction soup (random code) stopped, stepped and watched: the
#      same counters as without the debugger.
#
# usage: run.sh BUILD OSPREY
set -u

build=$1 osprey=$2
dir=$build/tests/gdb
elf=$dir/target.elf
pass=0
fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

# 1. The session.
timeout 120 gdb-multiarch -batch -nx \
	-ex "target remote | $osprey -q --mode functional --cores 2 --stats $dir/with.json --gdb stdio $elf" \
	-x tests/gdb/session.gdb "$elf" >"$dir/session.log" 2>&1 </dev/null
expect() {	# expect WHAT REGEX: the session log has a line matching REGEX
	if grep -Eq -- "$2" "$dir/session.log"; then ok "$1"; else bad "$1: no line matching '$2'"; fi
}
expect "break on a function" 'hit Breakpoint 1, add_up \(n=n@entry=10\)'
expect "read a global" '^\$1 = 42$'
expect "read an argument" '^\$2 = 10$'
expect "step" '^16[[:space:]]+for \(uint32_t i = 1'
expect "harts as threads" 'Thread 2 \(hart 1\)'
expect "read a CSR" '^\$3 = 0x[0-9a-f]+$'
expect "read a trigger CSR" '^\$4 = [0-9]+$'
expect "watch a store" '^New value = 55$'
expect "hardware breakpoint" 'Hardware assisted breakpoint 3 at'
expect "stop at the hardware breakpoint" 'hit Breakpoint 3, main'
expect "the guest's output" 'gdb target: counter 42, watched 55'
expect "continue to the end" 'exited normally'

# 2. The same run without the debugger.
"$osprey" -q --mode functional --cores 2 --stats "$dir/without.json" "$elf" >"$dir/without.out" 2>&1
figures() { grep -E '"(cycles|instructions)":' "$1" | head -n 2 | tr -d ' \n'; }
if [ -s "$dir/with.json" ] && [ "$(figures "$dir/with.json")" = "$(figures "$dir/without.json")" ]; then
	ok "the debugged run is the same run: $(figures "$dir/without.json")"
else
	bad "the debugged run differs: $(figures "$dir/with.json") vs $(figures "$dir/without.json")"
fi

# Memory and register writes: the guest sees them.
timeout 120 gdb-multiarch -batch -nx \
	-ex "target remote | $osprey -q --mode functional --cores 2 --gdb stdio $elf" \
	-ex "break add_up" -ex "continue" -ex "set var counter = 7" -ex "set var \$a0 = 4" \
	-ex "continue" "$elf" >"$dir/write.log" 2>&1 </dev/null
if grep -q 'gdb target: counter 7, watched 10' "$dir/write.log"; then
	ok "write a variable and a register"
else
	bad "write a variable and a register: $(grep 'gdb target' "$dir/write.log")"
fi

# 3. Ctrl-C over TCP.
port=$((20000 + $$ % 20000))
timeout 60 "$osprey" -q --mode functional --cores 2 --gdb $port "$dir/spin.elf" \
	>"$dir/spin.out" 2>"$dir/spin.err" </dev/null &
pid=$!
if timeout 60 python3 tests/gdb/ctrl_c.py $port >"$dir/ctrl_c.log" 2>&1; then
	wait $pid
	rc=$?
	if [ $rc = 137 ]; then
		ok "Ctrl-C over TCP: $(cat "$dir/ctrl_c.log"); killed, exit 137"
	else
		bad "Ctrl-C over TCP: osprey exited $rc after the kill (expected 137)"
	fi
else
	kill $pid 2>/dev/null
	bad "Ctrl-C over TCP: $(tail -n 1 "$dir/ctrl_c.log")"
fi

# 4. Virtual and physical memory with translation on.
vm=$dir/vm.elf
alias='(char *)&marker - 0x80000000 + 0x40000000'
timeout 120 gdb-multiarch -batch -nx \
	-ex "target remote | $osprey -q --mode functional --gdb stdio $vm" \
	-ex "break s_work" -ex "continue" -ex 'print/x ($satp >> 31) & 1' -ex "print marker" \
	-ex "x/wd $alias" -ex "set var *(unsigned *)($alias) = 77" -ex "print marker" \
	-ex "monitor phys" -ex "print marker" -ex "monitor virt" -ex "continue" \
	"$vm" >"$dir/vm.log" 2>&1 </dev/null
# The alias's address as gdb prints it, for the x line.
alias_at=$(grep -Eo '^0x4[0-9a-f]{7}' "$dir/vm.log" | head -n 1)
if grep -q '^\$1 = 0x1$' "$dir/vm.log" && grep -q '^\$2 = 5$' "$dir/vm.log" &&
   [ -n "$alias_at" ] && grep -Eq "^$alias_at:[[:space:]]+5$" "$dir/vm.log" &&
   grep -q '^\$3 = 77$' "$dir/vm.log" && grep -q 'memory addresses are physical' "$dir/vm.log" &&
   grep -q '^\$4 = 77$' "$dir/vm.log" && grep -q 'exited normally' "$dir/vm.log"; then
	ok "virtual memory through the hart's translation (read and write at $alias_at), physical after monitor phys"
else
	bad "virtual and physical memory: see $dir/vm.log"
	tail -n 12 "$dir/vm.log" | sed 's/^/  | /'
fi
timeout 120 gdb-multiarch -batch -nx \
	-ex "target remote | $osprey -q --mode functional --gdb stdio $vm" \
	-ex "break s_work" -ex "continue" -ex "monitor phys" -ex "x/wx $alias" \
	"$vm" >"$dir/vm-phys.log" 2>&1 </dev/null
if [ -n "$alias_at" ] && grep -q "Cannot access memory at address $alias_at" "$dir/vm-phys.log"; then
	ok "monitor phys: the virtual alias is no physical RAM"
else
	bad "monitor phys: the alias was readable physically: see $dir/vm-phys.log"
fi

# 5. Random code (an instruction soup, tests/robust/soup.h: traps, modes,
# paging, interrupts) stopped at breakpoints in its trap handlers, stepped
# and watched: every counter of the model the same as without gdb (the
# decoded-instruction cache's aside: the simulator's own). A stop used to
# count its hart's cycle twice, mcycle included.
soup=$build/tests/robust/soup-4-3.elf
strip_decode() { awk -v blocks='(hart|total)[.]decode_[a-z]+' -f sim/stats-strip.awk "$1"; }
"$osprey" -q --mode functional --cores 3 --max-cycles 300000 --stats "$dir/soup-plain.json" \
	"$soup" >/dev/null 2>&1 </dev/null
timeout 120 gdb-multiarch -batch -nx -ex "set architecture riscv:rv32" \
	-ex "target remote | $osprey -q --mode functional --cores 3 --max-cycles 300000 --stats $dir/soup-gdb.json --gdb stdio $soup" \
	-ex "break *0x80001000" -ex "continue" -ex "continue" -ex "stepi 7" -ex "continue" \
	-ex "delete" -ex "break *0x80001200" -ex "continue" -ex "stepi 3" -ex "delete" \
	-ex "watch *(int *)0x80050000" -ex "continue" -ex "delete" -ex "continue" \
	>"$dir/soup.log" 2>&1 </dev/null
stops=$(grep -c 'Breakpoint [0-9]' "$dir/soup.log")
if [ -s "$dir/soup-gdb.json" ] && [ "$stops" -ge 3 ] &&
   [ "$(strip_decode "$dir/soup-plain.json")" = "$(strip_decode "$dir/soup-gdb.json")" ]; then
	ok "random code stopped $stops times at breakpoints, stepped and watched: the same counters"
else
	bad "random code under gdb ($stops stops): the counters differ or the run failed"
	diff "$dir/soup-plain.json" "$dir/soup-gdb.json" | head -n 8 | sed 's/^/  | /'
fi

echo "gdb: $pass passed, $fail failed"
[ "$fail" = 0 ]
