// SPDX-License-Identifier: MIT
/*
 * init - the first user process. Makes sure fds 0-2 are the console, then
 * runs `/bin/sh /boot.sh` if the image has a boot script, else an interactive
 * shell; reaps every orphan meanwhile, and powers the machine off with the
 * shell's exit status when it ends.
 */
#include "ulib.h"

int main(void)
{
	static char *script[] = { "sh", "/boot.sh", NULL };
	static char *interactive[] = { "sh", NULL };
	struct stat st;
	char **argv = interactive;
	int pid, wpid, status = 0;

	if (fstat(0, &st) < 0) {
		int fd = open("/dev/console", O_RDWR);

		if (fd >= 0) {
			if (fd != 0) {
				dup2(fd, 0);
				close(fd);
			}
			dup2(0, 1);
			dup2(0, 2);
		}
	} else {
		if (fstat(1, &st) < 0)
			dup2(0, 1);
		if (fstat(2, &st) < 0)
			dup2(0, 2);
	}
	if (stat("/boot.sh", &st) == 0)
		argv = script;
	pid = fork();
	if (pid < 0) {
		fprintf(STDERR, "init: fork: %s\n", strerror(pid));
		poweroff(1);
	}
	if (pid == 0) {
		exec("/bin/sh", argv);
		fprintf(STDERR, "init: exec /bin/sh: %s\n", strerror(errno));
		exit(127);
	}
	while ((wpid = wait(&status)) != pid)
		if (wpid < 0)
			break;
	poweroff(status);
	return status;
}
