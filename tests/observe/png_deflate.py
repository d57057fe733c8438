#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Copies a PNG with its image data deflated (the same pixels, smaller file).

usage: png_deflate.py IN.png OUT.png

osprey's snapshots store their pixels uncompressed (sim/png.c needs no
compression library); the copies kept in docs/img/ are made small with this.
"""
import struct
import sys
import zlib


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    data = open(sys.argv[1], "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"png_deflate: {sys.argv[1]}: not a PNG")
    out, pos, idat = [data[:8]], 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IDAT":
            idat += body
            continue
        if kind == b"IEND":
            packed = zlib.compress(zlib.decompress(idat), 9)
            out.append(struct.pack(">I", len(packed)) + b"IDAT" + packed +
                       struct.pack(">I", zlib.crc32(b"IDAT" + packed)))
        out.append(struct.pack(">I", n) + kind + body + struct.pack(">I", zlib.crc32(kind + body)))
    open(sys.argv[2], "wb").write(b"".join(out))


if __name__ == "__main__":
    main()
