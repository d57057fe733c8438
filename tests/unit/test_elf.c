// SPDX-License-Identifier: MIT
/*
 * The ELF loader on good and malformed files. The corpus is built at test
 * time: a minimal valid RV32 executable written field by field with <elf.h>
 * (two PT_LOAD segments, the second with bss, and a symbol table), then
 * variants of it broken one way each. Every variant must be rejected with a
 * message and none may crash the loader.
 */
#include "unit.h"

#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/elf_load.h"
#include "sys/symtab.h"

#define ELF_RAM_SIZE	(1u << 20)
#define TEXT_VA		RAM_BASE
#define DATA_VA		(RAM_BASE + 0x1000)
#define DATA_MEMSZ	64u

/* File layout of the good image. */
enum {
	OFF_PH = sizeof(Elf32_Ehdr),
	OFF_TEXT = 128,
	OFF_DATA = 144,
	OFF_SYMTAB = 160,
	OFF_STRTAB = OFF_SYMTAB + 3 * sizeof(Elf32_Sym),
	OFF_SHSTRTAB = 240,
	OFF_SH = 288,
	IMG_SIZE = OFF_SH + 5 * sizeof(Elf32_Shdr),
	/* add_guards() appends a sixth section header and the section's words. */
	OFF_GUARD_SH = IMG_SIZE,
	OFF_GUARD = OFF_GUARD_SH + sizeof(Elf32_Shdr),
	GUARD_MAX = 16,		/* entries */
	IMG_MAX = OFF_GUARD + 4 * GUARD_MAX,
};

static const uint32_t text[4] = { 0x00a00093, 0x00b50533, 0x0000006f, 0x12345678 };
static const uint32_t data[2] = { 0xcafef00d, 0x0badc0de };
static const char strtab[] = "\0_start\0buffer";
static const char shstrtab[] = "\0.text\0.symtab\0.strtab\0.shstrtab\0.osprey.guard";
#define SHSTR_GUARD 33	/* offset of ".osprey.guard" in shstrtab */

struct img {
	uint8_t b[IMG_MAX];
	size_t len;
};

static Elf32_Ehdr *ehdr(struct img *m) { return (Elf32_Ehdr *)m->b; }
static Elf32_Phdr *phdr(struct img *m, int i) { return (Elf32_Phdr *)(m->b + OFF_PH) + i; }

