// SPDX-License-Identifier: MIT
/*
 * compute.c - integer compute kernels with checksums: CRC32, quicksort,
 * matrix product, string functions, division and remainder corner cases
 * (by zero, overflow), the mulh variants, and code written at run time
 * and run after fence.i (Zifencei).  Table-driven where there are
 * operand lists.  Operands are kept in volatile memory so the compiler cannot
 * fold the instructions under test away.
 */
#include "fw.h"

static int bad;

static void check(const char *what, uint32_t got, uint32_t want)
{
	printf("%-28s %08x %s\n", what, got, got == want ? "ok" : "FAIL");
	bad |= got != want;
}

/* Linear congruential generator: the test data. */
static uint32_t lcg_state = 1;

static uint32_t lcg(void)
{
	lcg_state = lcg_state * 1664525u + 1013904223u;
	return lcg_state;
}

/* Bitwise CRC-32 (IEEE 802.3, reflected, as zlib) */
static uint32_t crc32(const uint8_t *p, uint32_t n)
{
	uint32_t crc = 0xffffffff;

	while (n--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

static void quicksort(int32_t *a, int lo, int hi)
{
	while (lo < hi) {
		int32_t pivot = a[lo + (hi - lo) / 2];
		int i = lo, j = hi;

		while (i <= j) {
			while (a[i] < pivot)
				i++;
			while (a[j] > pivot)
				j--;
			if (i <= j) {
				int32_t t = a[i];

				a[i++] = a[j];
				a[j--] = t;
			}
		}
		/* recurse into the smaller half, loop on the larger */
		if (j - lo < hi - i) {
			quicksort(a, lo, j);
			lo = i;
		} else {
			quicksort(a, i, hi);
			hi = j;
		}
	}
}

static uint8_t buf[4096];
static int32_t arr[3000];
#define MN 20
static int32_t ma[MN][MN], mb[MN][MN], mc[MN][MN];

static void kernels(void)
{
	for (unsigned i = 0; i < sizeof(buf); i++)
		buf[i] = lcg() >> 24;
	check("crc32(\"123456789\")", crc32((const uint8_t *)"123456789", 9), 0xcbf43926);
	uint32_t c = crc32(buf, sizeof(buf));

	printf("%-28s %08x\n", "crc32(4 KiB random)", c);

	uint32_t sum = 0, sorted = 1, h = 0;

	for (unsigned i = 0; i < 3000; i++) {
		arr[i] = (int32_t)lcg() >> 3;
		sum += arr[i];
	}
	quicksort(arr, 0, 2999);
	for (unsigned i = 0; i < 3000; i++) {
		sum -= arr[i];
		if (i && arr[i - 1] > arr[i])
			sorted = 0;
		h = h * 31 + (uint32_t)arr[i];
	}
	printf("%-28s min %d max %d hash %08x\n", "quicksort(3000)", arr[0], arr[2999], h);
	check("quicksort sorted, same sum", sorted && !sum, 1);

	for (int i = 0; i < MN; i++)
		for (int j = 0; j < MN; j++) {
			ma[i][j] = (int32_t)(lcg() % 2001) - 1000;
			mb[i][j] = (int32_t)(lcg() % 2001) - 1000;
		}
	h = 0;
	for (int i = 0; i < MN; i++)
		for (int j = 0; j < MN; j++) {
			int32_t s = 0;

			for (int k = 0; k < MN; k++)
				s += ma[i][k] * mb[k][j];
			mc[i][j] = s;
			h = (h << 5 | h >> 27) ^ (uint32_t)s;
		}
	printf("%-28s c[0][0] %d c[19][19] %d hash %08x\n", "matmul 20x20", mc[0][0],
	       mc[MN - 1][MN - 1], h);
}

static void strings(void)
{
	char a[64], b[64];
	const char *s = "the quick brown fox jumps over the lazy dog";

	strcpy(a, s);
	check("strlen", strlen(a), 43);
	check("strcmp equal", strcmp(a, s) == 0, 1);
	a[4] = 'Q';
	check("strcmp less", strcmp(s, a) > 0, 1);
	memcpy(b, s, 44);
	memmove(b + 4, b, 20);		/* overlapping, forwards */
	memmove(a, a + 10, 30);		/* overlapping, backwards */
	a[30] = '\0';
	b[43] = '\0';
	printf("%-28s \"%s\"\n", "memmove forward", b);
	printf("%-28s \"%s\"\n", "memmove backward", a);
	check("memcmp", memcmp(a, "brown fox", 9) == 0, 1);
	/* reverse in place, then a byte checksum */
	for (int i = 0, j = strlen(b) - 1; i < j; i++, j--) {
		char t = b[i];

		b[i] = b[j];
		b[j] = t;
	}
	printf("%-28s \"%s\"\n", "reversed", b);
	printf("%-28s %08x\n", "crc32(reversed)", crc32((const uint8_t *)b, strlen(b)));
	/* printf formatting itself */
	printf("fmt: [%5d] [%-5d] [%05d] [%x] [%X] [%08x] [%c] [%s] [%-6s] [%u] [%%]\n",
	       42, 42, -42, 0xbeef, 0xbeef, 0x1f, 'z', "str", "ab", 4000000000u);
	printf("fmt: [%d] [%d] [%p]\n", (int32_t)0x80000000, 0, (void *)0x80000000);
}

/* One instruction on two operands; the asm keeps the compiler out. */
#define OP(insn)                                                                         \
	static uint32_t op_##insn(uint32_t a, uint32_t b)                                \
	{                                                                                \
		uint32_t r;                                                              \
		asm volatile(#insn " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));            \
		return r;                                                                \
	}
OP(div) OP(divu) OP(rem) OP(remu) OP(mul) OP(mulh) OP(mulhsu) OP(mulhu)

static const struct {
	const char *name;
	uint32_t (*fn)(uint32_t, uint32_t);
} ops[] = {
	{ "div", op_div }, { "divu", op_divu }, { "rem", op_rem }, { "remu", op_remu },
	{ "mul", op_mul }, { "mulh", op_mulh }, { "mulhsu", op_mulhsu }, { "mulhu", op_mulhu },
};

static const uint32_t operands[][2] = {
	{ 7, 2 }, { -7u, 2 }, { 7, -2u }, { -7u, -2u },
	{ 5, 0 }, { -5u, 0 }, { 0, 0 },			/* division by zero */
	{ 0x80000000, -1u }, { 0x80000000, 1 },		/* signed overflow */
	{ 0xffffffff, 0xffffffff }, { 0x80000000, 0x80000000 },
	{ 0x7fffffff, 0x7fffffff }, { 0x7fffffff, 0x80000000 },
	{ 0x12345678, 0x9abcdef0 }, { 1, 0xffffffff }, { 0xffffffff, 1 },
};

static void muldiv(void)
{
	uint32_t h = 0;

	for (unsigned i = 0; i < sizeof(operands) / sizeof(operands[0]); i++) {
		volatile uint32_t a = operands[i][0], b = operands[i][1];

		printf("%08x %08x:", a, b);
		for (unsigned k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
			uint32_t r = ops[k].fn(a, b);

			printf(" %s=%x", ops[k].name, r);
			h = h * 33 + r;
		}
		printf("\n");
	}
	printf("%-28s %08x\n", "mul/div hash", h);
	/* the architected division-by-zero and overflow results */
	check("div by zero", op_div(5, 0), 0xffffffff);
	check("divu by zero", op_divu(5, 0), 0xffffffff);
	check("rem by zero", op_rem(5, 0), 5);
	check("remu by zero", op_remu(5, 0), 5);
	check("div overflow", op_div(0x80000000, -1u), 0x80000000);
	check("rem overflow", op_rem(0x80000000, -1u), 0);
	check("mulhsu(-1, max)", op_mulhsu(-1u, 0xffffffff), 0xffffffff);
}

/* Code written at run time: 64 functions "li a0, imm; ret", executed after fence.i. */
static uint32_t code[64][2] __attribute__((aligned(64)));

static uint32_t li_a0(int32_t imm)
{
	return (uint32_t)(imm & 0xfff) << 20 | 10 << 7 | 0x13;	/* addi a0, zero, imm */
}

static void self_modifying(void)
{
	const uint32_t ret = 0x00008067;	/* jalr zero, 0(ra) */
	uint32_t sum = 0;

	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < 64; i++) {
			code[i][0] = li_a0(i * 7 + round * 100);
			code[i][1] = ret;
		}
		asm volatile("fence.i" : : : "memory");
		for (int i = 0; i < 64; i++)
			sum += ((uint32_t (*)(void))code[i])() * (round + 1);
	}
	/* rewrite one instruction in place, the old one just executed */
	uint32_t (*f)(void) = (uint32_t (*)(void))code[5];
	uint32_t a = f();

	code[5][0] = li_a0(-1234);
	asm volatile("fence.i" : : : "memory");
	uint32_t b = f();

	printf("%-28s sum %u, before %d after %d\n", "self-modifying code", sum, (int32_t)a,
	       (int32_t)b);
	bad |= b != (uint32_t)-1234 || a != 235;
}

int main(uint32_t h)
{
	if (h != 0)
		return 0;
	kernels();
	strings();
	muldiv();
	self_modifying();
	if (bad)
		return 1;
	printf("compute: pass\n");
	return 0;
}
