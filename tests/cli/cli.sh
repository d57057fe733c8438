#!/bin/sh
# tests/cli/cli.sh - runs the command-line cases of tests/cli/cases: each is
# a command line run as a user would run it, its expected exit status, a
# fragment its stderr must contain, and optionally a check of what it left.
#
# usage: cli.sh OSPREY BUILD [NAME...]     (no NAME: every case)
#
# Every case runs in a fresh directory, $BUILD/tests/cli/run/NAME, holding
# the fixture below, with stdin from /dev/null, under a 60-second timeout.
# The command line is shell text in which `osprey` runs the program under
# test and these are set:
#   $ISA   build/tests/isa   (simple.elf passes; NAME-htif.elf through HTIF)
#   $DIFF  build/tests/diff  (exitcode.elf prints a line and fails with 77)
#   $CLI   build/tests/cli   (the guest_exit.S flavours of cli.mk)
#   $ROOT  the source tree
# A command cannot contain '|', the field separator: pipes go in a script.
# The fixture: prog.elf (a copy of simple.elf), old.json ("old stats"),
# cfg.txt ("sys.cores = 2"), in.txt ("hello"), disk.img (4 KiB of zeros)
# and an empty directory sub/.
# The check, when there is one, is shell text run in the case's directory
# after the command, with stderr in the file `stderr` one level up and
# these helpers; it must succeed:
#   unchanged FILE   FILE is still the fixture's (prog.elf, old.json, ...)
#   err_lines N      stderr has exactly N lines
#   no_err TEXT      stderr does not contain TEXT
#   has FILE TEXT    FILE contains TEXT
#   same_run FILE    FILE (another run's stderr) reports the same
#                    instructions and cycles as this run's summary
# Every case must also leave no hidden file (a temporary) behind.
# Output: PASS/FAIL per case, what differed, and "cli: N passed, M failed";
# the status is 1 if any case failed.
set -u

[ $# -ge 2 ] || { echo "usage: cli.sh OSPREY BUILD [NAME...]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$here/../.." && pwd)
OSPREY=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
build=$(cd "$2" && pwd)
shift 2
cases=$here/cases
ISA=$build/tests/isa
DIFF=$build/tests/diff
CLI=$build/tests/cli
runs=$CLI/run
fixture=$CLI/fixture
export ISA DIFF CLI ROOT

# The fixture, built once per invocation and copied into each case.
rm -rf "$runs" "$fixture"
mkdir -p "$runs" "$fixture/sub"
cp "$ISA/simple.elf" "$fixture/prog.elf"
echo "old stats" >"$fixture/old.json"
echo "sys.cores = 2" >"$fixture/cfg.txt"
echo "hello" >"$fixture/in.txt"
dd if=/dev/zero of="$fixture/disk.img" bs=4096 count=1 2>/dev/null

osprey() {
	timeout 60 "$OSPREY" "$@"
}
unchanged() {
	cmp -s "$1" "$fixture/$1" || { echo "     $1 differs from the fixture's"; return 1; }
}
err_lines() {
	n=$(wc -l <../stderr)
	[ "$n" -eq "$1" ] || { echo "     stderr has $n lines, not $1"; return 1; }
}
no_err() {
	! grep -qF -- "$1" ../stderr || { echo "     stderr contains '$1'"; return 1; }
}
has() {
	grep -qF -- "$2" "$1" || { echo "     $1 does not contain '$2'"; return 1; }
}
# Every line of $1 fits in $2 columns (a terminal's width, for the help text).
narrow() {
	awk -v n="$2" 'length > n { printf "     line %d has %d columns: %s\n", NR, length, $0; bad = 1 }
		       END { exit bad }' "$1"
}
same_run() {
	a=$(grep -m1 ' harts, ' ../stderr | sed 's/, [0-9.]* s host.*//')
	b=$(grep -m1 ' harts, ' "$1" | sed 's/, [0-9.]* s host.*//')
	[ -n "$a" ] && [ "$a" = "$b" ] || { echo "     '$a' but $1: '$b'"; return 1; }
}

trim() {
	printf '%s' "$1" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//'
}

pass=0
fail=0

# $1 name, $2 status, $3 stderr fragment, $4 command, $5 check
run_case() {
	dir=$runs/$1
	mkdir -p "$dir"
	cp -R "$fixture" "$dir/wd"
	(cd "$dir/wd" && eval "$4") >"$dir/stdout" 2>"$dir/stderr" </dev/null
	rc=$?
	why=""
	if [ "$rc" -ne "$2" ]; then
		why="exit status $rc, expected $2"
	elif [ -n "$3" ] && ! grep -qF -- "$3" "$dir/stderr"; then
		why="stderr lacks '$3'"
	elif [ -n "$5" ] && ! (cd "$dir/wd" && eval "$5") >"$dir/check" 2>&1; then
		why="check failed: $5"
	elif [ -n "$(find "$dir/wd" -name '.*' ! -name . -print)" ]; then
		why="left behind: $(cd "$dir/wd" && find . -name '.*' ! -name . | tr '\n' ' ')"
	fi
	if [ -z "$why" ]; then
		echo "PASS $1"
		pass=$((pass + 1))
	else
		echo "FAIL $1: $why"
		echo "     command: $4"
		[ -s "$dir/check" ] && sed 's/^/     /' "$dir/check"
		sed 's/^/     stderr: /' "$dir/stderr" | head -8
		fail=$((fail + 1))
	fi
}

found=""
while IFS='|' read -r name status frag cmd check; do
	name=$(trim "$name")
	case $name in '' | '#'*) continue ;; esac
	if [ $# -gt 0 ]; then
		want=0
		for n in "$@"; do [ "$n" = "$name" ] && want=1; done
		[ $want -eq 1 ] || continue
	fi
	found="$found $name "
	run_case "$name" "$(trim "$status")" "$(trim "$frag")" "$(trim "$cmd")" \
		"$(trim "${check:-}")"
done <"$cases"

for n in "$@"; do
	case $found in *" $n "*) ;; *)
		echo "FAIL $n: no such case in $cases"
		fail=$((fail + 1))
		;;
	esac
done

echo "cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
