/* SPDX-License-Identifier: MIT */
/* defs.h - the kernel's internal interfaces, by subsystem (file). */
#ifndef KERNEL_DEFS_H
#define KERNEL_DEFS_H

#include <stddef.h>
#include <stdint.h>
#include "riscv.h"

struct buf;
struct context;
struct cpu;
struct file;
struct inode;
struct pipe;
struct proc;
struct sleeplock;
struct spinlock;
struct stat;
struct trapframe;

/* blk.c: every bulk data movement (DMA-ready) */
void blk_init(void);
void blk_zero(void *dst, size_t n);
void blk_copy(void *dst, const void *src, size_t n);
void blk_zero_page(void *pa);
void blk_copy_page(void *dst, const void *src);

/* simctl.c: scheduling events for osprey's sim-control port (none where absent) */
void simctl_init(void);
void simctl_switch(struct proc *old, struct proc *new);
void simctl_enqueue(struct proc *p, int queue, int len);
void simctl_dequeue(struct proc *p, int queue, int len);
void simctl_migrate(struct proc *p, int from, int to);
void simctl_idle(int entering);
uint32_t simctl_boot_flags(void);
uint32_t simctl_clock_ratio(int hart);

/* bio.c */
void binit(void);
struct buf *bread(uint32_t blockno);
void bwrite(struct buf *b);
void brelse(struct buf *b);

/* clock.c */
extern volatile uint32_t jiffies;
extern struct spinlock tickslock;
uint64_t mtime(void);
void clock_init_hart(void);
void clock_intr(void);
void delay_us(uint32_t us);

/* console.c */
void console_init(void);
void console_putc(int c);
void uart_intr(void);
int console_read(int user, uint32_t dst, int n);
int console_write(int user, uint32_t src, int n);

/* exec.c */
int exec(const char *path, char **argv);

/* file.c */
struct file *filealloc(void);
void fileclose(struct file *f);
struct file *filedup(struct file *f);
int filestat(struct file *f, uint32_t addr);
int fileread(struct file *f, uint32_t addr, int n);
int filewrite(struct file *f, uint32_t addr, int n);
int filelseek(struct file *f, int off, int whence);

/* fs.c */
int fs_init(void);
struct inode *ialloc(uint16_t type);
struct inode *idup(struct inode *ip);
void ilock(struct inode *ip);
void iunlock(struct inode *ip);
void iput(struct inode *ip);
void iunlockput(struct inode *ip);
void iupdate(struct inode *ip);
void itrunc(struct inode *ip);
void stati(struct inode *ip, struct stat *st);
int readi(struct inode *ip, int user, uint32_t dst, uint32_t off, uint32_t n);
int writei(struct inode *ip, int user, uint32_t src, uint32_t off, uint32_t n);
int namecmp(const char *s, const char *t);
struct inode *dirlookup(struct inode *dp, const char *name, uint32_t *poff);
int dirlink(struct inode *dp, const char *name, uint32_t inum);
int dirunlink(struct inode *dp, uint32_t off);
int dirisempty(struct inode *dp);
struct inode *namei(const char *path, int *err);
struct inode *nameiparent(const char *path, char *name, int *err);
int fs_getcwd(struct inode *cwd, char *buf, int n);
extern struct sleeplock fs_ns_lock;

/* kalloc.c */
void kinit(void);
void *kalloc(void);
void kfree(void *pa);
uint32_t kfree_pages(void);
/* Takes @pages pages off the free list for good (the boot flags' set-aside). */
void kalloc_set_aside(uint32_t pages);

/* main.c */
extern volatile int nharts;

/* pipe.c */
int pipealloc(struct file **f0, struct file **f1);
void pipeclose(struct pipe *pi, int writable);
int piperead(struct pipe *pi, uint32_t addr, int n);
int pipewrite(struct pipe *pi, uint32_t addr, int n);

/* printf.c */
void printf(const char *fmt, ...);
void __attribute__((noreturn)) panic(const char *fmt, ...);
void __attribute__((noreturn)) panic_frame(struct trapframe *tf, const char *fmt, ...);
void backtrace(uint32_t fp);
extern volatile int panicked;

/* proc.c */
void procinit(void);
struct proc *myproc(void);
void userinit(void);
int fork(void);
void __attribute__((noreturn)) exit(int status);
int wait(uint32_t addr);
int kill(int pid);
int killed(struct proc *p);
void setkilled(struct proc *p);
int growproc(int n);
void sleep(void *chan, struct spinlock *lk);
void wakeup(void *chan);
void procdump(void);
extern struct spinlock wait_lock;

/* sched.c */
void scheduler(void) __attribute__((noreturn));
void sched(void);
void yield(void);
void make_runnable(struct proc *p);
void sched_tick(void);
void sched_init(void);
void cputime_report(struct proc *p);
void sched_ipi(void);

/* sbi.c */
void sbi_set_timer(uint64_t deadline);
void sbi_putchar(int c);
void sbi_send_ipi(uint32_t hartmask);
void __attribute__((noreturn)) sbi_shutdown(int code);
int sbi_nharts(void);
uint32_t sbi_probe(uint32_t pa);
uint32_t sbi_clock_ratio(int hart);
uint32_t sbi_boot_flags(void);

/* sleeplock.c */
void initsleeplock(struct sleeplock *lk, const char *name);
void acquiresleep(struct sleeplock *lk);
void releasesleep(struct sleeplock *lk);
int holdingsleep(struct sleeplock *lk);

/* spinlock.c */
void initlock(struct spinlock *lk, const char *name);
void acquire(struct spinlock *lk);
void release(struct spinlock *lk);
int holding(struct spinlock *lk);
void push_off(void);
void pop_off(void);

/* string.c */
void *memset(void *dst, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strncmp(const char *a, const char *b, size_t n);
char *safestrcpy(char *dst, const char *src, size_t n);

/* swtch.S */
void swtch(struct context *old, struct context *new);

/* syscall.c */
void syscall(struct trapframe *tf);
int argint(int n);
uint32_t argaddr(int n);
int argstr(int n, char *buf, int max);

/* trap.c */
void trap_init_hart(void);
void plic_init(void);
void plic_init_hart(void);
void usertrapret(void) __attribute__((noreturn));

/* trapvec.S */
void trap_vector(void);
void trapret(struct trapframe *tf) __attribute__((noreturn));

/* vm.c */
extern pagetable_t kernel_pagetable;
void kvminit(void);
void kvminithart(void);
void switch_pagetable(pagetable_t pt);
pte_t *walk(pagetable_t pt, uint32_t va, int alloc);
int mappage(pagetable_t pt, uint32_t va, uint32_t pa, uint32_t perm);
pagetable_t uvmcreate(void);
int uvmalloc(pagetable_t pt, uint32_t oldsz, uint32_t newsz, uint32_t perm);
void uvmaddperm(pagetable_t pt, uint32_t va, uint32_t perm);
uint32_t uvmdealloc(pagetable_t pt, uint32_t oldsz, uint32_t newsz);
void uvmfree(pagetable_t pt);
int uvmcopy(pagetable_t old, pagetable_t new);
int copyout(pagetable_t pt, uint32_t dstva, const void *src, uint32_t len);
int copyin(pagetable_t pt, void *dst, uint32_t srcva, uint32_t len);
int copyinstr(pagetable_t pt, char *dst, uint32_t srcva, uint32_t max);
int either_copyout(int user, uint32_t dst, const void *src, uint32_t len);
int either_copyin(void *dst, int user, uint32_t src, uint32_t len);

#define NELEM(x) (sizeof(x) / sizeof((x)[0]))

#endif
