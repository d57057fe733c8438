// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness of the disk loader, machine_load_disk: each input is a
 * disk image in a memory file. Its first 16 bytes, when present, also say
 * where the ELF image lies (two little-endian 64-bit bounds, as the ELF
 * loader leaves them in the memory map), so that the overlap check is
 * explored too. A load must copy the file exactly to DISK_BASE and never
 * overlap the ELF image; a refusal must come with a one-line message.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "sys/machine.h"
#include "sys/param.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz_file disk = { .fd = -1 };
	static struct machine m;
	static int ready;
	char err[512] = "";
	const char *path;

	if (!ready) {
		struct machine_opts opts = { .uart_in_fd = -1 };
		struct config cfg;

		config_defaults(&cfg);	/* 128 MiB of RAM: the disk window fits */
		cfg.cores = 1;
		opts.uart_out = stdout;
		if (machine_init(&m, &cfg, &opts, err, sizeof(err))) {
			fprintf(stderr, "fuzz: %s\n", err);
			abort();
		}
		ready = 1;
	}
	m.mm.image_lo = m.mm.image_hi = RAM_BASE;
	if (size >= 16) {
		memcpy(&m.mm.image_lo, data, 8);
		memcpy(&m.mm.image_hi, data + 8, 8);
	}
	path = fuzz_file_put(&disk, "fuzz.img", data, size);
	if (machine_load_disk(&m, path, err, sizeof(err))) {
		fuzz_check_message(err);
		return 0;
	}
	if (m.mm.image_hi > DISK_BASE && m.mm.image_lo < DISK_BASE + DISK_MAX)
		fuzz_broken("the disk was loaded over the ELF image", "");
	if (memcmp(memmap_host(&m.mm, DISK_BASE), data, size))
		fuzz_broken("the disk image in RAM differs from the file", "");
	return 0;
}
