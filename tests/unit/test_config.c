// SPDX-License-Identifier: MIT
/*
 * Configuration parsing: every bad input is rejected with a message that
 * names the offending key (DESIGN.md, "invalid input names the offending key").
 */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/config.h"

static char err[512];

static void assert_mentions(const char *msg, const char *word)
{
	if (!strstr(msg, word))
		fail_msg("message \"%s\" does not mention \"%s\"", msg, word);
}

static void test_defaults_pass_the_check(void **state)
{
	struct config c;

	config_defaults(&c);
	assert_int_equal(config_check(&c, err, sizeof(err)), 0);
}

static void test_set_accepts_a_known_key(void **state)
{
	struct config c;

	config_defaults(&c);
	assert_int_equal(config_set(&c, "sys.cores", "2", err, sizeof(err)), 0);
	assert_int_equal(c.cores, 2);
	assert_int_equal(config_set(&c, "dtlb.entries", "0x40", err, sizeof(err)), 0);
	assert_int_equal(c.dtlb.entries, 64);
	assert_int_equal(config_set(&c, "sys.mem_size", "64M", err, sizeof(err)), 0);
	assert_int_equal(c.mem_size, 64u << 20);
}

static void test_unknown_key_is_named(void **state)
{
	struct config c;

	config_defaults(&c);
	assert_int_equal(config_set(&c, "sys.corez", "2", err, sizeof(err)), -1);
	assert_mentions(err, "sys.corez");
}

static void test_malformed_value_names_the_key(void **state)
{
	static const char *const bad[] = { "", "12x", "-1", " 1", "0x", "1.5", "two" };
	struct config c;

	config_defaults(&c);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (config_set(&c, "itlb.ways", bad[i], err, sizeof(err)) != -1)
			fail_msg("value \"%s\" was accepted", bad[i]);
		assert_mentions(err, "itlb.ways");
	}
	assert_int_equal(c.itlb.ways, DEFAULT_TLB_WAYS);
}

static void test_out_of_range_value_names_the_key(void **state)
{
	struct config c;

	config_defaults(&c);
	assert_int_equal(config_set(&c, "sys.cores", "0", err, sizeof(err)), -1);
	assert_mentions(err, "sys.cores");
	assert_int_equal(config_set(&c, "sys.cores", "17", err, sizeof(err)), -1);
	assert_int_equal(config_set(&c, "sys.mem_size", "4G", err, sizeof(err)), -1);
	assert_mentions(err, "sys.mem_size");
	assert_int_equal(config_set(&c, "sys.core_hz", "99999999999", err, sizeof(err)), -1);
	assert_mentions(err, "sys.core_hz");
}

static void test_tlb_entries_not_a_power_of_two_names_the_key(void **state)
{
	struct config c;

	config_defaults(&c);
	c.itlb.entries = 24;
	c.itlb.ways = 8;
	assert_int_equal(config_check(&c, err, sizeof(err)), -1);
	assert_mentions(err, "itlb.entries");
}

static void test_tlb_ways_not_dividing_entries_names_the_key(void **state)
{
	struct config c;

	config_defaults(&c);
	c.dtlb.ways = 3;
	assert_int_equal(config_check(&c, err, sizeof(err)), -1);
	assert_mentions(err, "dtlb.ways");
	c.dtlb.ways = 64;	/* more ways than entries */
	assert_int_equal(config_check(&c, err, sizeof(err)), -1);
	assert_mentions(err, "dtlb.ways");
}

static void test_unaligned_memory_size_names_the_key(void **state)
{
	struct config c;

	config_defaults(&c);
	c.mem_size = (8u << 20) + 100;
	assert_int_equal(config_check(&c, err, sizeof(err)), -1);
	assert_mentions(err, "sys.mem_size");
}

static void test_timebase_not_dividing_core_clock_names_the_key(void **state)
{
	struct config c;

	config_defaults(&c);
	c.timebase_hz = 3000000;
	assert_int_equal(config_check(&c, err, sizeof(err)), -1);
	assert_mentions(err, "sys.timebase_hz");
}

