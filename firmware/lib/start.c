// SPDX-License-Identifier: MIT
/* start.c - the C side of start-up: every hart comes here from crt0.S. */
#include "csr.h"
#include "finisher.h"
#include "fw.h"
#include "sync.h"
#include "trap.h"

void fw_start(uint32_t hartid);

/*
 * Called on every hart once hart 0 has cleared .bss.  main()'s return value
 * on hart 0 ends the run (0 = pass, else fail with it); other harts park.
 */
void fw_start(uint32_t hartid)
{
	trap_init_m();
	int rc = main(hartid);

	if (hartid == 0) {
		if (rc == 0)
			exit_pass();
		exit_fail((uint32_t)rc);
	}
	park();
}
