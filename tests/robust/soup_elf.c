// SPDX-License-Identifier: MIT
/*
 * soup_elf: writes the instruction soup of tests/robust/soup.h as a RISC-V
 * ELF that osprey (or QEMU) runs from the command line, so that random code
 * meets what the in-process test cannot reach: the co-simulation's RTL twins
 * (tests/cosim/system.sh runs soups under --cosim=all and --rtl=all).
 *
 *   soup_elf [--portable] SEED HARTS OUT.elf
 *
 * --portable writes soup.h's portable flavour, which QEMU runs alike
 * (tests/robust/qemu_diff.py compares the two instruction by instruction).
 *
 * Every hart starts at the entry with its id in a0, as on QEMU's virt
 * machine; the entry is the frame's dispatcher (SOUP_DISPATCH), which jumps
 * to the hart's prologue slot. One PT_LOAD segment of SOUP_RAM_BYTES at
 * RAM_BASE.
 */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soup.h"

int main(int argc, char **argv)
{
	static uint8_t image[SOUP_RAM_BYTES];
	Elf32_Ehdr eh = { 0 };
	Elf32_Phdr ph = { 0 };
	char *end;
	unsigned long long seed;
	long harts;
	FILE *f;

	if (argc == 5 && !strcmp(argv[1], "--portable")) {
		/* its entry is hart 0's prologue, where QEMU starts (soup.h) */
		soup_portable = 1;
		argv++;
		argc--;
	}
	if (argc != 4) {
		fprintf(stderr, "usage: soup_elf [--portable] SEED HARTS OUT.elf\n");
		return 2;
	}
	seed = strtoull(argv[1], &end, 10);
	if (*end || !*argv[1]) {
		fprintf(stderr, "soup_elf: bad seed '%s'\n", argv[1]);
		return 2;
	}
	harts = strtol(argv[2], &end, 10);
	if (*end || harts < 1 || harts > (soup_portable ? 1 : SOUP_MAX_HARTS)) {
		fprintf(stderr, "soup_elf: harts must be 1..%d, got '%s'\n",
			soup_portable ? 1 : SOUP_MAX_HARTS, argv[2]);
		return 2;
	}
	soup_fill(image, (int)harts, seed);

	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS32;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = ET_EXEC;
	eh.e_machine = EM_RISCV;
	eh.e_version = EV_CURRENT;
	eh.e_entry = soup_portable ? soup_slot(0) : RAM_BASE + SOUP_DISPATCH;
	eh.e_phoff = sizeof(eh);
	eh.e_ehsize = sizeof(eh);
	eh.e_phentsize = sizeof(ph);
	eh.e_phnum = 1;
	eh.e_shentsize = sizeof(Elf32_Shdr);
	ph.p_type = PT_LOAD;
	ph.p_offset = 4096;	/* the image page-aligned in the file */
	ph.p_vaddr = ph.p_paddr = RAM_BASE;
	ph.p_filesz = ph.p_memsz = SOUP_RAM_BYTES;
	ph.p_flags = PF_R | PF_W | PF_X;
	ph.p_align = 4096;

	f = fopen(argv[3], "wb");
	if (!f || fwrite(&eh, sizeof(eh), 1, f) != 1 || fwrite(&ph, sizeof(ph), 1, f) != 1 ||
	    fseek(f, (long)ph.p_offset, SEEK_SET) || fwrite(image, sizeof(image), 1, f) != 1 ||
	    fclose(f)) {
		perror(argv[3]);
		return 1;
	}
	return 0;
}
