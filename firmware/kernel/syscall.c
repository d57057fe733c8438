// SPDX-License-Identifier: MIT
/*
 * syscall.c - system call dispatch (numbers in abi.h) and argument
 * fetching.  Arguments come from the trap frame (a0..a5); pointers are
 * checked when used (copyin/copyout), so a bad pointer yields -EFAULT.
 */
#include "abi.h"
#include "defs.h"
#include "proc.h"

int argint(int n)
{
	struct trapframe *tf = myproc()->tf;

	return (int)(&tf->a0)[n];
}

uint32_t argaddr(int n)
{
	return (uint32_t)argint(n);
}

/* Copy string argument n into buf: its length, or -EFAULT / -ENAMETOOLONG. */
int argstr(int n, char *buf, int max)
{
	return copyinstr(myproc()->pagetable, buf, argaddr(n), max);
}

int sys_fork(void), sys_exit(void), sys_wait(void), sys_pipe(void), sys_read(void);
int sys_kill(void), sys_exec(void), sys_fstat(void), sys_chdir(void), sys_dup(void);
int sys_getpid(void), sys_sbrk(void), sys_sleep(void), sys_uptime(void), sys_open(void);
int sys_write(void), sys_unlink(void), sys_link(void), sys_mkdir(void), sys_close(void);
int sys_rename(void), sys_lseek(void), sys_dup2(void), sys_poweroff(void), sys_nharts(void);
int sys_yield(void), sys_getcwd(void);

static int (*const syscalls[])(void) = {
	[SYS_fork] = sys_fork,		[SYS_exit] = sys_exit,
	[SYS_wait] = sys_wait,		[SYS_pipe] = sys_pipe,
	[SYS_read] = sys_read,		[SYS_kill] = sys_kill,
	[SYS_exec] = sys_exec,		[SYS_fstat] = sys_fstat,
	[SYS_chdir] = sys_chdir,	[SYS_dup] = sys_dup,
	[SYS_getpid] = sys_getpid,	[SYS_sbrk] = sys_sbrk,
	[SYS_sleep] = sys_sleep,	[SYS_uptime] = sys_uptime,
	[SYS_open] = sys_open,		[SYS_write] = sys_write,
	[SYS_unlink] = sys_unlink,	[SYS_link] = sys_link,
	[SYS_mkdir] = sys_mkdir,	[SYS_close] = sys_close,
	[SYS_rename] = sys_rename,	[SYS_lseek] = sys_lseek,
	[SYS_dup2] = sys_dup2,		[SYS_poweroff] = sys_poweroff,
	[SYS_nharts] = sys_nharts,	[SYS_yield] = sys_yield,
	[SYS_getcwd] = sys_getcwd,
};

void syscall(struct trapframe *tf)
{
	uint32_t num = tf->a7;

	if (num < NELEM(syscalls) && syscalls[num])
		tf->a0 = (uint32_t)syscalls[num]();
	else
		tf->a0 = (uint32_t)-ENOSYS;
}
