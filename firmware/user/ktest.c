// SPDX-License-Identifier: MIT
/*
 * ktest [NAME...] - kernel tests in the style of xv6's usertests. With no
 * argument every test runs; otherwise the named ones. Each test runs in a
 * child process (a crash fails that test only), prints "PASS name" or
 * "FAIL name: why", and the last line is "ktest: N passed, M failed".
 * Tests work in /ktmp, which they create and which is removed at the end.
 */
#include "ulib.h"

#define TMPDIR "/ktmp"

/* Fails the current test with a message when cond is false. */
#define CHECK(cond, ...)                                                      \
	do {                                                                  \
		if (!(cond)) {                                                \
			fail(__LINE__, #cond, "" __VA_ARGS__);               \
			return 1;                                             \
		}                                                             \
	} while (0)

static const char *curname;

static void fail(int line, const char *cond, const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	printf("FAIL %s: line %d: %s%s%s\n", curname, line, cond, *msg ? ": " : "", msg);
}

static int writefile(const char *path, const void *buf, int n)
{
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY), r;

	if (fd < 0)
		return fd;
	r = writeall(fd, buf, n);
	close(fd);
	return r;
}

static int readfile(const char *path, void *buf, int n)
{
	int fd = open(path, O_RDONLY), got = 0, r;

	if (fd < 0)
		return fd;
	while (got < n && (r = read(fd, (char *)buf + got, n - got)) > 0)
		got += r;
	close(fd);
	return got;
}

/* Waits for pid; returns its status, or -1000 if wait failed. */
static int waitfor(int pid)
{
	int st = 0, r;

	while ((r = wait(&st)) >= 0)
		if (r == pid)
			return st;
	return -1000;
}

/* ---- processes ---------------------------------------------------------- */

static int t_forkexec(void)
{
	char buf[64];
	int pid, st, r;

	pid = fork();
	CHECK(pid >= 0, "fork: %s", strerror(pid));
	if (pid == 0)
		exit(42);
	st = waitfor(pid);
	CHECK(st == 42, "exit status %d", st);

	pid = fork();
	if (pid == 0) {
		char *argv[] = { "echo", "hello", "ktest", NULL };
		int fd = open("echo.out", O_CREAT | O_TRUNC | O_WRONLY);

		dup2(fd, 1);
		close(fd);
		exec("/bin/echo", argv);
		exit(99);
	}
	st = waitfor(pid);
	CHECK(st == 0, "echo status %d", st);
	memset(buf, 0, sizeof(buf));
	r = readfile("echo.out", buf, sizeof(buf) - 1);
	CHECK(r == 12 && !strcmp(buf, "hello ktest\n"), "got %d bytes '%s'", r, buf);

	char *noargv[] = { "nosuch", NULL };

	r = exec("/bin/nosuchprogram", noargv);
	CHECK(r == -ENOENT, "exec of a missing file: %d", r);

	/* more than MAXARG arguments: a clean error (the program would exit 9) */
	pid = fork();
	if (pid == 0) {
		static char *many[MAXARG + 8];

		many[0] = "sh";
		many[1] = "-c";
		many[2] = "exit 9";
		for (int i = 3; i < MAXARG + 7; i++)
			many[i] = "x";
		many[MAXARG + 7] = NULL;
		r = exec("/bin/sh", many);
		exit(r < 0 ? 0 : 1);
	}
	st = waitfor(pid);
	CHECK(st == 0, "exec with %d args: status %d", MAXARG + 7, st);

	/* a long argument list up to the limit works */
	pid = fork();
	if (pid == 0) {
		static char *argv[MAXARG];

		argv[0] = "true-echo";
		for (int i = 1; i < MAXARG - 1; i++)
			argv[i] = "argument";
		argv[MAXARG - 1] = NULL;
		close(1);
		open("echo2.out", O_CREAT | O_TRUNC | O_WRONLY);
		exec("/bin/echo", argv);
		exit(99);
	}
	st = waitfor(pid);
	CHECK(st == 0, "exec with %d args: status %d", MAXARG - 1, st);
	r = wait(NULL);
	CHECK(r == -ECHILD, "wait without children: %d", r);
	unlink("echo.out");
	unlink("echo2.out");
	return 0;
}

/* Runs exec(path) in a child; passes if exec returned an error. */
static int exec_fails(const char *path)
{
	int pid = fork();

	if (pid == 0) {
		char *argv[] = { (char *)path, NULL };
		int r = exec(path, argv);

		exit(r < 0 ? 0 : 77);
	}
	return waitfor(pid) == 0;
}