static void build_good(struct img *m)
{
	Elf32_Ehdr *e = ehdr(m);
	Elf32_Sym *sym = (Elf32_Sym *)(m->b + OFF_SYMTAB);
	Elf32_Shdr *sh = (Elf32_Shdr *)(m->b + OFF_SH);

	memset(m, 0, sizeof(*m));
	m->len = IMG_SIZE;
	memcpy(e->e_ident, ELFMAG, SELFMAG);
	e->e_ident[EI_CLASS] = ELFCLASS32;
	e->e_ident[EI_DATA] = ELFDATA2LSB;
	e->e_ident[EI_VERSION] = EV_CURRENT;
	e->e_type = ET_EXEC;
	e->e_machine = EM_RISCV;
	e->e_version = EV_CURRENT;
	e->e_entry = TEXT_VA + 4;
	e->e_phoff = OFF_PH;
	e->e_shoff = OFF_SH;
	e->e_ehsize = sizeof(Elf32_Ehdr);
	e->e_phentsize = sizeof(Elf32_Phdr);
	e->e_phnum = 2;
	e->e_shentsize = sizeof(Elf32_Shdr);
	e->e_shnum = 5;
	e->e_shstrndx = 4;

	*phdr(m, 0) = (Elf32_Phdr){ .p_type = PT_LOAD, .p_offset = OFF_TEXT, .p_vaddr = TEXT_VA,
				    .p_paddr = TEXT_VA, .p_filesz = sizeof(text),
				    .p_memsz = sizeof(text), .p_flags = PF_R | PF_X, .p_align = 4 };
	*phdr(m, 1) = (Elf32_Phdr){ .p_type = PT_LOAD, .p_offset = OFF_DATA, .p_vaddr = DATA_VA,
				    .p_paddr = DATA_VA, .p_filesz = sizeof(data),
				    .p_memsz = DATA_MEMSZ, .p_flags = PF_R | PF_W, .p_align = 4 };
	memcpy(m->b + OFF_TEXT, text, sizeof(text));
	memcpy(m->b + OFF_DATA, data, sizeof(data));

	sym[1] = (Elf32_Sym){ .st_name = 1, .st_value = TEXT_VA, .st_size = sizeof(text),
			      .st_info = ELF32_ST_INFO(STB_GLOBAL, STT_FUNC), .st_shndx = 1 };
	sym[2] = (Elf32_Sym){ .st_name = 8, .st_value = DATA_VA, .st_size = DATA_MEMSZ,
			      .st_info = ELF32_ST_INFO(STB_GLOBAL, STT_OBJECT), .st_shndx = 1 };
	memcpy(m->b + OFF_STRTAB, strtab, sizeof(strtab));
	memcpy(m->b + OFF_SHSTRTAB, shstrtab, sizeof(shstrtab));

	sh[1] = (Elf32_Shdr){ .sh_name = 1, .sh_type = SHT_PROGBITS, .sh_flags = SHF_ALLOC |
			      SHF_EXECINSTR, .sh_addr = TEXT_VA, .sh_offset = OFF_TEXT,
			      .sh_size = sizeof(text), .sh_addralign = 4 };
	sh[2] = (Elf32_Shdr){ .sh_name = 7, .sh_type = SHT_SYMTAB, .sh_offset = OFF_SYMTAB,
			      .sh_size = 3 * sizeof(Elf32_Sym), .sh_link = 3, .sh_info = 1,
			      .sh_addralign = 4, .sh_entsize = sizeof(Elf32_Sym) };
	sh[3] = (Elf32_Shdr){ .sh_name = 15, .sh_type = SHT_STRTAB, .sh_offset = OFF_STRTAB,
			      .sh_size = sizeof(strtab), .sh_addralign = 1 };
	sh[4] = (Elf32_Shdr){ .sh_name = 23, .sh_type = SHT_STRTAB, .sh_offset = OFF_SHSTRTAB,
			      .sh_size = sizeof(shstrtab), .sh_addralign = 1 };
}

/*
 * Gives the image a .osprey.guard section of type @type holding the @n
 * addresses @va (for SHT_NOBITS, a size of 4 * @n and no data).
 */
static void add_guards(struct img *m, uint32_t type, const uint32_t *va, size_t n)
{
	Elf32_Shdr *sh = (Elf32_Shdr *)(m->b + OFF_GUARD_SH);

	assert_true(n <= GUARD_MAX);
	*sh = (Elf32_Shdr){ .sh_name = SHSTR_GUARD, .sh_type = type, .sh_offset = OFF_GUARD,
			    .sh_size = 4 * n, .sh_addralign = 1 };
	if (type != SHT_NOBITS)
		memcpy(m->b + OFF_GUARD, va, 4 * n);
	ehdr(m)->e_shnum = 6;
	m->len = type == SHT_NOBITS ? OFF_GUARD : OFF_GUARD + 4 * n;
}

struct elf_fixture {
	struct memmap mm;
	struct symtab syms;
	char path[64];
	char err[512];
	uint32_t entry;
};

static int elf_setup(void **state)
{
	struct elf_fixture *f = calloc(1, sizeof(*f));
	int fd;

	if (!f || memmap_init(&f->mm, RAM_BASE, ELF_RAM_SIZE))
		return -1;
	memset(f->mm.ram, 0xaa, ELF_RAM_SIZE);
	symtab_init(&f->syms);
	snprintf(f->path, sizeof(f->path), "/tmp/osprey-unit-elf-XXXXXX");
	fd = mkstemp(f->path);
	if (fd < 0)
		return -1;	/* no temporary file: the group fails its setup */
	close(fd);
	*state = f;
	return 0;
}

