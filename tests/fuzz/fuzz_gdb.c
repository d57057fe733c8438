// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness of the GDB stub's request handler (sim/gdb.c): each
 * input is a sequence of packet bodies, one a line, handed to the handler
 * of a 2-hart machine whose harts spin at the start of RAM (so that
 * continue and step run, until the harness's end of input stops them). The
 * handler must never crash, and every reply must be a NUL-terminated string
 * inside its buffer.
 */
#include <fcntl.h>

#include "fuzz.h"
#include "../../sim/gdb.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A fresh machine: 2 harts at RAM_BASE, where a jump to itself waits. */
static void fresh(struct machine *m, int *ready)
{
	struct machine_opts opts = { .uart_in_fd = -1 };
	struct config cfg;
	char err[512];

	if (*ready)
		machine_free(m);
	config_defaults(&cfg);
	cfg.cores = 2;
	cfg.mode = MODE_FUNCTIONAL;
	opts.uart_out = stderr;
	if (machine_init(m, &cfg, &opts, err, sizeof(err))) {
		fprintf(stderr, "fuzz: %s\n", err);
		abort();
	}
	memmap_write(&m->mm, RAM_BASE, 4, 0x0000006f);	/* jal x0, 0 */
	for (int i = 0; i < m->nharts; i++)
		hart_set_pc(m->harts[i], RAM_BASE);
	*ready = 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct machine m;
	static int ready;
	static char req[PACKET_MAX], reply[2 * PACKET_MAX + 16];
	struct gdb_stub *g = calloc(1, sizeof(*g));
	size_t at = 0;

	if (!g)
		abort();
	if (!ready || m.stop.kind != STOP_NONE)
		fresh(&m, &ready);
	g->m = &m;
	g->step_hart = -1;
	/* No debugger on the line: a poll while running finds its end and stops the run. */
	g->in = g->out = open("/dev/null", O_RDWR);
	build_xml(g);
	for (int i = 0; i < m.nharts; i++)
		hart_set_debug(m.harts[i], &g->points);
	while (at < size) {
		size_t n = 0;

		while (at < size && data[at] != '\n') {
			if (n < PACKET_MAX - 1)
				req[n++] = (char)data[at];
			at++;
		}
		at++;
		req[n] = '\0';
		if (!n)
			continue;
		memset(reply, 'x', sizeof(reply));
		handle(g, req, reply, sizeof(reply));
		if (!memchr(reply, '\0', sizeof(reply)))
			fuzz_broken("a reply without its end", req);
	}
	for (int i = 0; i < m.nharts; i++)
		hart_set_debug(m.harts[i], NULL);
	close(g->in);
	free(g);
	return 0;
}
