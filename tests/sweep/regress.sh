#!/bin/sh
# tests/sweep/regress.sh - runs the cases of regress.list: each must exit
# with its status and print its stderr fragment.
#
# usage: regress.sh BUILD OSPREY [NAME...]   (no NAME: every case)
# Output: a line per case, the stderr of a failing one, and
# "regress: N passed, M failed"; status 1 if any failed.
set -u

build=$1 osprey=$2
shift 2
list=$(dirname "$0")/regress.list
out=$build/tests/sweep/regress
mkdir -p "$out"
pass=0
fail=0

grep -v '^#' "$list" | grep -v '^[[:space:]]*$' >"$out/cases"
while IFS='|' read -r name want frag args; do
	name=$(echo $name) want=$(echo $want) frag=$(echo "$frag" | sed 's/^ *//; s/ *$//')
	if [ $# -gt 0 ]; then
		case " $* " in *" $name "*) ;; *) continue ;; esac
	fi
	limit=
	case $args in
	*"ulimit -v"*";"*)
		limit=$(echo "$args" | sed 's/;.*//')
		args=$(echo "$args" | sed 's/^[^;]*;//') ;;
	esac
	args=$(echo "$args" | sed "s|B/|$build/|g")
	sh -c "${limit:+$limit;} exec timeout 300 $osprey --uart-in none $args" \
		>"$out/$name.out" 2>"$out/$name.err" </dev/null
	rc=$?
	if [ "$rc" = "$want" ] && { [ -z "$frag" ] || grep -qF -- "$frag" "$out/$name.err"; }; then
		echo "PASS $name"
		pass=$((pass + 1))
	else
		echo "FAIL $name: exit $rc (want $want)${frag:+, stderr should say '$frag'}"
		echo "  osprey --uart-in none $args"
		tail -n 5 "$out/$name.err" | sed 's/^/  | /'
		fail=$((fail + 1))
	fi
done <"$out/cases"
echo "regress: $pass passed, $fail failed"
[ "$fail" = 0 ]
