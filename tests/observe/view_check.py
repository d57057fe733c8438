#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks a snapshot of osprey's view (--view-snapshot FILE.png).

usage: view_check.py PNG HARTS [--now H=MODE]... [--never MODES] [--seen MODES]
                     [--same-as PNG REGION,...]

The PNG is read strictly (signature, chunk CRCs, an 8-bit RGB IHDR of the
view's size, the zlib stream and its Adler-32, every scanline unfiltered)
and its regions are taken from its "osprey-regions" text. Then:
  - no region is blank: each hart's mode history holds a mode's colour, the
    bus graph its bars (timing mode), the caches panel heat colours, every
    panel more than its ground and title;
  - --now H=MODE: the newest column of hart H's history is MODE's colour
    (U, S, M, idle): a known state at the snapshot's cycle;
  - --never MODES / --seen MODES: no history shows / the histories together
    show each of these modes;
  - --same-as PNG REGIONS: those regions are pixel for pixel those of
    another snapshot (the window's frame against the headless one).
"""
import struct
import sys
import zlib

WIDTH, HEIGHT = 1024, 720
MODES = {"U": 0x3cc850, "S": 0x4682f0, "M": 0xe6463c, "idle": 0x5a5a5a}
PANEL, EMPTY, BUS = 0x23232a, 0x303038, 0xd8a838


def fail(msg):
    print(f"view_check: FAIL: {msg}")
    sys.exit(1)


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path}: not a PNG signature")
    pos, chunks, idat = 8, [], b""
    while pos < len(data):
        if pos + 12 > len(data):
            fail(f"{path}: a truncated chunk at byte {pos}")
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        crc, = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        if zlib.crc32(kind + body) != crc:
            fail(f"{path}: bad CRC in chunk {kind!r}")
        chunks.append((kind, body))
        if kind == b"IDAT":
            idat += body
        pos += 12 + n
    kinds = [k for k, _ in chunks]
    if kinds[0] != b"IHDR" or kinds[-1] != b"IEND" or b"IDAT" not in kinds:
        fail(f"{path}: chunks {kinds}")
    w, h, depth, ctype, comp, filt, inter = struct.unpack(">IIBBBBB", chunks[0][1])
    if (w, h) != (WIDTH, HEIGHT) or (depth, ctype, comp, filt, inter) != (8, 2, 0, 0, 0):
        fail(f"{path}: IHDR {w}x{h} depth {depth} colour type {ctype}")
    raw = zlib.decompress(idat)     # checks the Adler-32 too
    row = 1 + 3 * w
    if len(raw) != row * h:
        fail(f"{path}: {len(raw)} bytes of scanlines, expected {row * h}")
    px = []
    for y in range(h):
        line = raw[y * row:(y + 1) * row]
        if line[0] != 0:
            fail(f"{path}: scanline {y} has filter {line[0]}")
        px.append([line[1 + 3 * x] << 16 | line[2 + 3 * x] << 8 | line[3 + 3 * x]
                   for x in range(w)])
    texts = dict(body.split(b"\0", 1) for kind, body in chunks if kind == b"tEXt")
    if b"osprey-regions" not in texts:
        fail(f"{path}: no osprey-regions text")
    regions = {}
    for item in texts[b"osprey-regions"].decode().split("; "):
        name, *box = item.split()
        regions[name] = tuple(int(v) for v in box)
    return px, regions


def colours(px, box):
    x, y, w, h = box
    return {px[j][i] for j in range(y, y + h) for i in range(x, x + w)}


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__)
        sys.exit(2)
    path, harts = args[0], int(args[1])
    px, regions = read_png(path)
    now, never, seen, same = [], set(), set(), None
    i = 2
    while i < len(args):
        if args[i] == "--now":
            h, mode = args[i + 1].split("=")
            now.append((int(h), mode))
        elif args[i] == "--never":
            never = set(args[i + 1].split(","))
        elif args[i] == "--seen":
            seen = set(args[i + 1].split(","))
        elif args[i] == "--same-as":
            same = (args[i + 1], args[i + 2].split(","))
            i += 1
        else:
            fail(f"unknown argument {args[i]}")
        i += 2

    for name in ["harts", "bus", "bus.graph", "console", "caches", "sched", "keys"] + \
            [f"hart{h}.mode" for h in range(min(harts, 8))]:
        if name not in regions:
            fail(f"no region {name} (regions: {sorted(regions)})")
    all_modes = set()
    for h in range(min(harts, 8)):
        strip = colours(px, regions[f"hart{h}.mode"])
        found = {m for m, c in MODES.items() if c in strip}
        if not found:
            fail(f"hart {h}'s mode history is blank ({len(strip)} colours)")
        all_modes |= found
    if BUS not in colours(px, regions["bus.graph"]):
        fail("the bus graph has no bars")
    heat = colours(px, regions["caches"]) - {PANEL, EMPTY, 0x101018}
    if len(heat) < 8:
        fail(f"the caches panel holds {len(heat)} heat colours")
    for name in ("harts", "sched", "keys", "console"):
        if len(colours(px, regions[name])) < 2:
            fail(f"region {name} is blank")

    for h, mode in now:
        x, y, w, hh = regions[f"hart{h}.mode"]
        got = px[y + hh // 2][x + w - 1]
        if got != MODES[mode]:
            names = {c: m for m, c in MODES.items()}
            fail(f"hart {h} now shows {names.get(got, hex(got))}, expected {mode}")
    if never & all_modes:
        fail(f"the histories show {sorted(never & all_modes)}, which this run never runs in")
    if seen - all_modes:
        fail(f"the histories do not show {sorted(seen - all_modes)} (they show "
             f"{sorted(all_modes)})")
    compared = 0
    if same:
        other, _ = read_png(same[0])
        for name in same[1]:
            x, y, w, h = regions[name]
            for j in range(y, y + h):
                if px[j][x:x + w] != other[j][x:x + w]:
                    fail(f"region {name} differs from {same[0]}'s at row {j}")
            compared += 1
    print(f"view_check: PASS: {path}: {WIDTH}x{HEIGHT}, {len(regions)} regions drawn, "
          f"histories show {sorted(all_modes)}"
          + (f", {compared} regions as in {same[0]}" if same else ""))


if __name__ == "__main__":
    main()