static int t_execbad(void)
{
	static unsigned char elf[4096];
	int n, fd;

	CHECK(writefile("empty", "", 0) == 0);
	CHECK(exec_fails("empty"), "empty file");
	CHECK(writefile("text", "#!/bin/sh\necho hi\n", 18) == 18);
	CHECK(exec_fails("text"), "text file");
	for (int i = 0; i < (int)sizeof(elf); i++)
		elf[i] = (unsigned char)(i * 7 + 3);
	CHECK(writefile("garbage", elf, sizeof(elf)) == sizeof(elf));
	CHECK(exec_fails("garbage"), "garbage");
	CHECK(exec_fails("."), "a directory");

	fd = open("/bin/echo", O_RDONLY);
	CHECK(fd >= 0);
	n = read(fd, elf, sizeof(elf));
	close(fd);
	CHECK(n == sizeof(elf), "read /bin/echo: %d", n);

	/* truncated: the ELF header only */
	CHECK(writefile("trunc", elf, 40) == 40);
	CHECK(exec_fails("trunc"), "truncated header");
	/* header and program headers but no segment data */
	CHECK(writefile("trunc2", elf, 200) == 200);
	CHECK(exec_fails("trunc2"), "truncated segments");

	uint32_t *phoff = (uint32_t *)(elf + 28);
	uint16_t *phnum = (uint16_t *)(elf + 44);
	uint32_t save = *phoff;

	*phoff = 0x7ffffff0;
	CHECK(writefile("badphoff", elf, sizeof(elf)) == sizeof(elf));
	CHECK(exec_fails("badphoff"), "program headers past the end");
	*phoff = save;

	/* first segment mapped into the kernel's half */
	uint32_t *ph = (uint32_t *)(elf + save);
	uint32_t vaddr = ph[2], memsz = ph[5];

	ph[2] = 0x80000000;
	ph[3] = 0x80000000;
	CHECK(writefile("kseg", elf, sizeof(elf)) == sizeof(elf));
	CHECK(exec_fails("kseg"), "segment at 0x80000000");
	/* a segment whose end wraps around */
	ph[2] = 0x7ffff000;
	ph[3] = 0x7ffff000;
	ph[5] = 0xfffff000;
	CHECK(writefile("wrap", elf, sizeof(elf)) == sizeof(elf));
	CHECK(exec_fails("wrap"), "segment wrapping the address space");
	ph[2] = vaddr;
	ph[3] = vaddr;
	ph[5] = memsz;
	/* filesz > memsz */
	uint32_t filesz = ph[4];

	ph[4] = memsz + 0x10000;
	CHECK(writefile("fszbig", elf, sizeof(elf)) == sizeof(elf));
	CHECK(exec_fails("fszbig"), "filesz > memsz");
	ph[4] = filesz;
	/* wrong machine, wrong class */
	elf[18] = 0x3e;
	CHECK(writefile("x86", elf, sizeof(elf)) == sizeof(elf));
	CHECK(exec_fails("x86"), "wrong e_machine");
	elf[18] = 0xf3;
	elf[4] = 2;
	CHECK(writefile("elf64", elf, sizeof(elf)) == sizeof(elf));
	CHECK(exec_fails("elf64"), "ELFCLASS64");
	elf[4] = 1;
	*phnum = 0xffff;
	CHECK(writefile("phnum", elf, sizeof(elf)) == sizeof(elf));
	CHECK(exec_fails("phnum"), "65535 program headers");

	const char *names[] = { "empty", "text", "garbage", "trunc", "trunc2", "badphoff",
				"kseg", "wrap", "fszbig", "x86", "elf64", "phnum" };

	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		CHECK(unlink(names[i]) == 0, "unlink %s", names[i]);
	/* the machine still runs programs */
	int pid = fork();

	if (pid == 0) {
		char *argv[] = { "echo", NULL };

		close(1);
		open("x.out", O_CREAT | O_WRONLY);
		exec("/bin/echo", argv);
		exit(1);
	}
	CHECK(waitfor(pid) == 0, "echo after bad execs");
	unlink("x.out");
	return 0;
}

/* Arguments that do not fit the new stack: a clean error, not a crash. */
static int t_execargs(void)
{
	static char big[1024];
	int pid = fork(), st;

	memset(big, 'a', sizeof(big) - 1);
	if (pid == 0) {
		static char *argv[MAXARG];

		argv[0] = "sh";
		argv[1] = "-c";
		argv[2] = "exit 9";
		for (int i = 3; i < MAXARG - 1; i++)
			argv[i] = big;	/* 29 KiB in all, more than the stack */
		argv[MAXARG - 1] = NULL;
		int r = exec("/bin/sh", argv);

		exit(r < 0 ? 0 : 1);
	}
	st = waitfor(pid);
	CHECK(st == 0 || st == 9, "exec with 29 KiB of arguments: status %d", st);
	return 0;
}

/* Runs fn in a child; passes if the child is killed rather than exiting. */
static int killed_by(void (*fn)(void))
{
	int pid = fork();

	if (pid == 0) {
		fn();
		exit(0);
	}
	int st = waitfor(pid);

	return st != 0 && st != -1000;
}

static void f_null(void) { *(volatile int *)0 = 1; }
static void f_kernel(void) { (void)*(volatile int *)0x80000000u; }
static void f_text(void) { *(volatile int *)(uintptr_t)USER_TEXT_BASE = 0; }
#ifdef __riscv
static void f_illegal(void) { asm volatile(".word 0"); }
static void f_priv(void) { asm volatile("csrw sstatus, zero"); }
#else	/* the host check build */
static void f_illegal(void) { asm volatile("ud2"); }
static void f_priv(void) { asm volatile("hlt"); }
#endif
static void f_stack(void)
{
	volatile char *p = (volatile char *)(USER_STACK_TOP - USER_STACK_PAGES * 4096 - 8);

	*p = 1;	/* below the stack: unmapped */
}

