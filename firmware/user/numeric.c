// SPDX-License-Identifier: MIT
/*
 * numeric [-p PROCS] N ROUNDS - a parallel numeric code, one process per hart.
 *
 * The parent builds two N x N integer matrices A and B and forks PROCS
 * workers (default: SYS_nharts), each owning a band of rows. Phase 1: each
 * worker computes its rows of C = A * B (blocked) and sends their checksum
 * through a pipe. Phase 2: ROUNDS rounds of an iteration x' = (A x + b) mod
 * P: each round the parent sends x to every worker, each worker returns its
 * slice of x'. Integer arithmetic only, so the printed checksum is exact and
 * independent of how the workers are scheduled.
 */
#include "ulib.h"

#define MAXW	16	/* workers */
#define BLK	16	/* block edge of the matrix product, in elements */
#define MOD	65521u	/* modulus of the iteration */

static int n;
static int *A, *B, *C;	/* n x n, row-major */

static int readall(int fd, void *buf, int len)
{
	char *p = buf;
	int got = 0;

	while (got < len) {
		int r = read(fd, p + got, len - got);

		if (r <= 0)
			return -1;
		got += r;
	}
	return got;
}

static uint32_t matmul_rows(int lo, int hi)
{
	uint32_t sum = 0;

	for (int i = lo; i < hi; i++)
		for (int j = 0; j < n; j++)
			C[i * n + j] = 0;
	for (int kk = 0; kk < n; kk += BLK) {
		int ke = kk + BLK < n ? kk + BLK : n;

		for (int jj = 0; jj < n; jj += BLK) {
			int je = jj + BLK < n ? jj + BLK : n;

			for (int i = lo; i < hi; i++) {
				int *c = &C[i * n];

				for (int k = kk; k < ke; k++) {
					int a = A[i * n + k];
					const int *b = &B[k * n];

					for (int j = jj; j < je; j++)
						c[j] += a * b[j];
				}
			}
		}
	}
	/* a sum of row hashes: independent of how rows are split among workers */
	for (int i = lo; i < hi; i++)
		sum += fnv1a(2166136261u, &C[i * n], n * sizeof(int));
	return sum;
}

static void __attribute__((noreturn)) worker(int lo, int hi, int in, int out, int rounds)
{
	uint32_t sum = matmul_rows(lo, hi);
	unsigned *x = malloc(n * sizeof(*x)), *y = malloc((hi - lo) * sizeof(*y));

	if (!x || !y)
		die("numeric: worker out of memory");
	if (writeall(out, &sum, sizeof(sum)) < 0)
		die("numeric: worker write failed");
	for (int r = 0; r < rounds; r++) {
		if (readall(in, x, n * sizeof(*x)) < 0)
			die("numeric: worker read failed");
		for (int i = lo; i < hi; i++) {
			const int *a = &C[i * n];
			unsigned acc = i + 1;

			for (int j = 0; j < n; j++)
				acc = (acc + (unsigned)(a[j] & 0xfff) * x[j]) % MOD;
			y[i - lo] = acc;
		}
		if (writeall(out, y, (hi - lo) * sizeof(*y)) < 0)
			die("numeric: worker write failed");
	}
	exit(0);
}

int main(int argc, char **argv)
{
	int procs = nharts(), rounds, i = 1;
	int to[MAXW], from[MAXW], lo[MAXW + 1];
	uint32_t sums[MAXW], check = 0;

	if (argc > 2 && !strcmp(argv[1], "-p")) {
		procs = atoi(argv[2]);
		i = 3;
	}
	if (argc - i != 2)
		die("usage: numeric [-p PROCS] N ROUNDS");
	n = atoi(argv[i]);
	rounds = atoi(argv[i + 1]);
	if (procs < 1)
		procs = 1;
	if (procs > MAXW)
		procs = MAXW;
	if (n < procs || n > 512)
		die("numeric: N must be in %d..512", procs);
	A = malloc(n * n * sizeof(int));
	B = malloc(n * n * sizeof(int));
	C = malloc(n * n * sizeof(int));
	if (!A || !B || !C)
		die("numeric: out of memory");
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++) {
			A[r * n + c] = (r * 31 + c * 17 + 7) % 97 - 48;
			B[r * n + c] = (r * 13 + c * 29 + 3) % 89 - 44;
		}
	}
	for (int w = 0; w <= procs; w++)
		lo[w] = w * n / procs;
	for (int w = 0; w < procs; w++) {
		int down[2], up[2], pid;

		if (pipe(down) < 0 || pipe(up) < 0)
			die("numeric: pipe: %s", strerror(errno));
		pid = fork();
		if (pid < 0)
			die("numeric: fork: %s", strerror(pid));
		if (pid == 0) {
			for (int k = 0; k < w; k++) {
				close(to[k]);
				close(from[k]);
			}
			close(down[1]);
			close(up[0]);
			worker(lo[w], lo[w + 1], down[0], up[1], rounds);
		}
		close(down[0]);
		close(up[1]);
		to[w] = down[1];
		from[w] = up[0];
	}

	unsigned *x = malloc(n * sizeof(*x));

	if (!x)
		die("numeric: out of memory");
	for (int w = 0; w < procs; w++) {
		if (readall(from[w], &sums[w], sizeof(sums[w])) < 0)
			die("numeric: lost worker %d", w);
		check += sums[w];
	}
	for (int j = 0; j < n; j++)
		x[j] = j + 1;
	for (int r = 0; r < rounds; r++) {
		for (int w = 0; w < procs; w++)
			if (writeall(to[w], x, n * sizeof(*x)) < 0)
				die("numeric: write to worker %d failed", w);
		for (int w = 0; w < procs; w++)
			if (readall(from[w], x + lo[w], (lo[w + 1] - lo[w]) * sizeof(*x)) < 0)
				die("numeric: lost worker %d", w);
	}
	for (int w = 0; w < procs; w++) {
		close(to[w]);
		close(from[w]);
	}
	for (int w = 0; w < procs; w++) {
		int st = 0;

		if (wait(&st) < 0 || st != 0)
			die("numeric: a worker failed");
	}
	printf("numeric: n %d rounds %d product %08x iteration %08x\n", n, rounds,
	       (unsigned)check, (unsigned)fnv1a(2166136261u, x, n * sizeof(*x)));
	return 0;
}
