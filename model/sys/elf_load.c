// SPDX-License-Identifier: MIT
#include "sys/elf_load.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

/*
 * Headers are read through libelf's translated copies (gelf_get*), never
 * through pointers into the file: a table at an offset that is not a
 * multiple of 4 is legal ELF, and the host may not forgive a misaligned read.
 */
static int load_segments(Elf *e, const char *image, size_t image_size, struct memmap *mm,
			 const char *path, char *err, size_t errlen)
{
	size_t phnum;
	int loaded = 0;

	if (elf_getphdrnum(e, &phnum))
		return fail(err, errlen, path, "truncated or corrupt program header table");
	for (size_t i = 0; i < phnum; i++) {
		GElf_Phdr p;

		if (!gelf_getphdr(e, (int)i, &p))
			return fail(err, errlen, path, "truncated or corrupt program header table");
		if (p.p_type != PT_LOAD || p.p_memsz == 0)
			continue;
		if (p.p_filesz > p.p_memsz)
			return fail(err, errlen, path, "segment %zu: file size 0x%x exceeds memory size 0x%x",
				    i, (unsigned)p.p_filesz, (unsigned)p.p_memsz);
		if (p.p_offset > image_size || p.p_filesz > image_size - p.p_offset)
			return fail(err, errlen, path, "segment %zu: data at offset 0x%x (+0x%x) lies "
				    "beyond the end of the file (truncated?)", i, (unsigned)p.p_offset,
				    (unsigned)p.p_filesz);
		if (!memmap_is_ram(mm, p.p_paddr, p.p_memsz))
			return fail(err, errlen, path, "segment %zu: [0x%08x, 0x%08llx) is outside RAM "
				    "[0x%08x, 0x%08llx)", i, (unsigned)p.p_paddr,
				    (unsigned long long)p.p_paddr + p.p_memsz, mm->ram_base,
				    (unsigned long long)mm->ram_base + mm->ram_size);
		if (!loaded || p.p_paddr < mm->image_lo)
			mm->image_lo = p.p_paddr;
		if (!loaded || p.p_paddr + p.p_memsz > mm->image_hi)
			mm->image_hi = p.p_paddr + p.p_memsz;
		memcpy(memmap_host(mm, p.p_paddr), image + p.p_offset, p.p_filesz);
		memset(memmap_host(mm, p.p_paddr) + p.p_filesz, 0, p.p_memsz - p.p_filesz);
		loaded++;
	}
	if (!loaded)
		return fail(err, errlen, path, "no loadable segment");
	return 0;
}

/*
 * The words a guard may mark: the control transfers at which execution can
 * leave a sequence (RISC-V unprivileged spec, "Control Transfer
 * Instructions"; privileged spec, "Instructions to Change Privilege Level"
 * and "Trap-Return Instructions"). Encodings transcribed by hand.
 */
static const struct {
	uint32_t mask, match;
} guard_transfers[] = {
	{ 0x0000707f, 0x00000063 },	/* beq */
	{ 0x0000707f, 0x00001063 },	/* bne */
	{ 0x0000707f, 0x00004063 },	/* blt */
	{ 0x0000707f, 0x00005063 },	/* bge */
	{ 0x0000707f, 0x00006063 },	/* bltu */
	{ 0x0000707f, 0x00007063 },	/* bgeu */
	{ 0x0000007f, 0x0000006f },	/* jal */
	{ 0x0000707f, 0x00000067 },	/* jalr */
	{ 0xffffffff, 0x00000073 },	/* ecall */
	{ 0xffffffff, 0x00100073 },	/* ebreak */
	{ 0xffffffff, 0x10200073 },	/* sret */
	{ 0xffffffff, 0x30200073 },	/* mret */
};

static int is_guard_transfer(uint32_t word)
{
	for (size_t i = 0; i < sizeof(guard_transfers) / sizeof(guard_transfers[0]); i++)
		if ((word & guard_transfers[i].mask) == guard_transfers[i].match)
			return 1;
	return 0;
}

