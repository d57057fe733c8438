// SPDX-License-Identifier: MIT
/*
 * sysfile.c - file-system system calls: argument checking, file
 * descriptors, and the name-space operations (under fs_ns_lock).
 */
#include "abi.h"
#include "defs.h"
#include "file.h"
#include "fs.h"
#include "proc.h"

/* The open file of fd argument n, or NULL. */
static struct file *argfd(int n, int *pfd)
{
	int fd = argint(n);
	struct proc *p = myproc();

	if (fd < 0 || fd >= NOFILE || !p->ofile[fd])
		return NULL;
	if (pfd)
		*pfd = fd;
	return p->ofile[fd];
}

static int fdalloc(struct file *f)
{
	struct proc *p = myproc();

	for (int fd = 0; fd < NOFILE; fd++) {
		if (!p->ofile[fd]) {
			p->ofile[fd] = f;
			return fd;
		}
	}
	return -EMFILE;
}

int sys_dup(void)
{
	struct file *f = argfd(0, NULL);
	int fd;

	if (!f)
		return -EBADF;
	if ((fd = fdalloc(f)) < 0)
		return fd;
	filedup(f);
	return fd;
}

int sys_dup2(void)
{
	struct file *f = argfd(0, NULL);
	int nfd = argint(1);
	struct proc *p = myproc();

	if (!f || nfd < 0 || nfd >= NOFILE)
		return -EBADF;
	if (p->ofile[nfd] == f)
		return nfd;
	if (p->ofile[nfd])
		fileclose(p->ofile[nfd]);
	p->ofile[nfd] = filedup(f);
	return nfd;
}

int sys_read(void)
{
	struct file *f = argfd(0, NULL);
	int n = argint(2);

	if (!f)
		return -EBADF;
	if (n < 0)
		return -EINVAL;
	return n ? fileread(f, argaddr(1), n) : 0;
}

int sys_write(void)
{
	struct file *f = argfd(0, NULL);
	int n = argint(2);

	if (!f)
		return -EBADF;
	if (n < 0)
		return -EINVAL;
	return n ? filewrite(f, argaddr(1), n) : 0;
}

int sys_close(void)
{
	int fd;
	struct file *f = argfd(0, &fd);

	if (!f)
		return -EBADF;
	myproc()->ofile[fd] = NULL;
	fileclose(f);
	return 0;
}

int sys_fstat(void)
{
	struct file *f = argfd(0, NULL);

	return f ? filestat(f, argaddr(1)) : -EBADF;
}

int sys_lseek(void)
{
	struct file *f = argfd(0, NULL);

	return f ? filelseek(f, argint(1), argint(2)) : -EBADF;
}

int sys_pipe(void)
{
	struct file *rf, *wf;
	struct proc *p = myproc();
	int fds[2], r;

	if ((r = pipealloc(&rf, &wf)) < 0)
		return r;
	if ((fds[0] = fdalloc(rf)) < 0) {
		r = fds[0];
		goto out_files;
	}
	if ((fds[1] = fdalloc(wf)) < 0) {
		r = fds[1];
		goto out_fd0;
	}
	if ((r = copyout(p->pagetable, argaddr(0), fds, sizeof(fds))) < 0)
		goto out_fd1;
	return 0;
out_fd1:
	p->ofile[fds[1]] = NULL;
out_fd0:
	p->ofile[fds[0]] = NULL;
out_files:
	fileclose(rf);
	fileclose(wf);
	return r;
}

/*
 * Create path as type, or (for T_FILE) return the existing inode: locked,
 * or NULL and *err.  Caller holds fs_ns_lock.
 */
static struct inode *create(const char *path, uint16_t type, int *err)
{
	char name[DIRSIZ + 1];
	struct inode *dp, *ip;