static int elf_teardown(void **state)
{
	struct elf_fixture *f = *state;

	unlink(f->path);
	symtab_free(&f->syms);
	memmap_free(&f->mm);
	free(f);
	return 0;
}

static void write_bytes(struct elf_fixture *f, const void *p, size_t n)
{
	FILE *o = fopen(f->path, "wb");

	assert_non_null(o);
	assert_int_equal(fwrite(p, 1, n, o), n);
	fclose(o);
}

static int load_path(struct elf_fixture *f, const char *path)
{
	f->err[0] = '\0';
	f->entry = 0x5555;
	return elf_load(path, &f->mm, &f->syms, &f->entry, f->err, sizeof(f->err));
}

static int load(struct elf_fixture *f, struct img *m)
{
	write_bytes(f, m->b, m->len);
	return load_path(f, f->path);
}

/* The load failed with a message naming the file and containing @word. */
static void expect_rejected(struct elf_fixture *f, int ret, const char *word)
{
	assert_int_equal(ret, -1);
	if (!strstr(f->err, word))
		fail_msg("message \"%s\" does not mention \"%s\"", f->err, word);
	assert_int_equal(f->entry, 0x5555);
}

static void test_good_elf_loads_segments_and_entry(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	assert_int_equal(load(f, &m), 0);
	assert_int_equal(f->entry, TEXT_VA + 4);
	assert_memory_equal(memmap_host(&f->mm, TEXT_VA), text, sizeof(text));
	assert_memory_equal(memmap_host(&f->mm, DATA_VA), data, sizeof(data));
}

static void test_good_elf_zero_fills_bss(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;
	const uint8_t *p;

	build_good(&m);
	assert_int_equal(load(f, &m), 0);
	p = memmap_host(&f->mm, DATA_VA);
	for (uint32_t i = sizeof(data); i < DATA_MEMSZ; i++)
		assert_int_equal(p[i], 0);
	assert_int_equal(p[DATA_MEMSZ], 0xaa);	/* nothing past memsz */
}

static void test_good_elf_symbols_are_read(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;
	uint32_t addr;

	build_good(&m);
	assert_int_equal(load(f, &m), 0);
	assert_int_equal(symtab_find(&f->syms, "_start", &addr), 0);
	assert_int_equal(addr, TEXT_VA);
	assert_int_equal(symtab_find(&f->syms, "buffer", &addr), 0);
	assert_int_equal(addr, DATA_VA);
	assert_string_equal(symtab_lookup(&f->syms, TEXT_VA + 8)->name, "_start");
}

static void test_missing_file_is_rejected(void **state)
{
	struct elf_fixture *f = *state;

	expect_rejected(f, load_path(f, "/nonexistent/prog.elf"), "/nonexistent/prog.elf");
	assert_non_null(strstr(f->err, "No such file"));
}

static void test_directory_is_rejected(void **state)
{
	struct elf_fixture *f = *state;

	expect_rejected(f, load_path(f, "/tmp"), "/tmp");
}

static void test_empty_file_is_rejected(void **state)
{
	struct elf_fixture *f = *state;

	write_bytes(f, "", 0);
	expect_rejected(f, load_path(f, f->path), f->path);
}

static void test_text_file_is_not_an_elf(void **state)
{
	struct elf_fixture *f = *state;
	static const char txt[] = "#!/bin/sh\necho this is not an executable\n";

	write_bytes(f, txt, sizeof(txt) - 1);
	expect_rejected(f, load_path(f, f->path), "not an ELF");
}

static void test_truncated_header_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	m.len = 30;
	expect_rejected(f, load(f, &m), f->path);
}

static void test_truncated_program_headers_are_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	ehdr(&m)->e_shoff = 0;		/* keep libelf from giving up on sections first */
	ehdr(&m)->e_shnum = 0;
	ehdr(&m)->e_shstrndx = 0;
	m.len = OFF_PH + sizeof(Elf32_Phdr) + 8;
	expect_rejected(f, load(f, &m), f->path);
}

static void test_segment_data_beyond_eof_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	phdr(&m, 1)->p_offset = IMG_SIZE - 4;
	expect_rejected(f, load(f, &m), "beyond the end");
}