/*
 * Checks entry @i (@va) of a guard section against the loaded segments
 * @seg[0..@nseg) and the image in RAM; returns its physical address in
 * @pa. @hint is the segment that held the previous entry (entries are
 * sorted, so usually this one too).
 */
static int guard_entry(struct memmap *mm, const GElf_Phdr *seg, size_t nseg, size_t *hint,
		       size_t i, uint32_t va, uint32_t *pa, const char *path, char *err,
		       size_t errlen)
{
	uint32_t word;
	size_t k;

	for (k = 0; k < nseg; k++) {
		const GElf_Phdr *p = &seg[(*hint + k) % nseg];
		uint32_t off = va - (uint32_t)p->p_vaddr;

		/* The whole word inside the segment, not only its first byte. */
		if (p->p_memsz >= 4 && off <= p->p_memsz - 4) {
			*hint = (*hint + k) % nseg;
			*pa = (uint32_t)p->p_paddr + off;
			break;
		}
	}
	if (k == nseg)
		return fail(err, errlen, path, ".osprey.guard: entry %zu (0x%08x) is not an "
			    "instruction address in a loaded segment", i, va);
	if ((va | *pa) & 3)
		return fail(err, errlen, path, ".osprey.guard: entry %zu (0x%08x) is not "
			    "word-aligned (at physical 0x%08x)", i, va, *pa);
	if (memmap_read(mm, *pa, 4, &word))
		return fail(err, errlen, path, ".osprey.guard: entry %zu (0x%08x) is not in RAM",
			    i, va);
	if (!is_guard_transfer(word))
		return fail(err, errlen, path, ".osprey.guard: entry %zu (0x%08x) holds 0x%08x, not "
			    "a control transfer (branch, jal, jalr, ecall, ebreak, mret, sret)", i,
			    va, word);
	return 0;
}

/*
 * The .osprey.guard section: an array of 32-bit little-endian addresses (as
 * linked, i.e. virtual) of the control transfers at which execution leaves
 * a laid-out sequence, sorted, without duplicates. Each becomes a predecode
 * bit beside the instruction word at its physical address. Called once the
 * segments are in RAM, so that the marked words can be checked.
 */
static int load_guards(Elf *e, struct memmap *mm, const char *path, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL, *guard = NULL;
	size_t shstrndx, phnum, nseg = 0, hint = 0;
	GElf_Phdr *seg = NULL;
	Elf_Data *data;
	uint32_t prev = 0;
	int ret = -1;

	if (elf_getshdrstrndx(e, &shstrndx))
		return fail(err, errlen, path, "corrupt section name table index");
	if (shstrndx == SHN_UNDEF)
		return 0;	/* no section names: no guard section */
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			return fail(err, errlen, path, "corrupt section header %zu", elf_ndxscn(scn));
		name = elf_strptr(e, shstrndx, sh.sh_name);
		if (!name)
			return fail(err, errlen, path, "section %zu: unreadable name (corrupt section "
				    "name table)", elf_ndxscn(scn));
		if (strcmp(name, ".osprey.guard"))
			continue;
		if (guard)
			return fail(err, errlen, path, "more than one .osprey.guard section "
				    "(sections %zu and %zu)", elf_ndxscn(guard), elf_ndxscn(scn));
		guard = scn;
		/* NOBITS (or any other type) has no words in the file to read. */
		if (sh.sh_type != SHT_PROGBITS)
			return fail(err, errlen, path, ".osprey.guard: section type %u, not PROGBITS "
				    "(its addresses must be in the file)", (unsigned)sh.sh_type);
	}
	if (!guard)
		return 0;
	data = elf_getdata(guard, NULL);
	if (!data || (data->d_size && !data->d_buf))
		return fail(err, errlen, path, ".osprey.guard: cannot read the section: %s",
			    elf_errmsg(-1));
	if (data->d_size % 4)
		return fail(err, errlen, path, ".osprey.guard: size is not a multiple of 4");
	if (!data->d_size)
		return 0;
	if (elf_getphdrnum(e, &phnum))
		return fail(err, errlen, path, "truncated or corrupt program header table");
	seg = calloc(phnum ? phnum : 1, sizeof(*seg));
	if (!seg)
		return fail(err, errlen, path, "out of memory reading .osprey.guard");
	for (size_t k = 0; k < phnum; k++)
		if (gelf_getphdr(e, (int)k, &seg[nseg]) && seg[nseg].p_type == PT_LOAD)
			nseg++;
	for (size_t i = 0; i < data->d_size / 4; i++) {
		const uint8_t *b = (const uint8_t *)data->d_buf + 4 * i;
		/* Little-endian in the file, whatever the host's byte order. */
		uint32_t va = b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24, pa = 0;

		if (i && va == prev) {
			fail(err, errlen, path, ".osprey.guard: entry %zu (0x%08x) duplicates entry %zu",
			     i, va, i - 1);
			goto out;
		}
		if (i && va < prev) {
			fail(err, errlen, path, ".osprey.guard: entry %zu (0x%08x) is below entry %zu "
			     "(0x%08x): the addresses must be sorted", i, va, i - 1, prev);
			goto out;
		}
		prev = va;
		if (guard_entry(mm, seg, nseg, &hint, i, va, &pa, path, err, errlen))
			goto out;
		if (memmap_set_guard(mm, pa)) {
			fail(err, errlen, path, "out of memory for guard bits");
			goto out;
		}
	}
	ret = 0;
