#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Presses keys in osprey's --view window (on an X display, through the XTEST
extension) and checks what the run did.

usage: view_keys.py OSPREY ARGS...     (run it under xvfb-run)

Starts OSPREY --view ARGS, waits for its window, then presses space (pause),
s (step: the default 100000 cycles), and q (stop). The run must say it paused
at a cycle C, stepped 100000 cycles from C, paused again at C + 100000, and
stop with exit status 130 ("stopped from the view").
"""
import ctypes
import re
import subprocess
import sys
import time

STEP = 100000


def fail(msg, err=""):
    print(f"view_keys: FAIL: {msg}")
    if err:
        print(err)
    sys.exit(1)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    x11 = ctypes.CDLL("libX11.so.6")
    xtst = ctypes.CDLL("libXtst.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    x11.XFlush.argtypes = [ctypes.c_void_p]
    xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                       ctypes.c_ulong]
    xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                          ctypes.c_int, ctypes.c_ulong]
    dpy = x11.XOpenDisplay(None)
    if not dpy:
        fail("cannot open the X display (run under xvfb-run)")

    def press(keysym):
        code = x11.XKeysymToKeycode(dpy, keysym)
        xtst.XTestFakeKeyEvent(dpy, code, 1, 0)
        xtst.XTestFakeKeyEvent(dpy, code, 0, 0)
        x11.XFlush(dpy)

    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                               ctypes.POINTER(ctypes.c_ulong),
                               ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                               ctypes.POINTER(ctypes.c_uint)]
    x11.XFree.argtypes = [ctypes.c_void_p]

    def windows():
        r, p, kids, n = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.POINTER(ctypes.c_ulong)(), \
            ctypes.c_uint()
        x11.XQueryTree(dpy, x11.XDefaultRootWindow(dpy), ctypes.byref(r), ctypes.byref(p),
                       ctypes.byref(kids), ctypes.byref(n))
        if kids:
            x11.XFree(kids)
        return n.value

    before = windows()
    run = subprocess.Popen([sys.argv[1], "--view"] + sys.argv[2:], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
    for _ in range(200):        # the window opens (at most 20 s on a busy machine)
        if windows() > before or run.poll() is not None:
            break
        time.sleep(0.1)
    time.sleep(1)               # and the run goes on
    # no window manager: the keyboard follows the pointer, put over the window
    xtst.XTestFakeMotionEvent(dpy, -1, 200, 200, 0)
    x11.XFlush(dpy)
    time.sleep(0.2)
    press(0x20)                 # XK_space: pause
    time.sleep(1.0)
    press(0x73)                 # XK_s: step
    time.sleep(3.0)             # 100000 cycles take far less
    press(0x71)                 # XK_q: stop
    try:
        _, err = run.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        run.kill()
        fail("the run did not stop after q")
    paused = [int(c) for c in re.findall(r"view: paused at cycle (\d+)", err)]
    stepped = re.findall(r"view: stepping (\d+) cycles from cycle (\d+)", err)
    if run.returncode != 130 or "stopped from the view" not in err:
        fail(f"exit status {run.returncode}, expected 130 and 'stopped from the view'", err)
    if len(paused) != 2 or len(stepped) != 1:
        fail(f"{len(paused)} pauses and {len(stepped)} steps, expected 2 and 1", err)
    if int(stepped[0][0]) != STEP or int(stepped[0][1]) != paused[0] or \
            paused[1] != paused[0] + STEP:
        fail(f"paused at {paused[0]}, stepped {stepped[0]}, paused again at {paused[1]}", err)
    print(f"view_keys: PASS: paused at cycle {paused[0]}, stepped {STEP} cycles, paused at "
          f"{paused[1]}, q stopped the run (130)")


if __name__ == "__main__":
    main()