static void test_segment_offset_overflow_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	phdr(&m, 1)->p_offset = 0xfffffff0u;
	phdr(&m, 1)->p_filesz = 0x20;
	phdr(&m, 1)->p_memsz = 0x40;
	expect_rejected(f, load(f, &m), "beyond the end");
}

static void test_64_bit_class_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	ehdr(&m)->e_ident[EI_CLASS] = ELFCLASS64;
	expect_rejected(f, load(f, &m), "64-bit");
}

static void test_big_endian_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	ehdr(&m)->e_ident[EI_DATA] = ELFDATA2MSB;
	expect_rejected(f, load(f, &m), "big-endian");
}

static void test_wrong_machine_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	ehdr(&m)->e_machine = EM_386;
	expect_rejected(f, load(f, &m), "machine 3");
}

static void test_shared_object_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	ehdr(&m)->e_type = ET_DYN;
	expect_rejected(f, load(f, &m), "ET_EXEC");
}

static void test_relocatable_object_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	ehdr(&m)->e_type = ET_REL;
	expect_rejected(f, load(f, &m), "ET_EXEC");
}

static void test_filesz_larger_than_memsz_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	phdr(&m, 0)->p_memsz = 8;
	expect_rejected(f, load(f, &m), "exceeds");
}

static void test_segment_outside_ram_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	phdr(&m, 1)->p_paddr = 0x10000000u;
	expect_rejected(f, load(f, &m), "outside RAM");
}

static void test_segment_running_past_the_end_of_ram_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	phdr(&m, 1)->p_paddr = RAM_BASE + ELF_RAM_SIZE - 16;
	expect_rejected(f, load(f, &m), "outside RAM");
}

static void test_segment_wrapping_the_address_space_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	phdr(&m, 1)->p_memsz = 0xfffffff0u;
	expect_rejected(f, load(f, &m), "outside RAM");
}

static void test_entry_outside_ram_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	ehdr(&m)->e_entry = 0x1000;
	expect_rejected(f, load(f, &m), "entry");
}

static void test_file_without_loadable_segments_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	phdr(&m, 0)->p_type = PT_NOTE;
	phdr(&m, 1)->p_type = PT_NULL;
	expect_rejected(f, load(f, &m), "no loadable segment");
}

/* Every cut that loses part of a segment: rejected with a message, never a crash. */
static void test_every_truncation_of_the_segments_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	for (size_t len = 0; len < OFF_DATA + sizeof(data); len++) {
		build_good(&m);
		m.len = len;
		if (load(f, &m) != -1)
			fail_msg("the image cut to %zu of %d bytes was accepted", len, IMG_SIZE);
		if (!f->err[0])
			fail_msg("the image cut to %zu bytes was rejected without a message", len);
	}
}

/*
 * A file cut inside its section header table is truncated too: loading it
 * would silently drop the symbols (and with them tohost).
 */
static void test_truncated_section_headers_are_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	m.len = OFF_SH + sizeof(Elf32_Shdr) + 8;
	expect_rejected(f, load(f, &m), f->path);
}

/* Random byte corruption of the headers: any outcome but a crash or a silent failure. */
static void test_corrupt_headers_never_crash_the_loader(void **state)
{
	struct elf_fixture *f = *state;
	uint32_t seed = 2024;
	struct img m;

	for (int i = 0; i < 3000; i++) {
		build_good(&m);
		for (int k = 0; k < 3; k++) {
			size_t at;

			seed = seed * 1664525u + 1013904223u;
			at = (seed >> 8) % (k == 2 ? IMG_SIZE : OFF_TEXT);
			seed = seed * 1664525u + 1013904223u;
			m.b[at] = (uint8_t)(seed >> 24);
		}
		if (load(f, &m) == -1 && !f->err[0])
			fail_msg("corruption %d was rejected without a message", i);
		symtab_free(&f->syms);
	}
}

/*
 * Headers and tables at offsets that are not multiples of 4 are legal ELF;
 * reading them must not make misaligned accesses (the sanitized build of
 * this test, test_elf-san, fails on one).
 */
