# firmware/kernel/kernel.mk: the M-mode layer, the kernel, mkfs and the disk image (owner: kernel work).