static int t_faults(void)
{
	CHECK(killed_by(f_null), "store to NULL");
	CHECK(killed_by(f_kernel), "load from kernel space");
	/* the ABI does not promise read-only text: only report it */
	if (!killed_by(f_text))
		printf("  faults: note: the text segment is writable\n");
	CHECK(killed_by(f_illegal), "illegal instruction");
	CHECK(killed_by(f_priv), "privileged CSR");
	CHECK(killed_by(f_stack), "below the stack");
	/* the machine is fine */
	int pid = fork();

	if (pid == 0)
		exit(7);
	CHECK(pid > 0 && waitfor(pid) == 7);
	return 0;
}

static int t_forklimit(void)
{
	int fds[2], n = 0, pid, r;
	char c;

	CHECK(pipe(fds) == 0);
	for (;;) {
		pid = fork();
		if (pid == 0) {
			close(fds[1]);
			read(fds[0], &c, 1);	/* blocks until the parent closes */
			exit(0);
		}
		if (pid < 0)
			break;
		n++;
		CHECK(n < 10000, "fork never fails");
	}
	CHECK(pid == -EAGAIN || pid == -ENOMEM, "fork failed with %d (%s)", pid, strerror(pid));
	CHECK(n >= 8, "only %d processes", n);
	close(fds[1]);
	close(fds[0]);
	for (int i = 0; i < n; i++) {
		r = wait(NULL);
		CHECK(r > 0, "reaped %d of %d: %d", i, n, r);
	}
	CHECK(wait(NULL) == -ECHILD);
	/* and the table is usable again */
	pid = fork();
	if (pid == 0)
		exit(3);
	CHECK(pid > 0, "fork after the limit: %d", pid);
	CHECK(waitfor(pid) == 3);
	printf("  forklimit: %d processes\n", n);
	return 0;
}

static int t_manyforks(void)
{
	for (int i = 0; i < 300; i++) {
		int pid = fork();

		if (pid == 0)
			exit(i & 0x7f);
		CHECK(pid > 0, "fork %d: %d", i, pid);
		CHECK(waitfor(pid) == (i & 0x7f), "status of child %d", i);
	}
	return 0;
}