	if (!(dp = nameiparent(path, name, err)))
		return NULL;
	ilock(dp);
	if ((ip = dirlookup(dp, name, NULL)) != NULL) {
		iunlockput(dp);
		if (type == T_FILE) {
			ilock(ip);
			return ip;
		}
		iput(ip);
		*err = -EEXIST;
		return NULL;
	}
	if (!namecmp(name, ".") || !namecmp(name, "..")) {
		iunlockput(dp);
		*err = -EEXIST;
		return NULL;
	}
	if (!(ip = ialloc(type))) {
		iunlockput(dp);
		*err = -ENOSPC;
		return NULL;
	}
	ilock(ip);
	ip->nlink = 1;
	iupdate(ip);
	if (type == T_DIR) {
		if ((*err = dirlink(ip, ".", ip->inum)) < 0 ||
		    (*err = dirlink(ip, "..", dp->inum)) < 0)
			goto out_free;
	}
	if ((*err = dirlink(dp, name, ip->inum)) < 0)
		goto out_free;
	if (type == T_DIR) {
		dp->nlink++;	/* the new ".." */
		iupdate(dp);
	}
	iunlockput(dp);
	return ip;
out_free:
	ip->nlink = 0;
	iupdate(ip);
	iunlockput(ip);
	iunlockput(dp);
	return NULL;
}

int sys_open(void)
{
	char path[MAXPATH];
	int flags = argint(1), acc = flags & 3, err, fd;
	struct inode *ip;
	struct file *f;

	if ((err = argstr(0, path, sizeof(path))) < 0)
		return err;
	if (acc == 3)
		return -EINVAL;
	if (flags & O_CREAT) {
		acquiresleep(&fs_ns_lock);
		ip = create(path, T_FILE, &err);
		releasesleep(&fs_ns_lock);
		if (!ip)
			return err;
	} else {
		if (!(ip = namei(path, &err)))
			return err;
		ilock(ip);
	}
	if (ip->type == T_DIR && (acc != O_RDONLY || (flags & (O_CREAT | O_TRUNC)))) {
		iunlockput(ip);
		return -EISDIR;
	}
	if (!(f = filealloc())) {
		iunlockput(ip);
		return -ENFILE;
	}
	if ((fd = fdalloc(f)) < 0) {
		iunlock(ip);
		f->ip = ip;
		fileclose(f);
		return fd;
	}
	f->type = ip->type == T_DEV ? FD_CONSOLE : FD_INODE;
	f->ip = ip;
	f->off = 0;
	f->readable = acc != O_WRONLY;
	f->writable = acc != O_RDONLY;
	f->append = (flags & O_APPEND) != 0;
	if ((flags & O_TRUNC) && ip->type == T_FILE && f->writable)
		itrunc(ip);
	iunlock(ip);
	return fd;
}

int sys_mkdir(void)
{
	char path[MAXPATH];
	struct inode *ip;
	int err;

	if ((err = argstr(0, path, sizeof(path))) < 0)
		return err;
	acquiresleep(&fs_ns_lock);
	ip = create(path, T_DIR, &err);
	releasesleep(&fs_ns_lock);
	if (!ip)
		return err;
	iunlockput(ip);
	return 0;
}

int sys_chdir(void)
{
	char path[MAXPATH];
	struct proc *p = myproc();
	struct inode *ip;
	int err;

	if ((err = argstr(0, path, sizeof(path))) < 0)
		return err;
	if (!(ip = namei(path, &err)))
		return err;
	ilock(ip);
	if (ip->type != T_DIR) {
		iunlockput(ip);
		return -ENOTDIR;
	}
	iunlock(ip);
	iput(p->cwd);
	p->cwd = ip;
	return 0;
}

int sys_getcwd(void)
{
	char buf[MAXPATH];
	int n = argint(1), r;

	if (n < 0)
		return -EINVAL;
	r = fs_getcwd(myproc()->cwd, buf, n < MAXPATH ? n : MAXPATH);
	if (r < 0)
		return r;
	return copyout(myproc()->pagetable, argaddr(0), buf, r + 1) < 0 ? -EFAULT : r;
}

static int is_dot(const char *name)
{
	return !namecmp(name, ".") || !namecmp(name, "..");
}

