// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness of the layout tool's assembly reader (sim/layout/asm.c,
 * included): each input is an assembly file in a memory file. A read either
 * succeeds with blocks that partition each function's body, in order, each
 * with a line, a transfer only on a line of its own block, and label lookups
 * that stay in range; or refuses with a one-line message.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "../../sim/layout/asm.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz_file file = { .fd = -1 };
	struct asm_file a;
	char err[512] = "";
	const char *path = fuzz_file_put(&file, "fuzz.s", data, size);

	if (asm_read(&a, path, err, sizeof(err))) {
		fuzz_check_message(err);
		return 0;
	}
	for (int j = 0; j < a.nb; j++) {
		const struct asm_block *b = &a.b[j];

		if (b->nlines < 1 || b->first < 0 || b->first + b->nlines > a.nline)
			fuzz_broken("a block outside the file", a.path);
		if (j && b->first < a.b[j - 1].first + a.b[j - 1].nlines)
			fuzz_broken("blocks overlap", a.path);
		if (b->term_line >= 0 && (b->term_line < b->first ||
					  b->term_line >= b->first + b->nlines))
			fuzz_broken("a transfer outside its block", a.path);
		if (b->func < 0 || b->func >= a.nf)
			fuzz_broken("a block of no function", a.path);
		if (b->target && asm_label_block(&a, b->target) >= a.nb)
			fuzz_broken("a label in no block", b->target);
	}
	asm_free(&a);
	return 0;
}
