# firmware/user/user.mk: the user library, programs and workloads (owner: userland work).
