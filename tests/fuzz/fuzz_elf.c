// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness of the ELF loader: each input is a file given to
 * elf_load_image, the loader that elf_load (and so machine_load) runs on the
 * bytes it reads. Any input must give a load or a one-line refusal; a load
 * must leave the entry point in RAM and every guard bit on a word of RAM.
 * Seeds: the test ELFs and the kernel (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "mem/memmap.h"
#include "sys/elf_load.h"
#include "sys/param.h"
#include "sys/symtab.h"

/* RAM of the fuzzed machine: every seed loads below 1 MiB; a little room past it. */
#define FUZZ_RAM_SIZE	(2u << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct memmap mm;	/* RAM is reused: the loader writes all it reads back */
	static int ready;
	struct symtab syms;
	uint32_t entry = 0;
	char err[512] = "";
	char *image;

	if (!ready) {
		if (memmap_init(&mm, RAM_BASE, FUZZ_RAM_SIZE))
			abort();
		ready = 1;
	}
	/* An exact-size copy: ASan sees any read past the end of the file. */
	image = malloc(size ? size : 1);
	if (!image)
		abort();
	memcpy(image, data, size);
	symtab_init(&syms);
	if (elf_load_image(image, size, "fuzz.elf", &mm, &syms, &entry, err, sizeof(err))) {
		fuzz_check_message(err);
		if (strncmp(err, "fuzz.elf: ", 10))
			fuzz_broken("message does not name the file", err);
	} else if (!memmap_is_ram(&mm, entry, 4)) {
		fuzz_broken("loaded with the entry point outside RAM", "");
	}
	symtab_free(&syms);
	free(mm.guard);		/* guard bits are per program */
	mm.guard = NULL;
	free(image);
	return 0;
}
