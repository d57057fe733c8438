/* SPDX-License-Identifier: MIT */
/* fw.h - everything a bare-metal program needs, and the main() it provides. */
#ifndef FW_FW_H
#define FW_FW_H

#include <stdint.h>

#include "clint.h"
#include "csr.h"
#include "finisher.h"
#include "platform.h"
#include "string.h"
#include "sync.h"
#include "trap.h"
#include "uart.h"

/*
 * The program's entry, called on every hart with M-mode traps set up.
 * On hart 0 the return value ends the run: 0 passes, n fails with code n.
 * Other harts park when main() returns.
 */
int main(uint32_t hartid);

#endif /* FW_FW_H */
