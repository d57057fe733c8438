// SPDX-License-Identifier: MIT
/*
 * The disk loader (machine_load_disk): a regular file copied into RAM at
 * DISK_BASE; everything else refused with a message, never a silent empty
 * or misread disk.
 */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/machine.h"

struct disk_fixture {
	struct machine m;
	char path[64];
	char err[512];
};

static int disk_setup(void **state)
{
	struct disk_fixture *f = calloc(1, sizeof(*f));
	struct machine_opts opts = { .uart_in_fd = -1 };
	struct config cfg;
	int fd;

	if (!f)
		return -1;
	config_defaults(&cfg);
	cfg.cores = 1;
	opts.uart_out = stdout;
	if (machine_init(&f->m, &cfg, &opts, f->err, sizeof(f->err)))
		return -1;
	snprintf(f->path, sizeof(f->path), "/tmp/osprey-unit-disk-XXXXXX");
	fd = mkstemp(f->path);
	if (fd < 0)
		return -1;
	close(fd);
	*state = f;
	return 0;
}

static int disk_teardown(void **state)
{
	struct disk_fixture *f = *state;

	unlink(f->path);
	machine_free(&f->m);
	free(f);
	return 0;
}

static void write_disk(struct disk_fixture *f, const void *p, size_t n)
{
	FILE *o = fopen(f->path, "wb");

	assert_non_null(o);
	assert_int_equal(fwrite(p, 1, n, o), n);
	fclose(o);
}

static void expect_refused(struct disk_fixture *f, const char *path, const char *word)
{
	f->err[0] = '\0';
	assert_int_equal(machine_load_disk(&f->m, path, f->err, sizeof(f->err)), -1);
	if (!strstr(f->err, word))
		fail_msg("message \"%s\" does not mention \"%s\"", f->err, word);
	if (strchr(f->err, '\n'))
		fail_msg("message \"%s\" is more than one line", f->err);
}

static void test_disk_image_is_copied_to_the_disk_window(void **state)
{
	struct disk_fixture *f = *state;
	static const char img[] = "osprey disk image";

	write_disk(f, img, sizeof(img));
	assert_int_equal(machine_load_disk(&f->m, f->path, f->err, sizeof(f->err)), 0);
	assert_memory_equal(memmap_host(&f->m.mm, DISK_BASE), img, sizeof(img));
}

static void test_missing_disk_is_refused(void **state)
{
	struct disk_fixture *f = *state;

	expect_refused(f, "/nonexistent/disk.img", "No such file");
}

/* A directory's "size" on ext4 is 2^63 - 1: the message must not be about size. */
static void test_disk_directory_is_refused(void **state)
{
	struct disk_fixture *f = *state;

	expect_refused(f, "/tmp", "not a regular file");
}

/* /dev/zero has no size: it used to load as an empty disk, silently. */
static void test_disk_character_device_is_refused(void **state)
{
	struct disk_fixture *f = *state;

	expect_refused(f, "/dev/zero", "not a regular file");
}

static void test_disk_larger_than_the_window_is_refused(void **state)
{
	struct disk_fixture *f = *state;

	assert_int_equal(truncate(f->path, DISK_MAX + 1), 0);
	expect_refused(f, f->path, "larger than");
}

static void test_disk_overlapping_the_elf_image_is_refused(void **state)
{
	struct disk_fixture *f = *state;

	write_disk(f, "x", 1);
	f->m.mm.image_lo = RAM_BASE;
	f->m.mm.image_hi = DISK_BASE + 4;
	expect_refused(f, f->path, "overlaps");
}

#define DISK_TEST(t) cmocka_unit_test_setup_teardown(t, disk_setup, disk_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		DISK_TEST(test_disk_image_is_copied_to_the_disk_window),
		DISK_TEST(test_missing_disk_is_refused),
		DISK_TEST(test_disk_directory_is_refused),
		DISK_TEST(test_disk_character_device_is_refused),
		DISK_TEST(test_disk_larger_than_the_window_is_refused),
		DISK_TEST(test_disk_overlapping_the_elf_image_is_refused),
	};

	return UNIT_RUN("disk", tests);
}