static int t_forkmem(void)
{
	int *v = malloc(64 * 1024), pid, fds[2];
	uint32_t h = 0;

	CHECK(v);
	for (int i = 0; i < 16384; i++)
		v[i] = i * 3;
	CHECK(pipe(fds) == 0);
	pid = fork();
	if (pid == 0) {
		for (int i = 0; i < 16384; i++)
			v[i] = -1;
		uint32_t s = 0;

		for (int i = 0; i < 16384; i++)
			s += v[i];
		write(fds[1], &s, 4);
		exit(0);
	}
	CHECK(read(fds[0], &h, 4) == 4);
	CHECK(h == (uint32_t)-16384, "child's sum %u", (unsigned)h);
	CHECK(waitfor(pid) == 0);
	for (int i = 0; i < 16384; i++)
		CHECK(v[i] == i * 3, "parent's memory changed at %d", i);
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int t_kill(void)
{
	int pid = fork();

	if (pid == 0)
		for (;;)
			;
	CHECK(pid > 0);
	sleep(1);
	CHECK(kill(pid) == 0);
	int st = waitfor(pid);

	CHECK(st != 0 && st != -1000, "killed child status %d", st);
	CHECK(kill(pid) < 0, "kill of a dead process");
	CHECK(kill(-5) < 0 && kill(999999) < 0);
	return 0;
}

static int t_sleep(void)
{
	int t0 = uptime(), t1;

	CHECK(t0 >= 0);
	CHECK(sleep(3) == 0);
	t1 = uptime();
	CHECK(t1 - t0 >= 2, "uptime %d -> %d after sleep(3)", t0, t1);
	CHECK(yield() == 0);
	CHECK(getpid() > 0);
	return 0;
}

static int t_smp(void)
{
	int harts = nharts(), fds[2];
	enum { KIDS = 16 };

	CHECK(harts >= 1 && harts <= 16, "nharts %d", harts);
	CHECK(pipe(fds) == 0);
	for (int k = 0; k < KIDS; k++) {
		int pid = fork();

		if (pid == 0) {
			uint32_t x = k;

			for (int i = 0; i < 200000; i++)
				x = x * 1664525u + 1013904223u;
			write(fds[1], &x, 4);
			exit(0);
		}
		CHECK(pid > 0);
	}
	close(fds[1]);
	uint32_t sum = 0, x;
	int got = 0;

	while (read(fds[0], &x, 4) == 4) {
		sum ^= x;
		got++;
	}
	CHECK(got == KIDS, "%d results", got);
	for (int k = 0; k < KIDS; k++)
		CHECK(wait(NULL) > 0);
	uint32_t want = 0;

	for (int k = 0; k < KIDS; k++) {
		uint32_t y = k;

		for (int i = 0; i < 200000; i++)
			y = y * 1664525u + 1013904223u;
		want ^= y;
	}
	CHECK(sum == want, "results differ");
	close(fds[0]);
	return 0;
}

/* ---- memory -------------------------------------------------------------- */

/* In a child: grows the heap a page at a time until failure; returns pages. */
static int grab_all(void)
{
	int fds[2], pid, pages = -1;

	pipe(fds);
	pid = fork();
	if (pid == 0) {
		int n = 0;
		char *p;

		/* 64 KiB at a time, then the last pages one by one */
		for (int step = 16; step; step = step == 16 ? 1 : 0) {
			for (;;) {
				p = sbrk(step * 4096);
				if ((intptr_t)p < 0)
					break;
				for (int k = 0; k < step; k++)
					p[k * 4096] = p[k * 4096 + 4095] = 1;
				n += step;
			}
		}
		if ((intptr_t)p != -ENOMEM)
			n = -(int)(intptr_t)p - 1000000;
		write(fds[1], &n, 4);
		exit(0);
	}
	read(fds[0], &pages, 4);
	waitfor(pid);
	close(fds[0]);
	close(fds[1]);
	return pages;
}

static int t_sbrk(void)
{
	char *a = sbrk(0), *b, *c;

	CHECK((intptr_t)a > 0);
	b = sbrk(10000);
	CHECK(b == a, "sbrk returned %p, break was %p", b, a);
	memset(b, 0x5a, 10000);
	c = sbrk(0);
	CHECK(c == a + 10000);
	CHECK(sbrk(-10000) == c);
	CHECK(sbrk(0) == a);
	/* the freed range is unmapped or zero-filled when regrown */
	b = sbrk(8192);
	CHECK(b == a);
	sbrk(-8192);
	return 0;
}

static int t_oom(void)
{
	int p1 = grab_all(), p2;

	CHECK(p1 >= 0, "sbrk failed with %d, not -ENOMEM", -(p1 + 1000000));
	CHECK(p1 > 16, "only %d pages", p1);
	p2 = grab_all();
	CHECK(p2 >= p1 - 8 && p2 <= p1 + 8, "pages %d then %d: a leak?", p1, p2);
	printf("  oom: %d pages\n", p1);
	/* the system still forks after running out */
	int pid = fork();

	if (pid == 0)
		exit(5);
	CHECK(pid > 0 && waitfor(pid) == 5);
	return 0;
}

/* ---- pipes --------------------------------------------------------------- */

static int t_pipe(void)
{
	int fds[2], r, pid;
	char buf[100];

	CHECK(pipe(fds) == 0);
	CHECK(write(fds[1], "abc", 3) == 3);
	CHECK(read(fds[0], buf, sizeof(buf)) == 3 && !memcmp(buf, "abc", 3));
	close(fds[1]);
	CHECK(read(fds[0], buf, sizeof(buf)) == 0, "EOF after close");
	close(fds[0]);

	CHECK(pipe(fds) == 0);
	close(fds[0]);
	r = write(fds[1], "x", 1);
	CHECK(r == -EPIPE, "write without reader: %d", r);
	close(fds[1]);

	/* a big transfer between two processes */
	CHECK(pipe(fds) == 0);
	pid = fork();
	if (pid == 0) {
		static char out[4096];

		close(fds[0]);
		for (int i = 0; i < 64; i++) {
			memset(out, i, sizeof(out));
			if (writeall(fds[1], out, sizeof(out)) != sizeof(out))
				exit(1);
		}
		exit(0);
	}
	close(fds[1]);
	static char in[1000];
	int total = 0, bad = 0;

	while ((r = read(fds[0], in, sizeof(in))) > 0) {
		for (int i = 0; i < r; i++)
			bad += in[i] != (char)((total + i) / 4096);
		total += r;
	}
	close(fds[0]);
	CHECK(total == 64 * 4096 && !bad, "got %d bytes, %d wrong", total, bad);
	CHECK(waitfor(pid) == 0);
	return 0;
}

static int t_pipemany(void)
{
	enum { WRITERS = 12, RECS = 300 };
	int fds[2], counts[WRITERS] = { 0 };
	uint32_t rec[2];

	CHECK(pipe(fds) == 0);
	for (int w = 0; w < WRITERS; w++) {
		int pid = fork();

		if (pid == 0) {
			close(fds[0]);
			for (int i = 0; i < RECS; i++) {
				rec[0] = w;
				rec[1] = i;
				if (write(fds[1], rec, sizeof(rec)) != sizeof(rec))
					exit(1);
				if (!(i % 50))
					yield();
			}
			exit(0);
		}
		CHECK(pid > 0);
	}
	close(fds[1]);
	int r, torn = 0;

	while ((r = read(fds[0], rec, sizeof(rec))) > 0) {
		if (r != sizeof(rec)) {
			int more = read(fds[0], (char *)rec + r, sizeof(rec) - r);

			if (more + r != (int)sizeof(rec)) {
				torn++;
				break;
			}
		}
		if (rec[0] >= WRITERS || rec[1] != (uint32_t)counts[rec[0]]) {
			torn++;
			continue;
		}
		counts[rec[0]]++;
	}
	close(fds[0]);
	for (int w = 0; w < WRITERS; w++)
		CHECK(wait(NULL) > 0);
	CHECK(!torn, "%d records out of order or torn", torn);
	for (int w = 0; w < WRITERS; w++)
		CHECK(counts[w] == RECS, "writer %d: %d records", w, counts[w]);
	return 0;
}

/* ---- file system --------------------------------------------------------- */

static int t_files(void)
{
	static char buf[8192], back[8192];
	struct stat st;
	int fd, r;

	for (int i = 0; i < (int)sizeof(buf); i++)
		buf[i] = (char)(i * 13 + 1);
	fd = open("f1", O_CREAT | O_RDWR);
	CHECK(fd >= 0, "create: %s", strerror(fd));
	CHECK(write(fd, buf, sizeof(buf)) == sizeof(buf));
	CHECK(fstat(fd, &st) == 0 && st.type == T_FILE && st.size == sizeof(buf) && st.nlink == 1,
	      "type %u size %u nlink %u", st.type, st.size, st.nlink);
	CHECK(lseek(fd, 100, SEEK_SET) == 100);
	CHECK(read(fd, back, 50) == 50 && !memcmp(back, buf + 100, 50));
	CHECK(lseek(fd, -10, SEEK_END) == sizeof(buf) - 10);
	CHECK(read(fd, back, 50) == 10);
	CHECK(read(fd, back, 50) == 0);
	close(fd);
	r = readfile("f1", back, sizeof(back));
	CHECK(r == sizeof(back) && !memcmp(back, buf, sizeof(buf)), "read back %d", r);

	/* O_TRUNC and O_APPEND */
	fd = open("f1", O_WRONLY | O_TRUNC);
	CHECK(fd >= 0 && fstat(fd, &st) == 0 && st.size == 0, "truncate");
	CHECK(write(fd, "hello", 5) == 5);
	close(fd);
	fd = open("f1", O_WRONLY | O_APPEND);
	CHECK(write(fd, " world", 6) == 6);
	close(fd);
	memset(back, 0, 32);
	CHECK(readfile("f1", back, 32) == 11 && !strcmp(back, "hello world"), "'%s'", back);

	/* errors */
	r = open("nosuch", O_RDONLY);
	CHECK(r == -ENOENT, "open missing: %d", r);
	r = open("nosuchdir/x", O_CREAT | O_WRONLY);
	CHECK(r == -ENOENT, "create in a missing dir: %d", r);
	r = open("f1/x", O_CREAT | O_WRONLY);
	CHECK(r == -ENOTDIR || r == -ENOENT, "create under a file: %d", r);
	fd = open("f1", O_RDONLY);
	r = write(fd, "x", 1);
	CHECK(r == -EBADF, "write to a read-only fd: %d", r);
	close(fd);
	fd = open("f1", O_WRONLY);
	r = read(fd, back, 1);
	CHECK(r == -EBADF, "read from a write-only fd: %d", r);
	close(fd);
	r = open(".", O_WRONLY);
	CHECK(r == -EISDIR, "open a directory for writing: %d", r);
	r = unlink("nosuch");
	CHECK(r == -ENOENT, "unlink missing: %d", r);

	/* link, rename, unlink of an open file */
	CHECK(link("f1", "f2") == 0);
	CHECK(stat("f1", &st) == 0 && st.nlink == 2, "nlink %u", st.nlink);
	r = link("f1", "f2");
	CHECK(r == -EEXIST, "link over an existing name: %d", r);
	CHECK(rename("f2", "f3") == 0);
	CHECK(open("f2", O_RDONLY) == -ENOENT);
	CHECK(stat("f3", &st) == 0 && st.nlink == 2);
	CHECK(writefile("f4", "four", 4) == 4);
	r = rename("f4", "f3");
	CHECK(r == 0, "rename over a file: %d", r);
	CHECK(stat("f1", &st) == 0 && st.nlink == 1, "nlink after replace %u", st.nlink);
	memset(back, 0, 8);
	CHECK(readfile("f3", back, 8) == 4 && !strcmp(back, "four"));
	fd = open("f3", O_RDONLY);
	CHECK(unlink("f3") == 0);
	memset(back, 0, 8);
	CHECK(read(fd, back, 8) == 4 && !strcmp(back, "four"), "read after unlink");
	close(fd);
	CHECK(unlink("f1") == 0);
	CHECK(stat("f1", &st) == -ENOENT);
	return 0;
}

static int t_bigfile(void)
{
	enum { CHUNK = 4096, CHUNKS = 80 };
	static char buf[CHUNK];
	int fd = open("big", O_CREAT | O_TRUNC | O_WRONLY), r;
	struct stat st;

	CHECK(fd >= 0);
	for (int c = 0; c < CHUNKS; c++) {
		for (int i = 0; i < CHUNK; i += 4)
			*(int *)(buf + i) = c * CHUNK + i;
		r = write(fd, buf, CHUNK);
		if (r == -ENOSPC || r == -EFBIG) {
			printf("  bigfile: stopped at %d KiB: %s\n", c * 4, strerror(r));
			break;
		}
		CHECK(r == CHUNK, "write chunk %d: %d", c, r);
	}
	close(fd);
	CHECK(stat("big", &st) == 0);
	fd = open("big", O_RDONLY);
	for (unsigned off = 0; off < st.size; off += CHUNK) {
		CHECK(read(fd, buf, CHUNK) == CHUNK);
		for (int i = 0; i < CHUNK; i += 4)
			CHECK(*(int *)(buf + i) == (int)(off + i), "data at %u", off + i);
	}
	close(fd);
	CHECK(unlink("big") == 0);
	return 0;
}

static int t_manyfiles(void)
{
	char name[32];

	CHECK(mkdir("many") == 0);
	for (int i = 0; i < 120; i++) {
		snprintf(name, sizeof(name), "many/file%d", i);
		CHECK(writefile(name, name, strlen(name)) == (int)strlen(name), "%s", name);
	}
	int fd = open("many", O_RDONLY), n = 0, r;
	struct dirent de;

	while (read(fd, &de, sizeof(de)) == sizeof(de))
		n += de.inum != 0;
	close(fd);
	CHECK(n == 122, "%d entries", n);
	for (int i = 0; i < 120; i++) {
		char back[32] = { 0 };

		snprintf(name, sizeof(name), "many/file%d", i);
		r = readfile(name, back, sizeof(back));
		CHECK(r == (int)strlen(name) && !strcmp(back, name), "%s: %d", name, r);
		CHECK(unlink(name) == 0);
	}
	CHECK(unlink("many") == 0);
	return 0;
}

static int t_dirs(void)
{
	char path[MAXPATH], cwd[MAXPATH];
	struct stat st, top;
	int r;

	CHECK(stat(".", &top) == 0 && top.type == T_DIR);
	r = mkdir("d");
	CHECK(r == 0, "mkdir: %d", r);
	CHECK(mkdir("d") == -EEXIST);
	CHECK(stat("d", &st) == 0 && st.type == T_DIR);
	/* a chain eight deep */
	strcpy(path, "d");
	for (int i = 0; i < 8; i++) {
		strcat(path, "/s");
		CHECK(mkdir(path) == 0, "mkdir %s", path);
	}
	CHECK(writefile("d/s/s/s/s/s/s/s/s/leaf", "leaf", 4) == 4);
	CHECK(chdir("d/s/s/s") == 0);
	CHECK(readfile("s/s/s/s/s/leaf", cwd, 4) == 4);
	CHECK(chdir("../../../..") == 0);
	CHECK(stat(".", &st) == 0 && st.ino == top.ino, "back at the top: %u vs %u", st.ino,
	      top.ino);
	CHECK(getcwd(cwd, sizeof(cwd)) > 0 && !strcmp(cwd, TMPDIR), "getcwd '%s'", cwd);
	r = unlink("d/s");
	CHECK(r == -ENOTEMPTY, "unlink a non-empty dir: %d", r);
	CHECK(unlink(".") < 0 && unlink("..") < 0, "unlink . or ..");
	CHECK(rename("d/s", "d/t") == 0, "rename a directory");
	CHECK(readfile("d/t/s/s/s/s/s/s/s/leaf", cwd, 4) == 4);
	r = rename("d", "d/t/x");
	CHECK(r < 0, "rename a directory into itself: %d", r);
	CHECK(mkdir("e") == 0);
	CHECK(rename("d/t", "e/t") == 0, "rename across directories");
	CHECK(chdir("e/t/s") == 0);
	CHECK(stat("..", &st) == 0, "..");
	struct stat et;

	CHECK(stat("/ktmp/e/t", &et) == 0 && et.ino == st.ino, ".. follows the rename");
	CHECK(chdir(TMPDIR) == 0);
	/* remove bottom up */
	CHECK(unlink("e/t/s/s/s/s/s/s/s/leaf") == 0);
	strcpy(path, "e/t/s/s/s/s/s/s/s");
	for (;;) {
		CHECK(unlink(path) == 0, "unlink %s", path);
		char *s = strrchr(path, '/');

		if (!s)
			break;
		*s = 0;
	}
	CHECK(unlink("d") == 0);
	CHECK(stat("e", &st) < 0 && stat("d", &st) < 0);
	r = chdir("nosuch");
	CHECK(r == -ENOENT, "chdir missing: %d", r);
	CHECK(writefile("plain", "", 0) == 0);
	r = chdir("plain");
	CHECK(r == -ENOTDIR, "chdir to a file: %d", r);
	r = mkdir("plain/x");
	CHECK(r == -ENOTDIR || r == -ENOENT, "mkdir under a file: %d", r);
	unlink("plain");
	return 0;
}

static int t_fdlimit(void)
{
	int fds[NOFILE + 4], n = 0, r;

	for (;;) {
		r = open("/bin/sh", O_RDONLY);
		if (r < 0)
			break;
		CHECK(n < NOFILE + 4, "more than NOFILE fds");
		fds[n++] = r;
	}
	CHECK(r == -EMFILE || r == -ENFILE, "open failed with %d", r);
	CHECK(n >= NOFILE - 3 - 1, "only %d", n);
	for (int i = 0; i < n; i++)
		CHECK(close(fds[i]) == 0);
	r = dup2(0, NOFILE);
	CHECK(r == -EBADF || r == -EINVAL, "dup2 past NOFILE: %d", r);
	return 0;
}

static int t_dup(void)
{
	char buf[8] = { 0 };
	int fd = open("dupf", O_CREAT | O_TRUNC | O_RDWR), fd2;

	CHECK(fd >= 0);
	fd2 = dup(fd);
	CHECK(fd2 >= 0 && fd2 != fd);
	CHECK(write(fd, "ab", 2) == 2 && write(fd2, "cd", 2) == 2);
	CHECK(lseek(fd, 0, SEEK_CUR) == 4, "shared offset");
	CHECK(dup2(fd, 10) == 10);
	CHECK(lseek(10, 0, SEEK_SET) == 0);
	CHECK(read(fd2, buf, 8) == 4 && !strcmp(buf, "abcd"));
	close(fd);
	close(fd2);
	close(10);
	CHECK(unlink("dupf") == 0);
	int fds[2];

	CHECK(pipe(fds) == 0);
	CHECK(lseek(fds[0], 0, SEEK_SET) == -ESPIPE, "lseek on a pipe");
	close(fds[0]);
	close(fds[1]);
	return 0;
}

/* ---- bad arguments -------------------------------------------------------- */

static int t_badargs(void)
{
	static char buf[16];
	void *const bad[] = { NULL, (void *)0x80000000u, (void *)0xfffff000u, (void *)0x40000000u,
			      (void *)0x7ffffffcu };
	struct stat st;
	int fd, r;

	fd = open("/bin/sh", O_RDONLY);
	CHECK(fd >= 0);
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		r = read(fd, bad[i], 16);
		CHECK(r == -EFAULT, "read into %p: %d", bad[i], r);
		r = write(1, bad[i], 16);
		CHECK(r == -EFAULT, "write from %p: %d", bad[i], r);
		r = open(bad[i], O_RDONLY);
		CHECK(r == -EFAULT, "open(%p): %d", bad[i], r);
		r = fstat(fd, bad[i]);
		CHECK(r == -EFAULT, "fstat into %p: %d", bad[i], r);
		r = pipe(bad[i]);
		CHECK(r == -EFAULT, "pipe(%p): %d", bad[i], r);
		r = exec(bad[i], NULL);
		CHECK(r == -EFAULT, "exec(%p): %d", bad[i], r);
		if (bad[i]) {	/* a NULL argv may legitimately mean "no arguments" */
			r = exec("/bin/echo", bad[i]);
			CHECK(r == -EFAULT, "exec argv %p: %d", bad[i], r);
		}
		r = mkdir(bad[i]);
		CHECK(r == -EFAULT, "mkdir(%p): %d", bad[i], r);
		r = chdir(bad[i]);
		CHECK(r == -EFAULT, "chdir(%p): %d", bad[i], r);
		r = unlink(bad[i]);
		CHECK(r == -EFAULT, "unlink(%p): %d", bad[i], r);
		r = getcwd(bad[i], 64);
		CHECK(r == -EFAULT, "getcwd(%p): %d", bad[i], r);
	}
	/* a buffer that runs off the end of the user space */
	r = read(fd, (void *)(USER_STACK_TOP - 8), 64);
	CHECK(r == -EFAULT || r >= 0, "read across the stack top: %d", r);
	/* argv with a bad string pointer */
	char *argv[] = { "echo", (char *)0x80001000u, NULL };

	r = exec("/bin/echo", argv);
	CHECK(r == -EFAULT, "exec with a kernel string in argv: %d", r);
	/* a path without its NUL inside user space */
	r = wait((int *)0x80000000u);
	CHECK(r == -EFAULT || r == -ECHILD, "wait(kernel ptr) without children: %d", r);
	int pid = fork();

	if (pid == 0)
		exit(0);
	r = wait((int *)0x80000000u);
	CHECK(r == -EFAULT || r == pid, "wait(kernel ptr): %d", r);
	if (r == -EFAULT)
		waitfor(pid);
	close(fd);

	/* bad descriptors */
	const int badfd[] = { -1, 3, 15, 16, 100, 0x7fffffff };

	for (unsigned i = 0; i < sizeof(badfd) / sizeof(badfd[0]); i++) {
		int b = badfd[i];

		r = read(b, buf, 1);
		CHECK(r == -EBADF, "read(%d): %d", b, r);
		r = write(b, buf, 1);
		CHECK(r == -EBADF, "write(%d): %d", b, r);
		r = close(b);
		CHECK(r == -EBADF, "close(%d): %d", b, r);
		r = fstat(b, &st);
		CHECK(r == -EBADF, "fstat(%d): %d", b, r);
		r = dup(b);
		CHECK(r == -EBADF, "dup(%d): %d", b, r);
		r = lseek(b, 0, SEEK_SET);
		CHECK(r == -EBADF, "lseek(%d): %d", b, r);
	}
	r = syscall6(999, 0, 0, 0, 0, 0, 0);
	CHECK(r == -ENOSYS, "unknown system call: %d", r);
	r = syscall6(-1, 0, 0, 0, 0, 0, 0);
	CHECK(r == -ENOSYS, "system call -1: %d", r);
	r = open("", O_RDONLY);
	CHECK(r == -ENOENT, "open(\"\"): %d", r);
	static char longname[MAXPATH + 20];

	memset(longname, 'a', sizeof(longname) - 1);
	r = open(longname, O_CREAT | O_WRONLY);
	CHECK(r == -ENAMETOOLONG || r == -ENOENT, "overlong path: %d", r);
	r = sbrk(0x7fffffff) == (void *)-ENOMEM ? 0 : -1;
	CHECK(r == 0, "sbrk(huge)");
	return 0;
}

