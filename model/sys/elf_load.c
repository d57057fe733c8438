// SPDX-License-Identifier: MIT
#include "sys/elf_load.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef EM_RISCV
#define EM_RISCV 243
#endif

static int fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(err, errlen, "%s: ", path);

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < errlen)
		vsnprintf(err + n, errlen - n, fmt, ap);
	va_end(ap);
	return -1;
}

static int load_segments(Elf *e, const char *image, size_t image_size, struct memmap *mm,
			 const char *path, char *err, size_t errlen)
{
	size_t phnum;
	Elf32_Phdr *ph;
	int loaded = 0;

	if (elf_getphdrnum(e, &phnum) || !(ph = elf32_getphdr(e)))
		return fail(err, errlen, path, "truncated or corrupt program header table");
	for (size_t i = 0; i < phnum; i++) {
		const Elf32_Phdr *p = &ph[i];

		if (p->p_type != PT_LOAD || p->p_memsz == 0)
			continue;
		if (p->p_filesz > p->p_memsz)
			return fail(err, errlen, path, "segment %zu: file size 0x%x exceeds memory size 0x%x",
				    i, p->p_filesz, p->p_memsz);
		if (p->p_offset > image_size || p->p_filesz > image_size - p->p_offset)
			return fail(err, errlen, path, "segment %zu: data at offset 0x%x (+0x%x) lies "
				    "beyond the end of the file (truncated?)", i, p->p_offset, p->p_filesz);
		if (!memmap_is_ram(mm, p->p_paddr, p->p_memsz))
			return fail(err, errlen, path, "segment %zu: [0x%08x, 0x%08llx) is outside RAM "
				    "[0x%08x, 0x%08llx)", i, p->p_paddr,
				    (unsigned long long)p->p_paddr + p->p_memsz, mm->ram_base,
				    (unsigned long long)mm->ram_base + mm->ram_size);
		if (!loaded || p->p_paddr < mm->image_lo)
			mm->image_lo = p->p_paddr;
		if (!loaded || (uint64_t)p->p_paddr + p->p_memsz > mm->image_hi)
			mm->image_hi = (uint64_t)p->p_paddr + p->p_memsz;
		memcpy(memmap_host(mm, p->p_paddr), image + p->p_offset, p->p_filesz);
		memset(memmap_host(mm, p->p_paddr) + p->p_filesz, 0, p->p_memsz - p->p_filesz);
		loaded++;
	}
	if (!loaded)
		return fail(err, errlen, path, "no loadable segment");
	return 0;
}

/*
 * The .osprey.guard section: an array of 32-bit little-endian addresses (as
 * linked, i.e. virtual) of the control transfers at which execution leaves
 * a laid-out sequence. Each becomes a predecode bit beside the instruction
 * word at its physical address.
 */
static int load_guards(Elf *e, struct memmap *mm, const char *path, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx, phnum;
	Elf32_Phdr *ph;

	if (elf_getshdrstrndx(e, &shstrndx) || elf_getphdrnum(e, &phnum) ||
	    !(ph = elf32_getphdr(e)))
		return 0;	/* no section names: no guard section */
	while ((scn = elf_nextscn(e, scn))) {
		Elf32_Shdr *sh = elf32_getshdr(scn);
		const char *name = sh ? elf_strptr(e, shstrndx, sh->sh_name) : NULL;
		Elf_Data *data;

		if (!name || strcmp(name, ".osprey.guard"))
			continue;
		/* NOBITS (or any other type) has no words in the file to read. */
		if (sh->sh_type != SHT_PROGBITS)
			return fail(err, errlen, path, ".osprey.guard: section type %u, not PROGBITS "
				    "(its addresses must be in the file)", sh->sh_type);
		data = elf_getdata(scn, NULL);
		if (!data || (data->d_size && !data->d_buf))
			return fail(err, errlen, path, ".osprey.guard: cannot read the section: %s",
				    elf_errmsg(-1));
		if (data->d_size % 4)
			return fail(err, errlen, path, ".osprey.guard: size is not a multiple of 4");
		for (size_t i = 0; i < data->d_size / 4; i++) {
			uint32_t va, pa = 0;
			int found = 0;

			memcpy(&va, (const char *)data->d_buf + 4 * i, 4);
			for (size_t k = 0; k < phnum && !found; k++) {
				if (ph[k].p_type == PT_LOAD && va - ph[k].p_vaddr < ph[k].p_memsz) {
					pa = va - ph[k].p_vaddr + ph[k].p_paddr;
					found = 1;
				}
			}
			if (!found || (va & 3))
				return fail(err, errlen, path, ".osprey.guard: entry %zu (0x%08x) is not "
					    "an instruction address in a loaded segment", i, va);
			if (memmap_set_guard(mm, pa))
				return fail(err, errlen, path, "out of memory for guard bits");
		}
	}
	return 0;
}

