#!/usr/bin/env python3
"""Draws data/shishi.png, the 100x50 logo XBoard shows for the engine (standard library only)."""
import struct
import sys
import zlib

W, H = 100, 50
BACK, BORDER, INK = (244, 228, 188), (90, 42, 10), (139, 26, 26)
# 5x7 glyphs, one string per row, '#' = ink.
GLYPHS = {
    "S": [" ####", "#    ", "#    ", " ### ", "    #", "    #", "#### "],
    "H": ["#   #", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
    "I": ["#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "#####"],
}
TEXT, SCALE, GAP = "SHISHI", 2, 2


def render():
    px = [[BACK] * W for _ in range(H)]
    for x in range(W):
        for y in (0, 1, H - 2, H - 1):
            px[y][x] = BORDER
    for y in range(H):
        for x in (0, 1, W - 2, W - 1):
            px[y][x] = BORDER
    width = len(TEXT) * 5 * SCALE + (len(TEXT) - 1) * GAP * SCALE
    x0, y0 = (W - width) // 2, (H - 7 * SCALE) // 2
    for i, ch in enumerate(TEXT):
        gx = x0 + i * (5 + GAP) * SCALE
        for r, row in enumerate(GLYPHS[ch]):
            for c, cell in enumerate(row):
                if cell == "#":
                    for dy in range(SCALE):
                        for dx in range(SCALE):
                            px[y0 + r * SCALE + dy][gx + c * SCALE + dx] = INK
    return px


def png(px):
    raw = b"".join(b"\0" + bytes(v for p in row for v in p) for row in px)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "shishi.png"
    with open(out, "wb") as f:
        f.write(png(render()))