/* ---- the user library itself ---------------------------------------------- */

static int intcmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

static int t_libc(void)
{
	static const char *const want[] = {
		"[42] [-7] [4294967295] [ff] [FF]",
		"[   42] [42   ] [00042] [-0042]",
		"[abc] [  abc] [ab] [x] [%] [0x1000]",
	};
	char buf[64];
	int r;

	r = snprintf(buf, sizeof(buf), "[%d] [%d] [%u] [%x] [%X]", 42, -7, 4294967295u, 255, 255);
	CHECK(r == (int)strlen(want[0]) && !strcmp(buf, want[0]), "'%s'", buf);
	r = snprintf(buf, sizeof(buf), "[%5d] [%-5d] [%05d] [%05d]", 42, 42, 42, -42);
	CHECK(r == (int)strlen(want[1]) && !strcmp(buf, want[1]), "'%s'", buf);
	r = snprintf(buf, sizeof(buf), "[%s] [%5s] [%.2s] [%c] [%%] [%p]", "abc", "abc", "abc", 'x',
		     (void *)0x1000);
	CHECK(r == (int)strlen(want[2]) && !strcmp(buf, want[2]), "'%s'", buf);
	r = snprintf(buf, 8, "%s", "truncated output");
	CHECK(r == 16 && !strcmp(buf, "truncat"), "truncation: %d '%s'", r, buf);
	CHECK(atoi("-123") == -123 && strtol("0x1f", NULL, 0) == 31 && strtol(" 077", NULL, 8) == 63);

	int v[500];

	for (int i = 0; i < 500; i++)
		v[i] = (i * 7919) % 1009 - 500;
	qsort(v, 500, sizeof(v[0]), intcmp);
	for (int i = 1; i < 500; i++)
		CHECK(v[i - 1] <= v[i], "qsort order at %d", i);
	CHECK(crc32_update(0, "123456789", 9) == 0xcbf43926u, "CRC-32 check value");

	/* malloc: many sizes, freed in a scrambled order, contents intact */
	static char *blk[200];

	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < 200; i++) {
			int n = 1 + (i * 37 + round * 11) % 3000;

			blk[i] = malloc(n);
			CHECK(blk[i], "malloc(%d)", n);
			memset(blk[i], i & 0xff, n);
		}
		for (int i = 0; i < 200; i++) {
			int k = (i * 73) % 200, n = 1 + (k * 37 + round * 11) % 3000;

			for (int j = 0; j < n; j++)
				CHECK(blk[k][j] == (char)(k & 0xff), "block %d byte %d", k, j);
			free(blk[k]);
		}
	}
	char *p = malloc(10);

	strcpy(p, "realloc");
	p = realloc(p, 100000);
	CHECK(p && !strcmp(p, "realloc"));
	free(p);
	return 0;
}

