/* SPDX-License-Identifier: MIT */
/*
 * Loads a 32-bit little-endian RISC-V executable into RAM with libelf: every
 * PT_LOAD segment at its physical address, the entry point, and the symbol
 * table. Any file that is not such an executable, or whose segments fall
 * outside RAM, is rejected with a one-line message.
 */
#ifndef OSPREY_ELF_LOAD_H
#define OSPREY_ELF_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "mem/memmap.h"
#include "sys/symtab.h"

/*
 * Returns 0, or -1 with a message in @err (@errlen bytes). @syms may be
 * NULL, and so may @entry. With @mm NULL nothing is loaded: only the symbols are read (a user
 * program's, for the profile), and the segments may lie anywhere.
 */
int elf_load(const char *path, struct memmap *mm, struct symtab *syms, uint32_t *entry,
	     char *err, size_t errlen);

/*
 * The same from the @size bytes of a file at @image (elf_load reads the file
 * whole and calls this; so do the fuzzing harnesses). @name stands for the
 * file in messages. libelf reads @image in place; it must stay valid for
 * the call.
 */
int elf_load_image(char *image, size_t size, const char *name, struct memmap *mm,
		   struct symtab *syms, uint32_t *entry, char *err, size_t errlen);

#endif