static int load_symbols(Elf *e, struct symtab *syms, const char *path, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(e, scn))) {
		Elf32_Shdr *sh = elf32_getshdr(scn);
		Elf_Data *data;

		if (!sh)
			return fail(err, errlen, path, "corrupt section header");
		if (sh->sh_type != SHT_SYMTAB)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data || !sh->sh_entsize || data->d_size % sizeof(Elf32_Sym))
			return fail(err, errlen, path, "corrupt symbol table");
		for (size_t i = 0; i < data->d_size / sizeof(Elf32_Sym); i++) {
			const Elf32_Sym *s = (const Elf32_Sym *)data->d_buf + i;
			int type = ELF32_ST_TYPE(s->st_info);
			const char *name;

			if (s->st_shndx == SHN_UNDEF || s->st_shndx == SHN_ABS ||
			    (type != STT_FUNC && type != STT_OBJECT && type != STT_NOTYPE))
				continue;
			name = elf_strptr(e, sh->sh_link, s->st_name);
			if (!name)
				return fail(err, errlen, path, "corrupt symbol string table");
			/* Skip empty names, local labels and mapping symbols. */
			if (!*name || name[0] == '$' || !strncmp(name, ".L", 2))
				continue;
			if (symtab_add(syms, name, s->st_value, s->st_size))
				return fail(err, errlen, path, "out of memory reading symbols");
		}
	}
	symtab_sort(syms);
	return 0;
}

int elf_load(const char *path, struct memmap *mm, struct symtab *syms, uint32_t *entry,
	     char *err, size_t errlen)
{
	struct stat st;
	Elf *e = NULL;
	Elf32_Ehdr *eh;
	const char *ident, *image;
	size_t n, image_size;
	int fd, ret = -1;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return fail(err, errlen, path, "libelf is unusable: %s", elf_errmsg(-1));
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return fail(err, errlen, path, "%s", strerror(errno));
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		fail(err, errlen, path, "not a regular file");
		goto out_close;
	}
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF) {
		fail(err, errlen, path, "not an ELF file");
		goto out_end;
	}
	ident = elf_getident(e, &n);
	if (!ident || n < EI_NIDENT) {
		fail(err, errlen, path, "truncated ELF identification");
		goto out_end;
	}
	if (ident[EI_CLASS] != ELFCLASS32) {
		fail(err, errlen, path, "%s ELF; osprey runs 32-bit RISC-V (RV32) programs",
		     ident[EI_CLASS] == ELFCLASS64 ? "64-bit" : "unknown-class");
		goto out_end;
	}
	if (ident[EI_DATA] != ELFDATA2LSB) {
		fail(err, errlen, path, "%s ELF; RISC-V programs are little-endian",
		     ident[EI_DATA] == ELFDATA2MSB ? "big-endian" : "unknown-endian");
		goto out_end;
	}
	eh = elf32_getehdr(e);
	if (!eh) {
		fail(err, errlen, path, "truncated or corrupt ELF header");
		goto out_end;
	}
	if (eh->e_machine != EM_RISCV) {
		fail(err, errlen, path, "ELF for machine %u, not RISC-V (%u)", eh->e_machine,
		     EM_RISCV);
		goto out_end;
	}
	if (eh->e_type != ET_EXEC) {
		fail(err, errlen, path, "ELF type %u is not an executable (ET_EXEC)", eh->e_type);
		goto out_end;
	}
	image = elf_rawfile(e, &image_size);
	if (!image) {
		fail(err, errlen, path, "cannot read the file: %s", elf_errmsg(-1));
		goto out_end;
	}
	if (load_segments(e, image, image_size, mm, path, err, errlen))
		goto out_end;
	if (!memmap_is_ram(mm, eh->e_entry, 4)) {
		fail(err, errlen, path, "entry point 0x%08x is outside RAM", eh->e_entry);
		goto out_end;
	}
	if (eh->e_shnum && (eh->e_shoff > image_size ||
			    (uint64_t)eh->e_shnum * eh->e_shentsize > image_size - eh->e_shoff)) {
		fail(err, errlen, path, "section header table lies beyond the end of the file "
		     "(truncated?)");
		goto out_end;
	}
	if (load_guards(e, mm, path, err, errlen))
		goto out_end;
	if (syms && load_symbols(e, syms, path, err, errlen))
		goto out_end;
	*entry = eh->e_entry;
	ret = 0;
out_end:
	elf_end(e);
out_close:
	close(fd);
	return ret;
}
