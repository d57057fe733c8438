// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness of the configuration parser. Each input is used twice:
 * as a --config file (config_load on a memory file holding it), and split at
 * its first '=' into a key and a value for config_set (as --set KEY=VALUE).
 * A refusal must come with a one-line message (config_set's only when the
 * key and value are free of control characters: it echoes them, and --set
 * takes them from the command line as they are). A file that loads and
 * passes config_check must print (config_print) to a file that loads back
 * to the same configuration. Seeds: tests/fuzz/seeds/config/ and the
 * presets as --print-config writes them (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "sys/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

static void fuzz_load(const uint8_t *data, size_t size)
{
	static struct fuzz_file in = { .fd = -1 }, out = { .fd = -1 };
	struct config c, d;
	char err[512] = "";
	const char *path = fuzz_file_put(&in, "fuzz.cfg", data, size);
	FILE *f;

	config_defaults(&c);
	if (config_load(&c, path, err, sizeof(err))) {
		fuzz_check_message(err);
		return;
	}
	if (config_check(&c, err, sizeof(err))) {
		fuzz_check_message(err);
		return;
	}
	/* The printed configuration loads back unchanged. */
	fuzz_file_put(&out, "fuzz-print.cfg", "", 0);
	f = fopen(out.path, "w");
	if (!f)
		abort();
	config_print(&c, f);
	fclose(f);
	config_defaults(&d);
	if (config_load(&d, out.path, err, sizeof(err)))
		fuzz_broken("the printed configuration does not load", err);
	if (memcmp(&c, &d, sizeof(c)))
		fuzz_broken("the printed configuration loads as another", "");
}

static void fuzz_set(const uint8_t *data, size_t size)
{
	char *key = malloc(size + 1), *value, err[512] = "";
	struct config c;

	if (!key)
		abort();
	memcpy(key, data, size);
	key[size] = '\0';
	value = strchr(key, '=');
	if (value) {
		*value++ = '\0';
		config_defaults(&c);
		if (config_set(&c, key, value, err, sizeof(err))) {
			if (!err[0])
				fuzz_broken("config_set refused without a message", err);
			if (!has_control(key) && !has_control(value))
				fuzz_check_message(err);
		}
	}
	free(key);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_load(data, size);
	fuzz_set(data, size);
	return 0;
}