int sys_unlink(void)
{
	char path[MAXPATH], name[DIRSIZ + 1];
	struct inode *dp, *ip;
	uint32_t off;
	int err;

	if ((err = argstr(0, path, sizeof(path))) < 0)
		return err;
	acquiresleep(&fs_ns_lock);
	if (!(dp = nameiparent(path, name, &err)))
		goto out;
	ilock(dp);
	if (is_dot(name)) {
		err = -EINVAL;
		goto out_dp;
	}
	if (!(ip = dirlookup(dp, name, &off))) {
		err = -ENOENT;
		goto out_dp;
	}
	ilock(ip);
	if (ip->type == T_DIR && !dirisempty(ip)) {
		iunlockput(ip);
		err = -ENOTEMPTY;
		goto out_dp;
	}
	dirunlink(dp, off);
	if (ip->type == T_DIR) {
		dp->nlink--;	/* its ".." */
		iupdate(dp);
	}
	ip->nlink--;
	iupdate(ip);
	iunlockput(ip);
	err = 0;
out_dp:
	iunlockput(dp);
out:
	releasesleep(&fs_ns_lock);
	return err;
}

int sys_link(void)
{
	char old[MAXPATH], new[MAXPATH], name[DIRSIZ + 1];
	struct inode *ip, *dp, *other = NULL;
	int err;

	if ((err = argstr(0, old, sizeof(old))) < 0 || (err = argstr(1, new, sizeof(new))) < 0)
		return err;
	acquiresleep(&fs_ns_lock);
	if (!(ip = namei(old, &err)))
		goto out;
	ilock(ip);
	if (ip->type == T_DIR) {
		iunlockput(ip);
		err = -EPERM;
		goto out;
	}
	iunlock(ip);
	if (!(dp = nameiparent(new, name, &err)))
		goto out_ip;
	ilock(dp);
	if (is_dot(name) || (other = dirlookup(dp, name, NULL)) != NULL) {
		if (other)
			iput(other);
		iunlockput(dp);
		err = -EEXIST;
		goto out_ip;
	}
	if ((err = dirlink(dp, name, ip->inum)) < 0) {
		iunlockput(dp);
		goto out_ip;
	}
	iunlockput(dp);
	ilock(ip);
	ip->nlink++;
	iupdate(ip);
	iunlock(ip);
out_ip:
	iput(ip);
out:
	releasesleep(&fs_ns_lock);
	return err;
}

/* Whether directory inode inum is dp or one of its ancestors (dp unlocked). */
static int is_ancestor(uint32_t inum, struct inode *dp)
{
	struct inode *ip = idup(dp), *up;
	int r = 0;

	for (int depth = 0; depth < 1024; depth++) {
		if (ip->inum == inum) {
			r = 1;
			break;
		}
		if (ip->inum == ROOTINO)
			break;
		ilock(ip);
		up = dirlookup(ip, "..", NULL);
		iunlockput(ip);
		if (!(ip = up))
			return 0;
	}
	iput(ip);
	return r;
}

/* Point the ".." of locked directory ip at inum. */
static void set_dotdot(struct inode *ip, uint32_t inum)
{
	struct dirent de;
	uint32_t off;
	struct inode *old = dirlookup(ip, "..", &off);

	if (!old)
		panic("rename: no ..");
	iput(old);
	memset(&de, 0, sizeof(de));
	de.inum = (uint16_t)inum;
	safestrcpy(de.name, "..", sizeof(de.name));
	if (writei(ip, 0, (uint32_t)&de, off, sizeof(de)) != sizeof(de))
		panic("rename: write ..");
}

