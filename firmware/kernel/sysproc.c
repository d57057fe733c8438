// SPDX-License-Identifier: MIT
/* sysproc.c - process and time system calls. */
#include "abi.h"
#include "defs.h"
#include "proc.h"

int sys_fork(void)
{
	return fork();
}

int sys_exit(void)
{
	exit(argint(0));
}

int sys_wait(void)
{
	return wait(argaddr(0));
}

int sys_kill(void)
{
	return kill(argint(0));
}

int sys_getpid(void)
{
	return myproc()->pid;
}

int sys_sbrk(void)
{
	uint32_t old = myproc()->sz;
	int r = growproc(argint(0));

	return r < 0 ? r : (int)old;
}

int sys_sleep(void)
{
	int n = argint(0);
	uint32_t start;

	if (n < 0)
		return -EINVAL;
	acquire(&tickslock);
	start = jiffies;
	while (jiffies - start < (uint32_t)n) {
		if (killed(myproc())) {
			release(&tickslock);
			return -EINTR;
		}
		sleep((void *)&jiffies, &tickslock);
	}
	release(&tickslock);
	return 0;
}

int sys_uptime(void)
{
	return (int)jiffies;
}

int sys_poweroff(void)
{
	sbi_shutdown(argint(0));
}

int sys_nharts(void)
{
	return nharts;
}

int sys_yield(void)
{
	yield();
	return 0;
}
