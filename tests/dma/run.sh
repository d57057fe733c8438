#!/bin/sh
# tests/dma/run.sh - runs the DMA firmware tests on osprey. Each line of the
# table below is one run: test, osprey options, a word its output must
# contain. Every run must exit 0 (with --cosim=dma: no mismatch between the
# engine and its RTL twin, built for 4 harts and the default preset).
#
# usage: run.sh BUILD OSPREY [TEST...]   (no TEST: all)
# Output: a line per run, the output of a failing one, and
# "dma: N passed, M failed"; status 1 if any failed.
set -u

build=$1 osprey=$2
shift 2
want=" $* "
out=$build/tests/dma/out
mkdir -p "$out"
pass=0
fail=0
n=0

while read -r test expect opts; do
	case $test in "#"* | "") continue ;; esac
	case $want in *" $test "*) ;; *) continue ;; esac
	n=$((n + 1))
	log=$out/$test.$n
	timeout 300 "$osprey" --uart-in none $opts "$build/tests/dma/$test.elf" \
		>"$log.out" 2>"$log.err" </dev/null
	rc=$?
	if [ $rc = 0 ] && grep -q -- "$expect" "$log.out"; then
		echo "PASS $test $opts"
		pass=$((pass + 1))
	else
		echo "FAIL $test $opts: exit $rc, output should say '$expect'"
		sed 's/^/  | /' "$log.out" | tail -n 15
		tail -n 3 "$log.err" | sed 's/^/  ! /'
		fail=$((fail + 1))
	fi
done <<TABLE
# test      expect            options
dma_basic   pass              --set dma.enabled=on
dma_basic   pass              --mode functional --set dma.enabled=on
dma_basic   pass              --preset modern --set dma.enabled=on
dma_basic   pass              --set dma.enabled=on --set dma.inflight=1 --set dma.setup=0
dma_basic   pass              --set dma.enabled=on --set l2.line=16 --set l1d.line=16 --set l1i.line=16
dma_basic   absent            --set dma.enabled=off
dma_race    pass              --set dma.enabled=on --set dma.inflight=1
dma_race    pass              --set dma.enabled=on
dma_race    pass              --mode functional --set dma.enabled=on
dma_stress  pass              --set dma.enabled=on
dma_stress  pass              --set dma.enabled=on --set dma.inflight=16 --set dma.setup=0
dma_stress  pass              --preset modern --set dma.enabled=on
dma_stress  pass              --mode functional --set dma.enabled=on
dma_code    pass              --set dma.enabled=on
dma_stress  pass              --cores 4 --set dma.enabled=on --cosim=dma
dma_race    pass              --cores 4 --set dma.enabled=on --cosim=dma
dma_code    pass              --mode functional --set dma.enabled=on
dma_code    pass              --mode functional --set dma.enabled=on --set sys.quantum=1
TABLE
echo "dma: $pass passed, $fail failed"
[ "$fail" = 0 ] && [ "$n" -gt 0 ]
