#!/usr/bin/env python3
# tests/gdb/ctrl_c.py - the stub's raw protocol over TCP, as gdb speaks it:
# continue a program that never ends, stop it with Ctrl-C (a 0x03 byte), read
# a register, then kill it.  usage: ctrl_c.py PORT
import socket, sys, time

def packet(s, data):
    body = data.encode()
    s.sendall(b"$" + body + b"#%02x" % (sum(body) & 0xff))

def reply(s):
    buf = b""
    while True:
        c = s.recv(1)
        if not c:
            raise SystemExit("connection closed")
        if c == b"$":
            break
    while not buf.endswith(b"#"):
        buf += s.recv(1)
    s.recv(2)
    s.sendall(b"+")
    return buf[:-1].decode()

port = int(sys.argv[1])
for attempt in range(100):
    try:
        s = socket.create_connection(("127.0.0.1", port))
        break
    except OSError:
        time.sleep(0.1)
else:
    raise SystemExit("no stub on port %d" % port)
packet(s, "?"); assert reply(s).startswith("T05"), "initial stop"
packet(s, "c")
time.sleep(0.5)
s.sendall(b"\x03")
r = reply(s)
assert r.startswith("T02"), "Ctrl-C gave %r" % r
packet(s, "p20"); pc = reply(s)
assert len(pc) == 8, "pc read gave %r" % pc
packet(s, "k")
print("ctrl-c: stopped with %s at pc %s" % (r, pc))
