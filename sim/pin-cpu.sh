# sim/pin-cpu.sh - sourced by the measuring scripts (bench.sh,
# quantum-sweep.sh): sets cpu, the host CPU their runs are pinned to
# (BENCH_CPU; default the first this process may use; empty: no pinning),
# and pin, the command prefix that pins one (taskset -c CPU, or nothing).
# Host CPUs can differ in speed: on the shared development VM its two vCPUs
# differed by up to 1.8x on the same run, so that runs compare only on the
# same CPU.
cpu=${BENCH_CPU-$(taskset -cp $$ 2>/dev/null | sed 's/.*: *//; s/[,-].*//')}
pin=
if [ -n "$cpu" ]; then
	taskset -c "$cpu" true 2>/dev/null ||
		{ echo "$0: cannot pin runs to host CPU '$cpu' (BENCH_CPU) with taskset" >&2; exit 2; }
	pin="taskset -c $cpu"
fi