out:
	free(seg);
	return ret;
}

static int load_symbols(Elf *e, struct symtab *syms, const char *path, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh))
			return fail(err, errlen, path, "corrupt section header");
		if (sh.sh_type != SHT_SYMTAB)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data || (data->d_size && !data->d_buf) || !sh.sh_entsize ||
		    data->d_size % sizeof(Elf32_Sym))
			return fail(err, errlen, path, "corrupt symbol table");
		for (size_t i = 0; i < data->d_size / sizeof(Elf32_Sym); i++) {
			GElf_Sym s;
			int type;
			const char *name;

			if (!gelf_getsym(data, (int)i, &s))
				return fail(err, errlen, path, "corrupt symbol table");
			type = GELF_ST_TYPE(s.st_info);
			if (s.st_shndx == SHN_UNDEF || s.st_shndx == SHN_ABS ||
			    (type != STT_FUNC && type != STT_OBJECT && type != STT_NOTYPE))
				continue;
			name = elf_strptr(e, sh.sh_link, s.st_name);
			if (!name)
				return fail(err, errlen, path, "corrupt symbol string table");
			/* Skip empty names, local labels and mapping symbols. */
			if (!*name || name[0] == '$' || !strncmp(name, ".L", 2))
				continue;
			if (symtab_add(syms, name, s.st_value, s.st_size))
				return fail(err, errlen, path, "out of memory reading symbols");
		}
	}
	symtab_sort(syms);
	return 0;
}