static void test_parse_size_suffixes_are_binary(void **state)
{
	uint64_t v;

	assert_int_equal(parse_size("4096", &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(parse_size("4K", &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(parse_size("4k", &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(parse_size("16M", &v), 0);
	assert_int_equal(v, 16u << 20);
	assert_int_equal(parse_size("2G", &v), 0);
	assert_int_equal(v, 2ull << 30);
	assert_int_equal(parse_size("0x10K", &v), 0);
	assert_int_equal(v, 16u << 10);
}

static void test_parse_size_rejects_garbage(void **state)
{
	static const char *const bad[] = { "", "K", "-4K", "4T", "4KB", "4 K", "1e3",
					   "99999999999999999999", "17179869184G" };
	uint64_t v;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (parse_size(bad[i], &v) != -1)
			fail_msg("\"%s\" parsed as %llu", bad[i], (unsigned long long)v);
}

static void test_parse_u64_takes_decimal_and_hex(void **state)
{
	uint64_t v;

	assert_int_equal(parse_u64("18446744073709551615", &v), 0);
	assert_int_equal(v, UINT64_MAX);
	assert_int_equal(parse_u64("0xff", &v), 0);
	assert_int_equal(v, 255);
	assert_int_equal(parse_u64("18446744073709551616", &v), -1);
}

/* Leading zeros are decimal, not octal: 010 is ten, and 08 is a number. */
static void test_parse_u64_reads_leading_zeros_as_decimal(void **state)
{
	uint64_t v;

	assert_int_equal(parse_u64("010", &v), 0);
	assert_int_equal(v, 10);
	assert_int_equal(parse_u64("08", &v), 0);
	assert_int_equal(v, 8);
	assert_int_equal(parse_u64("0", &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(parse_u64("0X1f", &v), 0);
	assert_int_equal(v, 31);
	assert_int_equal(parse_size("010K", &v), 0);
	assert_int_equal(v, 10u << 10);
}

static void test_parse_u64_rejects_garbage(void **state)
{
	static const char *const bad[] = { "", "-1", "+1", " 1", "1 ", "0x", "0x-1", "0x 1",
					   "0xg", "1x2", "0b1", "12a", "0x10000000000000000" };
	uint64_t v;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (parse_u64(bad[i], &v) != -1)
			fail_msg("\"%s\" parsed as %llu", bad[i], (unsigned long long)v);
}

/* Writes the @n bytes at @text to a temporary file; returns its path in @path. */
static void temp_file_bytes(char *path, size_t len, const char *text, size_t n)
{
	int fd;

	snprintf(path, len, "/tmp/osprey-unit-cfg-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, n), (ssize_t)n);
	close(fd);
}

/* Writes the string @text to a temporary file; returns its path in @path. */
static void temp_file(char *path, size_t len, const char *text)
{
	temp_file_bytes(path, len, text, strlen(text));
}

static void test_load_reads_keys_and_comments(void **state)
{
	char path[64];
	struct config c;

	temp_file(path, sizeof(path), "# a comment\n\n  sys.cores = 3   # trailing\nitlb.ways=4\n");
	config_defaults(&c);
	assert_int_equal(config_load(&c, path, err, sizeof(err)), 0);
	assert_int_equal(c.cores, 3);
	assert_int_equal(c.itlb.ways, 4);
	unlink(path);
}

static void test_load_error_names_file_line_and_key(void **state)
{
	char path[64], where[80];
	struct config c;

	temp_file(path, sizeof(path), "sys.cores = 2\ndtlb.entries = lots\n");
	config_defaults(&c);
	assert_int_equal(config_load(&c, path, err, sizeof(err)), -1);
	snprintf(where, sizeof(where), "%s:2", path);
	assert_mentions(err, where);
	assert_mentions(err, "dtlb.entries");
	unlink(path);
}

static void test_load_rejects_a_line_without_equals(void **state)
{
	char path[64];
	struct config c;

	temp_file(path, sizeof(path), "sys.cores 2\n");
	config_defaults(&c);
	assert_int_equal(config_load(&c, path, err, sizeof(err)), -1);
	assert_mentions(err, ":1");
	unlink(path);
}

static void test_load_of_a_missing_file_names_it(void **state)
{
	struct config c;

	config_defaults(&c);
	assert_int_equal(config_load(&c, "/nonexistent/osprey.cfg", err, sizeof(err)), -1);
	assert_mentions(err, "/nonexistent/osprey.cfg");
}

static void test_load_of_a_directory_is_refused(void **state)
{
	struct config c;

	config_defaults(&c);
	err[0] = '\0';
	assert_int_equal(config_load(&c, "/tmp", err, sizeof(err)), -1);
	assert_mentions(err, "/tmp");
	assert_mentions(err, "directory");
}

/*
 * A line is read whole however long: text deep inside a comment stays in the
 * comment, and the lines after it keep their numbers.
 */
static void test_load_reads_a_long_line_whole(void **state)
{
	char path[64], where[80], *text;
	struct config c;
	size_t n = 0;

	text = malloc(8192);
	assert_non_null(text);
	n += sprintf(text + n, "# ");
	memset(text + n, 'x', 509);	/* "sys.cores" starts at byte 511 */
	n += 509;
	n += sprintf(text + n, "sys.cores = 7\n");
	memset(text + n, ' ', 3000);	/* a key after 3000 blanks */
	n += 3000;
	n += sprintf(text + n, "sys.cores = 2\ndtlb.entries = lots\n");
	temp_file_bytes(path, sizeof(path), text, n);
	free(text);
	config_defaults(&c);
	assert_int_equal(config_load(&c, path, err, sizeof(err)), -1);
	assert_int_equal(c.cores, 2);
	snprintf(where, sizeof(where), "%s:3:", path);
	assert_mentions(err, where);
	assert_mentions(err, "dtlb.entries");
	unlink(path);
}

/* /dev/zero is endless and not text: refused at once, not read forever. */
static void test_load_of_dev_zero_is_refused(void **state)
{
	struct config c;

	config_defaults(&c);
	alarm(10);		/* a hang fails the test */
	assert_int_equal(config_load(&c, "/dev/zero", err, sizeof(err)), -1);
	alarm(0);
	assert_mentions(err, "/dev/zero:1");
	assert_mentions(err, "not a text file");
}

static void test_load_of_a_file_with_a_nul_byte_is_refused(void **state)
{
	static const char text[] = "sys.cores = 2\nsys.cores = 3\0 = 5\n";
	char path[64], where[80];
	struct config c;

	temp_file_bytes(path, sizeof(path), text, sizeof(text) - 1);
	config_defaults(&c);
	assert_int_equal(config_load(&c, path, err, sizeof(err)), -1);
	snprintf(where, sizeof(where), "%s:2:", path);
	assert_mentions(err, where);
	assert_mentions(err, "not a text file");
	unlink(path);
}

/* Control characters would also garble the one-line message that echoes a line. */
static void test_load_of_a_line_with_a_control_character_is_refused(void **state)
{
	char path[64];
	struct config c;

	temp_file(path, sizeof(path), "sys.cores = 2\x1b[2J\n");
	config_defaults(&c);
	assert_int_equal(config_load(&c, path, err, sizeof(err)), -1);
	assert_mentions(err, ":1:");
	assert_mentions(err, "0x1b");
	unlink(path);
}

static void test_load_takes_crlf_line_ends(void **state)
{
	char path[64];
	struct config c;

	temp_file(path, sizeof(path), "sys.cores = 3\r\n# dos\r\nitlb.ways = 4\r\n");
	config_defaults(&c);
	assert_int_equal(config_load(&c, path, err, sizeof(err)), 0);
	assert_int_equal(c.cores, 3);
	assert_int_equal(c.itlb.ways, 4);
	unlink(path);
}

static void test_load_of_an_oversized_file_is_refused(void **state)
{
	size_t n = CONFIG_FILE_MAX + 1;
	char path[64], *text = malloc(n);
	struct config c;

	assert_non_null(text);
	memset(text, '#', n);
	for (size_t i = 79; i < n; i += 80)
		text[i] = '\n';
	temp_file_bytes(path, sizeof(path), text, n);
	free(text);
	config_defaults(&c);
	assert_int_equal(config_load(&c, path, err, sizeof(err)), -1);
	assert_mentions(err, path);
	assert_mentions(err, "larger than");
	unlink(path);
}

/* Sets @key to @value (accepted), then expects config_check to name @named. */
static void assert_check_names(const char *key, const char *value, const char *named)
{
	struct config c;

	config_defaults(&c);
	assert_int_equal(config_set(&c, key, value, err, sizeof(err)), 0);
	err[0] = '\0';
	assert_int_equal(config_check(&c, err, sizeof(err)), -1);
	assert_mentions(err, named);
}

static void test_cache_sets_not_a_power_of_two_names_the_key(void **state)
{
	assert_check_names("l1d.ways", "3", "l1d.ways");
}

static void test_cache_line_larger_than_a_page_names_the_key(void **state)
{
	struct config c;

	config_defaults(&c);
	assert_int_equal(config_set(&c, "l2.line", "8192", err, sizeof(err)), -1);
	assert_mentions(err, "l2.line");
}

static void test_l1_line_larger_than_l2_line_names_the_key(void **state)
{
	assert_check_names("l1i.line", "128", "l1i.line");
}

static void test_l2_smaller_than_an_l1_names_the_key(void **state)
{
	assert_check_names("l2.size", "16K", "l2.size");
}

static void test_zero_ways_is_out_of_range(void **state)
{
	struct config c;

	config_defaults(&c);
	assert_int_equal(config_set(&c, "l2.ways", "0", err, sizeof(err)), -1);
	assert_mentions(err, "l2.ways");
}

static void test_enum_key_takes_names_only(void **state)
{
	struct config c;

	config_defaults(&c);
	assert_int_equal(config_set(&c, "core.bpred", "bimodal", err, sizeof(err)), 0);
	assert_int_equal(c.core.bpred, BPRED_BIMODAL);
	assert_int_equal(config_set(&c, "l2.repl", "random", err, sizeof(err)), 0);
	assert_int_equal(config_set(&c, "core.bpred", "2", err, sizeof(err)), -1);
	assert_mentions(err, "core.bpred");
	assert_int_equal(config_set(&c, "sys.mode", "fast", err, sizeof(err)), -1);
	assert_mentions(err, "sys.mode");
}

static void test_presets_are_valid_and_differ(void **state)
{
	struct config a, b;

	config_defaults(&a);
	config_defaults(&b);
	assert_int_equal(config_preset(&b, "modern"), 0);
	assert_int_equal(config_check(&b, err, sizeof(err)), 0);
	assert_int_not_equal(a.l2.size, b.l2.size);
	assert_int_equal(a.cores, b.cores);	/* presets leave the rest alone */
	assert_int_equal(config_preset(&b, "default"), 0);
	assert_memory_equal(&a, &b, sizeof(a));
	assert_int_equal(config_preset(&b, "fastest"), -1);
}

static void test_default_preset_is_the_1990s_machine(void **state)
{
	struct config c;

	config_defaults(&c);
	assert_int_equal(c.l1i.size, 16 << 10);
	assert_int_equal(c.l1d.size, 32 << 10);
	assert_int_equal(c.l1i.ways, 1);
	assert_int_equal(c.l1d.ways, 1);
	assert_int_equal(c.l1d.line, 32);
	assert_int_equal(c.l2.size, 256 << 10);
	assert_int_equal(c.l2.ways, 2);
	assert_int_equal(c.l2.line, 64);
	assert_int_equal(c.bus.clock_div, 4);
	assert_int_equal(c.mode, MODE_TIMING);
}

static void test_printed_config_loads_back(void **state)
{
	char path[64];
	struct config c, d;
	FILE *f;
	int fd;

	config_defaults(&c);
	assert_int_equal(config_preset(&c, "modern"), 0);
	c.cores = 5;
	c.seed = 0x123456789ull;
	c.l2.repl = 2;
	snprintf(path, sizeof(path), "/tmp/osprey-unit-cfg-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	config_print(&c, f);
	fclose(f);
	config_defaults(&d);
	assert_int_equal(config_load(&d, path, err, sizeof(err)), 0);
	assert_memory_equal(&c, &d, sizeof(c));
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults_pass_the_check),
		cmocka_unit_test(test_set_accepts_a_known_key),
		cmocka_unit_test(test_unknown_key_is_named),
		cmocka_unit_test(test_malformed_value_names_the_key),
		cmocka_unit_test(test_out_of_range_value_names_the_key),
		cmocka_unit_test(test_tlb_entries_not_a_power_of_two_names_the_key),
		cmocka_unit_test(test_tlb_ways_not_dividing_entries_names_the_key),
		cmocka_unit_test(test_unaligned_memory_size_names_the_key),
		cmocka_unit_test(test_timebase_not_dividing_core_clock_names_the_key),
		cmocka_unit_test(test_parse_size_suffixes_are_binary),
		cmocka_unit_test(test_parse_size_rejects_garbage),
		cmocka_unit_test(test_parse_u64_takes_decimal_and_hex),
		cmocka_unit_test(test_parse_u64_reads_leading_zeros_as_decimal),
		cmocka_unit_test(test_parse_u64_rejects_garbage),
		cmocka_unit_test(test_load_reads_keys_and_comments),
		cmocka_unit_test(test_load_error_names_file_line_and_key),
		cmocka_unit_test(test_load_rejects_a_line_without_equals),
		cmocka_unit_test(test_load_of_a_missing_file_names_it),
		cmocka_unit_test(test_load_of_a_directory_is_refused),
		cmocka_unit_test(test_load_reads_a_long_line_whole),
		cmocka_unit_test(test_load_of_dev_zero_is_refused),
		cmocka_unit_test(test_load_of_a_file_with_a_nul_byte_is_refused),
		cmocka_unit_test(test_load_of_a_line_with_a_control_character_is_refused),
		cmocka_unit_test(test_load_takes_crlf_line_ends),
		cmocka_unit_test(test_load_of_an_oversized_file_is_refused),
		cmocka_unit_test(test_cache_sets_not_a_power_of_two_names_the_key),
		cmocka_unit_test(test_cache_line_larger_than_a_page_names_the_key),
		cmocka_unit_test(test_l1_line_larger_than_l2_line_names_the_key),
		cmocka_unit_test(test_l2_smaller_than_an_l1_names_the_key),
		cmocka_unit_test(test_zero_ways_is_out_of_range),
		cmocka_unit_test(test_enum_key_takes_names_only),
		cmocka_unit_test(test_presets_are_valid_and_differ),
		cmocka_unit_test(test_default_preset_is_the_1990s_machine),
		cmocka_unit_test(test_printed_config_loads_back),
	};

	return UNIT_RUN("config", tests);
}