int sys_rename(void)
{
	char old[MAXPATH], new[MAXPATH], oname[DIRSIZ + 1], nname[DIRSIZ + 1];
	struct inode *odp = NULL, *ndp = NULL, *ip = NULL, *tp = NULL;
	uint32_t ooff, noff;
	int err, isdir;

	if ((err = argstr(0, old, sizeof(old))) < 0 || (err = argstr(1, new, sizeof(new))) < 0)
		return err;
	acquiresleep(&fs_ns_lock);
	if (!(odp = nameiparent(old, oname, &err)) || !(ndp = nameiparent(new, nname, &err)))
		goto out;
	if (is_dot(oname) || is_dot(nname)) {
		err = -EINVAL;
		goto out;
	}
	ilock(odp);
	ip = dirlookup(odp, oname, &ooff);
	iunlock(odp);
	if (!ip) {
		err = -ENOENT;
		goto out;
	}
	ilock(ip);
	isdir = ip->type == T_DIR;
	iunlock(ip);
	if (isdir && is_ancestor(ip->inum, ndp)) {
		err = -EINVAL;	/* into itself */
		goto out;
	}

	ilock(ndp);
	tp = dirlookup(ndp, nname, &noff);
	if (tp == ip) {		/* the same file: nothing to do */
		iunlock(ndp);
		err = 0;
		goto out;
	}
	if (tp) {
		ilock(tp);
		err = 0;
		if (isdir && tp->type != T_DIR)
			err = -ENOTDIR;
		else if (!isdir && tp->type == T_DIR)
			err = -EISDIR;
		else if (tp->type == T_DIR && !dirisempty(tp))
			err = -ENOTEMPTY;
		if (err) {
			iunlock(tp);
			iunlock(ndp);
			goto out;
		}
		/* overwrite the target's entry in place */
		struct dirent de;
		memset(&de, 0, sizeof(de));
		de.inum = (uint16_t)ip->inum;
		for (int i = 0; i < DIRSIZ && nname[i]; i++)
			de.name[i] = nname[i];
		if (writei(ndp, 0, (uint32_t)&de, noff, sizeof(de)) != sizeof(de))
			panic("rename: write");
		tp->nlink--;
		iupdate(tp);
		if (tp->type == T_DIR) {
			ndp->nlink--;	/* the target's ".." */
			iupdate(ndp);
		}
		iunlock(tp);
	} else if ((err = dirlink(ndp, nname, ip->inum)) < 0) {
		iunlock(ndp);
		goto out;
	}
	if (isdir && odp != ndp) {
		ndp->nlink++;
		iupdate(ndp);
	}
	iunlock(ndp);

	ilock(odp);
	dirunlink(odp, ooff);
	if (isdir && odp != ndp) {
		odp->nlink--;
		iupdate(odp);
	}
	iunlock(odp);
	if (isdir && odp != ndp) {
		ilock(ip);
		set_dotdot(ip, ndp->inum);
		iunlock(ip);
	}
	err = 0;
out:
	if (tp)
		iput(tp);
	if (ip)
		iput(ip);
	if (ndp)
		iput(ndp);
	if (odp)
		iput(odp);
	releasesleep(&fs_ns_lock);
	return err;
}

int sys_exec(void)
{
	char path[MAXPATH];
	char *argv[MAXARG + 1];
	char *strs;
	uint32_t uargv = argaddr(1), uarg, used = 0;
	struct proc *p = myproc();
	int err, i;

	if ((err = argstr(0, path, sizeof(path))) < 0)
		return err;
	if (!(strs = kalloc()))
		return -ENOMEM;
	for (i = 0;; i++) {
		if (i > MAXARG) {
			err = -E2BIG;
			goto out;
		}
		if (uargv == 0) {	/* a NULL argv: no arguments */
			argv[i] = NULL;
			break;
		}
		if ((err = copyin(p->pagetable, &uarg, uargv + 4 * i, 4)) < 0)
			goto out;
		if (uarg == 0) {
			argv[i] = NULL;
			break;
		}
		if (i == MAXARG) {
			err = -E2BIG;
			goto out;
		}
		err = copyinstr(p->pagetable, strs + used, uarg, PGSIZE - used);
		if (err < 0) {
			if (err == -ENAMETOOLONG)
				err = -E2BIG;
			goto out;
		}
		argv[i] = strs + used;
		used += err + 1;
	}
	err = exec(path, argv);
out:
	kfree(strs);
	return err;
}