int elf_load_image(char *image, size_t size, const char *name, struct memmap *mm,
		   struct symtab *syms, uint32_t *entry, char *err, size_t errlen)
{
	Elf *e;
	GElf_Ehdr eh;
	const char *ident;
	size_t n, shnum;
	int ret = -1;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return fail(err, errlen, name, "libelf is unusable: %s", elf_errmsg(-1));
	e = elf_memory(image, size);
	if (!e || elf_kind(e) != ELF_K_ELF) {
		fail(err, errlen, name, "not an ELF file");
		goto out_end;
	}
	ident = elf_getident(e, &n);
	if (!ident || n < EI_NIDENT) {
		fail(err, errlen, name, "truncated ELF identification");
		goto out_end;
	}
	if (ident[EI_CLASS] != ELFCLASS32) {
		fail(err, errlen, name, "%s ELF; osprey runs 32-bit RISC-V (RV32) programs",
		     ident[EI_CLASS] == ELFCLASS64 ? "64-bit" : "unknown-class");
		goto out_end;
	}
	if (ident[EI_DATA] != ELFDATA2LSB) {
		fail(err, errlen, name, "%s ELF; RISC-V programs are little-endian",
		     ident[EI_DATA] == ELFDATA2MSB ? "big-endian" : "unknown-endian");
		goto out_end;
	}
	if (!gelf_getehdr(e, &eh)) {
		fail(err, errlen, name, "truncated or corrupt ELF header");
		goto out_end;
	}
	if (eh.e_machine != EM_RISCV) {
		fail(err, errlen, name, "ELF for machine %u, not RISC-V (%u)", eh.e_machine,
		     EM_RISCV);
		goto out_end;
	}
	if (eh.e_type != ET_EXEC) {
		fail(err, errlen, name, "ELF type %u is not an executable (ET_EXEC)", eh.e_type);
		goto out_end;
	}
	/* libelf assumes the standard entry sizes; a file with others would be misread. */
	if (eh.e_phnum && eh.e_phentsize != sizeof(Elf32_Phdr)) {
		fail(err, errlen, name, "program header entries of %u bytes, not %zu",
		     eh.e_phentsize, sizeof(Elf32_Phdr));
		goto out_end;
	}
	if (eh.e_shoff && eh.e_shentsize != sizeof(Elf32_Shdr)) {
		fail(err, errlen, name, "section header entries of %u bytes, not %zu",
		     eh.e_shentsize, sizeof(Elf32_Shdr));
		goto out_end;
	}
	if (mm && load_segments(e, image, size, mm, name, err, errlen))
		goto out_end;
	if (mm && !memmap_is_ram(mm, eh.e_entry, 4)) {
		fail(err, errlen, name, "entry point 0x%08x is outside RAM", (unsigned)eh.e_entry);
		goto out_end;
	}
	/*
	 * libelf drops a section header table that does not fit in the file;
	 * loading on would silently lose the symbols (and tohost with them).
	 * An e_shnum of 0 with a table means the count is in section 0.
	 */
	if (eh.e_shoff && (eh.e_shoff > size ||
			   (eh.e_shnum ? eh.e_shnum : 1) * sizeof(Elf32_Shdr) > size - eh.e_shoff ||
			   elf_getshdrnum(e, &shnum) ||
			   shnum > (size - eh.e_shoff) / sizeof(Elf32_Shdr))) {
		fail(err, errlen, name, "section header table lies beyond the end of the file "
		     "(truncated?)");
		goto out_end;
	}
	if (mm && load_guards(e, mm, name, err, errlen))
		goto out_end;
	if (syms && load_symbols(e, syms, name, err, errlen))
		goto out_end;
	if (entry)
		*entry = eh.e_entry;
	ret = 0;
out_end:
	elf_end(e);
	return ret;
}

int elf_load(const char *path, struct memmap *mm, struct symtab *syms, uint32_t *entry,
	     char *err, size_t errlen)
{
	struct stat st;
	char *image = NULL;
	size_t got = 0;
	int fd, ret = -1;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return fail(err, errlen, path, "%s", strerror(errno));
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		fail(err, errlen, path, "not a regular file");
		goto out_close;
	}
	/* ELF32 offsets are 32-bit: nothing past 4 GiB can belong to the program. */
	if ((uint64_t)st.st_size > UINT32_MAX) {
		fail(err, errlen, path, "%lld bytes is larger than an ELF32 file can be",
		     (long long)st.st_size);
		goto out_close;
	}
	image = malloc(st.st_size ? (size_t)st.st_size : 1);
	if (!image) {
		fail(err, errlen, path, "out of memory reading %lld bytes", (long long)st.st_size);
		goto out_close;
	}
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, image + got, (size_t)st.st_size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			fail(err, errlen, path, "read error: %s", strerror(errno));
			goto out_free;
		}
		if (r == 0)
			break;		/* shrank while we read: load what is there */
		got += (size_t)r;
	}
	ret = elf_load_image(image, got, path, mm, syms, entry, err, errlen);
out_free:
	free(image);
out_close:
	close(fd);
	return ret;
}
