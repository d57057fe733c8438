/* SPDX-License-Identifier: MIT */
/*
 * --gdb: a GDB remote serial protocol stub. gdb-multiarch connects to a TCP
 * port on localhost (--gdb PORT) or talks through osprey's stdin and stdout
 * (--gdb stdio, for `target remote | osprey --gdb stdio ...`; the guest's
 * console then goes to stderr), and controls a functional-mode run: one
 * thread per hart, registers x0-x31 and pc and the CSRs (a target
 * description), memory by virtual address through the selected hart's
 * translation, breakpoints, watchpoints, single step, continue, Ctrl-C,
 * and the guest's exit. The run is the same run as without the debugger:
 * stopping and stepping do not change the harts' schedule.
 */
#ifndef OSPREY_GDB_H
#define OSPREY_GDB_H

#include <stddef.h>

#include "sys/machine.h"

struct gdb_stub;

/* "PORT" (1-65535, on 127.0.0.1) or "stdio". 0, or -1 with a message. */
int gdb_check_spec(const char *spec, char *err, size_t errlen);

/*
 * Waits for the debugger on @spec, then serves it until the run ends or it
 * detaches or kills the run. 0, or -1 with a message (the connection could
 * not be made).
 */
int gdb_serve(struct machine *m, const char *spec, char *err, size_t errlen);

#endif