/* ---- the table ------------------------------------------------------------ */

struct test {
	const char *name;
	int (*fn)(void);
};

static const struct test tests[] = {
	{ "libc", t_libc },
	{ "forkexec", t_forkexec },
	{ "execbad", t_execbad },
	{ "execargs", t_execargs },
	{ "faults", t_faults },
	{ "manyforks", t_manyforks },
	{ "forkmem", t_forkmem },
	{ "forklimit", t_forklimit },
	{ "kill", t_kill },
	{ "sleep", t_sleep },
	{ "smp", t_smp },
	{ "sbrk", t_sbrk },
	{ "oom", t_oom },
	{ "pipe", t_pipe },
	{ "pipemany", t_pipemany },
	{ "files", t_files },
	{ "bigfile", t_bigfile },
	{ "manyfiles", t_manyfiles },
	{ "dirs", t_dirs },
	{ "fdlimit", t_fdlimit },
	{ "dup", t_dup },
	{ "badargs", t_badargs },
};
#define NTESTS (int)(sizeof(tests) / sizeof(tests[0]))

/* Removes a tree that failed tests may have left behind. */
static int rmtree(const char *path)
{
	struct stat st;
	struct dirent de;
	char sub[MAXPATH];
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return fd;
	if (fstat(fd, &st) == 0 && st.type == T_DIR) {
		while (read(fd, &de, sizeof(de)) == sizeof(de)) {
			if (!de.inum || !strcmp(de.name, ".") || !strcmp(de.name, ".."))
				continue;
			snprintf(sub, sizeof(sub), "%s/%.*s", path, DIRSIZ, de.name);
			rmtree(sub);
		}
	}
	close(fd);
	return unlink(path);
}