static void test_misaligned_program_headers_load(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	memmove(m.b + OFF_PH + 2, m.b + OFF_PH, 2 * sizeof(Elf32_Phdr));
	ehdr(&m)->e_phoff = OFF_PH + 2;
	assert_int_equal(load(f, &m), 0);
	assert_memory_equal(memmap_host(&f->mm, TEXT_VA), text, sizeof(text));
	assert_memory_equal(memmap_host(&f->mm, DATA_VA), data, sizeof(data));
}

static void test_misaligned_section_headers_load(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;
	uint32_t addr;

	build_good(&m);
	memmove(m.b + OFF_SH + 2, m.b + OFF_SH, 5 * sizeof(Elf32_Shdr));
	ehdr(&m)->e_shoff = OFF_SH + 2;
	m.len = IMG_SIZE + 2;
	assert_int_equal(load(f, &m), 0);
	assert_int_equal(symtab_find(&f->syms, "buffer", &addr), 0);
	assert_int_equal(addr, DATA_VA);
}

static void test_misaligned_symbol_table_loads(void **state)
{
	struct elf_fixture *f = *state;
	Elf32_Shdr *sh;
	struct img m;
	uint32_t addr;

	build_good(&m);
	sh = (Elf32_Shdr *)(m.b + OFF_SH) + 2;
	memcpy(m.b + IMG_SIZE + 2, m.b + OFF_SYMTAB, sh->sh_size);
	m.len = IMG_SIZE + 2 + sh->sh_size;
	sh->sh_offset = IMG_SIZE + 2;
	assert_int_equal(load(f, &m), 0);
	assert_int_equal(symtab_find(&f->syms, "_start", &addr), 0);
	assert_int_equal(addr, TEXT_VA);
}

/* libelf reads tables with the standard entry sizes whatever the header says. */
static void test_program_header_entry_size_other_than_32_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	ehdr(&m)->e_phentsize = 48;
	expect_rejected(f, load(f, &m), "program header entries of 48 bytes");
}

static void test_section_header_entry_size_other_than_40_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	ehdr(&m)->e_shentsize = 16;
	expect_rejected(f, load(f, &m), "section header entries of 16 bytes");
}

/* A NOBITS guard section has no data in the file: refused, not read from NULL. */
static void test_nobits_guard_section_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	add_guards(&m, SHT_NOBITS, NULL, 2);
	expect_rejected(f, load(f, &m), ".osprey.guard");
}

/* Puts instruction @word at text word @i of the image (and of text_at()). */
static void set_text_word(struct img *m, int i, uint32_t word)
{
	memcpy(m->b + OFF_TEXT + 4 * i, &word, 4);
}

static void test_guard_entries_mark_their_transfers(void **state)
{
	struct elf_fixture *f = *state;
	const uint32_t va[] = { TEXT_VA + 8, TEXT_VA + 12 };
	struct img m;

	build_good(&m);
	set_text_word(&m, 3, BEQ(10, 11, -8));
	add_guards(&m, SHT_PROGBITS, va, 2);
	assert_int_equal(load(f, &m), 0);
	assert_false(memmap_line_guarded(&f->mm, TEXT_VA, 8));
	assert_true(memmap_line_guarded(&f->mm, TEXT_VA + 8, 4));
	assert_true(memmap_line_guarded(&f->mm, TEXT_VA + 12, 4));
}

/* Branches, jumps, and the trap entries and returns that leave a sequence. */
static void test_guard_entry_may_mark_every_control_transfer(void **state)
{
	static const uint32_t transfers[] = {
		BEQ(1, 2, 8), BNE(1, 2, -4), BLT(1, 2, 8), BGE(1, 2, 8), BLTU(1, 2, 8),
		BGEU(1, 2, 8), JAL(0, 8), JAL(1, -12), JALR(0, 1, 0), JALR(1, 5, -4),
		ECALL, EBREAK, MRET, SRET,
	};
	struct elf_fixture *f = *state;
	const uint32_t va = TEXT_VA + 12;
	struct img m;

	for (size_t i = 0; i < sizeof(transfers) / sizeof(transfers[0]); i++) {
		build_good(&m);
		set_text_word(&m, 3, transfers[i]);
		add_guards(&m, SHT_PROGBITS, &va, 1);
		if (load(f, &m))
			fail_msg("transfer 0x%08x refused: %s", transfers[i], f->err);
		symtab_free(&f->syms);
	}
}

