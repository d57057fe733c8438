#!/bin/sh
# Installs the Debian packages that a make target needs, or says how to.
# Usage: sim/deps.sh run|test|cosim|all
# As root, missing packages are installed with apt-get; otherwise the exact
# apt-get line is printed and the script fails, so make stops before building.
set -u

# make builds the Verilator models of the RTL twins that osprey loads (--cosim, --rtl).
run_pkgs="gcc g++ make libc6-dev pkg-config libelf-dev zlib1g-dev verilator"
run_pkgs="$run_pkgs gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf"
# The live view (--view) draws its window with SDL2.
run_pkgs="$run_pkgs libsdl2-dev"
# clang builds the fuzzing harnesses; libclang-rt-14-dev (only recommended by
# clang) holds libFuzzer and the sanitizer runtimes they link.
# yosys: the area checks (test-area) synthesize the RTL twins.
test_pkgs="$run_pkgs libcmocka-dev qemu-system-misc clang libclang-rt-14-dev yosys"
# The view's window is tested on a virtual X display (xvfb-run needs xauth).
test_pkgs="$test_pkgs xvfb xauth"
# The GDB stub is tested under the real debugger, gdb-multiarch.
# The timeline, pipeline-log, counter and sweep checkers are Python scripts.
# The study's report, tested on a tiny sweep, plots with gnuplot.
test_pkgs="$test_pkgs gdb-multiarch python3 gnuplot-nox"
cosim_pkgs="$test_pkgs"

case "${1:-}" in
run) want=$run_pkgs ;;
test) want=$test_pkgs ;;
cosim | all) want=$cosim_pkgs ;;
*)
	echo "usage: $0 run|test|cosim|all" >&2
	exit 2
	;;
esac

missing=""
for p in $want; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "osprey needs these Debian packages:$missing" >&2
	echo "install them with:" >&2
	echo "  sudo apt-get install -y$missing" >&2
	exit 1
fi

echo "osprey: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# The package lists may be missing or stale on a fresh machine.
apt-get update -q >&2 || exit 1
apt-get install -y -q $missing >&2 || exit 1