static int run(const struct test *t)
{
	int pid, st = 0, r;

	curname = t->name;
	pid = fork();
	if (pid < 0) {
		printf("FAIL %s: fork: %s\n", t->name, strerror(pid));
		return 1;
	}
	if (pid == 0) {
		chdir(TMPDIR);
		exit(t->fn());
	}
	while ((r = wait(&st)) >= 0 && r != pid)
		;
	if (r != pid || st != 0) {
		if (st != 1)
			printf("FAIL %s: exit status %d\n", t->name, st);
		return 1;
	}
	printf("PASS %s\n", t->name);
	return 0;
}

int main(int argc, char **argv)
{
	int passed = 0, failed = 0, r;

	r = mkdir(TMPDIR);
	if (r < 0 && r != -EEXIST)
		die("ktest: mkdir %s: %s", TMPDIR, strerror(r));
	if (argc < 2) {
		for (int i = 0; i < NTESTS; i++)
			run(&tests[i]) ? failed++ : passed++;
	}
	for (int a = 1; a < argc; a++) {
		int found = 0;

		for (int i = 0; i < NTESTS; i++) {
			if (!strcmp(argv[a], tests[i].name)) {
				run(&tests[i]) ? failed++ : passed++;
				found = 1;
			}
		}
		if (!found) {
			printf("FAIL %s: no such test\n", argv[a]);
			failed++;
		}
	}
	r = rmtree(TMPDIR);
	if (r < 0)
		printf("ktest: %s left behind: %s\n", TMPDIR, strerror(r));
	printf("ktest: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