static void test_guard_entry_on_a_word_that_is_no_transfer_is_rejected(void **state)
{
	static const uint32_t others[] = {
		ADDI(1, 0, 10), 0x12345678, 0, WFI, FENCE_I, LW(1, 2, 0),
		enc_b(8, 2, 1, 2, OP_BRANCH),	/* branch opcode, reserved funct3 */
		enc_i(0, 1, 1, 0, OP_JALR),	/* jalr opcode, funct3 1 */
	};
	struct elf_fixture *f = *state;
	const uint32_t va[] = { TEXT_VA + 8, TEXT_VA + 12 };
	struct img m;

	for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
		build_good(&m);
		set_text_word(&m, 3, others[i]);
		add_guards(&m, SHT_PROGBITS, va, 2);
		expect_rejected(f, load(f, &m), "entry 1 (0x8000000c)");
		if (!strstr(f->err, "control transfer"))
			fail_msg("word 0x%08x: message \"%s\" does not say why", others[i], f->err);
		symtab_free(&f->syms);
	}
}

static void test_guard_entry_in_bss_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	const uint32_t va = DATA_VA + 16;
	struct img m;

	build_good(&m);
	add_guards(&m, SHT_PROGBITS, &va, 1);
	expect_rejected(f, load(f, &m), "entry 0 (0x80001010)");
}

static void test_unsorted_guard_entries_are_rejected(void **state)
{
	struct elf_fixture *f = *state;
	const uint32_t va[] = { TEXT_VA + 12, TEXT_VA + 8 };
	struct img m;

	build_good(&m);
	set_text_word(&m, 3, JAL(0, -12));
	add_guards(&m, SHT_PROGBITS, va, 2);
	expect_rejected(f, load(f, &m), "entry 1 (0x80000008)");
	assert_non_null(strstr(f->err, "sorted"));
}

static void test_duplicate_guard_entries_are_rejected(void **state)
{
	struct elf_fixture *f = *state;
	const uint32_t va[] = { TEXT_VA + 8, TEXT_VA + 8 };
	struct img m;

	build_good(&m);
	add_guards(&m, SHT_PROGBITS, va, 2);
	expect_rejected(f, load(f, &m), "entry 1 (0x80000008)");
	assert_non_null(strstr(f->err, "duplicate"));
}

static void test_guard_entry_outside_the_segments_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	const uint32_t va[] = { TEXT_VA + 8, TEXT_VA + 0x800 };
	struct img m;

	build_good(&m);
	add_guards(&m, SHT_PROGBITS, va, 2);
	expect_rejected(f, load(f, &m), "entry 1 (0x80000800)");
}

static void test_misaligned_guard_entry_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	const uint32_t va = TEXT_VA + 6;
	struct img m;

	build_good(&m);
	add_guards(&m, SHT_PROGBITS, &va, 1);
	expect_rejected(f, load(f, &m), "entry 0 (0x80000006)");
}

/* A word that runs past the end of its segment is not an instruction of it. */
static void test_guard_entry_straddling_a_segment_end_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	const uint32_t va = TEXT_VA + 12;
	struct img m;

	build_good(&m);
	phdr(&m, 0)->p_filesz = 14;
	phdr(&m, 0)->p_memsz = 14;
	set_text_word(&m, 3, JAL(0, 0));
	add_guards(&m, SHT_PROGBITS, &va, 1);
	expect_rejected(f, load(f, &m), "entry 0 (0x8000000c)");
}

