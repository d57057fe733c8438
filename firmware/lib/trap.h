/* SPDX-License-Identifier: MIT */
/*
 * trap.h - trap entry for M and S mode, and running code in a lower mode.
 *
 * mtrap_entry / strap_entry save every register into a struct trap_frame on
 * the hart's own trap stack (found through mscratch / sscratch), call the
 * handler installed for that mode, then restore the frame -- including any
 * changes the handler made to regs[] or epc -- and return with mret / sret.
 * Traps do not nest within a mode.
 */
#ifndef FW_TRAP_H
#define FW_TRAP_H

#include <stdint.h>

struct trap_frame {
	uint32_t regs[32];	/* x0..x31 at the trap; regs[0] unused */
	uint32_t epc;		/* mepc/sepc; written back on return */
	uint32_t cause;		/* mcause/scause */
	uint32_t tval;		/* mtval/stval */
	uint32_t status;	/* mstatus/sstatus; written back on return */
};

enum {
	REG_RA = 1,
	REG_SP = 2,
	REG_A0 = 10,
	REG_A1 = 11,
	REG_A7 = 17,
};

typedef void (*trap_handler_fn)(struct trap_frame *f);

/* Handlers shared by all harts.  NULL (the default) prints the trap and fails with 99. */
void trap_set_mhandler(trap_handler_fn fn);
void trap_set_shandler(trap_handler_fn fn);

/* Points mtvec at mtrap_entry and mscratch at this hart's M trap stack (done in crt0). */
void trap_init_m(void);
/* Points stvec at strap_entry and sscratch at this hart's S trap stack; call from M or S. */
void trap_init_s(void);

/* Callee-saved context of the caller of mode_run() / smode_run(). */
struct mode_ctx {
	uint32_t ra, sp, s[12];
	uint32_t scratch;	/* mscratch / sscratch (the trap stack top) at the call */
	uint32_t status;	/* mstatus / sstatus at the call */
};

/*
 * From M mode, jumps to entry(arg) in mode prv (PRV_U or PRV_S) with stack sp
 * via mret.  Returns val when the M trap handler calls mode_return(ctx, val).
 */
uint32_t mode_run(struct mode_ctx *ctx, uint32_t prv, void (*entry)(uint32_t),
		  uint32_t sp, uint32_t arg);
/* Called from the M trap handler: abandons the trap and returns from mode_run(). */
void mode_return(struct mode_ctx *ctx, uint32_t val) __attribute__((noreturn));

/* The same from S mode to U mode (sret), and back from the S trap handler. */
uint32_t smode_run(struct mode_ctx *ctx, void (*entry)(uint32_t), uint32_t sp, uint32_t arg);
void smode_return(struct mode_ctx *ctx, uint32_t val) __attribute__((noreturn));

/*
 * Probing accesses: if the access traps, a handler that skips the
 * instruction (epc += 4) leaves the sentinel in place.
 */
#define PROBE_SENTINEL 0xdeadbeefu

static inline uint32_t probe_lw(uintptr_t addr)
{
	register uint32_t v asm("a0") = PROBE_SENTINEL;

	asm volatile("lw %0, 0(%1)" : "+r"(v) : "r"(addr) : "memory");
	return v;
}

static inline uint32_t probe_lbu(uintptr_t addr)
{
	register uint32_t v asm("a0") = PROBE_SENTINEL;

	asm volatile("lbu %0, 0(%1)" : "+r"(v) : "r"(addr) : "memory");
	return v;
}

static inline void probe_sw(uintptr_t addr, uint32_t val)
{
	asm volatile("sw %0, 0(%1)" : : "r"(val), "r"(addr) : "memory");
}

/* Calls addr as a function; a fetch-fault handler returns with epc = ra. */
static inline void probe_call(uintptr_t addr)
{
	asm volatile("jalr ra, 0(%0)" : : "r"(addr) : "ra", "memory");
}

#endif /* FW_TRAP_H */
