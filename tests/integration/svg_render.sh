#!/usr/bin/env bash
# The evaluation graph as a browser shows it: `shishi analyze --svg` on a short lishogi game in
# which the first player loses its Lion, rendered headless by Chromium to a PNG, and the PNG's
# pixels checked: the second player's dark advantage area, the blunder's red mark and the
# light background of the axis labels must all be there.
#
# usage: svg_render.sh SHISHI [kept.png]
# Exit 77 (skipped) when chromium or python3 is missing or Chromium cannot run here.
set -euo pipefail

shishi=$(realpath "${1:?usage: $0 SHISHI [kept.png]}")
keep=${2:-}
data=$(cd "$(dirname "$0")/../data/records" && pwd)
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ] || ! command -v python3 >/dev/null; then
    echo "SKIP: needs chromium and python3"
    exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-svg.XXXXXX")
trap 'rm -rf "$work"' EXIT

"$shishi" analyze "$data/lishogi-game.kif" --depth 3 --svg "$work/graph.svg" >/dev/null 2>&1
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=900,360 \
    --screenshot="$work/graph.png" "file://$work/graph.svg" >"$work/browser.log" 2>&1 || true
if [ ! -s "$work/graph.png" ]; then
    echo "SKIP: Chromium could not render here: $(tail -3 "$work/browser.log")"
    exit 77
fi
[ -z "$keep" ] || cp "$work/graph.png" "$keep"

python3 - "$work/graph.png" <<'PY'
import struct, sys, zlib

data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, width, height, ctype = 8, b"", 0, 0, 0
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
        assert depth == 8 and ctype in (2, 6), "unexpected PNG format"
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
bpp = 3 if ctype == 2 else 4
raw = zlib.decompress(idat)
stride = width * bpp
rows, prev, i = [], bytearray(stride), 0
for _ in range(height):
    f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
    i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b = prev[x]
        c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line)
    prev = line

def count(rgb, tol=12):
    n = 0
    for line in rows:
        for x in range(0, stride, bpp):
            if all(abs(line[x + k] - rgb[k]) <= tol for k in range(3)):
                n += 1
    return n

dark, red, plot, page = count((0x2b, 0x26, 0x22)), count((0xd0, 0x10, 0x10), 30), count((0x9a, 0x91, 0x84)), count((0xe8, 0xe2, 0xd4))
print(f"{width}x{height}: dark area {dark}, red marks {red}, plot background {plot}, page {page} pixels")
problems = []
if width < 800 or height < 300: problems.append("picture too small")
if dark < 3000: problems.append("no second-player advantage area")
if red < 150: problems.append("no blunder mark")  # the legend's red dot alone is about 80 pixels
if plot < 20000: problems.append("no plot background")
if page < 5000: problems.append("no page background")
if problems:
    print("FAIL: " + "; ".join(problems))
    sys.exit(1)
print("PASS: the graph renders")
PY