/* The linker merges .osprey.guard input sections: two in one file are not sorted as one. */
static void test_second_guard_section_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	const uint32_t va = TEXT_VA + 8;
	Elf32_Shdr *sh;
	struct img m;

	build_good(&m);
	add_guards(&m, SHT_PROGBITS, &va, 1);
	sh = (Elf32_Shdr *)(m.b + OFF_SH);
	sh[1].sh_name = SHSTR_GUARD;	/* .text renamed, made a copy of the guard section */
	sh[1].sh_flags = 0;
	sh[1].sh_offset = OFF_GUARD;
	sh[1].sh_size = 4;
	expect_rejected(f, load(f, &m), "more than one");
}

/* A section whose name cannot be read might be .osprey.guard: not silently skipped. */
static void test_section_with_unreadable_name_is_rejected(void **state)
{
	struct elf_fixture *f = *state;
	struct img m;

	build_good(&m);
	((Elf32_Shdr *)(m.b + OFF_SH))[1].sh_name = 0x1000;
	expect_rejected(f, load(f, &m), "section 1: unreadable name");
}

#define ELF_TEST(t) cmocka_unit_test_setup_teardown(t, elf_setup, elf_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		ELF_TEST(test_good_elf_loads_segments_and_entry),
		ELF_TEST(test_good_elf_zero_fills_bss),
		ELF_TEST(test_good_elf_symbols_are_read),
		ELF_TEST(test_missing_file_is_rejected),
		ELF_TEST(test_directory_is_rejected),
		ELF_TEST(test_empty_file_is_rejected),
		ELF_TEST(test_text_file_is_not_an_elf),
		ELF_TEST(test_truncated_header_is_rejected),
		ELF_TEST(test_truncated_program_headers_are_rejected),
		ELF_TEST(test_segment_data_beyond_eof_is_rejected),
		ELF_TEST(test_segment_offset_overflow_is_rejected),
		ELF_TEST(test_64_bit_class_is_rejected),
		ELF_TEST(test_big_endian_is_rejected),
		ELF_TEST(test_wrong_machine_is_rejected),
		ELF_TEST(test_shared_object_is_rejected),
		ELF_TEST(test_relocatable_object_is_rejected),
		ELF_TEST(test_filesz_larger_than_memsz_is_rejected),
		ELF_TEST(test_segment_outside_ram_is_rejected),
		ELF_TEST(test_segment_running_past_the_end_of_ram_is_rejected),
		ELF_TEST(test_segment_wrapping_the_address_space_is_rejected),
		ELF_TEST(test_entry_outside_ram_is_rejected),
		ELF_TEST(test_file_without_loadable_segments_is_rejected),
		ELF_TEST(test_every_truncation_of_the_segments_is_rejected),
		ELF_TEST(test_truncated_section_headers_are_rejected),
		ELF_TEST(test_corrupt_headers_never_crash_the_loader),
		ELF_TEST(test_nobits_guard_section_is_rejected),
		ELF_TEST(test_misaligned_program_headers_load),
		ELF_TEST(test_misaligned_section_headers_load),
		ELF_TEST(test_misaligned_symbol_table_loads),
		ELF_TEST(test_program_header_entry_size_other_than_32_is_rejected),
		ELF_TEST(test_section_header_entry_size_other_than_40_is_rejected),
		ELF_TEST(test_guard_entries_mark_their_transfers),
		ELF_TEST(test_guard_entry_may_mark_every_control_transfer),
		ELF_TEST(test_guard_entry_on_a_word_that_is_no_transfer_is_rejected),
		ELF_TEST(test_guard_entry_in_bss_is_rejected),
		ELF_TEST(test_unsorted_guard_entries_are_rejected),
		ELF_TEST(test_duplicate_guard_entries_are_rejected),
		ELF_TEST(test_guard_entry_outside_the_segments_is_rejected),
		ELF_TEST(test_misaligned_guard_entry_is_rejected),
		ELF_TEST(test_guard_entry_straddling_a_segment_end_is_rejected),
		ELF_TEST(test_second_guard_section_is_rejected),
		ELF_TEST(test_section_with_unreadable_name_is_rejected),
	};

	return UNIT_RUN("elf", tests);
}
